/**
 * `minixla run FILE.hlo [--input F ...] [--input-json JSON ...] [--output DIR]`,
 * after XLA's run_hlo_module: parses, lowers and verifies the module,
 * evaluates it on the inputs and prints each output as NumPy would; --output
 * writes out0.npy, out1.npy, ... --random-inputs [--seed S] draws seeded
 * inputs instead (one seed per parameter, derived from S). --elided
 * zeros|random gives elided constants (`constant({...})`) values. --engine
 * compiled (default), reference, or both (engine.ts); --numerics xla-cpu
 * applies XLA CPU's float rewrites first (default reference: the HLO op by
 * op). --iterations N runs it N times and prints the median and minimum time
 * per engine on stderr. Runs longer than a second show a progress line on
 * stderr (progress.ts) when it is a terminal, or with --progress.
 * --replicas N --partitions M runs it on N x M devices (spmd_run.ts);
 * --rng-seed S and --max-bytes N set EvalOptions.rngSeed and maxBytes.
 * --engine xla runs the module on real XLA (@minixla/xla, loaded only then);
 * a minixla engine and xla joined by a comma run both and fail when their
 * outputs differ beyond --rtol/--atol or --ulps (default exact; the
 * numerics default to xla-cpu then). --expect FILE.npy ... checks the
 * outputs against expected files the same way and exits 1 with the first
 * differing elements and their ulps; --quiet prints no outputs.
 * With no file it runs the built-in broadcasting demo (demo.ts); --report
 * FILE.html also writes its page (@minixla/viz): each example's recorded and
 * lowered graphs, inputs and result as tables.
 */
import {
  type HloInstruction,
  type Literal,
  entryComputation,
  escapeControls,
  formatLiteral,
  lowerBroadcasts,
  parametersOf,
  printHloModule,
  verifyModule,
  writeNpy,
} from "@minixla/hlo";
import { type EvalOptions, applyNumericsRewrites, randomLiteralOfShape } from "@minixla/interpreter";
import { UsageError, integerOption, parseArgs } from "../args.ts";
import { DEMO_PROGRAMS } from "../demo.ts";
import { type Engine, parseNumerics, parseRunEngines, runWithEngine } from "../engine.ts";
import { type InputSpec, loadInputs } from "../inputs.ts";
import { checkOutputDir, ensureOutputDir, writeOutputFile } from "../output_dir.ts";
import { aboutFile } from "../module_file.ts";
import { flattenOutputs, loadModule } from "../pipeline.ts";
import { progressReporter } from "../progress.ts";
import { timedRun, timingLine } from "../timed_run.ts";
import type { Command, CommandIo } from "./command.ts";
import { runInfo } from "./run_info.ts";
import { readFileBytes, readTextFile } from "./files.ts";
import type { DemoExample } from "@minixla/viz";
import { asArray, hasChecks, moduleTextKind } from "@minixla/hlo";
import { runStableHloTests } from "../stablehlo_tests.ts";
import { checkOutputFile, writeOutput } from "../report_file.ts";
import { deviceCount, deviceInputs, printDeviceResults, runOnDevices } from "../spmd_run.ts";
import { type Closeness, checkOutputs, closenessText, parseCloseness } from "../output_check.ts";
import { runXla, startXla, xlaTimingLine } from "../xla_engine.ts";
import { evaluateSpmd } from "@minixla/interpreter";
import { median } from "../timed_run.ts";
import { type ArrayLiteral, readNpy } from "@minixla/hlo";

const indented = (text: string): string =>
  text.trimEnd().split("\n").map((l) => (l === "" ? l : `  ${l}`)).join("\n");

/** Runs the demo; with `examples`, also keeps each example for the --report page. */
function runDemo(io: CommandIo, engine: Engine, examples?: DemoExample[]): number {
  DEMO_PROGRAMS.forEach((p, k) => {
    const { module, args } = p.build();
    verifyModule(module, { allowImplicitBroadcast: true });
    const lowered = lowerBroadcasts(module);
    verifyModule(lowered);
    const result = runWithEngine(engine, lowered, args);
    examples?.push({ title: p.title, recorded: module, lowered, inputs: args.map((a, i) => ({ name: ["x", "y"][i] ?? `arg${i}`, value: a })), result: asArray(result) });
    const parts = [
      `${k === 0 ? "" : "\n"}== ${k + 1}. ${p.title} ==`,
      "inputs:",
      indented(args.map((a, i) => formatLiteral(["x", "y"][i] ?? `arg${i}`, a)).join("\n")),
      "recorded HLO:",
      indented(printHloModule(module)),
      "lowered HLO:",
      indented(printHloModule(lowered)),
      "result:",
      indented(formatLiteral("out0", result)),
    ];
    io.out(`${parts.join("\n")}\n`);
  });
  return 0;
}

/** Parameter i's seed: S and i mixed, so each parameter's values do not depend on the others' sizes. */
const parameterSeed = (seed: number, i: number): number => (Math.imul(seed, 0x9e3779b1) + i) >>> 0;

