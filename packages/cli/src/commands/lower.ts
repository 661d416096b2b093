/** `minixla lower FILE.hlo`: prints the module with every implicit broadcast made explicit. */
import { lowerBroadcasts, parseModule, printHloModule } from "@minixla/hlo";
import { UsageError, parseArgs } from "../args.ts";
import { aboutFile } from "../module_file.ts";
import type { Command } from "./command.ts";
import { lowerInfo } from "./lower_info.ts";
import { readTextFile } from "./files.ts";

export const lowerCommand: Command = {
  ...lowerInfo,
  async run(argv, io) {
    const { positionals } = parseArgs(argv, lowerCommand.options);
    if (positionals.length !== 1) throw new UsageError("expected exactly one FILE.hlo");
    const file = positionals[0];
    const text = readTextFile(file);
    const printed = await aboutFile(file, () => printHloModule(lowerBroadcasts(parseModule(text))));
    io.out(printed.endsWith("\n") ? printed : `${printed}\n`);
    return 0;
  },
};
