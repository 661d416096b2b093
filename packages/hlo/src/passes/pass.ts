/**
 * The pass contract. A pass is a named pure function Module -> Module built on
 * immer: it returns the very same object when it changes nothing, so
 * "changed" is `after !== before`. `sequence` and `fixpoint` compose passes.
 */
import { produce } from "immer";
import { HloError } from "../errors.ts";
import type { HloComputation, HloModule } from "../module.ts";

export interface HloPass {
  /** Kebab-case name used by --passes, dumps and errors ("algsimp"). */
  readonly name: string;
  /** One line: what the pass does. */
  readonly description: string;
  /** Pure: never mutates `m`; returns `m` itself when nothing changed. */
  run(m: HloModule): HloModule;
}

/** Applies `f` to every computation; the module is replaced only where `f` returned a new computation. */
export function mapComputations(m: HloModule, f: (c: HloComputation, m: HloModule) => HloComputation): HloModule {
  const next = m.computations.map((c) => f(c, m));
  if (next.every((c, i) => c === m.computations[i])) return m;
  return produce(m, (draft) => {
    next.forEach((c, i) => {
      if (c !== m.computations[i]) draft.computations[i] = c as (typeof draft.computations)[number];
    });
  });
}

/** Replaces the whole computation list (dropping or reordering computations); same object if nothing differs. */
export function withComputations(m: HloModule, computations: readonly HloComputation[]): HloModule {
  if (computations.length === m.computations.length && computations.every((c, i) => c === m.computations[i])) return m;
  return produce(m, (draft) => {
    draft.computations = computations as typeof draft.computations;
  });
}

/** Runs passes one after another, as one pass. */
export function sequence(name: string, description: string, passes: readonly HloPass[]): HloPass {
  return {
    name,
    description,
    run: (m) => passes.reduce((acc, p) => p.run(acc), m),
  };
}

export interface FixpointOptions {
  /** Runs allowed before giving up with an HloError (default 50). */
  readonly maxIterations?: number;
}

/** Repeats `pass` until it changes nothing; an HloError naming the pass if it still changes after maxIterations runs. */
export function fixpoint(pass: HloPass, opts: FixpointOptions = {}): HloPass {
  const limit = opts.maxIterations ?? 50;
  return {
    name: `fixpoint(${pass.name})`,
    description: `${pass.description} (repeated until nothing changes)`,
    run(m) {
      let current = m;
      for (let i = 0; i < limit; i++) {
        const next = pass.run(current);
        if (next === current) return current;
        current = next;
      }
      throw new HloError(`pass ${pass.name} did not reach a fixed point within ${limit} iterations`);
    },
  };
}
