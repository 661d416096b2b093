/**
 * A plugin saved anywhere on disk imports `@minixla/hlo` (and the other
 * `@minixla/*` packages) from the minixla that loads it: those specifiers
 * resolve to the CLI's own packages, whether or not a node_modules folder
 * lies above the plugin, so the plugin's passes build the very modules (and
 * throw the very HloError classes) the CLI uses. ES module plugins go through
 * a resolve hook (module.register); CommonJS ones (a .ts or .js file outside
 * an ES-module package) through require's resolver.
 */
import { createRequire, register } from "node:module";
import { fileURLToPath } from "node:url";

const PACKAGES = ["hlo", "builder", "interpreter", "viz", "xla", "cli"] as const;

let installed = false;

/** The CLI's URL of each `@minixla/*` package it can resolve. */
function packageUrls(): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const p of PACKAGES) {
    try {
      urls[`@minixla/${p}`] = import.meta.resolve(`@minixla/${p}`);
    } catch {
      // Not installed beside this CLI: the plugin's own resolution stands.
    }
  }
  return urls;
}

// The ESM resolve hook, as a module of its own (module.register runs it on the loader thread).
const HOOK = `
let urls = {};
export function initialize(data) { urls = data; }
export async function resolve(specifier, context, next) {
  const url = urls[specifier];
  return url === undefined ? next(specifier, context) : { url, shortCircuit: true };
}
`;

/** Makes `@minixla/*` resolve to this CLI's packages in every plugin loaded after it (once per process). */
export function resolveMinixlaForPlugins(): void {
  if (installed) return;
  installed = true;
  const urls = packageUrls();
  register(`data:text/javascript,${encodeURIComponent(HOOK)}`, { data: urls });
  const paths = Object.fromEntries(Object.entries(urls).map(([k, v]) => [k, fileURLToPath(v)]));
  const Module = createRequire(import.meta.url)("node:module") as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const original = Module._resolveFilename;
  Module._resolveFilename = function (request: string, ...rest: unknown[]): string {
    const mapped = paths[request];
    return mapped === undefined ? original.call(this, request, ...rest) : mapped;
  };
}
