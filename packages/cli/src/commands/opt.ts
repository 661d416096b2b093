/**
 * `minixla opt FILE.hlo [--passes=SPEC] [--dump DIR] [--list] [--plugin FILE.js|FILE.ts ...] [--no-verify]`:
 * runs passes over a module and prints the result. The module is verified
 * after every pass that changed it. SPEC is pass_spec.ts's grammar
 * (`lower-broadcasts,fixpoint(simplify)`, `default`). --dump writes the module
 * after every step (00-input.hlo, 01-algsimp.hlo, ...), every pass run inside
 * a sequence or fixpoint that changed it (03-fixpoint-simplify.01-algsimp.hlo,
 * numbered in order among the changing runs of step 03), and a unified diff
 * of each change (.diff). A plugin is a JS module, or a TS one where tsx is
 * installed, exporting an HloPass as its default export or as `pass`.
 * --report FILE.html writes the pass explorer (@minixla/viz): every pass run,
 * and for each change the graphs before and after with the added, removed
 * and changed instructions highlighted, beside the text diff.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { HloError, type HloModule, type HloPass, type PipelineStep, parseModule, printHloModule, runPipeline, simplifyPass, xlaCpuNumerics } from "@minixla/hlo";
import { ALL_PASSES, constantFolding, defaultPipelineWithFolding } from "@minixla/interpreter";
import { z } from "zod";
import { UsageError, parseArgs } from "../args.ts";
import { type PassMeaning, parsePassSpec } from "../pass_spec.ts";
import { aboutFile } from "../module_file.ts";
import { checkOutputDir, ensureOutputDir, writeOutputFile } from "../output_dir.ts";
import type { Command } from "./command.ts";
import { readTextFile } from "./files.ts";
import { unifiedDiff } from "./line_diff.ts";
import { passReportHtml } from "@minixla/viz";
import { checkOutputFile, writeOutput } from "../report_file.ts";

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
    throw new UsageError(`cannot load plugin ${path}: ${e instanceof Error ? e.message : String(e)}`);
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

function listing(passes: readonly HloPass[]): string {
  const width = Math.max(...passes.map((p) => p.name.length));
  const lines = passes.map((p) => `  ${p.name.padEnd(width)}  ${p.description}`);
  const pipeline = defaultPipelineWithFolding().map((p) => p.name).join(", ");
  return (
    `passes:\n${lines.join("\n")}\n\n` +
    `simplify: ${simplifyPass([constantFolding]).description}\n` +
    `default pipeline (--passes=default): ${pipeline}\n` +
    "fixpoint(a,b,...) repeats a, b, ... until they change nothing\n"
  );
}

/** The pass named `name` for --passes: a listed pass, `simplify`, or `default` (the whole default pipeline). */
function passLookup(available: readonly HloPass[]): (name: string) => PassMeaning | undefined {
  return (name) => {
    if (name === "default") return defaultPipelineWithFolding();
    if (name === "simplify") return simplifyPass([constantFolding]);
    return available.find((p) => p.name === name);
  };
}

const safeName = (name: string): string => name.replace(/[^A-Za-z0-9_.-]+/g, "-").replace(/-+$/, "");

/** "03-fixpoint-simplify" for a step, "03-fixpoint-simplify.02-cse" for a pass run inside it. */
const fileStem = (step: PipelineStep): string => {
  const top = String(step.index).padStart(2, "0");
  if (step.inner === undefined) return `${top}-${safeName(step.name)}`;
  return `${top}-${safeName(step.inner.parent)}.${String(step.inner.index).padStart(2, "0")}-${safeName(step.name)}`;
};

/**
 * Writes each step's module, and for a changed step the diff against the
 * module before it: for an inner step the previous inner step (or the step
 * before its composite), for a composite step the step before it.
 */
