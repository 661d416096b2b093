/**
 * Which computations a graph draws. A large module is drawn collapsed: a
 * called computation (a reducer, a while body, a fusion) is one node, its
 * caller, with "calls …" in the label, until the reader expands it by
 * clicking that node. A step draws the computations its pass changed, the
 * most changed first, within a budget of instructions.
 */
import type { HloModule } from "@minixla/hlo";

/** Instructions drawn without asking (Graphviz takes seconds beyond this). */
export const DRAW_BUDGET = 1000;

const computationOf = (key: string): string => key.slice(0, key.indexOf("/"));

/**
 * The computations to draw of `m`: those holding the changed instructions
 * (`keys`, "computation/name"), most changes first, while they fit
 * `budget` instructions (always at least one when `m` has one; the entry
 * when no key names a computation of `m` and `entryWhenNone`), then every
 * expanded one that `m` has, in module order.
 */
export function drawnComputations(m: HloModule, keys: readonly string[], expanded: ReadonlySet<string>, entryWhenNone = true, budget = DRAW_BUDGET): string[] {
  const size = new Map(m.computations.map((c) => [c.name, c.instructions.length]));
  const changes = new Map<string, number>();
  for (const k of keys) {
    const c = computationOf(k);
    if (size.has(c)) changes.set(c, (changes.get(c) ?? 0) + 1);
  }
  const byChanges = [...changes.keys()].sort((a, b) => (changes.get(b) ?? 0) - (changes.get(a) ?? 0));
  const chosen = new Set<string>();
  let total = 0;
  for (const c of byChanges) {
    const n = size.get(c) ?? 0;
    if (chosen.size > 0 && total + n > budget) continue;
    chosen.add(c);
    total += n;
  }
  if (chosen.size === 0 && entryWhenNone) chosen.add(m.entry);
  for (const c of expanded) if (size.has(c)) chosen.add(c);
  return m.computations.map((c) => c.name).filter((c) => chosen.has(c));
}

/** The computations that the drawn ones call and that are not drawn (drawn collapsed, as their callers). */
export function collapsedCallees(m: HloModule, drawn: readonly string[]): string[] {
  const shown = new Set(drawn);
  const out = new Set<string>();
  for (const c of m.computations) if (shown.has(c.name)) for (const i of c.instructions) for (const callee of i.called) if (!shown.has(callee)) out.add(callee);
  return [...out];
}

/** The instructions the named computations hold. */
export function instructionCount(m: HloModule, computations: readonly string[]): number {
  const names = new Set(computations);
  return m.computations.reduce((n, c) => n + (names.has(c.name) ? c.instructions.length : 0), 0);
}
