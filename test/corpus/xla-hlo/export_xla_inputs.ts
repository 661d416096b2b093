/**
 * Writes every corpus module XLA's runner can be given, with the seeded
 * inputs the corpus evaluates it on, for xla_golden.py (one JSON object a
 * line), and the modules it cannot be given with the reason:
 *   npx tsx test/corpus/xla-hlo/export_xla_inputs.ts /tmp/xla_in.jsonl
 *   $(/path/to/conformance/xla_env.sh) test/corpus/xla-hlo/xla_golden.py /tmp/xla_in.jsonl test/corpus/xla-hlo/golden.json
 * The runner compiles for one CPU device and passes arrays only, so modules
 * on several devices, modules with host transfers (their values come from
 * the corpus's seeded host), modules taking tokens, and modules whose inputs
 * are too large to pass as JSON are listed, not run.
 */

/** Inputs above this many elements in all are not exported (their JSON would run to hundreds of megabytes). */
const MAX_INPUT_ELEMENTS = 2_000_000;
import { closeSync, openSync, writeSync } from "node:fs";
import { type ArrayLiteral, type HloModule, elementCount, entryComputation, isTupleShape, parametersOf, parseHloModule } from "@minixla/hlo";
import { corpusModules, deviceCountOf, randomInputs, xlaText } from "./corpus.ts";
import { encodeArray, inputsHash } from "./golden.ts";

const HOST_TRANSFERS: ReadonlySet<string> = new Set(["infeed", "outfeed", "send", "recv", "send-done", "recv-done"]);

function notRunnable(m: HloModule): string | undefined {
  const devices = deviceCountOf(m);
  if (devices > 1) return `runs on ${devices} devices; the XLA runner here compiles for one CPU device`;
  const host = m.computations.flatMap((c) => c.instructions).find((i) => HOST_TRANSFERS.has(i.opcode));
  if (host !== undefined) return `${host.opcode}: host transfers take their values from the corpus's seeded host, which the XLA runner has no counterpart for`;
  if (parametersOf(entryComputation(m)).some((p) => p.shape.elementType !== "tuple" && p.shape.elementType === "token")) {
    return "a token parameter, which the XLA runner cannot pass";
  }
  if (parametersOf(entryComputation(m)).some((p) => p.shape.elementType === "tuple")) return "a tuple parameter, which the XLA runner cannot pass";
  const n = parametersOf(entryComputation(m)).reduce((a, p) => a + (isTupleShape(p.shape) ? 0 : elementCount(p.shape)), 0);
  if (n > MAX_INPUT_ELEMENTS) return `inputs of ${n} elements, more than the ${MAX_INPUT_ELEMENTS} the export passes to the XLA runner`;
  return undefined;
}

const out = process.argv[2] ?? "/tmp/xla_in.jsonl";
const fd = openSync(out, "w");
let written = 0;
const notRun: Record<string, string> = {};
for (const mod of corpusModules()) {
  let m: HloModule;
  try {
    m = parseHloModule(mod.text);
  } catch {
    notRun[mod.id] = "minixla does not parse it, so it has no seeded inputs";
    continue;
  }
  const why = notRunnable(m);
  if (why !== undefined) {
    notRun[mod.id] = why;
    continue;
  }
  const inputs = randomInputs(mod.id, m) as ArrayLiteral[];
  writeSync(fd, `${JSON.stringify({ id: mod.id, text: xlaText(mod), inputs: inputs.map(encodeArray), inputsHash: inputsHash(inputs) })}\n`);
  written++;
}
writeSync(fd, `${JSON.stringify({ notRun })}\n`);
closeSync(fd);
console.log(`wrote ${written} modules to ${out}; ${Object.keys(notRun).length} not runnable`);
