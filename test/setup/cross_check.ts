/**
 * Vitest setup file (root vitest.config.ts): every `evaluate` call of every
 * test — through `@minixla/interpreter` or a relative import inside the
 * interpreter, which both resolve to packages/interpreter/src/evaluate.ts —
 * also runs `compile(m, options).execute(args)` and fails on any bit of
 * difference (test/support/cross_check.ts), host calls included (replayed to
 * the compiled run); every `evaluateSpmd` call of a module whose devices do
 * not talk to each other is checked device by device the same way. The
 * modules' other exports (prepareModule, checkArguments, ...) are the
 * originals, so compile itself is unaffected. MINIXLA_CROSSCHECK=0 turns it off.
 *
 * The factory runs only in test files that load the interpreter, so the
 * others pay nothing. It cannot await compile.ts, which imports the module
 * being mocked; it starts the import and the beforeAll below waits for it,
 * so every call from a test body or hook is checked (a call made while the
 * test file is still being collected runs unchecked, and is counted so).
 *
 * After the file's tests, the afterAll below prints what was checked and
 * what was not (by reason; minixla commands spawned by test/support/cli.ts
 * count as not checked, since they evaluate in a process of their own), and fails the file when fewer calls were checked
 * than its floor (test/setup/cross_check_floors.ts). With
 * MINIXLA_CROSSCHECK_REPORT=<path> it also appends the counts to that file
 * as a JSON line, to set the floors from.
 */
import { appendFileSync } from "node:fs";
import { relative } from "node:path";
import { afterAll, beforeAll, expect, vi } from "vitest";
import { compilerReady, crossCheckTally } from "../support/cross_check.ts";
import { SPAWNED_UNCHECKED, spawnedRuns } from "../support/cli.ts";
import { crossCheckShortfall } from "./cross_check_floors.ts";

vi.mock(import("../../packages/interpreter/src/evaluate.ts"), async (importOriginal) => {
  const original = await importOriginal();
  const { crossChecked, loadCompiler } = await import("../support/cross_check.ts");
  loadCompiler(import("../../packages/interpreter/src/compiled/compile.ts").then((m) => m.compile));
  return { ...original, evaluate: crossChecked(original.evaluate) };
});

vi.mock(import("../../packages/interpreter/src/spmd/evaluate_spmd.ts"), async (importOriginal) => {
  const original = await importOriginal();
  const { crossCheckedSpmd } = await import("../support/cross_check.ts");
  return { ...original, evaluateSpmd: crossCheckedSpmd(original.evaluateSpmd) };
});

const ROOT = relative(process.cwd(), `${import.meta.dirname}/../..`);

beforeAll(async () => {
  await compilerReady();
});

afterAll(() => {
  const counted = crossCheckTally();
  const spawned = spawnedRuns();
  const t = spawned === 0 ? counted : { ...counted, skipped: new Map([...counted.skipped, [SPAWNED_UNCHECKED, spawned]]) };
  const skipped = [...t.skipped.values()].reduce((a, b) => a + b, 0);
  if (t.checked + t.spmdChecked + skipped === 0) return;
  const file = relative(ROOT === "" ? "." : ROOT, expect.getState().testPath ?? "?").replaceAll("\\", "/");
  const reasons = [...t.skipped].map(([why, n]) => `${n} ${why}`).join("; ");
  console.log(
    `cross-check ${file}: ${t.checked} evaluate calls checked (${t.checkedWithHost} with a host, replayed), ${t.spmdChecked} evaluateSpmd calls checked; not checked: ${reasons === "" ? "none" : reasons}`,
  );
  const report = process.env.MINIXLA_CROSSCHECK_REPORT;
  if (report !== undefined && report !== "") {
    appendFileSync(report, `${JSON.stringify({ file, checked: t.checked, checkedWithHost: t.checkedWithHost, spmdChecked: t.spmdChecked, skipped: Object.fromEntries(t.skipped) })}\n`);
  }
  const shortfall = crossCheckShortfall(file, t);
  if (shortfall !== undefined) throw new Error(`cross-check ${file}: ${shortfall}`);
});