/** Seeded inputs, one per parameter (elided-constant style values: floats in [-1, 1), small integers). */
export function randomInputs(parameters: readonly HloInstruction[], seed: number): Literal[] {
  return parameters.map((p, i) => randomLiteralOfShape(p.shape, parameterSeed(seed, i)));
}

export const runCommand: Command = {
  ...runInfo,
  async run(argv, io) {
    const args = parseArgs(argv, runCommand.options);
    if (args.positionals.length > 1) throw new UsageError(`expected one FILE.hlo, got ${args.positionals.length} files`);
    const specs: InputSpec[] = args.ordered.flatMap((o): InputSpec[] =>
      o.name === "input" ? [{ kind: "file", path: o.value }] : o.name === "input-json" ? [{ kind: "json", text: o.value }] : [],
    );
    const outputDir = args.values.get("output");
    const elided = args.values.get("elided");
    if (elided !== undefined && elided !== "zeros" && elided !== "random") throw new UsageError(`--elided takes zeros or random, got '${elided}'`);
    const engines = parseRunEngines(args.values.get("engine"));
    const engine = engines.local ?? "compiled";
    const numerics = parseNumerics(args.values.get("numerics"), engines.xla && engines.local !== undefined ? "xla-cpu" : "reference");
    const closeness = parseCloseness(args.values);
    const expected = args.values.has("expect") ? args.ordered.filter((o) => o.name === "expect").map((o) => o.value) : undefined;
    const quiet = args.values.has("quiet");
    const random = args.values.has("random-inputs");
    const seedGiven = args.values.get("seed");
    const seed = integerOption(seedGiven, "seed", 0, 0, 0xffffffff);
    const iterationsGiven = args.values.get("iterations");
    const iterations = integerOption(iterationsGiven, "iterations", 1, 1, 1_000_000);
    if (random && specs.length > 0) throw new UsageError("--random-inputs replaces --input and --input-json; give one or the other");
    if (seedGiven !== undefined && !random && elided !== "random") throw new UsageError("--seed seeds --random-inputs or --elided random; give one of them");
    const replicas = deviceCount(args.values.get("replicas"), "replicas");
    const partitions = deviceCount(args.values.get("partitions"), "partitions");
    const rngSeed = args.values.has("rng-seed") ? integerOption(args.values.get("rng-seed"), "rng-seed", 0, 0, 0xffffffff) : undefined;
    const maxBytes = args.values.has("max-bytes") ? integerOption(args.values.get("max-bytes"), "max-bytes", 0, 1, Number.MAX_SAFE_INTEGER) : undefined;
    const multiDevice = replicas !== undefined || partitions !== undefined;
    if (args.positionals.length === 0 && multiDevice) throw new UsageError("--replicas and --partitions run a FILE.hlo; the demo runs on one device");
    if (multiDevice && (iterationsGiven !== undefined || (args.values.has("engine") && engines.local !== undefined && engines.local !== "reference"))) {
      throw new UsageError("a multi-device run (--replicas/--partitions) uses the reference engine once (or xla, or reference,xla); it takes no --iterations or --engine compiled|both");
    }
    if (multiDevice && expected !== undefined) throw new UsageError("--expect checks a one-device run; a multi-device run writes each device's outputs with --output");
    if (args.positionals.length === 0 && engines.xla) throw new UsageError("--engine xla runs a FILE.hlo; the demo runs on minixla's engines");
    // Started before the module is read: without Python or jaxlib the run stops at once, with the install command.
    const xlaReady = engines.xla ? startXla() : undefined;
    xlaReady?.catch(() => undefined);
    if (args.positionals.length === 0) {
      if (specs.length > 0 || outputDir !== undefined || random || iterationsGiven !== undefined || args.values.has("numerics")) {
        throw new UsageError("the demo takes no --input, --random-inputs, --output, --iterations or --numerics; give a FILE.hlo");
      }
      const reportFile = args.values.get("report");
      if (reportFile === undefined) return runDemo(io, engine);
      checkOutputFile(reportFile, "--report");
      const examples: DemoExample[] = [];
      runDemo(io, engine, examples);
      // The page's code is loaded only for --report.
      const { demoReportHtml } = await import("@minixla/viz");
      writeOutput(reportFile, "--report", await demoReportHtml(examples));
      return 0;
    }
    if (args.values.has("report")) throw new UsageError("--report writes the demo's page (minixla run --report FILE.html, no FILE.hlo); to draw a module use minixla graph");
    // A bad --output is reported before the module is evaluated.
    if (outputDir !== undefined) checkOutputDir(outputDir, "--output");
    const file = args.positionals[0];
    const text = readTextFile(file);
    if (moduleTextKind(text) === "stablehlo" && hasChecks(text)) return runStableHloTests(io, file, text);
    const loaded = await aboutFile(file, () => loadModule(text));
    await xlaReady;
    const module = await aboutFile(file, () => applyNumericsRewrites(loaded, numerics));
    const parameters = parametersOf(entryComputation(module));
    const inputs = random ? randomInputs(parameters, seed) : loadInputs(specs, parameters);
    const progress = args.values.has("progress") || io.errIsTTY === true ? progressReporter(io, args.values.has("progress") ? "lines" : "terminal") : undefined;
    const options: EvalOptions = {
      ...(elided === undefined ? {} : { elidedConstants: elided, elidedSeed: seed }),
      ...(progress === undefined ? {} : { onProgress: progress.onProgress }),
      ...(rngSeed === undefined ? {} : { rngSeed }),
      ...(maxBytes === undefined ? {} : { maxBytes }),
      numerics,
    };
    if (multiDevice && engines.xla) {
      const spec = { replicas: replicas ?? 1, partitions: partitions ?? 1, inputsOf: random ? (s: number) => randomInputs(parameters, s) : () => inputs, seed };
      const argsPerDevice = deviceInputs(spec);
      const onXla = await aboutFile(file, () => runXla(loaded, argsPerDevice, spec));
      printDeviceResults(io, onXla.perDevice, spec.partitions, outputDir, quiet);
      if (engines.local === undefined) return 0;
      const mine = await aboutFile(file, () => evaluateSpmd(module, argsPerDevice, { ...options, replicaCount: spec.replicas, numPartitions: spec.partitions }));
      const problems = mine.flatMap((m, d) =>
        checkOutputs(flattenOutputs(m), flattenOutputs(onXla.perDevice[d]), closeness, (i) => `device ${d} out${i} (${engines.local} vs xla)`),
      );
      return reportProblems(io, problems, `minixla's ${engines.local} engine and XLA differ`, closeness);
    }
    if (multiDevice) {
      try {
        await aboutFile(file, () =>
          runOnDevices(io, module, {
            replicas: replicas ?? 1,
            partitions: partitions ?? 1,
            inputsOf: random ? (s) => randomInputs(parameters, s) : () => inputs,
            seed,
            options,
            ...(outputDir === undefined ? {} : { outputDir }),
          }),
        );
      } finally {
        progress?.finish();
      }
      return 0;
    }
    let timed;
    try {
      timed = engines.local === undefined ? undefined : await aboutFile(file, () =>
        timedRun(engine, module, inputs, iterations, options, (e, k, n) => {
          if (progress !== undefined) progress.phase = n === 1 ? e : `${e}, iteration ${k} of ${n}`;
        }),
      );
    } finally {
      progress?.finish();
    }
    const onXla = engines.xla ? await aboutFile(file, () => runXla(loaded, inputs, { iterations })) : undefined;
    const outputs = flattenOutputs(timed?.result ?? (onXla as { result: Literal }).result);
    if (iterationsGiven !== undefined) {
      for (const t of timed?.timings ?? []) io.err(`${timingLine(t)}\n`);
      if (onXla !== undefined) io.err(`${xlaTimingLine(onXla, median)}\n`);
    }
    if (!quiet) io.out(`${outputs.map((o, i) => formatLiteral(`out${i}`, o)).join("\n")}\n`);
    if (outputDir !== undefined) {
      const dir = ensureOutputDir(outputDir, "--output");
      outputs.forEach((o, i) => writeOutputFile(dir, `out${i}.npy`, writeNpy(o)));
      io.err(`wrote ${outputs.length} file${outputs.length === 1 ? "" : "s"} to ${escapeControls(outputDir, true)}\n`);
    }
    if (onXla !== undefined && timed !== undefined) {
      const problems = checkOutputs(outputs, flattenOutputs(onXla.result), closeness, (i) => `out${i} (${engine} vs xla)`);
      if (reportProblems(io, problems, `minixla's ${engine} engine and XLA differ`, closeness) !== 0) return 1;
      if (!quiet) io.err(`${engine} and xla agree (${closenessText(closeness)})\n`);
    }
    if (expected !== undefined) {
      const want = expected.map((f, i) => readExpected(f, outputs[i]));
      const problems = checkOutputs(outputs, want, closeness);
      if (reportProblems(io, problems, "the outputs differ from --expect", closeness) !== 0) return 1;
      io.err(`${outputs.length} output${outputs.length === 1 ? "" : "s"} match --expect (${closenessText(closeness)})\n`);
    }
    return 0;
  },
};

/** Prints the problems on stderr and returns 1, or returns 0 when there are none. */
function reportProblems(io: CommandIo, problems: readonly string[], what: string, closeness: Closeness): number {
  if (problems.length === 0) return 0;
  io.err(`${what} (${closenessText(closeness)}):\n${problems.map((l) => `  ${escapeControls(l)}`).join("\n")}\n`);
  return 1;
}

/** An --expect file, read with the output's element type as the hint for ml_dtypes' unnamed one-byte types. */
function readExpected(path: string, output: ArrayLiteral | undefined): ArrayLiteral {
  const bytes = new Uint8Array(readFileBytes(path));
  const elementType = output?.shape.elementType;
  try {
    return readNpy(bytes, elementType === undefined ? {} : { elementType });
  } catch (e) {
    if (e instanceof Error) e.message = `${path}: ${e.message}`;
    throw e;
  }
}
