/** `minixla graph`: its name, summary, usage and options (what help shows; the command itself is in graph.ts, loaded when it runs). */
import type { CommandInfo } from "./command.ts";

export const graphInfo: CommandInfo = {
  name: "graph",
  summary: "draw a module: Graphviz DOT, SVG, or an HTML page with details on hover and click",
  usage: "minixla graph FILE.hlo [--format dot|svg|html] [--output FILE] [--around NAME [--depth K]]",
  options: {
    format: { type: "string", value: "dot|svg|html", description: "what to write (default: the --output file's extension, else dot)" },
    output: { type: "string", value: "FILE", description: "write to FILE instead of standard output (-o FILE works too)" },
    around: { type: "string", value: "NAME", description: "draw only the instructions near the one named NAME (for large modules)" },
    depth: { type: "string", value: "K", description: "with --around: how many operand/user edges away to draw (default 2)" },
  },
};
