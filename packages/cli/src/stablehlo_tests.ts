/**
 * `minixla run` on a StableHLO test file (one with check ops, split by
 * `// -----` as StableHLO's interpreter tests are): each test function runs
 * on the reference engine and each check is reported as it is judged, then a
 * tally line; the status is 1 when any check fails or a function cannot be read.
 * A function without checks passes when it runs without an error (as the
 * interpreter's lit tests do); `interpreter.run_parallel` runs its grid of
 * processes first (stablehlo_grid.ts).
 */
import { type Literal, isTupleLiteral, judgeCheck, lowerBroadcasts, readStableHloTests, verifyModule } from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";
import type { CommandIo } from "./commands/command.ts";
import { flattenOutputs } from "./pipeline.ts";
import { runParallel } from "./stablehlo_grid.ts";

/** What running a test file found: a line per check (or per function not run) and the tally. */
export interface StableHloFileResult {
  readonly lines: readonly string[];
  readonly passed: number;
  readonly failed: number;
}

/** Runs every test of `text` and prints one line per check and a tally; returns the exit status. */
export function runStableHloTests(io: CommandIo, file: string, text: string): number {
  const r = stableHloFileResults(file, text);
  for (const line of r.lines) io.out(`${line}\n`);
  io.out(`${r.passed} passed, ${r.failed} failed\n`);
  return r.failed > 0 ? 1 : 0;
}

/** Runs every test of a StableHLO test file on the reference engine and judges its checks. */
export function stableHloFileResults(file: string, text: string): StableHloFileResult {
  const lines: string[] = [];
  const io = { out: (s: string) => lines.push(s.replace(/\n$/, "")) };
  let passed = 0;
  let failed = 0;
  for (const test of readStableHloTests(text)) {
    if (test.module === undefined) {
      failed++;
      io.out(`FAIL ${file}:${test.line} @${test.name}: ${test.error?.message.split("\n")[0] ?? "not read"}\n`);
      continue;
    }
    let outputs;
    const probes = new Map<number, Literal[]>();
    try {
      // A test with an interpreter.run_parallel takes the grid's results as its parameters.
      const args = test.parallel === undefined ? [] : runParallel(test.parallel).results;
      verifyModule(test.module, { allowImplicitBroadcast: true });
      // Probes are outfeeds of (value, probe number): keep each probe's values in order.
      const outfeed = (v: Literal): void => {
        if (!isTupleLiteral(v) || v.elements.length !== 2 || isTupleLiteral(v.elements[1])) throw new Error("an outfeed that is not a probe's record");
        const n = Number(v.elements[1].data[0]);
        probes.set(n, [...(probes.get(n) ?? []), v.elements[0]]);
      };
      outputs = flattenOutputs(evaluate(lowerBroadcasts(test.module), args, { host: { outfeed } }));
    } catch (e) {
      failed++;
      io.out(`FAIL ${file}:${test.line} @${test.name}: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}\n`);
      continue;
    }
    if (test.checks.length === 0) {
      // StableHLO's test passes when the interpreter runs the function without an error.
      passed++;
      io.out(`PASS ${file}:${test.line} @${test.name} ran (it has no checks)\n`);
    }
    for (const c of test.checks) {
      const v = judgeCheck(c, outputs, probes);
      if (v.pass) passed++;
      else failed++;
      io.out(`${v.pass ? "PASS" : "FAIL"} ${file}:${c.line}:${c.column} @${test.name} check.${c.kind}${v.pass ? "" : `: ${v.message}`}\n`);
    }
  }
  return { lines, passed, failed };
}
