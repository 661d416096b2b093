/**
 * The least each test file must cross-check (test/setup/cross_check.ts): the
 * evaluate calls and the evaluateSpmd calls checked against the compiled
 * engine, counted after the run. A file not listed that evaluates at all must
 * check at least one call, unless every call it made is an evaluateSpmd of a
 * module whose devices talk to each other (SPMD_UNCHECKED) or a spawned
 * minixla command (SPAWNED_UNCHECKED). Nothing is
 * required under MINIXLA_CROSSCHECK=0.
 *
 * The floors are the counts of a full run (MINIXLA_CROSSCHECK_REPORT); raise
 * them as tests are added. A file that checks fewer calls than its floor has
 * lost checks: a test skipped, a host no longer replayed, a wrapper bypassed.
 */
import { type CrossCheckTally, SPMD_UNCHECKED } from "../support/cross_check.ts";
import { SPAWNED_UNCHECKED } from "../support/cli.ts";

/** Repository-relative test file -> least evaluate + evaluateSpmd calls checked. */
export const CROSS_CHECK_FLOORS: Readonly<Record<string, { readonly evaluate: number; readonly spmd?: number }>> = {
};

/** Why `file`'s tally is under its floor, or undefined when it is not. */
export function crossCheckShortfall(file: string, t: CrossCheckTally): string | undefined {
  if (process.env.MINIXLA_CROSSCHECK === "0") return undefined;
  const floor = CROSS_CHECK_FLOORS[file];
  if (floor !== undefined) {
    if (t.checked < floor.evaluate) return `${t.checked} evaluate calls checked, under the floor of ${floor.evaluate}`;
    if (t.spmdChecked < (floor.spmd ?? 0)) return `${t.spmdChecked} evaluateSpmd calls checked, under the floor of ${floor.spmd}`;
    return undefined;
  }
  const unexplained = [...t.skipped].filter(([why]) => why !== SPMD_UNCHECKED && why !== SPAWNED_UNCHECKED).reduce((a, [, n]) => a + n, 0);
  if (t.checked + t.spmdChecked === 0 && unexplained > 0) return `no call checked (${unexplained} not checked); a file that evaluates must check at least one`;
  return undefined;
}
