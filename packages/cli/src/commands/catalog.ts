/**
 * The commands as `minixla` starts them: what help shows of each (the
 * *_info.ts files, which import nothing heavy) and a loader that imports a
 * command's code only when it runs, so `minixla --version`, `help` and a
 * small `run` load no more than they use. registry.ts keeps the loaded
 * table for the library API; test/cli_catalog.test.ts checks the two agree.
 */
import type { Command, CommandInfo } from "./command.ts";
import { compareInfo } from "./compare_info.ts";
import { conformanceInfo } from "./conformance_info.ts";
import { convertInfo } from "./convert_info.ts";
import { goldenInfo } from "./golden_info.ts";
import { graphInfo } from "./graph_info.ts";
import { lowerInfo } from "./lower_info.ts";
import { optInfo } from "./opt_info.ts";
import { reduceInfo } from "./reduce_info.ts";
import { runInfo } from "./run_info.ts";

/** Every subcommand's help facts, in the order `minixla help` lists them. */
export const COMMAND_INFO: readonly CommandInfo[] = [runInfo, lowerInfo, optInfo, conformanceInfo, goldenInfo, graphInfo, compareInfo, reduceInfo, convertInfo];

/** The help facts of the subcommand of that name, or undefined. */
export function findCommandInfo(name: string): CommandInfo | undefined {
  return COMMAND_INFO.find((c) => c.name === name);
}

/** Imports the command's code (only this command's). */
export async function loadCommand(name: string): Promise<Command | undefined> {
  switch (name) {
    case "run": return (await import("./run.ts")).runCommand;
    case "lower": return (await import("./lower.ts")).lowerCommand;
    case "opt": return (await import("./opt.ts")).optCommand;
    case "conformance": return (await import("./conformance.ts")).conformanceCommand;
    case "golden": return (await import("./golden.ts")).goldenCommand;
    case "graph": return (await import("./graph.ts")).graphCommand;
    case "compare": return (await import("./compare.ts")).compareCommand;
    case "reduce": return (await import("./reduce.ts")).reduceCommand;
    case "convert": return (await import("./convert.ts")).convertCommand;
    default: return undefined;
  }
}
