/**
 * Updates test/corpus/xla-hlo/expected.json from what minixla does today with
 * every module of the vendored XLA corpus, and prints the tally. A status may
 * only get better: the script refuses to write a lower status, a failure with
 * another error class or message, or a new disagreement with XLA's golden
 * values, unless told to accept it with the reason, which the table keeps
 * beside the status. A crash (an exception that is no HloError) is never
 * written.
 *
 *   npx tsx scripts/update_xla_hlo_expected.ts                  # slow modules keep their recorded status
 *   MINIXLA_SLOW=1 npx tsx scripts/update_xla_hlo_expected.ts   # evaluates the slow ones too
 *   npx tsx scripts/update_xla_hlo_expected.ts --accept-regression ID --reason "why"    # a lower status
 *   npx tsx scripts/update_xla_hlo_expected.ts --accept-divergence ID --reason "why"    # XLA's values differ
 *
 * Real XLA's outputs (golden.json) come from XLA itself and are regenerated
 * separately: see test/corpus/xla-hlo/export_xla_inputs.ts.
 */
import { EXPECTED_PATH, SLOW_NOT_RUN, corpusModules, formatTally, readPinnedTable, runModule, tally } from "../test/corpus/xla-hlo/corpus.ts";
import { type ArrayLiteral } from "@minixla/hlo";
import { goldenDifferences, readGolden } from "../test/corpus/xla-hlo/golden.ts";
import { type Pinned, describe, judge, writePinned } from "../test/corpus/xla-hlo/status.ts";

/** `--accept-regression ID --reason R` and `--accept-divergence ID --reason R` pairs. */
function acceptances(argv: readonly string[]): { regressions: Map<string, string>; divergences: Map<string, string> } {
  const regressions = new Map<string, string>();
  const divergences = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag !== "--accept-regression" && flag !== "--accept-divergence") throw new Error(`unknown argument ${flag}`);
    const id = argv[i + 1];
    const reason = argv[i + 3];
    if (id === undefined || argv[i + 2] !== "--reason" || reason === undefined || reason.trim() === "") {
      throw new Error(`${flag} needs a module id and --reason "why"`);
    }
    (flag === "--accept-regression" ? regressions : divergences).set(id, reason);
    i += 3;
  }
  return { regressions, divergences };
}

const { regressions, divergences } = acceptances(process.argv.slice(2));
const slow = process.env.MINIXLA_SLOW === "1";
const before = readPinnedTable();
const golden = new Map(readGolden().cases.map((g) => [g.id, g]));
const after: Record<string, Pinned> = {};
const refused: string[] = [];
const results = corpusModules().map((mod) => {
  const r = runModule(mod, { slow });
  const old = before[mod.id];
  // A slow module not run this time keeps the status a slow run recorded.
  if (old !== undefined && r.notEvaluated === SLOW_NOT_RUN) {
    after[mod.id] = old;
    return r;
  }
  const o = r.outcome;
  if (o.status === "crashes") {
    refused.push(`${mod.id}: ${describe(o)} (a crash is never a status: fix it)`);
    return r;
  }
  const verdict = old === undefined ? { kind: "better" as const } : judge(o, old);
  let entry: Pinned;
  if (verdict.kind === "same") entry = old!;
  else if (verdict.kind === "better") entry = o;
  else {
    const reason = regressions.get(mod.id);
    if (reason === undefined) {
      refused.push(`${mod.id}: ${verdict.why} (--accept-regression ID --reason "why" to accept it)`);
      return r;
    }
    entry = { ...o, regression: reason };
  }
  // The XLA check: a divergence recorded stays only while the values still differ; a new one needs a reason.
  const g = golden.get(mod.id);
  const { xlaDivergence: _dropped, ...rest } = entry;
  entry = rest;
  if (o.status === "evaluates" && g !== undefined && r.outputs !== undefined && r.inputs !== undefined) {
    const diffs = goldenDifferences(g, r.inputs as ArrayLiteral[], r.outputs);
    if (diffs.length > 0) {
      const reason = divergences.get(mod.id) ?? old?.xlaDivergence;
      if (reason === undefined) refused.push(`${mod.id}: differs from XLA's values: ${diffs[0]} (--accept-divergence ID --reason "why" to record it)`);
      else entry = { ...entry, xlaDivergence: reason };
    }
  } else if (old?.xlaDivergence !== undefined) {
    // Not compared this time (not evaluated, or run on several devices): keep what was recorded.
    entry = { ...entry, xlaDivergence: old.xlaDivergence };
  }
  after[mod.id] = entry;
  return r;
});
console.log(formatTally(tally(results)));
if (refused.length > 0) {
  console.error(`refused to write ${EXPECTED_PATH}:\n  ${refused.join("\n  ")}`);
  process.exit(1);
}
writePinned(EXPECTED_PATH, after);
const changed = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).length;
console.log(`wrote ${EXPECTED_PATH}: ${Object.keys(after).length} modules, ${changed} changed`);
