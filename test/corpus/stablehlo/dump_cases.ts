/**
 * Writes the translated StableHLO cases (HLO text and expected values) as JSON
 * for xla_check.py, which runs them on real XLA:
 *   npx tsx test/corpus/stablehlo/dump_cases.ts /tmp/cases.json
 */
import { writeFileSync } from "node:fs";
import { readCorpus } from "./mlir_cases.ts";

const out = process.argv[2] ?? "/tmp/stablehlo_cases.json";
const { cases } = readCorpus();
const json = cases.map((c) => ({
  id: c.id,
  hlo: c.hlo,
  checks: c.checks.map((k) => ({
    type: k.type,
    tolerance: k.tolerance,
    expected: k.expected.map((v) => (Array.isArray(v) ? v.map(String) : String(v))),
  })),
}));
writeFileSync(out, JSON.stringify(json));
console.log(`wrote ${cases.length} cases to ${out}`);
