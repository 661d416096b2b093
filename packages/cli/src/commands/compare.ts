/**
 * `minixla compare A.hlo B.hlo [--inputs DIR | --random N --seed S] [--exact | --rtol R --atol A] [--engine E[,E]]`:
 * runs two modules on the same inputs and says, per output, whether they
 * agree, or where they first differ (index, both values, ulps). With one
 * module, `--passes SPEC` compares it with itself after the pipeline, and
 * `--engine reference,compiled` compares the two engines on it. Random input
 * sets hold NaN, ±0, ±inf, denormals and integer extremes now and then
 * (compareModules's schedule). Exit 0 when everything agrees, 1 when not.
 */
import { join } from "node:path";
import { type HloModule, type Literal, type Tolerance, entryComputation, parametersOf, runPipeline, shapeToString, toleranceText } from "@minixla/hlo";
import { type CompareInputs, type EngineName, type ModuleComparison, checkSameParameters, compareModules } from "@minixla/interpreter";
import { UsageError, integerOption, parseArgs } from "../args.ts";
import { loadInputs } from "../inputs.ts";
import { aboutFile } from "../module_file.ts";
import { loadPlugins, parsePassesOption } from "../passes_option.ts";
import { loadModule } from "../pipeline.ts";
import type { Command, CommandIo } from "./command.ts";
import { compareInfo } from "./compare_info.ts";
import { type SideEngine, compareWithXla } from "../compare_xla.ts";
import { startXla } from "../xla_engine.ts";
import { readTextFile } from "./files.ts";

/** A number option (finite, at least 0). */
function numberOption(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  const x = Number(value);
  if (value.trim() === "" || !Number.isFinite(x) || x < 0) throw new UsageError(`--${option} takes a number >= 0, got '${value}'`);
  return x;
}

/** --exact, or --rtol/--atol (default exact, -0 distinct from 0). */
export function parseTolerance(values: ReadonlyMap<string, string>): Tolerance {
  const rtol = numberOption(values.get("rtol"), "rtol");
  const atol = numberOption(values.get("atol"), "atol");
  if (rtol === undefined && atol === undefined) return { exact: true, signedZeros: true };
  if (values.has("exact")) throw new UsageError("--exact and --rtol/--atol exclude each other");
  return { rtol: rtol ?? 0, atol: atol ?? 0 };
}

const ENGINE_NAMES: readonly SideEngine[] = ["reference", "compiled", "xla"];

/** --engine E or E1,E2: each side's engine (xla: real XLA through @minixla/xla). */
export function parseEngines(value: string | undefined): readonly [SideEngine, SideEngine] {
  if (value === undefined) return ["reference", "reference"];
  const parts = value.split(",").map((s) => s.trim());
  const names = parts.map((p) => {
    const found = ENGINE_NAMES.find((e) => e === p);
    if (found === undefined) throw new UsageError(`--engine takes reference, compiled or xla, or two of them joined by a comma; got '${value}'`);
    return found;
  });
  if (names.length === 1) return [names[0], names[0]];
  if (names.length === 2) return [names[0], names[1]];
  throw new UsageError(`--engine takes one or two engines, got '${value}'`);
}

/** One line per output: equal, or the first differing elements. */
export function comparisonReport(r: ModuleComparison, labels: readonly [string, string], requested: number = r.trials): string {
  const lines: string[] = [];
  if (r.equal) {
    lines.push(`equal: ${r.outputs.length} output${r.outputs.length === 1 ? "" : "s"} agree on ${r.trials} input set${r.trials === 1 ? "" : "s"}`);
    return `${lines.join("\n")}\n`;
  }
  lines.push(`DIFFER on input set ${r.firstDifferingTrial ?? 0} (${r.trials} of ${requested} run):`);
  if (r.errors !== undefined) {
    lines.push(`  ${labels[0]}: ${r.errors.a === undefined ? "ran" : `threw ${r.errors.a}`}`);
    lines.push(`  ${labels[1]}: ${r.errors.b === undefined ? "ran" : `threw ${r.errors.b}`}`);
  }
  for (const o of r.outputs) {
    switch (o.status) {
      case "equal":
        lines.push(`  out${o.output}: equal`);
        break;
      case "shape":
        lines.push(`  out${o.output}: shapes differ: ${o.message}`);
        break;
      case "differ":
        lines.push(`  out${o.output}: ${o.count} of ${o.total} elements differ`);
        for (const d of o.differences) {
          const ulps = d.ulps === undefined ? "" : `, ${d.ulps} ulp${d.ulps === 1 ? "" : "s"}`;
          lines.push(`    at [${d.index.join(",")}]: ${labels[0]} ${d.want}, ${labels[1]} ${d.got}${ulps}`);
        }
        break;
      default:
        o satisfies never;
    }
  }
  return `${lines.join("\n")}\n`;
}

