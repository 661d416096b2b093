/**
 * The standard passes by name, and the default pipeline. Constant folding
 * lives in @minixla/interpreter (it reuses the kernels), so callers that want
 * it pass it in through `extra`.
 */
import { HloError } from "../errors.ts";
import { algsimp } from "./algsimp.ts";
import { cse } from "./cse.ts";
import { dce } from "./dce.ts";
import { fuse } from "./fuse.ts";
import { inline } from "./inline.ts";
import { lowerBroadcastsPass } from "./lower_broadcasts_pass.ts";
import { type HloPass, fixpoint, sequence } from "./pass.ts";
import { tupleSimplify } from "./tuple_simplify.ts";

/** fuse is listed (for --passes and the pass-equivalence test) but stays out of the default pipeline: the compiled engine runs it. */
export const STANDARD_PASSES: readonly HloPass[] = [lowerBroadcastsPass, inline, tupleSimplify, algsimp, cse, dce, fuse];

/** The pass of that name among the standard ones and `extra`; HloError listing the known names otherwise. */
export function passByName(name: string, extra: readonly HloPass[] = []): HloPass {
  const all = [...STANDARD_PASSES, ...extra];
  const found = all.find((p) => p.name === name);
  if (!found) throw new HloError(`unknown pass '${name}'; known passes: ${all.map((p) => p.name).join(", ")}`);
  return found;
}

/**
 * The default pipeline's simplification step, named "simplify": tuple-simplify,
 * algsimp, `simplifiers` (e.g. constant folding from the interpreter), cse, dce.
 */
export function simplifyPass(simplifiers: readonly HloPass[] = []): HloPass {
  const names = [tupleSimplify, algsimp, ...simplifiers, cse, dce].map((p) => p.name).join(", ");
  return sequence("simplify", names, [tupleSimplify, algsimp, ...simplifiers, cse, dce]);
}

/**
 * lower-broadcasts, inline, then `simplifyPass(simplifiers)` to a fixed point
 * (named "fixpoint(simplify)").
 */
export function defaultPipeline(simplifiers: readonly HloPass[] = []): readonly HloPass[] {
  return [lowerBroadcastsPass, inline, fixpoint(simplifyPass(simplifiers))];
}
