/**
 * What a pass changed, instruction by instruction: an instruction is keyed by
 * its computation and name ("main/add.3"); it is added or removed when the key
 * is only on one side, and changed when both sides hold it with another
 * opcode, operand list, shape, attributes or called computations, or when it
 * became or stopped being its computation's root. Sharding and metadata
 * (annotations) do not count. The highlights of the pass report.
 */
import type { HloInstruction, HloModule } from "@minixla/hlo";

/** The key of an instruction in a diff and in a picture: "computation/name". */
export const instructionKey = (computation: string, name: string): string => `${computation}/${name}`;

/** Instruction keys added, removed and changed between two modules, each in module order. */
export interface ModuleDiff {
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly changed: readonly string[];
}

/** How an instruction fared in a diff, for its highlight. */
export type ChangeKind = "added" | "removed" | "changed";

/** Typed arrays and bigints (a constant's literal) as JSON can hold them. */
function jsonable(_key: string, value: unknown): unknown {
  if (typeof value === "bigint") return `${value}n`;
  if (ArrayBuffer.isView(value)) return Array.from(value as unknown as ArrayLike<number | bigint>, (v) => (typeof v === "bigint" ? `${v}n` : v));
  return value;
}

/** Everything about an instruction that its meaning depends on, as a string to compare. */
function signature(inst: HloInstruction, isRoot: boolean): string {
  return JSON.stringify([inst.opcode, inst.operands, inst.shape, inst.attributes, inst.called, isRoot], jsonable);
}

function signatures(m: HloModule): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of m.computations) for (const inst of c.instructions) out.set(instructionKey(c.name, inst.name), signature(inst, c.root === inst.name));
  return out;
}

/** The instructions `after` added, removed (they are in `before` only) and changed. */
export function diffModules(before: HloModule, after: HloModule): ModuleDiff {
  const a = signatures(before);
  const b = signatures(after);
  const removed = [...a.keys()].filter((k) => !b.has(k));
  const added = [...b.keys()].filter((k) => !a.has(k));
  const changed = [...b.keys()].filter((k) => a.has(k) && a.get(k) !== b.get(k));
  return { added, removed, changed };
}

/** Whether the diff is empty. */
export const isEmptyDiff = (d: ModuleDiff): boolean => d.added.length + d.removed.length + d.changed.length === 0;

/** Each key's change, for one side of a before/after pair: "before" shows removed and changed, "after" added and changed. */
export function changeMap(d: ModuleDiff, side: "before" | "after"): ReadonlyMap<string, ChangeKind> {
  const out = new Map<string, ChangeKind>();
  for (const k of side === "before" ? d.removed : d.added) out.set(k, side === "before" ? "removed" : "added");
  for (const k of d.changed) out.set(k, "changed");
  return out;
}