function dumper(dumpDir: string): (step: PipelineStep) => void {
  const dir = ensureOutputDir(dumpDir, "--dump");
  // The last top-level step, and the last step of any kind.
  let topText = "";
  let topFile = "";
  let previousText = "";
  let previousFile = "";
  return (step) => {
    let text: string;
    try {
      text = printHloModule(step.module);
    } catch (e) {
      // A pass left a module the printer cannot print; the pipeline's verifier will say why.
      text = `(cannot print the module after ${step.name}: ${e instanceof Error ? e.message : String(e)})\n`;
    }
    const file = `${fileStem(step)}.hlo`;
    writeOutputFile(dir, file, text);
    if (step.changed) {
      const [fromText, fromFile] = step.inner === undefined ? [topText, topFile] : [previousText, previousFile];
      writeOutputFile(dir, `${fileStem(step)}.diff`, unifiedDiff(fromText, text, fromFile, file));
    }
    previousText = text;
    previousFile = file;
    if (step.inner === undefined) {
      topText = text;
      topFile = file;
    }
  };
}

export const optCommand: Command = {
  name: "opt",
  summary: "run compiler passes over a module and print the result (--list shows the passes)",
  usage: [
    "minixla opt FILE.hlo [--passes=SPEC] [--dump DIR] [--report FILE.html] [--plugin FILE.js|FILE.ts ...] [--no-verify]",
    "minixla opt --list [--plugin FILE.js|FILE.ts ...]",
  ].join("\n"),
  options: {
    passes: { type: "string", value: "SPEC", description: "passes to run, comma-separated: names from --list, simplify, default (the default), fixpoint(a,b,...); e.g. lower-broadcasts,fixpoint(simplify)" },
    dump: { type: "string", value: "DIR", description: "write the module after every step and every changing pass inside a fixpoint/sequence, with a .diff per change" },
    list: { type: "boolean", description: "list the passes (with plugins) and the default pipeline, and exit" },
    plugin: { type: "string", value: "FILE.js|FILE.ts", multiple: true, description: "load an HloPass exported by a module (default export or 'pass'); .ts needs tsx" },
    "no-verify": { type: "boolean", description: "do not verify the module after each pass that changed it" },
    report: { type: "string", value: "FILE.html", description: "write an HTML page of the passes: each change's graphs before and after, highlighted, with its diff" },
  },
  async run(argv, io) {
    const { positionals, values, ordered } = parseArgs(argv, optCommand.options);
    const plugins: HloPass[] = [];
    for (const o of ordered) if (o.name === "plugin") plugins.push(await loadPlugin(o.value));
    // xla-cpu-numerics changes results on purpose (to match XLA's CPU backend), so it is offered here but is not in ALL_PASSES.
    const available = [...ALL_PASSES, xlaCpuNumerics, ...plugins];
    if (values.has("list")) {
      io.out(listing(available));
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError("expected exactly one FILE.hlo");
    const passes = parsePassSpec(values.get("passes") ?? "default", passLookup(available), available.map((p) => p.name));
    const dumpDir = values.get("dump");
    // A bad --dump is reported before any pass runs.
    if (dumpDir !== undefined) checkOutputDir(dumpDir, "--dump");
    const reportFile = values.get("report");
    if (reportFile !== undefined) checkOutputFile(reportFile, "--report");
    const steps: PipelineStep[] = [];
    const file = positionals[0];
    const text = readTextFile(file);
    const printed = await aboutFile(file, () => {
      const module = parseModule(text);
      const dumpFiles = dumpDir === undefined ? undefined : dumper(dumpDir);
      // --report keeps every step for the page; --dump writes them as they come.
      const dump = reportFile === undefined ? dumpFiles : (step: PipelineStep) => (steps.push(step), dumpFiles?.(step));
      return printHloModule(runPipeline(module, passes, { verify: !values.has("no-verify"), dump, innerSteps: true }));
    });
    if (reportFile !== undefined) {
      const page = await aboutFile(file, () => passReportHtml(steps, { textDiff: unifiedDiff }));
      writeOutput(reportFile, "--report", page);
    }
    io.out(printed.endsWith("\n") ? printed : `${printed}\n`);
    return 0;
  },
};
