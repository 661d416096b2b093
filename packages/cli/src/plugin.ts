/**
 * Plugin passes (`--plugin FILE.js|FILE.ts`): a JS module, or a TS one where
 * tsx is installed, exporting an HloPass as its default export or as `pass`.
 * The export is validated, and each run's result is checked to be a module.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { HloError, type HloModule, type HloPass } from "@minixla/hlo";
import { z } from "zod";
import { UsageError } from "./args.ts";
import { resolveMinixlaForPlugins } from "./plugin_resolution.ts";

const passSchema = z.object({
  // No parentheses or commas: --passes reads those as fixpoint(...) and separators.
  name: z.string().regex(/^[A-Za-z0-9_.-]+$/, "a pass name is letters, digits and - _ ."),
  description: z.string(),
  run: z.custom<(m: HloModule) => HloModule>((v) => typeof v === "function", { message: "expected a function run(module) -> module" }),
});

/**
 * A .ts plugin is loaded with tsx's tsImport, which compiles that file (and
 * what it imports) as ES module or CommonJS as its package says, without
 * registering a loader for the whole process; tsx must be installed (minixla
 * itself may run from built JavaScript without it). A .js/.mjs plugin is
 * imported as Node imports it.
 */
async function importPlugin(path: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(resolve(path)).href;
  resolveMinixlaForPlugins();
  if (!/\.[cm]?ts$/i.test(path)) return (await import(url)) as Record<string, unknown>;
  let api: { tsImport: (specifier: string, parentURL: string) => Promise<unknown> };
  try {
    // A specifier in a variable: tsx is optional at run time, and the build must not require its types.
    const tsxApi = "tsx/esm/api";
    api = (await import(tsxApi)) as typeof api;
  } catch {
    throw new UsageError(`cannot load plugin ${path}: a .ts plugin needs the tsx package installed (npm i -D tsx), or compile it to .js`);
  }
  return (await api.tsImport(url, import.meta.url)) as Record<string, unknown>;
}

/** Loads a plugin module and returns its pass, validated; its results are checked to be modules. */
export async function loadPlugin(path: string): Promise<HloPass> {
  let mod: Record<string, unknown>;
  try {
    mod = await importPlugin(path);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const message = e instanceof Error ? e.message.split("\n")[0] : String(e);
    const hint = /Cannot find (module|package) '@minixla\//.test(message)
      ? " (minixla maps @minixla/* to its own packages; a package it does not have must be installed beside the plugin: npm i -D @minixla/NAME)"
      : "";
    throw new UsageError(`cannot load plugin ${path}: ${message}${hint}`);
  }
  // A CommonJS plugin (a .ts or .js file outside an ES-module package) arrives with its exports object as `default`.
  const inner = typeof mod.default === "object" && mod.default !== null ? (mod.default as Record<string, unknown>) : {};
  const candidates = [mod.default, mod.pass, inner.default, inner.pass];
  const candidate = candidates.find((c) => passSchema.safeParse(c).success) ?? mod.default ?? mod.pass;
  const parsed = passSchema.safeParse(candidate);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(export)"}: ${i.message}`).join("; ");
    throw new UsageError(`plugin ${path} must export an HloPass {name, description, run} as default or as 'pass': ${issues}`);
  }
  const pass = parsed.data;
  return {
    name: pass.name,
    description: pass.description,
    run(m) {
      let out: unknown;
      try {
        out = pass.run(m);
      } catch (e) {
        // The plugin's own failure is the user's to fix: name it, without minixla's stack.
        if (e instanceof HloError) throw e;
        throw new HloError(`plugin pass ${pass.name} (${path}) threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
      }
      if (typeof out !== "object" || out === null || !Array.isArray((out as HloModule).computations)) {
        throw new HloError(`plugin pass ${pass.name} returned ${out === null ? "null" : typeof out}, not an HloModule`);
      }
      return out as HloModule;
    },
  };
}

/** Loads each plugin file's pass (UsageError naming a file that cannot be loaded). */
export async function loadPlugins(files: readonly string[]): Promise<HloPass[]> {
  const out: HloPass[] = [];
  for (const f of files) out.push(await loadPlugin(f));
  return out;
}
