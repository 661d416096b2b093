/** `minixla convert FILE --to stablehlo|hlo [-o OUT]`: a module printed as StableHLO (MLIR text) or as HLO text. */
import { writeFileSync } from "node:fs";
import { type HloModule, parseModule, printHloModule, printStableHlo } from "@minixla/hlo";
import { UsageError, parseArgs } from "../args.ts";
import { aboutFile } from "../module_file.ts";
import type { Command } from "./command.ts";
import { convertInfo } from "./convert_info.ts";
import { readTextFile } from "./files.ts";

const TARGETS = ["stablehlo", "hlo"] as const;
type Target = (typeof TARGETS)[number];

function print(m: HloModule, to: Target): string {
  switch (to) {
    case "stablehlo": return printStableHlo(m);
    case "hlo": return printHloModule(m);
    default: return to satisfies never;
  }
}

export const convertCommand: Command = {
  ...convertInfo,
  async run(argv, io) {
    const { positionals, values } = parseArgs(argv.map((a) => (a === "-o" ? "--output" : a)), convertCommand.options);
    if (positionals.length !== 1) throw new UsageError("expected exactly one FILE");
    const to = values.get("to");
    if (to === undefined || !(TARGETS as readonly string[]).includes(to)) throw new UsageError(`--to must be one of ${TARGETS.join(", ")}${to === undefined ? "" : `, got '${to}'`}`);
    const file = positionals[0];
    const text = readTextFile(file);
    const printed = await aboutFile(file, () => print(parseModule(text), to as Target));
    const body = printed.endsWith("\n") ? printed : `${printed}\n`;
    const out = values.get("output");
    if (out === undefined) io.out(body);
    else {
      try {
        writeFileSync(out, body);
      } catch (e) {
        const code = (e as { code?: unknown }).code;
        throw new UsageError(`cannot write ${out}${typeof code === "string" ? ` (${code})` : ""}`);
      }
    }
    return 0;
  },
};
