/**
 * `minixla compare --engine reference,xla` (or compiled,xla, xla,xla): the
 * comparison of compareModules with one side, or both, run on real XLA. A
 * minixla side facing XLA evaluates with XLA CPU's numerics (the
 * xla-cpu-numerics pass, then EvalOptions.numerics "xla-cpu"), so that the
 * comparison is of semantics, not of XLA's float rewrites. Stops at the first
 * input set that differs, as compareModules does; a side that XLA refuses
 * counts as a side that threw. XlaUnavailableError (no Python or jaxlib) is
 * not a side's outcome: it ends the command with the install hint.
 */
import { type HloModule, type Literal, type Tolerance } from "@minixla/hlo";
import {
  type CompareInputs,
  type EngineName,
  type EvalOptions,
  type ModuleComparison,
  type SideOutcome,
  applyNumericsRewrites,
  checkSameParameters,
  compareOutputs,
  randomInputSet,
  runSide,
} from "@minixla/interpreter";
import { flattenOutputs } from "./pipeline.ts";
import { runXla } from "./xla_engine.ts";

/** The engine of one side of a comparison: one of minixla's, or XLA. */
export type SideEngine = EngineName | "xla";

async function xlaSide(m: HloModule, args: readonly Literal[]): Promise<SideOutcome> {
  const { XlaRunError } = await import("@minixla/xla");
  try {
    const r = await runXla(m, args);
    return { ok: true, outputs: flattenOutputs(r.result) };
  } catch (e) {
    if (e instanceof XlaRunError) return { ok: false, error: e.message };
    throw e;
  }
}

/** compareModules with XLA as one side (or both): `a` on engines[0], `b` on engines[1]. */
export async function compareWithXla(
  a: HloModule,
  b: HloModule,
  engines: readonly [SideEngine, SideEngine],
  inputs: CompareInputs,
  tolerance: Tolerance,
): Promise<ModuleComparison> {
  checkSameParameters(a, b);
  const evalOptions: EvalOptions = { maxWhileIterations: 1_000_000, numerics: "xla-cpu" };
  const sides = [a, b].map((m, s) => {
    const e = engines[s];
    if (e === "xla") return (args: readonly Literal[]) => xlaSide(m, args);
    const local = applyNumericsRewrites(m, "xla-cpu");
    return (args: readonly Literal[]) => Promise.resolve(runSide(local, e, args, evalOptions));
  });
  const count = inputs.kind === "literals" ? inputs.sets.length : inputs.trials;
  let last: readonly Literal[] = [];
  for (let k = 0; k < count; k++) {
    const args = inputs.kind === "literals" ? inputs.sets[k] : randomInputSet(a, k, inputs.seed ?? 0, inputs.specialProbability);
    last = args;
    const ra = await sides[0](args);
    const rb = await sides[1](args);
    if (!ra.ok || !rb.ok) {
      if (!ra.ok && !rb.ok && ra.error === rb.error) continue;
      return {
        equal: false, trials: k + 1, firstDifferingTrial: k, inputs: args, outputs: [], tolerance,
        errors: { a: ra.ok ? undefined : ra.error, b: rb.ok ? undefined : rb.error },
      };
    }
    const outputs = compareOutputs(ra.outputs, rb.outputs, tolerance);
    if (outputs.some((o) => o.status !== "equal")) return { equal: false, trials: k + 1, firstDifferingTrial: k, inputs: args, outputs, tolerance };
    if (k === count - 1) return { equal: true, trials: count, firstDifferingTrial: undefined, inputs: args, outputs, tolerance };
  }
  return { equal: true, trials: count, firstDifferingTrial: undefined, inputs: last, outputs: [], tolerance };
}
