/**
 * minixla's own outputs for the modules (xla-hlo, and the HLO translations of
 * StableHLO's interpreter tests and test data) whose HLO text XLA does not
 * run (GPU fusion kinds, layouts it refuses, ...) while it runs their printed
 * StableHLO: so check_stablehlo_print.py --reference can still compare the
 * printed text's outputs on XLA with a reference (minixla's interpreter, on
 * the same seeded inputs). Writes ref<i>.npy beside each such module's files:
 *   npx tsx scripts/stablehlo_print_reference.ts /tmp/shlo-b/manifest.json /tmp/shlo-b.json
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseHloModule, writeNpy } from "@minixla/hlo";
import { evaluate, inferDeviceCounts } from "@minixla/interpreter";
import { readCorpus } from "../test/corpus/stablehlo/mlir_cases.ts";
import { readTestdataCorpus } from "../test/corpus/stablehlo/testdata_cases.ts";
import { arrayLeaves, corpusEvalOptions, corpusModules, randomInputs } from "../test/corpus/xla-hlo/corpus.ts";

interface Entry {
  readonly corpus: string;
  readonly id: string;
  readonly dir: string;
}
interface Result {
  readonly corpus: string;
  readonly id: string;
  readonly status: string;
}

const [manifestPath, resultPath] = process.argv.slice(2);
const entries = JSON.parse(readFileSync(manifestPath, "utf8")) as Entry[];
const wanted = new Set(
  (JSON.parse(readFileSync(resultPath, "utf8")) as Result[]).filter((r) => r.status === "accepted-hlo-fails").map((r) => `${r.corpus}/${r.id}`),
);
const texts = new Map(corpusModules().map((m) => [`xla-hlo/${m.id}`, m.text]));
// The HLO translations of StableHLO's interpreter tests and test data: functions without arguments.
for (const c of readCorpus().cases) texts.set(`stablehlo-interpret/${c.id}`, c.hlo);
for (const c of readTestdataCorpus().cases) texts.set(`stablehlo-testdata/${c.id}`, c.hlo);
let written = 0;
for (const e of entries) {
  const key = `${e.corpus}/${e.id}`;
  if (!wanted.has(key) || !texts.has(key)) continue;
  try {
    const m = parseHloModule(texts.get(key) as string);
    const { replicaCount, numPartitions } = inferDeviceCounts(m);
    if (replicaCount * numPartitions !== 1) continue;
    const inputs = e.corpus === "xla-hlo" ? randomInputs(e.id, m) : [];
    const outs = arrayLeaves(evaluate(m, inputs, e.corpus === "xla-hlo" ? corpusEvalOptions(e.id, m) : {}));
    outs.forEach((o, i) => writeFileSync(join(e.dir, `ref${i}.npy`), writeNpy(o)));
    written++;
  } catch (err) {
    console.log(`${e.id}: ${(err as Error).message.split("\n")[0]}`);
  }
}
console.log(`${written} of ${wanted.size} modules have minixla's outputs`);
