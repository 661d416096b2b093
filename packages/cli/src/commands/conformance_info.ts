/** `minixla conformance`: its name, summary, usage and options (what help shows; the command itself is in conformance.ts, loaded when it runs). */
import type { CommandInfo } from "./command.ts";

export const conformanceInfo: CommandInfo = {
  name: "conformance",
  summary: "run a conformance corpus (manifest.json + module.hlo + .npy per case) and compare with its outputs",
  usage: "minixla conformance DIR [--filter TAG] [--json] [--numerics xla-cpu|reference] [--engine compiled|reference|both] [--passes SPEC [--plugin FILE ...]]",
  options: {
    filter: { type: "string", value: "TAG", description: "run only the cases with this tag, or whose name contains it" },
    json: { type: "boolean", description: "print the whole report as JSON instead of failure lines and a count" },
    numerics: { type: "string", value: "xla-cpu|reference", description: "xla-cpu (default): XLA's CPU backend (float rewrites, denormal flushing, integer power); reference: XLA's evaluator, op by op" },
    engine: { type: "string", value: "compiled|reference|both", description: "which engine runs the cases (default compiled); both also fails a case on any bit of difference" },
    passes: { type: "string", value: "SPEC", description: "run these passes (opt's --passes syntax) over each module before evaluating it: the corpus checks them" },
    plugin: { type: "string", value: "FILE.js|FILE.ts", multiple: true, description: "load an HloPass for --passes, as opt --plugin does" },
  },
};
