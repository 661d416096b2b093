/** `minixla lower`: its name, summary, usage and options (what help shows; the command itself is in lower.ts, loaded when it runs). */
import type { CommandInfo } from "./command.ts";

export const lowerInfo: CommandInfo = {
  name: "lower",
  summary: "print a module with its implicit broadcasts lowered to reshape + broadcast",
  usage: "minixla lower FILE.hlo",
  options: {},
};
