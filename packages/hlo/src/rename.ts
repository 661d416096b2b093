/**
 * Renaming a module's computations and instructions through a NameUniquer,
 * so that one module can be embedded into another (the builder's
 * sub-computations, call inlining) without name clashes.
 */
import type { HloInstruction } from "./instruction.ts";
import type { HloComputation, HloModule } from "./module.ts";
import type { NameUniquer } from "./names.ts";

/** A module's computations after `renameModule`, and the entry's new name. */
export interface RenamedModule {
  readonly computations: readonly HloComputation[];
  /** The new name of the module's entry computation. */
  readonly entry: string;
}

/** Renames every computation and instruction of `m` to names unique in `names`; references follow. */
export function renameModule(m: HloModule, names: NameUniquer): RenamedModule {
  const computationNames = new Map(m.computations.map((c) => [c.name, names.unique(c.name)]));
  const computations = m.computations.map((c): HloComputation => {
    const instNames = new Map(c.instructions.map((i) => [i.name, names.unique(i.name)]));
    const rename = (n: string): string => instNames.get(n) ?? n;
    return {
      name: computationNames.get(c.name) ?? c.name,
      root: rename(c.root),
      instructions: c.instructions.map(
        (i) =>
          ({
            ...i,
            name: rename(i.name),
            operands: i.operands.map(rename),
            called: i.called.map((n) => computationNames.get(n) ?? n),
          }) as HloInstruction,
      ),
    };
  });
  return { computations, entry: computationNames.get(m.entry) ?? m.entry };
}
