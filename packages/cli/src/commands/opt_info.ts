/** `minixla opt`: its name, summary, usage and options (what help shows; the command itself is in opt.ts, loaded when it runs). */
import type { CommandInfo } from "./command.ts";

export const optInfo: CommandInfo = {
  name: "opt",
  summary: "run compiler passes over a module and print the result (--list shows the passes)",
  usage: [
    "minixla opt FILE.hlo [--passes=SPEC] [--dump DIR] [--report FILE.html] [--plugin FILE.js|FILE.ts ...] [--no-verify]",
    "minixla opt --list [--plugin FILE.js|FILE.ts ...]",
  ].join("\n"),
  options: {
    passes: { type: "string", value: "SPEC", description: "passes to run, comma-separated: names from --list, simplify, default (the default), fixpoint(a,b,...); e.g. lower-broadcasts,fixpoint(simplify)" },
    dump: { type: "string", value: "DIR", description: "write the module after every step and every changing pass inside a fixpoint/sequence, with a .diff per change" },
    list: { type: "boolean", description: "list the passes (with plugins) and the default pipeline, and exit" },
    plugin: {
      type: "string", value: "FILE.js|FILE.ts", multiple: true,
      description: "load an HloPass exported by a module (default export or 'pass'); .ts needs tsx; without --passes it runs after the default pipeline",
    },
    "no-verify": { type: "boolean", description: "do not verify the module after each pass that changed it" },
    report: { type: "string", value: "FILE.html", description: "write an HTML page of the passes: each change's graphs before and after, highlighted, with its diff" },
  },
};
