/**
 * The help texts: the command overview, a command's usage (printed after a
 * usage error) and its full help (`minixla help COMMAND`, `COMMAND --help`):
 * usage, summary and every option with its one-line description.
 */
import type { CommandInfo } from "./commands/command.ts";
import { COMMAND_INFO as COMMANDS } from "./commands/catalog.ts";

/** "usage: " then the command's usage lines, aligned. */
export const usageOf = (command: CommandInfo): string => `usage: ${command.usage.split("\n").join("\n       ")}\n`;

export function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    "usage: minixla COMMAND [ARGS...]",
    "       minixla help COMMAND",
    "       minixla --version",
    "",
    "commands:",
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "Run 'minixla help COMMAND' (or 'minixla COMMAND --help') for a command's options.",
    "",
  ].join("\n");
}

/** Usage, summary, then one line per option: `--name VALUE  description`. */
export function helpOf(command: CommandInfo): string {
  const entries = Object.entries(command.options).map(([name, o]) => ({
    left: `--${name}${o.value === undefined ? "" : ` ${o.value}`}`,
    text: `${o.description}${o.multiple === true ? " (repeatable)" : ""}`,
  }));
  entries.push({ left: "--help", text: "show this help" });
  const width = Math.max(...entries.map((e) => e.left.length));
  return `${usageOf(command)}\n${command.summary}\n\noptions:\n${entries.map((e) => `  ${e.left.padEnd(width)}  ${e.text}`).join("\n")}\n`;
}
