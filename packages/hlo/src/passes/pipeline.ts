/**
 * runPipeline: runs passes in order, re-verifying the module after every pass
 * that changed it, so a broken invariant is blamed on the pass that broke it
 * (as XLA's HloPassPipeline does). Once a module is explicit (no implicit
 * broadcast), every later pass must keep it explicit.
 */
import { HloError, VerifyError } from "../errors.ts";
import { type HloModule, assertStructure } from "../module.ts";
import { hasImplicitBroadcast, verificationProblems } from "../verify/verifier.ts";
import type { HloPass, PassObserver } from "./pass.ts";

/** One pass run of a pipeline, as the `dump` callback hears it. */
export interface PipelineStep {
  /** 0 for the input, then 1, 2, ... for each pass. */
  readonly index: number;
  /** "input" for step 0, else the pass's name. */
  readonly name: string;
  readonly module: HloModule;
  /** The module before this step (undefined for the input). */
  readonly previous: HloModule | undefined;
  readonly changed: boolean;
  /**
   * Set on a pass run inside a composite step (sequence, fixpoint), reported
   * only with `innerSteps`: its number (1, 2, ...) among the runs inside step
   * `index` that changed the module, and the composite's name. `name` is then
   * the inner pass's name.
   */
  readonly inner?: { readonly index: number; readonly parent: string };
}

/** Options of `runPipeline`: verification between passes and the dump callback. */
export interface PipelineOptions {
  /** Verify the input and the result of every pass that changed the module (default true). */
  readonly verify?: boolean;
  /** Called with the input (step 0) and after every pass. */
  readonly dump?: (step: PipelineStep) => void;
  /**
   * Also call `dump` for every pass run inside a composite pass (sequence,
   * fixpoint) that changed the module, before the composite's own step, as
   * XLA's --xla_dump_hlo_pass_re dumps passes inside a fixed-point pipeline
   * (default false).
   */
  readonly innerSteps?: boolean;
}

function check(m: HloModule, allowImplicitBroadcast: boolean, header: string): void {
  const problems = verificationProblems(m, { allowImplicitBroadcast });
  if (problems.length > 0) throw new VerifyError(problems, header);
}

/** Runs passes in order, verifying after each that changed the module and naming the pass that broke it. */
export function runPipeline(m: HloModule, passes: readonly HloPass[], opts: PipelineOptions = {}): HloModule {
  const verify = opts.verify ?? true;
  // A malformed module never reaches a pass: the verifier reports everything
  // it finds; without verification, at least the structure passes rely on.
  if (verify) check(m, true, "Input module failed verification");
  else assertStructure(m, "runPipeline");
  let explicit = !hasImplicitBroadcast(m);
  opts.dump?.({ index: 0, name: "input", module: m, previous: undefined, changed: false });
  let current = m;
  passes.forEach((pass, i) => {
    let next: HloModule;
    const dump = opts.dump;
    let innerCount = 0;
    const observe: PassObserver | undefined =
      opts.innerSteps === true && dump !== undefined
        ? (r) => {
            if (r.after === r.before) return;
            innerCount++;
            dump({ index: i + 1, name: r.pass.name, module: r.after, previous: r.before, changed: true, inner: { index: innerCount, parent: pass.name } });
          }
        : undefined;
    try {
      next = pass.run(current, observe);
    } catch (e) {
      if (e instanceof HloError) throw e;
      throw new HloError(`pass ${pass.name} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    const changed = next !== current;
    // Dump before verifying, so a module that fails verification can still be inspected.
    opts.dump?.({ index: i + 1, name: pass.name, module: next, previous: current, changed });
    if (changed && verify) {
      check(next, !explicit, `Module verification failed after pass ${pass.name}`);
      explicit = explicit || !hasImplicitBroadcast(next);
    }
    current = next;
  });
  return current;
}
