/**
 * The table of minixla's sub-commands. A new command is one file under
 * commands/ exporting a `Command`, plus one entry here.
 */
import type { Command } from "./command.ts";
import { compareCommand } from "./compare.ts";
import { conformanceCommand } from "./conformance.ts";
import { convertCommand } from "./convert.ts";
import { goldenCommand } from "./golden.ts";
import { graphCommand } from "./graph.ts";
import { lowerCommand } from "./lower.ts";
import { optCommand } from "./opt.ts";
import { reduceCommand } from "./reduce.ts";
import { runCommand } from "./run.ts";

/** Every `minixla` subcommand, in the order `minixla help` lists them. */
export const COMMANDS: readonly Command[] = [runCommand, lowerCommand, optCommand, conformanceCommand, goldenCommand, graphCommand, compareCommand, reduceCommand, convertCommand];

/** The subcommand of that name, or undefined. */
export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name);
}
