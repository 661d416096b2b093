/**
 * `minixla reduce MODULE.hlo --until CONDITION | --until-cmd "CMD {}" [-o SMALL.hlo] [--max-seconds S]`:
 * shrinks a module while a condition still holds (reduceModule, in the
 * spirit of llvm-reduce). Conditions: `pass-changes-result=SPEC` (the
 * pipeline changes the numbers on some random input set), `engines-differ`,
 * `error=TEXT` (verifying, the --passes pipeline, evaluating or compiling
 * throws an error whose message holds TEXT), or a shell command that exits
 * 0 while the candidate, written to the file `{}` stands for, is still
 * interesting. Progress (the instruction count as it falls) goes to stderr;
 * the result to SMALL.hlo, or to stdout.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { type HloModule, type HloPass, escapeControls, printHloModule } from "@minixla/hlo";
import { enginesDiffer, errorContains, passChangesResult, reduceModule } from "@minixla/interpreter";
import { UsageError, integerOption, parseArgs } from "../args.ts";
import { checkOutputDir, ensureOutputDir, writeOutputFile } from "../output_dir.ts";
import { aboutFile } from "../module_file.ts";
import { loadPlugins, parsePassesOption } from "../passes_option.ts";
import { loadModule } from "../pipeline.ts";
import type { Command } from "./command.ts";
import { reduceInfo } from "./reduce_info.ts";
import { readTextFile } from "./files.ts";

/** Quotes a path for a POSIX shell. */
const shellQuote = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

/** The condition of --until-cmd: the command, `{}` replaced by the candidate's path, exits 0. */
function commandCondition(template: string, dir: string, timeoutMs: number): (m: HloModule) => boolean {
  let k = 0;
  return (m) => {
    const file = join(dir, `candidate-${k++}.hlo`);
    writeFileSync(file, printHloModule(m));
    const cmd = template.includes("{}") ? template.split("{}").join(shellQuote(file)) : `${template} ${shellQuote(file)}`;
    // A command that hangs is killed at the time limit and counts as "not interesting".
    const r = spawnSync(cmd, { shell: true, stdio: "ignore", timeout: timeoutMs });
    rmSync(file, { force: true });
    return r.status === 0;
  };
}

/** The --until condition, parsed. */
function untilCondition(spec: string, plugins: readonly HloPass[], extraPasses: readonly HloPass[], trials: number, seed: number): (m: HloModule) => boolean {
  if (spec === "engines-differ") return enginesDiffer({ trials, seed });
  const eq = spec.indexOf("=");
  const key = eq < 0 ? spec : spec.slice(0, eq);
  const value = eq < 0 ? "" : spec.slice(eq + 1);
  if (key === "pass-changes-result") {
    if (value === "") throw new UsageError("--until pass-changes-result=SPEC needs the passes (opt's --passes syntax)");
    return passChangesResult(parsePassesOption(value, plugins), { trials, seed });
  }
  if (key === "error") {
    const text = value.replace(/^"(.*)"$/s, "$1");
    if (text === "") throw new UsageError("--until error=TEXT needs the text the error message must hold");
    return errorContains(text, extraPasses, { seed });
  }
  throw new UsageError(`--until takes pass-changes-result=SPEC, engines-differ or error=TEXT; got '${spec}'`);
}

export const reduceCommand: Command = {
  ...reduceInfo,
  async run(argv, io) {
    // -o is the one short option: the conventional spelling for a reducer's output.
    const normalized = argv.map((a, i) => (a === "-o" && argv.slice(0, i).indexOf("--") < 0 ? "--output" : a));
    const { positionals, values, ordered } = parseArgs(normalized, reduceCommand.options);
    if (positionals.length !== 1) throw new UsageError(`expected one MODULE.hlo, got ${positionals.length} files`);
    const until = values.get("until");
    const untilCmd = values.get("until-cmd");
    if ((until === undefined) === (untilCmd === undefined)) throw new UsageError("give one condition: --until CONDITION or --until-cmd \"CMD {}\"");
    const maxSeconds = integerOption(values.get("max-seconds"), "max-seconds", 60, 1, 86_400);
    const trials = integerOption(values.get("trials"), "trials", 100, 1, 1_000_000);
    const seed = integerOption(values.get("seed"), "seed", 0, 0, 0xffffffff);
    const plugins = await loadPlugins(ordered.filter((o) => o.name === "plugin").map((o) => o.value));
    const passesSpec = values.get("passes");
    if (passesSpec !== undefined && !(until ?? "").startsWith("error=")) throw new UsageError("--passes goes with --until error=TEXT (pass-changes-result names its own passes)");
    const extraPasses = passesSpec === undefined ? [] : parsePassesOption(passesSpec, plugins);
    const outFile = values.get("output");
    // A bad -o is reported before any reduction runs.
    if (outFile !== undefined) checkOutputDir(dirname(outFile), "-o");
    const file = positionals[0];
    const text = readTextFile(file);
    const module = await aboutFile(file, () => loadModule(text));
    const tmp = untilCmd === undefined ? undefined : mkdtempSync(join(tmpdir(), "minixla-reduce-"));
    try {
      const condition = untilCmd !== undefined && tmp !== undefined ? commandCondition(untilCmd, tmp, maxSeconds * 1000) : untilCondition(until ?? "", plugins, extraPasses, trials, seed);
      const result = await aboutFile(file, () =>
        reduceModule(module, condition, {
          maxSeconds,
          onProgress: (p) => {
            if (p.step === "start") io.err(`reduce: ${p.instructions} instructions\n`);
            else if (p.step !== "done") io.err(`  ${p.instructions} instructions  (${p.step})\n`);
          },
        }),
      );
      const printed = printHloModule(result.module);
      if (outFile === undefined) io.out(printed);
      else writeOutputFile(ensureOutputDir(dirname(outFile), "-o"), basename(outFile), printed);
      io.err(
        `reduced ${result.instructionsBefore} -> ${result.instructionsAfter} instructions: ${result.tried} candidates tried, ${result.accepted} kept` +
          `${result.timedOut ? `, stopped after --max-seconds ${maxSeconds}` : ""}` +
          `${result.stillInteresting ? "" : "; WARNING: the result no longer meets the condition (is it flaky?)"}` +
          `${outFile === undefined ? "" : `\nwrote ${escapeControls(outFile, true)}`}\n`,
      );
      return result.stillInteresting ? 0 : 1;
    } finally {
      if (tmp !== undefined) rmSync(tmp, { recursive: true, force: true });
    }
  },
};
