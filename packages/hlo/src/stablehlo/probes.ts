/**
 * `interpreter.probe`: StableHLO's interpreter records its operand each time
 * it runs (`probe_id_1.npy`, `probe_id_2.npy`, ... for a probe in a loop)
 * and `check.expect_serialized_eq %x, probe_id = "p", iter = N` compares %x
 * with the value recorded the N-th time (0-based). In HLO a probe becomes an
 * outfeed of the pair (operand, probe number) in a test's translation
 * (recordProbes): wherever the probe sits (a loop body, a branch), each run
 * hands its value to the evaluator's host, which the test runner keeps per
 * probe number, in order. Outside tests a probe is its operand.
 */
import type { Comp, Val } from "./emitter.ts";
import type { Op } from "./syntax.ts";
import type { Translation } from "./translate.ts";

const numbers = new WeakMap<Translation, Map<string, number>>();
const recording = new WeakSet<Translation>();

/**
 * Makes the probes of translation `t` record their values (a test's
 * translation); elsewhere a probe is its operand and nothing more, so a
 * module read to run needs no host for it.
 */
export function recordProbes(t: Translation): void {
  recording.add(t);
}

/** The number of probe id `id` in this translation (given in order of first use). */
export function probeNumber(t: Translation, id: string): number {
  let m = numbers.get(t);
  if (m === undefined) {
    m = new Map();
    numbers.set(t, m);
  }
  let n = m.get(id);
  if (n === undefined) {
    n = m.size;
    m.set(id, n);
  }
  return n;
}

/** Translates `interpreter.probe`: an outfeed of (operand, probe number); its result is its operand. */
export function translateProbe(t: Translation, comp: Comp, op: Op, operands: readonly Val[]): Val[] {
  const id = op.attrs.get("probe_id");
  const x = operands[0];
  if (id?.kind !== "string" || x === undefined) throw t.out.lx.error(op.at, "interpreter.probe takes one operand and probe_id = \"...\"");
  t.probes.set(id.value, x);
  if (!recording.has(t)) return [x];
  const tagType = { kind: "tensor", elementType: "s32", dims: [] } as const;
  const tag = comp.constant("probe_number", tagType, String(probeNumber(t, id.value)), op.at);
  const pair = comp.emit("probe", { kind: "tuple", elements: [x.type, tagType] }, "tuple", [x, tag], "", op.at);
  const token = comp.emit("probe_token", { kind: "token" }, "after-all", [], "", op.at);
  comp.emit("probe_outfeed", { kind: "token" }, "outfeed", [pair, token], "", op.at);
  return [x];
}
