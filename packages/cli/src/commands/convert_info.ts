/** `minixla convert`: its name, summary, usage and options (what help shows; the command itself is in convert.ts, loaded when it runs). */
import type { CommandInfo } from "./command.ts";

export const convertInfo: CommandInfo = {
  name: "convert",
  summary: "print a module as StableHLO (MLIR text) or as HLO text",
  usage: "minixla convert FILE --to stablehlo|hlo [-o OUT]",
  options: {
    to: { type: "string", value: "FORMAT", description: "stablehlo (MLIR text XLA and JAX read) or hlo (HLO text)" },
    output: { type: "string", value: "OUT", description: "write the text to OUT instead of standard output (also -o OUT)" },
  },
};
