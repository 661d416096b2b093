/**
 * The pass contract. A pass is a named pure function Module -> Module built on
 * immer: it returns the very same object when it changes nothing, so
 * "changed" is `after !== before`. `sequence` and `fixpoint` compose passes.
 */
import { produce } from "immer";
import { HloError } from "../errors.ts";
import type { HloComputation, HloModule } from "../module.ts";

/** A named pure function from module to module; "changed" means it returned a different object. */
export interface HloPass {
  /** Kebab-case name used by --passes, dumps and errors ("algsimp"). */
  readonly name: string;
  /** One line: what the pass does. */
  readonly description: string;
  /**
   * Pure: never mutates `m`; returns `m` itself when nothing changed. A
   * composite pass (`sequence`, `fixpoint`) reports each pass it runs inside
   * to `observe` (optional; leaf passes ignore it), so dumps can show them.
   */
  run(m: HloModule, observe?: PassObserver): HloModule;
}

/** One run of a pass inside a composite pass: the innermost pass, the module before and after. */
export interface InnerPassRun {
  readonly pass: HloPass;
  readonly before: HloModule;
  readonly after: HloModule;
}

/** Sees every innermost pass run of a composite pass, in order (changed or not). */
export type PassObserver = (run: InnerPassRun) => void;

/**
 * Runs `pass` inside a composite and reports it: a composite child reports its
 * own innermost runs, so `observe` sees only leaves; a child that reported
 * nothing (a leaf, or a plugin that ignores `observe`) is reported itself.
 */
function runReported(pass: HloPass, m: HloModule, observe: PassObserver | undefined): HloModule {
  if (observe === undefined) return pass.run(m);
  let reported = false;
  const next = pass.run(m, (r) => {
    reported = true;
    observe(r);
  });
  if (!reported) observe({ pass, before: m, after: next });
  return next;
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
    run: (m, observe) => passes.reduce((acc, p) => runReported(p, acc, observe), m),
  };
}

/** Options of `fixpoint`. */
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
    run(m, observe) {
      let current = m;
      for (let i = 0; i < limit; i++) {
        const next = runReported(pass, current, observe);
        if (next === current) return current;
        current = next;
      }
      throw new HloError(`pass ${pass.name} did not reach a fixed point within ${limit} iterations`);
    },
  };
}
