/**
 * The call graph between computations: which computations each one calls,
 * which are reachable from the entry, and a cycle finder. Walks are iterative
 * so deep call chains never touch the JS stack.
 */
import type { HloComputation, HloModule } from "../module.ts";
import { computationMap } from "../module.ts";

/** Names of the computations `c` calls, in first-call order, without repeats. */
export function calleeNames(c: HloComputation): readonly string[] {
  const seen = new Set<string>();
  for (const inst of c.instructions) for (const n of inst.called) seen.add(n);
  return [...seen];
}

/** Names of the computations reachable from the entry (the entry included); missing callees are skipped. */
export function reachableComputations(m: HloModule): ReadonlySet<string> {
  const byName = computationMap(m);
  const reached = new Set<string>();
  if (!byName.has(m.entry)) return reached;
  const stack = [m.entry];
  reached.add(m.entry);
  while (stack.length > 0) {
    const c = byName.get(stack.pop() as string);
    if (!c) continue;
    for (const n of calleeNames(c)) {
      if (!reached.has(n) && byName.has(n)) {
        reached.add(n);
        stack.push(n);
      }
    }
  }
  return reached;
}

/** One cycle of the call graph as a path [a, b, ..., a], or undefined if the graph is acyclic. */
export function findCallCycle(m: HloModule): readonly string[] | undefined {
  const byName = computationMap(m);
  const state = new Map<string, "open" | "done">();
  for (const start of m.computations) {
    if (state.has(start.name)) continue;
    // Each frame: a computation and the index of its next callee to visit.
    const frames: { name: string; callees: readonly string[]; next: number }[] = [];
    const push = (name: string) => {
      state.set(name, "open");
      const c = byName.get(name);
      frames.push({ name, callees: c ? calleeNames(c) : [], next: 0 });
    };
    push(start.name);
    while (frames.length > 0) {
      const top = frames[frames.length - 1];
      if (top.next >= top.callees.length) {
        state.set(top.name, "done");
        frames.pop();
        continue;
      }
      const callee = top.callees[top.next++];
      if (!byName.has(callee)) continue;
      const s = state.get(callee);
      if (s === "open") {
        const from = frames.findIndex((f) => f.name === callee);
        return [...frames.slice(from).map((f) => f.name), callee];
      }
      if (s === undefined) push(callee);
    }
  }
  return undefined;
}
