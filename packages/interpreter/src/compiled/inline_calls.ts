/**
 * Call inlining for the compiled engine: a `call` whose callee nothing else
 * calls is replaced by the callee's instructions, under their own names (the
 * callee goes, so names stay unique in the module and every error names the
 * instruction the reference names), and get-tuple-element of the tuples that
 * were call results fold away (tuple-simplify). A while body that calls a
 * helper computation then runs as one flat program per iteration, without an
 * invocation, a frame and a tuple per call. Values are unchanged: a call
 * computes exactly what its callee computes, in the same order.
 */
import { type HloComputation, type HloInstruction, type HloModule, TUPLE_RULES, rewriteComputation } from "@minixla/hlo";
import { scheduleOf } from "../evaluate.ts";

const GTE_OF_TUPLE = TUPLE_RULES.filter((r) => r.name === "gte-of-tuple");

/** Computations called exactly once in the module, by a `call`. */
function singleCallees(m: HloModule): Set<string> {
  const uses = new Map<string, number>();
  const byCall = new Set<string>();
  for (const c of m.computations) {
    for (const inst of c.instructions) {
      for (const name of inst.called ?? []) {
        uses.set(name, (uses.get(name) ?? 0) + 1);
        if (inst.opcode === "call" && inst.called.length === 1) byCall.add(name);
      }
    }
  }
  return new Set([...byCall].filter((name) => uses.get(name) === 1));
}

function inlineInto(c: HloComputation, callees: ReadonlyMap<string, HloComputation>, used: Set<string>): HloComputation {
  if (!c.instructions.some((i) => i.opcode === "call" && callees.has(i.called[0]))) return c;
  const alias = new Map<string, string>();
  const out: HloInstruction[] = [];
  // Names are unique within a computation only: a callee sharing a name with its caller stays called.
  const taken = new Set(c.instructions.map((i) => i.name));
  for (const original of c.instructions) {
    const inst = original.operands.some((o) => alias.has(o))
      ? ({ ...original, operands: original.operands.map((o) => alias.get(o) ?? o) } as HloInstruction)
      : original;
    const callee = inst.opcode === "call" ? callees.get(inst.called[0]) : undefined;
    if (callee === undefined || callee.instructions.some((ci) => ci.opcode !== "parameter" && taken.has(ci.name))) {
      out.push(inst);
      continue;
    }
    used.add(callee.name);
    for (const ci of callee.instructions) taken.add(ci.name);
    const argument = new Map<string, string>();
    for (const ci of callee.instructions) if (ci.opcode === "parameter") argument.set(ci.name, inst.operands[ci.attributes.parameterNumber]);
    for (const ci of callee.instructions) {
      if (ci.opcode === "parameter") continue;
      out.push(ci.operands.some((o) => argument.has(o)) ? ({ ...ci, operands: ci.operands.map((o) => argument.get(o) ?? o) } as HloInstruction) : ci);
    }
    alias.set(inst.name, argument.get(callee.root) ?? callee.root);
  }
  return { ...c, instructions: out, root: alias.get(c.root) ?? c.root };
}

/**
 * The module with its single-use calls inlined, or the module itself when
 * inlining could show: when a memory budget of `maxBytes` could bind (the
 * results of all instructions together pass it; the budget counts each
 * invocation's live values, which inlining merges) or nothing is inlinable.
 */
export function inlineSingleCalls(m: HloModule, maxBytes: number): HloModule {
  const single = singleCallees(m);
  if (single.size === 0) return m;
  let total = 0;
  for (const c of m.computations) for (const b of scheduleOf(c).resultBytes) total += b;
  if (total > maxBytes) return m;
  const inlined = new Map<string, HloComputation>();
  const used = new Set<string>();
  // Callees come before their callers, so a callee is free of inlinable calls when it is copied
  // (one listed after its caller is left called).
  const all = m.computations.map((c) => {
    const next = inlineInto(c, inlined, used);
    if (single.has(c.name)) inlined.set(c.name, next);
    return next;
  });
  if (used.size === 0) return m;
  const unchanged = new Set(m.computations);
  const flat: HloModule = { ...m, computations: all.filter((c) => !used.has(c.name)) };
  // Only computations that took a callee fold their get-tuple-element of its tuple root.
  return {
    ...flat,
    computations: flat.computations.map((c) => (unchanged.has(c) ? c : rewriteComputation(c, GTE_OF_TUPLE, flat))),
  };
}
