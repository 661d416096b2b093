/**
 * Regenerates test/corpus/xla-hlo/expected.json from what minixla does today
 * with every module of the vendored XLA corpus, and prints the tally.
 *
 *   npx tsx scripts/update_xla_hlo_expected.ts             # slow modules keep their recorded status
 *   MINIXLA_SLOW=1 npx tsx scripts/update_xla_hlo_expected.ts   # evaluates the slow ones too
 *
 * Real XLA's outputs for a subset (golden.json) come from XLA itself and are
 * regenerated separately: see test/corpus/xla-hlo/make_golden.ts.
 */
import { writeFileSync } from "node:fs";
import {
  type Expected,
  EXPECTED_PATH,
  agrees,
  corpusModules,
  formatTally,
  readExpected,
  runModule,
  statusRank,
  tally,
} from "../test/corpus/xla-hlo/corpus.ts";

const slow = process.env.MINIXLA_SLOW === "1";
const before = readExpected();
const after: Record<string, Expected> = {};
const results = corpusModules().map((mod) => {
  const r = runModule(mod, { slow });
  const old = before[mod.id];
  // A slow module not run this time keeps the status a slow run recorded.
  after[mod.id] = old !== undefined && r.notEvaluated?.startsWith("slow") && statusRank(old) >= 4 && agrees(r, old) ? old : r.status;
  return r;
});
const sorted = Object.fromEntries(Object.entries(after).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(EXPECTED_PATH, `${JSON.stringify(sorted, null, 1)}\n`);
const changed = Object.keys(sorted).filter((k) => before[k] !== sorted[k]).length;
console.log(formatTally(tally(results)));
console.log(`wrote ${EXPECTED_PATH}: ${Object.keys(sorted).length} modules, ${changed} changed`);
