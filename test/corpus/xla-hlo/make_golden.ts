/**
 * Picks the corpus modules to check against real XLA and writes them with
 * their seeded inputs for xla_golden.py:
 *   npx tsx test/corpus/xla-hlo/make_golden.ts /tmp/golden_in.json
 *   /tmp/minixla-xla-venv/bin/python test/corpus/xla-hlo/xla_golden.py /tmp/golden_in.json test/corpus/xla-hlo/golden.json
 * A module qualifies when minixla evaluates it, it has no elided constants
 * (their random values exist only here), its parameters are arrays, and its
 * inputs and outputs are small (the JSON stays small); modules from XLA's CPU
 * folders come first.
 */
import { writeFileSync } from "node:fs";
import {
  type HloModule,
  elementCount,
  entryComputation,
  isTupleShape,
  lowerBroadcasts,
  parametersOf,
  parseHloModule,
  type Shape,
  type ArrayLiteral,
} from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";
import { corpusModules, isSlow, randomInputs, readExpected } from "./corpus.ts";
import { encodeArray, leaves } from "./golden.ts";

const MAX_ELEMENTS = 2048;
const MAX_CASES = Number(process.env.MAX_CASES ?? 60);

function elements(s: Shape): number {
  return isTupleShape(s) ? s.tupleShapes.reduce((a, t) => a + elements(t), 0) : elementCount(s);
}

function hasElided(m: HloModule): boolean {
  return m.computations.some((c) => c.instructions.some((i) => i.opcode === "constant" && i.attributes.elided === true));
}

const priority = (id: string) => (id.includes("/backends/cpu/") ? 0 : id.includes("/codegen/emitters/") ? 1 : 2);
const expected = readExpected();
const picked: { id: string; text: string; inputs: ReturnType<typeof encodeArray>[] }[] = [];
const candidates = corpusModules()
  .filter((m) => expected[m.id] === "evaluates")
  .sort((a, b) => priority(a.id) - priority(b.id) || (a.id < b.id ? -1 : 1));
for (const mod of candidates) {
  if (picked.length >= MAX_CASES) break;
  const m = parseHloModule(mod.text);
  if (hasElided(m) || isSlow(m, mod.id)) continue;
  const entry = entryComputation(m);
  const params = parametersOf(entry);
  if (params.some((p) => isTupleShape(p.shape))) continue;
  const root = entry.instructions.find((i) => i.name === entry.root)!;
  if (params.reduce((a, p) => a + elements(p.shape), 0) + elements(root.shape) > MAX_ELEMENTS) continue;
  const lowered = lowerBroadcasts(m);
  const inputs = randomInputs(mod.id, lowered) as ArrayLiteral[];
  try {
    leaves(evaluate(lowered, inputs, { maxWhileIterations: 100_000 }));
  } catch {
    continue;
  }
  picked.push({ id: mod.id, text: mod.text, inputs: inputs.map(encodeArray) });
}
const out = process.argv[2] ?? "/tmp/golden_in.json";
writeFileSync(out, JSON.stringify(picked));
console.log(`wrote ${picked.length} modules to ${out}`);
