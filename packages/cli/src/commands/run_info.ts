/** `minixla run`: its name, summary, usage and options (what help shows; the command itself is in run.ts, loaded when it runs). */
import type { CommandInfo } from "./command.ts";

export const runInfo: CommandInfo = {
  name: "run",
  summary: "evaluate a module on .npy/JSON inputs and print the results (no file: the broadcasting demo)",
  usage: [
    "minixla run FILE.hlo [--input FILE.npy|FILE.json ... | --input-json JSON ... | --random-inputs [--seed S]] [--output DIR]",
    "                     [--elided zeros|random] [--engine compiled|reference|both] [--numerics reference|xla-cpu] [--iterations N] [--progress]",
    "                     [--replicas N] [--partitions M] [--rng-seed S] [--max-bytes N]",
    "                     [--engine xla | --engine compiled|reference|both,xla] [--expect OUT.npy ... [--rtol R --atol A | --ulps N]] [--quiet]",
    "minixla run [--report FILE.html]   (the built-in demo of XLA's broadcasting)",
  ].join("\n"),
  options: {
    input: { type: "string", value: "FILE", multiple: true, description: "an input from .npy, or .json (nested arrays); one per parameter, in order" },
    "input-json": { type: "string", value: "JSON", multiple: true, description: "an input written inline as JSON nested arrays (mixes with --input in order)" },
    "random-inputs": { type: "boolean", description: "seeded random inputs for every parameter: floats in [-1, 1), integers in [-4, 7]" },
    seed: { type: "string", value: "S", description: "seed of --random-inputs and of --elided random (default 0)" },
    output: { type: "string", value: "DIR", description: "also write the outputs to DIR as out0.npy, out1.npy, ..." },
    elided: { type: "string", value: "zeros|random", description: "values for elided constants (constant({...})); without it such a module is refused" },
    engine: {
      type: "string", value: "compiled|reference|both|xla[,xla]",
      description: "which engine runs the module (default compiled); both fails on any bit of difference; xla: real XLA through jaxlib; E,xla runs both and compares",
    },
    expect: { type: "string", value: "OUT.npy", multiple: true, description: "an expected output (.npy), one per output in order: exit 1 with the first differing elements and their ulps" },
    rtol: { type: "string", value: "R", description: "--expect and E,xla: relative tolerance |got - want| <= atol + rtol * |want| (default exact)" },
    atol: { type: "string", value: "A", description: "--expect and E,xla: absolute tolerance (default exact)" },
    ulps: { type: "string", value: "N", description: "--expect and E,xla: at most N representable values apart (instead of --rtol/--atol)" },
    quiet: { type: "boolean", description: "print no outputs (with --expect, --output or --iterations: only their results)" },
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
};