/** The literals of in0.npy, in1.npy, ... in DIR, one per parameter of the entry. */
function inputsFromDir(dir: string, m: HloModule): Literal[] {
  const params = parametersOf(entryComputation(m));
  return loadInputs(params.map((_, i) => ({ kind: "file", path: join(dir, `in${i}.npy`) })), params);
}

async function loadFile(file: string): Promise<HloModule> {
  const text = readTextFile(file);
  return aboutFile(file, () => loadModule(text));
}

export const compareCommand: Command = {
  ...compareInfo,
  async run(argv, io: CommandIo) {
    const { positionals, values, ordered } = parseArgs(argv, compareCommand.options);
    if (positionals.length < 1 || positionals.length > 2) throw new UsageError(`expected A.hlo [B.hlo], got ${positionals.length} files`);
    const tolerance = parseTolerance(values);
    const engines = parseEngines(values.get("engine"));
    const withXla = engines.includes("xla");
    // Started first: without Python or jaxlib the command stops at once, with the install command.
    if (withXla) await startXla();
    const passesSpec = values.get("passes");
    const plugins = await loadPlugins(ordered.filter((o) => o.name === "plugin").map((o) => o.value));
    if (plugins.length > 0 && passesSpec === undefined) throw new UsageError("--plugin gives passes to --passes; give --passes too");
    const dir = values.get("inputs");
    if (dir !== undefined && (values.has("random") || values.has("seed"))) throw new UsageError("--inputs and --random/--seed exclude each other");
    const trials = integerOption(values.get("random"), "random", 100, 1, 1_000_000);
    const seed = integerOption(values.get("seed"), "seed", 0, 0, 0xffffffff);
    const [fileA, fileB] = positionals;
    const a = await loadFile(fileA);
    let b: HloModule;
    let labels: [string, string];
    let what: string;
    if (fileB !== undefined) {
      if (passesSpec !== undefined) throw new UsageError("--passes compares one module with itself; give one file");
      b = await loadFile(fileB);
      labels = ["A", "B"];
      what = `A = ${fileA}, B = ${fileB}`;
    } else if (passesSpec !== undefined) {
      const passes = parsePassesOption(passesSpec, plugins);
      b = await aboutFile(fileA, () => runPipeline(a, passes));
      labels = ["before", "after"];
      what = `${fileA}: before vs after --passes=${passesSpec}`;
    } else {
      if (engines[0] === engines[1]) throw new UsageError("with one module, give --passes=SPEC, or --engine reference,compiled to compare the engines");
      b = a;
      labels = [engines[0], engines[1]];
      what = `${fileA}: the ${engines[0]} vs the ${engines[1]} engine`;
    }
    await aboutFile(fileA, () => checkSameParameters(a, b));
    const inputs: CompareInputs = dir !== undefined ? { kind: "literals", sets: [inputsFromDir(dir, a)] } : { kind: "random", trials, seed };
    const source = dir !== undefined ? `inputs from ${dir}` : `${trials} random input set${trials === 1 ? "" : "s"} (seed ${seed})`;
    const params = parametersOf(entryComputation(a)).map((p) => shapeToString(p.shape)).join(", ");
    io.out(`${what}\nparameters (${params})\n${source}; ${toleranceText(tolerance)}; engines ${engines.join(", ")}\n`);
    const r = await aboutFile(fileA, () =>
      withXla ? compareWithXla(a, b, engines, inputs, tolerance) : compareModules(a, b, { inputs, tolerance, engines: engines as readonly [EngineName, EngineName] }),
    );
    io.out(comparisonReport(r, labels, inputs.kind === "literals" ? inputs.sets.length : inputs.trials));
    return r.equal ? 0 : 1;
  },
};
