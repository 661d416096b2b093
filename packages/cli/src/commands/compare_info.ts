/** `minixla compare`: its name, summary, usage and options (what help shows; the command itself is in compare.ts, loaded when it runs). */
import type { CommandInfo } from "./command.ts";

export const compareInfo: CommandInfo = {
  name: "compare",
  summary: "run two modules (or a module before and after passes, or on both engines) on the same inputs and compare the outputs",
  usage: [
    "minixla compare A.hlo B.hlo [--inputs DIR | --random N [--seed S]] [--exact | --rtol R --atol A] [--engine E[,E]]",
    "minixla compare A.hlo --passes=SPEC [--plugin FILE.ts ...] [...]",
    "minixla compare A.hlo --engine reference,compiled [...]",
    "minixla compare A.hlo --engine reference,xla [...]   (minixla against real XLA, through jaxlib)",
  ].join("\n"),
  options: {
    inputs: { type: "string", value: "DIR", description: "one input set from DIR/in0.npy, in1.npy, ... (the corpus layout)" },
    random: { type: "string", value: "N", description: "N seeded random input sets with NaN, ±0, ±inf, denormals and integer extremes now and then (default 100)" },
    seed: { type: "string", value: "S", description: "seed of --random (default 0)" },
    exact: { type: "boolean", description: "every element equal, NaN equal to NaN, -0 distinct from 0 (the default)" },
    rtol: { type: "string", value: "R", description: "relative tolerance: |b - a| <= atol + rtol * |a| (default 0 when --atol is given)" },
    atol: { type: "string", value: "A", description: "absolute tolerance (default 0 when --rtol is given)" },
    passes: { type: "string", value: "SPEC", description: "with one module: compare it with itself after these passes (opt's --passes syntax)" },
    plugin: { type: "string", value: "FILE.js|FILE.ts", multiple: true, description: "load an HloPass for --passes, as opt --plugin does" },
    engine: {
      type: "string", value: "E[,E]",
      description: "engine of both sides, or of each: reference (default), compiled or xla (real XLA; minixla then uses XLA CPU's numerics); one module with reference,xla compares minixla with XLA",
    },
  },
};
