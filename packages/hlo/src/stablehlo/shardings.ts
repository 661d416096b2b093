/**
 * Sharding annotations of StableHLO as HLO annotations:
 * - `mhlo.sharding = "{devices=[2,1]<=[2]}"` holds HLO sharding text already:
 *   it becomes the instruction's `sharding={...}`;
 * - Shardy's `sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>` is kept as
 *   XLA's Shardy round trip keeps it, in the frontend attribute
 *   `xla.sdy.sharding`, the meshes (`sdy.mesh @mesh = <["x"=2]>`) in the
 *   module's frontend attribute `xla.sdy.meshes`; and where no
 *   `mhlo.sharding` is given, it is also turned into the HLO sharding XLA
 *   exports for it: each dimension tiled by the product of its axes, the
 *   devices the mesh's iota transposed so that those axes come first, and the
 *   unused axes as a last replicated tile dimension. Sub-axes (`"x":(1)2`)
 *   and explicit device orders are kept as the frontend attribute only.
 */
import type { Attr } from "./attributes.ts";

/** Mesh name to its axes (name, size) and device ids, from `<["x"=2, "y"=4], device_ids=[...]>`. */
export interface Mesh {
  readonly text: string;
  readonly axes: readonly { readonly name: string; readonly size: number }[];
  readonly deviceIds: readonly number[] | undefined;
}

/** Reads a mesh body `<[...]>` (or `#sdy.mesh<[...]>`). */
export function parseMesh(text: string): Mesh {
  const axes = [...text.matchAll(/"([^"]*)"\s*=\s*(\d+)/g)].map((m) => ({ name: m[1], size: Number(m[2]) }));
  const ids = /device_ids\s*=\s*\[([^\]]*)\]/.exec(text);
  const deviceIds = ids === null ? undefined : ids[1].split(",").filter((s) => s.trim() !== "").map((s) => Number(s.trim()));
  return { text: text.replace(/^#sdy\.mesh/, ""), axes, deviceIds };
}

/** The module's frontend attributes text for its meshes (`{xla.sdy.meshes="{mesh = #sdy.mesh<...>}"}`), or undefined. */
export function meshesAttribute(meshes: ReadonlyMap<string, Mesh>): string | undefined {
  if (meshes.size === 0) return undefined;
  const inner = [...meshes].map(([name, m]) => `${name} = #sdy.mesh${m.text}`).join(", ");
  return `{xla.sdy.meshes=${JSON.stringify(`{${inner}}`)}}`;
}

/** Splits `a, {b, c}, <d, e>` at top-level commas. */
function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let last = 0;
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '"' && s[i - 1] !== "\\") quoted = !quoted;
    if (quoted) continue;
    if (c === "{" || c === "[" || c === "<" || c === "(") depth++;
    else if (c === "}" || c === "]" || c === ">" || c === ")") depth--;
    else if (c === "," && depth === 0) {
      out.push(s.slice(last, i).trim());
      last = i + 1;
    }
  }
  if (s.slice(last).trim() !== "") out.push(s.slice(last).trim());
  return out;
}

/**
 * One tensor sharding `<@mesh, [{"x"}, {}], replicated={"y"}>` (the part after
 * `#sdy.sharding`) as HLO sharding text, or undefined where it has no plain
 * HLO form here.
 */
