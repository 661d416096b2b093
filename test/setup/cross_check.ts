/**
 * Vitest setup file (root vitest.config.ts): every `evaluate` call of every
 * test — through `@minixla/interpreter` or a relative import inside the
 * interpreter, which both resolve to packages/interpreter/src/evaluate.ts —
 * also runs `compile(m, options).execute(args)` and fails on any bit of
 * difference (test/support/cross_check.ts). The module's other exports
 * (prepareModule, checkArguments, evaluateComputation) are the originals, so
 * compile itself is unaffected. MINIXLA_CROSSCHECK=0 turns it off.
 *
 * The factory runs only in test files that load the interpreter, so the
 * others pay nothing. It cannot await compile.ts, which imports the module
 * being mocked; it starts the import and the beforeAll below waits for it,
 * so every call from a test body or hook is checked (a call made while the
 * test file is still being collected may run unchecked).
 */
import { beforeAll, vi } from "vitest";
import { compilerReady } from "../support/cross_check.ts";

vi.mock(import("../../packages/interpreter/src/evaluate.ts"), async (importOriginal) => {
  const original = await importOriginal();
  const { crossChecked, loadCompiler } = await import("../support/cross_check.ts");
  loadCompiler(import("../../packages/interpreter/src/compiled/compile.ts").then((m) => m.compile));
  return { ...original, evaluate: crossChecked(original.evaluate) };
});

beforeAll(async () => {
  await compilerReady();
});
