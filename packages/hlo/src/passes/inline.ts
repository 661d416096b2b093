/**
 * inline: replaces every `call` and `fusion` with a copy of its callee's instructions,
 * renamed to names unique in the module; the callee's root takes the call's
 * name, so users of the call need no change. Callees left uncalled are
 * removed later by dce.
 */
import type { HloInstruction } from "../instruction.ts";
import { type HloComputation, type HloModule, assertStructure } from "../module.ts";
import { type HloPass, withComputations } from "./pass.ts";
import { lazyNames } from "./rewrite.ts";

/** A call, or a fusion: both compute exactly what their one callee computes. */
const inlinable = (i: HloInstruction): boolean => i.opcode === "call" || i.opcode === "fusion";

function inlineComputation(c: HloComputation, callees: ReadonlyMap<string, HloComputation>, fresh: (base: string) => string): HloComputation {
  if (!c.instructions.some(inlinable)) return c;
  const alias = new Map<string, string>();
  const out: HloInstruction[] = [];
  for (const original of c.instructions) {
    const inst = original.operands.some((o) => alias.has(o))
      ? ({ ...original, operands: original.operands.map((o) => alias.get(o) ?? o) } as HloInstruction)
      : original;
    const callee = inlinable(inst) ? callees.get(inst.called[0]) : undefined;
    if (callee === undefined) {
      out.push(inst);
      continue;
    }
    const renamed = new Map<string, string>();
    for (const ci of callee.instructions) {
      if (ci.opcode === "parameter") renamed.set(ci.name, inst.operands[ci.attributes.parameterNumber]);
      else renamed.set(ci.name, ci.name === callee.root ? inst.name : fresh(ci.name));
    }
    for (const ci of callee.instructions) {
      if (ci.opcode === "parameter") continue;
      out.push({ ...ci, name: renamed.get(ci.name), operands: ci.operands.map((o) => renamed.get(o) ?? o) } as HloInstruction);
    }
    // A callee that returns a parameter: the call's users read the argument instead.
    const root = renamed.get(callee.root) ?? inst.name;
    if (root !== inst.name) alias.set(inst.name, root);
  }
  return { ...c, instructions: out, root: alias.get(c.root) ?? c.root };
}

/** Replaces each call and fusion with its callee's instructions, renamed uniquely. */
export const inline: HloPass = {
  name: "inline",
  description: "replaces each call and fusion with its callee's instructions, renamed uniquely",
  run(m: HloModule): HloModule {
    assertStructure(m, "pass inline");
    const fresh = lazyNames(m);
    const updated = new Map<string, HloComputation>();
    // Callees come first, so each callee is already free of calls when it is copied.
    const computations = m.computations.map((c) => {
      const next = inlineComputation(c, updated, (base) => fresh().unique(base));
      updated.set(c.name, next);
      return next;
    });
    return withComputations(m, computations);
  },
};