export function sdyTensorSharding(body: string, meshes: ReadonlyMap<string, Mesh>): string | undefined {
  const m = /^<\s*(@[\w.$-]+|#sdy\.mesh<[^>]*>|<[^>]*>)\s*,\s*\[(.*)\]\s*(?:,.*)?>$/s.exec(body.trim());
  if (m === null) return undefined;
  const mesh = m[1].startsWith("@") ? meshes.get(m[1].slice(1)) : parseMesh(m[1]);
  if (mesh === undefined) return undefined;
  if (mesh.axes.length === 0) {
    if (mesh.deviceIds?.length === 1) return `{maximal device=${mesh.deviceIds[0]}}`;
    return "{replicated}";
  }
  if (mesh.deviceIds !== undefined) return undefined;
  const dims = m[2].trim() === "" ? [] : splitTop(m[2]);
  const index = new Map(mesh.axes.map((a, i) => [a.name, i]));
  const used: number[] = [];
  const tiles: number[] = [];
  for (const d of dims) {
    const inner = /^\{(.*)\}(?:p\d+)?$/s.exec(d);
    if (inner === null) return undefined;
    let tile = 1;
    for (const axis of splitTop(inner[1])) {
      if (axis === "?" || axis === "") continue;
      const a = /^"([^"]*)"$/.exec(axis);
      if (a === null) return undefined; // a sub-axis "x":(1)2
      const i = index.get(a[1]);
      if (i === undefined || used.includes(i)) return undefined;
      used.push(i);
      tile *= mesh.axes[i].size;
    }
    tiles.push(tile);
  }
  if (used.length === 0) return "{replicated}";
  const rest = mesh.axes.map((_, i) => i).filter((i) => !used.includes(i));
  const replicated = rest.reduce((p, i) => p * mesh.axes[i].size, 1);
  const perm = [...used, ...rest];
  const shape = mesh.axes.map((a) => a.size);
  const identity = perm.every((p, i) => p === i);
  const iota = identity ? `<=[${shape.reduce((a, b) => a * b, 1)}]` : `<=[${shape.join(",")}]T(${perm.join(",")})`;
  const tileDims = replicated > 1 ? [...tiles, replicated] : tiles;
  return `{devices=[${tileDims.join(",")}]${iota}${replicated > 1 ? " last_tile_dim_replicate" : ""}}`;
}

/** The values' shardings of `#sdy.sharding<...>` (one) or `#sdy.sharding_per_value<[<...>, ...]>` (one per result). */
export function sdyShardings(text: string, meshes: ReadonlyMap<string, Mesh>): (string | undefined)[] | undefined {
  const one = /^#sdy\.sharding(<.*>)$/s.exec(text);
  if (one !== null) return [sdyTensorSharding(one[1], meshes)];
  const per = /^#sdy\.sharding_per_value<\s*\[(.*)\]\s*>$/s.exec(text);
  if (per === null) return undefined;
  return splitTop(per[1]).map((b) => sdyTensorSharding(b, meshes));
}

/** The sharding texts an attribute dictionary gives: HLO sharding (mhlo's, else Shardy's turned into HLO) and the Shardy text kept. */
export function shardingOf(attrs: ReadonlyMap<string, Attr> | undefined, meshes: ReadonlyMap<string, Mesh>): { hlo: string | undefined; sdy: string | undefined } {
  if (attrs === undefined) return { hlo: undefined, sdy: undefined };
  const mhlo = attrs.get("mhlo.sharding");
  const sdyAttr = attrs.get("sdy.sharding");
  const sdy = sdyAttr?.kind === "opaque" ? sdyAttr.text : undefined;
  let hlo = mhlo?.kind === "string" && mhlo.value.trim() !== "" ? mhlo.value.trim() : undefined;
  if (hlo === undefined && sdy !== undefined) {
    const values = sdyShardings(sdy, meshes);
    if (values !== undefined && values.every((v) => v !== undefined)) hlo = values.length === 1 ? values[0] : `{${values.join(", ")}}`;
  }
  return { hlo, sdy };
}

/** HLO attribute texts for a sharding: `sharding=...` and the Shardy frontend attribute. */
export function shardingAttrs(s: { hlo: string | undefined; sdy: string | undefined }): string[] {
  const out: string[] = [];
  if (s.hlo !== undefined) out.push(`sharding=${s.hlo}`);
  if (s.sdy !== undefined) out.push(`frontend_attributes={xla.sdy.sharding=${JSON.stringify(s.sdy)}}`);
  return out;
}
