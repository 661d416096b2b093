/**
 * The `--around NAME --depth K` view of a large module: the instructions at
 * most K edges (operand or user, either direction) from NAME inside its
 * computation, found breadth-first; how many neighbours each drawn
 * instruction has outside the view, so the picture can say so.
 */
import { type HloComputation, type HloModule, HloError } from "@minixla/hlo";

/** The instructions drawn around a centre, and what each has outside the view. */
export interface Neighbourhood {
  readonly computation: HloComputation;
  /** Names within `depth` of the centre, in the computation's order. */
  readonly names: ReadonlySet<string>;
  /** For each drawn name: operands and users it has outside the view. */
  readonly hidden: ReadonlyMap<string, { readonly operands: number; readonly users: number }>;
}

/** Where an instruction of that name is: each computation holding one. */
export function computationsHolding(m: HloModule, name: string): readonly HloComputation[] {
  return m.computations.filter((c) => c.instructions.some((i) => i.name === name));
}

/**
 * The neighbourhood of `name` (in the first computation, entry first, that
 * holds it), `depth` edges deep. Throws HloError when no instruction has that name.
 */
export function neighbourhood(m: HloModule, name: string, depth: number): Neighbourhood {
  const holding = computationsHolding(m, name);
  if (holding.length === 0) throw new HloError(`no instruction named ${JSON.stringify(name)} in module ${m.name}`);
  const computation = holding.find((c) => c.name === m.entry) ?? holding[0];
  const users = new Map<string, string[]>();
  const operands = new Map<string, readonly string[]>();
  for (const inst of computation.instructions) {
    operands.set(inst.name, inst.operands);
    for (const o of inst.operands) {
      const list = users.get(o) ?? [];
      list.push(inst.name);
      users.set(o, list);
    }
  }
  const distance = new Map<string, number>([[name, 0]]);
  let frontier = [name];
  for (let d = 1; d <= depth && frontier.length > 0; d++) {
    const next: string[] = [];
    for (const n of frontier) {
      for (const m2 of [...(operands.get(n) ?? []), ...(users.get(n) ?? [])]) {
        if (distance.has(m2)) continue;
        distance.set(m2, d);
        next.push(m2);
      }
    }
    frontier = next;
  }
  const names = new Set(computation.instructions.map((i) => i.name).filter((n) => distance.has(n)));
  const hidden = new Map<string, { operands: number; users: number }>();
  for (const n of names) {
    const o = new Set(operands.get(n) ?? []);
    const u = new Set(users.get(n) ?? []);
    hidden.set(n, { operands: [...o].filter((x) => !names.has(x)).length, users: [...u].filter((x) => !names.has(x)).length });
  }
  return { computation, names, hidden };
}
