/**
 * The pass picker's spec: the passes ticked, in the order they were ticked,
 * as the spec text `minixla opt --passes` reads (`dce,cse`, or
 * `fixpoint(dce,cse)` to repeat them until nothing changes), and back: the
 * ticks a typed spec stands for, when it is such a list.
 */

/** Ticked passes and whether they repeat to a fixpoint. */
export interface Picked {
  readonly passes: readonly string[];
  readonly fixpoint: boolean;
}

/** The spec text of a pick ("" when nothing is ticked). */
export function specOf(picked: Picked): string {
  const list = picked.passes.join(",");
  return picked.fixpoint && list !== "" ? `fixpoint(${list})` : list;
}

/**
 * The pick a spec stands for, when it is a plain list of known names or one
 * fixpoint of such a list; undefined for anything else (nested or mixed specs
 * are left to the text box).
 */
export function pickedOf(spec: string, names: readonly string[]): Picked | undefined {
  const text = spec.replace(/\s+/g, "");
  const inner = /^fixpoint\(([^()]*)\)$/.exec(text);
  const list = inner === null ? text : inner[1];
  if (list.includes("(") || list.includes(")")) return undefined;
  const passes = list === "" ? [] : list.split(",");
  if (!passes.every((p) => names.includes(p))) return undefined;
  return { passes, fixpoint: inner !== null };
}
