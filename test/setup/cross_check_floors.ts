/**
 * The least each test file must cross-check (test/setup/cross_check.ts): the
 * evaluate calls and the evaluateSpmd calls checked against the compiled
 * engine, counted after the run. A file not listed that evaluates at all must
 * check at least one call, unless every call it made is an evaluateSpmd of a
 * module whose devices talk to each other (SPMD_UNCHECKED) or a spawned
 * minixla command (SPAWNED_UNCHECKED). Nothing is
 * required under MINIXLA_CROSSCHECK=0.
 *
 * The floors are the counts of a run of these files (MINIXLA_CROSSCHECK_REPORT),
 * evaluate calls in all, those with a host, and evaluateSpmd calls; raise them
 * as tests are added, and list more files the same way. A file that checks fewer calls than its floor has
 * lost checks: a test skipped, a host no longer replayed, a wrapper bypassed.
 */
import { type CrossCheckTally, SPMD_UNCHECKED } from "../support/cross_check.ts";
import { SPAWNED_UNCHECKED } from "../support/cli.ts";

/** Repository-relative test file -> least evaluate + evaluateSpmd calls checked. */
export const CROSS_CHECK_FLOORS: Readonly<Record<string, { readonly evaluate: number; readonly host?: number; readonly spmd?: number }>> = {
  "packages/interpreter/src/kernels/host_transfer.test.ts": { evaluate: 14, host: 11 },
  "packages/interpreter/src/spmd/evaluate_spmd.test.ts": { evaluate: 1 },
  "test/api_contract.test.ts": { evaluate: 25 },
  "test/broadcasting.test.ts": { evaluate: 30 },
  "test/collectives_builder.test.ts": { evaluate: 7 },
  "test/engines_cross_check.test.ts": { evaluate: 12, host: 4, spmd: 2 },
  "test/jax_rbg.test.ts": { evaluate: 1 },
  "test/rng_builder.test.ts": { evaluate: 5 },
  "test/stablehlo_fft_triangular_solve.test.ts": { evaluate: 28 },
  "test/stablehlo_interpret.test.ts": { evaluate: 321 },
  "test/stablehlo_spmd.test.ts": { evaluate: 1 },
  "test/stablehlo_testdata.test.ts": { evaluate: 57 },
  "test/xla_builder_lib.test.ts": { evaluate: 1353 },
  "test/xla_fuzz_corpus.test.ts": { evaluate: 4652 },
  "test/xla_fuzz_divergences.test.ts": { evaluate: 6 },
  // 635 evaluate calls (each with a host; XLA's values are compared on the same run) and 3 evaluateSpmd in the default run, less a margin.
  "test/xla_hlo_corpus.test.ts": { evaluate: 630, host: 600, spmd: 3 },
};

/** Why `file`'s tally is under its floor, or undefined when it is not. */
export function crossCheckShortfall(file: string, t: CrossCheckTally): string | undefined {
  if (process.env.MINIXLA_CROSSCHECK === "0") return undefined;
  const floor = CROSS_CHECK_FLOORS[file];
  if (floor !== undefined) {
    if (t.checked < floor.evaluate) return `${t.checked} evaluate calls checked, under the floor of ${floor.evaluate}`;
    if (t.checkedWithHost < (floor.host ?? 0)) return `${t.checkedWithHost} evaluate calls with a host checked, under the floor of ${floor.host}`;
    if (t.spmdChecked < (floor.spmd ?? 0)) return `${t.spmdChecked} evaluateSpmd calls checked, under the floor of ${floor.spmd}`;
    return undefined;
  }
  const unexplained = [...t.skipped].filter(([why]) => why !== SPMD_UNCHECKED && why !== SPAWNED_UNCHECKED).reduce((a, [, n]) => a + n, 0);
  if (t.checked + t.spmdChecked === 0 && unexplained > 0) return `no call checked (${unexplained} not checked); a file that evaluates must check at least one`;
  return undefined;
}
