/**
 * `minixla opt FILE.hlo [--passes=SPEC] [--dump DIR] [--list] [--plugin FILE.js|FILE.ts ...] [--no-verify]`:
 * runs passes over a module and prints the result. The module is verified
 * after every pass that changed it. SPEC is pass_spec.ts's grammar
 * (`lower-broadcasts,fixpoint(simplify)`, `default`). --dump writes the module
 * after every step (00-input.hlo, 01-algsimp.hlo, ...), every pass run inside
 * a sequence or fixpoint that changed it (03-fixpoint-simplify.01-algsimp.hlo,
 * numbered in order among the changing runs of step 03), and a unified diff
 * of each change (.diff). A plugin is a JS module, or a TS one where tsx is
 * installed, exporting an HloPass as its default export or as `pass`;
 * it may live anywhere on disk: `@minixla/*` resolves to this CLI's packages
 * (plugin_resolution.ts). With --plugin and no --passes, the passes are the
 * default pipeline followed by the plugins' passes (said on stderr), so a
 * plugin never goes unrun. --list marks the plugins' passes.
 * --report FILE.html writes the pass explorer (@minixla/viz): every pass run,
 * and for each change the graphs before and after with the added, removed
 * and changed instructions highlighted, beside the text diff.
 */
import { type HloPass, type PipelineStep, parseModule, printHloModule, runPipeline } from "@minixla/hlo";
import { PASS_REGISTRY } from "@minixla/interpreter";
import { UsageError, parseArgs } from "../args.ts";
import { defaultSpecWith, parsePassesOption } from "../passes_option.ts";
import { loadPlugins } from "../plugin.ts";
import { aboutFile } from "../module_file.ts";
import { checkOutputDir, ensureOutputDir, writeOutputFile } from "../output_dir.ts";
import type { Command } from "./command.ts";
import { optInfo } from "./opt_info.ts";
import { readTextFile } from "./files.ts";
import { unifiedDiff } from "./line_diff.ts";
import { passReportHtml } from "@minixla/viz";
import { checkOutputFile, writeOutput } from "../report_file.ts";

function listing(passes: readonly HloPass[], plugins: ReadonlyMap<HloPass, string>): string {
  const width = Math.max(...passes.map((p) => p.name.length));
  const lines = passes.map((p) => `  ${p.name.padEnd(width)}  ${p.description}${plugins.has(p) ? ` (plugin ${plugins.get(p)})` : ""}`);
  const pipeline = PASS_REGISTRY.defaultPipeline().map((p) => p.name).join(", ");
  return (
    `passes:\n${lines.join("\n")}\n\n` +
    `simplify: ${PASS_REGISTRY.simplify().description}\n` +
    `default pipeline (--passes=default): ${pipeline}\n` +
    "fixpoint(a,b,...) repeats a, b, ... until they change nothing\n"
  );
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
  ...optInfo,
  async run(argv, io) {
    const { positionals, values, ordered } = parseArgs(argv, optCommand.options);
    const pluginFiles = ordered.filter((o) => o.name === "plugin").map((o) => o.value);
    const plugins = await loadPlugins(pluginFiles);
    const pluginNames = new Map(plugins.map((p, i) => [p, pluginFiles[i]!] as const));
    if (values.has("list")) {
      io.out(listing(PASS_REGISTRY.available(plugins), pluginNames));
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError("expected exactly one FILE.hlo");
    const spec = values.get("passes") ?? defaultSpecWith(plugins);
    if (!values.has("passes") && plugins.length > 0) io.err(`no --passes: running --passes=${spec} (the default pipeline, then the plugins' passes)\n`);
    const passes = parsePassesOption(spec, plugins);
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
