/**
 * The share link: the module, the pipeline and the inputs as JSON, deflated
 * by the browser's own CompressionStream and written base64url into the URL's
 * hash (never sent to a server).
 */

/** What a link restores. */
export interface Shared {
  readonly module: string;
  readonly spec: string;
  readonly inputs: string;
  readonly engine: string;
  readonly numerics: string;
}

async function pump(data: Uint8Array<ArrayBuffer>, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Response(new Blob([data]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

function toBase64Url(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** The hash (without '#') that restores `state`. */
export async function encodeShared(state: Shared): Promise<string> {
  const bytes = await pump(new TextEncoder().encode(JSON.stringify(state)), new CompressionStream("deflate"));
  return `v1=${toBase64Url(bytes)}`;
}

/** The state a hash holds, or undefined when it holds none (or is damaged). */
export async function decodeShared(hash: string): Promise<Shared | undefined> {
  const m = /^#?v1=([A-Za-z0-9_-]+)$/.exec(hash);
  if (!m) return undefined;
  try {
    const text = new TextDecoder().decode(await pump(fromBase64Url(m[1]), new DecompressionStream("deflate")));
    const v: unknown = JSON.parse(text);
    if (typeof v !== "object" || v === null) return undefined;
    const o = v as Record<string, unknown>;
    const str = (k: string, d: string): string => (typeof o[k] === "string" ? (o[k] as string) : d);
    return { module: str("module", ""), spec: str("spec", ""), inputs: str("inputs", ""), engine: str("engine", "compiled"), numerics: str("numerics", "reference") };
  } catch {
    return undefined;
  }
}
