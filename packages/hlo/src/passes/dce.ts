/**
 * dce: removes instructions whose values reach no root (parameters and
 * custom-calls, which may have side effects, are kept) and computations
 * unreachable from the entry.
 */
import { type HloComputation, type HloModule, assertStructure } from "../module.ts";
import { OPCODES } from "../opcode.ts";
import { reachableComputations } from "../verify/call_graph.ts";
import { type HloPass, mapComputations, withComputations } from "./pass.ts";

/** One backward sweep suffices: instructions are in def-before-use order. */
function dceComputation(c: HloComputation): HloComputation {
  const live = new Set<string>([c.root]);
  for (let i = c.instructions.length - 1; i >= 0; i--) {
    const inst = c.instructions[i];
    // Host transfers (infeed, outfeed, send, recv...) act outside the module: never dead.
    if (inst.opcode === "parameter" || inst.opcode === "custom-call" || OPCODES[inst.opcode].family === "host_transfer") live.add(inst.name);
    if (live.has(inst.name)) for (const o of inst.operands) live.add(o);
  }
  if (live.size >= c.instructions.length && c.instructions.every((i) => live.has(i.name))) return c;
  return { ...c, instructions: c.instructions.filter((i) => live.has(i.name)) };
}

/** Dead-code elimination: removes instructions nothing uses (parameters kept) and computations unreachable from the entry. */
export const dce: HloPass = {
  name: "dce",
  description: "removes dead instructions (keeping parameters) and computations unreachable from the entry",
  run(m: HloModule): HloModule {
    assertStructure(m, "pass dce");
    const reachable = reachableComputations(m);
    const pruned = reachable.size === 0 ? m : withComputations(m, m.computations.filter((c) => reachable.has(c.name)));
    return mapComputations(pruned, dceComputation);
  },
};
