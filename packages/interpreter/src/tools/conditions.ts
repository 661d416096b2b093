/**
 * The built-in conditions of `minixla reduce` (and of any reduceModule
 * caller): a module is interesting when a pipeline changes its results, when
 * the two engines disagree on it, or when some stage throws an error whose
 * message holds a given text. Each is a plain predicate over modules.
 */
import { HloError, type HloModule, type HloPass, type Tolerance, runPipeline, verifyModule } from "@minixla/hlo";
import { compile } from "../compiled/compile.ts";
import { evaluate } from "../evaluate.ts";
import type { EvalOptions } from "../kernel.ts";
import { compareModules, randomInputSet } from "./compare_modules.ts";

/** How a condition draws its inputs and compares results. */
export interface ConditionOptions {
  /** Random input sets per check (default 100). */
  readonly trials?: number;
  readonly seed?: number;
  /** Default exact, -0 distinct from 0. */
  readonly tolerance?: Tolerance;
  readonly evalOptions?: EvalOptions;
}

/** Interesting when running `passes` over the module changes what it computes on some random input set (a pass that throws: not interesting). */
export function passChangesResult(passes: readonly HloPass[], options: ConditionOptions = {}): (m: HloModule) => boolean {
  return (m) => {
    let after: HloModule;
    try {
      after = runPipeline(m, passes);
    } catch (e) {
      if (e instanceof HloError) return false;
      throw e;
    }
    return !compareModules(m, after, {
      inputs: { kind: "random", trials: options.trials ?? 100, seed: options.seed },
      tolerance: options.tolerance,
      evalOptions: options.evalOptions,
    }).equal;
  };
}

/** Interesting when the reference and the compiled engine disagree on some random input set. */
export function enginesDiffer(options: ConditionOptions = {}): (m: HloModule) => boolean {
  return (m) =>
    !compareModules(m, m, {
      inputs: { kind: "random", trials: options.trials ?? 100, seed: options.seed },
      tolerance: options.tolerance,
      engines: ["reference", "compiled"],
      evalOptions: options.evalOptions,
    }).equal;
}

/**
 * Interesting when some stage throws an error whose message contains `text`:
 * verifying, running `passes`, evaluating on the first random input set, or
 * compiling and executing on it.
 */
export function errorContains(text: string, passes: readonly HloPass[] = [], options: ConditionOptions = {}): (m: HloModule) => boolean {
  const evalOptions: EvalOptions = { maxWhileIterations: 1_000_000, ...options.evalOptions };
  return (m) => {
    try {
      verifyModule(m);
      const after = runPipeline(m, passes);
      const args = randomInputSet(after, 0, options.seed ?? 0);
      evaluate(after, args, evalOptions);
      compile(after, evalOptions).execute(args);
      return false;
    } catch (e) {
      return e instanceof Error && e.message.includes(text);
    }
  };
}
