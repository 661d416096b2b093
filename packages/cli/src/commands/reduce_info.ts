/** `minixla reduce`: its name, summary, usage and options (what help shows; the command itself is in reduce.ts, loaded when it runs). */
import type { CommandInfo } from "./command.ts";

export const reduceInfo: CommandInfo = {
  name: "reduce",
  summary: "shrink a module while a condition holds (a pass changes its results, the engines differ, an error, a command)",
  usage: [
    "minixla reduce MODULE.hlo --until pass-changes-result=SPEC [--plugin FILE.ts ...] [-o SMALL.hlo] [--max-seconds S]",
    "minixla reduce MODULE.hlo --until engines-differ [...]",
    "minixla reduce MODULE.hlo --until error=TEXT [--passes SPEC] [...]",
    "minixla reduce MODULE.hlo --until-cmd \"SHELL COMMAND {}\" [...]",
  ].join("\n"),
  options: {
    until: { type: "string", value: "CONDITION", description: "pass-changes-result=SPEC, engines-differ, or error=TEXT" },
    "until-cmd": { type: "string", value: "\"CMD {}\"", description: "a shell command that exits 0 while the candidate (written to the file {} stands for) is interesting" },
    output: { type: "string", value: "SMALL.hlo", description: "where to write the reduced module (also -o; default stdout)" },
    "max-seconds": { type: "string", value: "S", description: "stop after S seconds with the smallest module so far (default 60)" },
    plugin: { type: "string", value: "FILE.js|FILE.ts", multiple: true, description: "load an HloPass for the pipeline of pass-changes-result or --passes" },
    passes: { type: "string", value: "SPEC", description: "with --until error=TEXT: run these passes as one of the stages that may throw" },
    trials: { type: "string", value: "N", description: "random input sets per check of pass-changes-result and engines-differ (default 100)" },
    seed: { type: "string", value: "S", description: "seed of those input sets (default 0)" },
  },
};
