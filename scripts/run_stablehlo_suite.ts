/**
 * Runs StableHLO's own test files (its interpreter tests and its
 * JAX-generated test data) through minixla's StableHLO reader and reference
 * engine, and prints each file's status: `pass`, or the first failing line.
 *
 *   npx tsx scripts/run_stablehlo_suite.ts DIR [--write STATUS.json]
 *
 * DIR is a fetched openxla/stablehlo checkout (its stablehlo/tests/interpret
 * and stablehlo/testdata are run) or test/corpus/stablehlo-mlir (its
 * interpret/ and testdata/). --write records the statuses, as
 * test/corpus/stablehlo-mlir/status.json pins them.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stableHloFileResults } from "@minixla/cli";

export function fileStatus(path: string, name: string): string {
  const r = stableHloFileResults(name, readFileSync(path, "utf8"));
  if (r.failed === 0 && r.passed > 0) return "pass";
  const first = r.lines.find((l) => l.startsWith("FAIL")) ?? "no checks ran";
  return `fail: ${first.replace(/^FAIL \S+ /, "").slice(0, 200)}`;
}

function main(argv: readonly string[]): void {
  const dir = argv[0];
  if (dir === undefined) throw new Error("usage: run_stablehlo_suite.ts DIR [--write STATUS.json]");
  const write = argv.indexOf("--write") >= 0 ? argv[argv.indexOf("--write") + 1] : undefined;
  const checkout = existsSync(join(dir, "stablehlo", "testdata"));
  const folders = checkout
    ? { interpret: join(dir, "stablehlo", "tests", "interpret"), testdata: join(dir, "stablehlo", "testdata") }
    : { interpret: join(dir, "interpret"), testdata: join(dir, "testdata") };
  const status: Record<string, string> = {};
  const tally = { pass: 0, fail: 0 };
  for (const [suite, folder] of Object.entries(folders)) {
    for (const f of readdirSync(folder).filter((x) => x.endsWith(".mlir")).sort()) {
      const s = fileStatus(join(folder, f), f);
      status[`${suite}/${f}`] = s;
      tally[s === "pass" ? "pass" : "fail"]++;
      process.stdout.write(`${suite}/${f}: ${s}\n`);
    }
  }
  process.stdout.write(`${tally.pass} files pass, ${tally.fail} do not\n`);
  if (write !== undefined) writeFileSync(write, `${JSON.stringify(status, null, 1)}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
