/**
 * `minixla opt FILE.hlo [--passes=a,b,...] [--dump DIR] [--list] [--plugin FILE.js ...] [--no-verify]`:
 * runs passes over a module and prints the result. The module is verified
 * after every pass that changed it. --dump writes the module after every step
 * (00-input.hlo, 01-algsimp.hlo, ...) and a unified diff of each change
 * (01-algsimp.diff). A plugin is a JS/TS module exporting an HloPass as its
 * default export or as `pass`.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { HloError, type HloModule, type HloPass, type PipelineStep, parseHloModule, printHloModule, runPipeline, xlaCpuNumerics } from "@minixla/hlo";
import { ALL_PASSES, defaultPipelineWithFolding } from "@minixla/interpreter";
import { z } from "zod";
import { UsageError, parseArgs } from "../args.ts";
import { checkOutputDir, ensureOutputDir, writeOutputFile } from "../output_dir.ts";
import type { Command } from "./command.ts";
import { readTextFile } from "./files.ts";
import { unifiedDiff } from "./line_diff.ts";

const passSchema = z.object({
  name: z.string().regex(/^[A-Za-z0-9_.()-]+$/, "a pass name is letters, digits and - _ . ( )"),
  description: z.string(),
  run: z.custom<(m: HloModule) => HloModule>((v) => typeof v === "function", { message: "expected a function run(module) -> module" }),
});

/** Loads a plugin module and returns its pass, validated; its results are checked to be modules. */
export async function loadPlugin(path: string): Promise<HloPass> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(resolve(path)).href)) as Record<string, unknown>;
  } catch (e) {
    throw new UsageError(`cannot load plugin ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const candidate = mod.default ?? mod.pass;
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
  return `passes:\n${lines.join("\n")}\n\ndefault pipeline (--passes=default): ${pipeline}\n`;
}

const fileStem = (step: PipelineStep) => `${String(step.index).padStart(2, "0")}-${step.name.replace(/[^A-Za-z0-9_.-]+/g, "-").replace(/-+$/, "")}`;

/** Writes each step's module, and for a changed step the diff against the previous one. */
function dumper(dumpDir: string): (step: PipelineStep) => void {
  const dir = ensureOutputDir(dumpDir, "--dump");
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
    if (step.changed) writeOutputFile(dir, `${fileStem(step)}.diff`, unifiedDiff(previousText, text, previousFile, file));
    previousText = text;
    previousFile = file;
  };
}

export const optCommand: Command = {
  name: "opt",
  summary: "run compiler passes over a module and print the result (--list shows the passes)",
  usage: "minixla opt FILE.hlo [--passes=lower-broadcasts,algsimp,cse,dce | default] [--dump DIR] [--plugin FILE.js ...] [--no-verify]\nminixla opt --list [--plugin FILE.js ...]",
  async run(argv, io) {
    const { positionals, values, ordered } = parseArgs(argv, {
      passes: { type: "string" },
      dump: { type: "string" },
      list: { type: "boolean" },
      plugin: { type: "string", multiple: true },
      "no-verify": { type: "boolean" },
    });
    const plugins: HloPass[] = [];
    for (const o of ordered) if (o.name === "plugin") plugins.push(await loadPlugin(o.value));
    // xla-cpu-numerics changes results on purpose (to match XLA's CPU backend), so it is offered here but is not in ALL_PASSES.
    const available = [...ALL_PASSES, xlaCpuNumerics, ...plugins];
    if (values.has("list")) {
      io.out(listing(available));
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError("expected exactly one FILE.hlo");
    const spec = values.get("passes") ?? "default";
    let passes: readonly HloPass[];
    if (spec === "default") {
      passes = defaultPipelineWithFolding();
    } else {
      const names = spec.split(",").map((s) => s.trim()).filter((s) => s.length > 0);
      if (names.length === 0) throw new UsageError("--passes needs at least one pass name");
      passes = names.map((n) => {
        const pass = available.find((p) => p.name === n);
        if (!pass) throw new UsageError(`unknown pass '${n}'; known passes: ${available.map((p) => p.name).join(", ")} (or 'default')`);
        return pass;
      });
    }
    const dumpDir = values.get("dump");
    // A bad --dump is reported before any pass runs.
    if (dumpDir !== undefined) checkOutputDir(dumpDir, "--dump");
    const module = parseHloModule(readTextFile(positionals[0]));
    const result = runPipeline(module, passes, { verify: !values.has("no-verify"), dump: dumpDir === undefined ? undefined : dumper(dumpDir) });
    const printed = printHloModule(result);
    io.out(printed.endsWith("\n") ? printed : `${printed}\n`);
    return 0;
  },
};
