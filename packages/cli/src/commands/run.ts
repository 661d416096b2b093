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
  xlaCpuNumerics,
} from "@minixla/hlo";
import { type EvalOptions, randomLiteralOfShape } from "@minixla/interpreter";
import { UsageError, parseArgs } from "../args.ts";
import { DEMO_PROGRAMS } from "../demo.ts";
import { type Engine, parseEngine, parseNumerics, runWithEngine } from "../engine.ts";
import { type InputSpec, loadInputs } from "../inputs.ts";
import { checkOutputDir, ensureOutputDir, writeOutputFile } from "../output_dir.ts";
import { aboutFile } from "../module_file.ts";
import { flattenOutputs, loadModule } from "../pipeline.ts";
import { progressReporter } from "../progress.ts";
import { timedRun, timingLine } from "../timed_run.ts";
import type { Command, CommandIo } from "./command.ts";
import { readTextFile } from "./files.ts";
import { type DemoExample, demoReportHtml } from "@minixla/viz";
import { asArray, hasChecks, moduleTextKind } from "@minixla/hlo";
import { runStableHloTests } from "../stablehlo_tests.ts";
import { checkOutputFile, writeOutput } from "../report_file.ts";
import { deviceCount, runOnDevices } from "../spmd_run.ts";

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

/** A non-negative integer option (at most `max`), or `fallback` when absent. */
function integerOption(value: string | undefined, option: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (!/^[0-9]+$/.test(value) || Number(value) < min || Number(value) > max) throw new UsageError(`--${option} takes an integer from ${min} to ${max}, got '${value}'`);
  return Number(value);
}

/** Parameter i's seed: S and i mixed, so each parameter's values do not depend on the others' sizes. */
const parameterSeed = (seed: number, i: number): number => (Math.imul(seed, 0x9e3779b1) + i) >>> 0;

/** Seeded inputs, one per parameter (elided-constant style values: floats in [-1, 1), small integers). */
export function randomInputs(parameters: readonly HloInstruction[], seed: number): Literal[] {
  return parameters.map((p, i) => randomLiteralOfShape(p.shape, parameterSeed(seed, i)));
}

export const runCommand: Command = {
  name: "run",
  summary: "evaluate a module on .npy/JSON inputs and print the results (no file: the broadcasting demo)",
  usage: [
    "minixla run FILE.hlo [--input FILE.npy|FILE.json ... | --input-json JSON ... | --random-inputs [--seed S]] [--output DIR]",
    "                     [--elided zeros|random] [--engine compiled|reference|both] [--numerics reference|xla-cpu] [--iterations N] [--progress]",
    "                     [--replicas N] [--partitions M] [--rng-seed S] [--max-bytes N]",
    "minixla run [--report FILE.html]   (the built-in demo of XLA's broadcasting)",
  ].join("\n"),
  options: {
    input: { type: "string", value: "FILE", multiple: true, description: "an input from .npy, or .json (nested arrays); one per parameter, in order" },
    "input-json": { type: "string", value: "JSON", multiple: true, description: "an input written inline as JSON nested arrays (mixes with --input in order)" },
    "random-inputs": { type: "boolean", description: "seeded random inputs for every parameter: floats in [-1, 1), integers in [-4, 7]" },
    seed: { type: "string", value: "S", description: "seed of --random-inputs and of --elided random (default 0)" },
    output: { type: "string", value: "DIR", description: "also write the outputs to DIR as out0.npy, out1.npy, ..." },
    elided: { type: "string", value: "zeros|random", description: "values for elided constants (constant({...})); without it such a module is refused" },
    engine: { type: "string", value: "compiled|reference|both", description: "which engine runs the module (default compiled); both fails on any bit of difference" },
    numerics: { type: "string", value: "reference|xla-cpu", description: "reference (default): XLA's evaluator bit for bit; xla-cpu: XLA's CPU backend (its float rewrites, denormal flushing, integer power)" },
    iterations: { type: "string", value: "N", description: "run N times per engine and print the median and minimum time on stderr" },
    progress: { type: "boolean", description: "print a progress line on stderr every second of a long run (default: only when stderr is a terminal)" },
    replicas: {
      type: "string", value: "N",
      description: "run on N replicas (x --partitions) with the reference kernels; prints each device's outputs; --random-inputs draws each device's own",
    },
    partitions: { type: "string", value: "M", description: "run on M partitions per replica (see --replicas; replica-id and partition-id tell devices apart)" },
    "rng-seed": { type: "string", value: "S", description: "seed of the rng op's values (EvalOptions.rngSeed, default 0)" },
    "max-bytes": { type: "string", value: "N", description: "refuse any instruction result over N bytes (EvalOptions.maxBytes; default MINIXLA_MAX_BYTES or a quarter of memory)" },
    report: { type: "string", value: "FILE.html", description: "the demo only: also write an HTML page of its examples (graphs before and after lowering, inputs and results)" },
  },
  async run(argv, io) {
    const args = parseArgs(argv, runCommand.options);
    if (args.positionals.length > 1) throw new UsageError(`expected one FILE.hlo, got ${args.positionals.length} files`);
    const specs: InputSpec[] = args.ordered.flatMap((o): InputSpec[] =>
      o.name === "input" ? [{ kind: "file", path: o.value }] : o.name === "input-json" ? [{ kind: "json", text: o.value }] : [],
    );
    const outputDir = args.values.get("output");
    const elided = args.values.get("elided");
    if (elided !== undefined && elided !== "zeros" && elided !== "random") throw new UsageError(`--elided takes zeros or random, got '${elided}'`);
    const engine = parseEngine(args.values.get("engine"));
    const numerics = parseNumerics(args.values.get("numerics"), "reference");
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
    if (multiDevice && (iterationsGiven !== undefined || (args.values.has("engine") && engine !== "reference"))) {
      throw new UsageError("a multi-device run (--replicas/--partitions) uses the reference engine once; it takes no --iterations or --engine compiled|both");
    }
    if (args.positionals.length === 0) {
      if (specs.length > 0 || outputDir !== undefined || random || iterationsGiven !== undefined || args.values.has("numerics")) {
        throw new UsageError("the demo takes no --input, --random-inputs, --output, --iterations or --numerics; give a FILE.hlo");
      }
      const reportFile = args.values.get("report");
      if (reportFile === undefined) return runDemo(io, engine);
      checkOutputFile(reportFile, "--report");
      const examples: DemoExample[] = [];
      runDemo(io, engine, examples);
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
    const module = numerics === "xla-cpu" ? await aboutFile(file, () => xlaCpuNumerics.run(loaded)) : loaded;
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
      timed = await aboutFile(file, () =>
        timedRun(engine, module, inputs, iterations, options, (e, k, n) => {
          if (progress !== undefined) progress.phase = n === 1 ? e : `${e}, iteration ${k} of ${n}`;
        }),
      );
    } finally {
      progress?.finish();
    }
    const outputs = flattenOutputs(timed.result);
    if (iterationsGiven !== undefined) for (const t of timed.timings) io.err(`${timingLine(t)}\n`);
    io.out(`${outputs.map((o, i) => formatLiteral(`out${i}`, o)).join("\n")}\n`);
    if (outputDir !== undefined) {
      const dir = ensureOutputDir(outputDir, "--output");
      outputs.forEach((o, i) => writeOutputFile(dir, `out${i}.npy`, writeNpy(o)));
      io.err(`wrote ${outputs.length} file${outputs.length === 1 ? "" : "s"} to ${escapeControls(outputDir, true)}\n`);
    }
    return 0;
  },
};
