/**
 * Computation arguments: a module, or a function that builds one on a fresh
 * sub-builder from scalar parameters of the types the op calls it with
 * (a reducer gets (acc..., x...); a comparator (lhs0, rhs0, lhs1, rhs1, ...)).
 * Returning several ops makes the root a tuple of them.
 */
import { type ElementType, type HloModule, shape } from "@minixla/hlo";
import type { XlaOp } from "./op.ts";
import type { Recorder } from "./recorder.ts";

/** B is the builder type the function is handed (XlaBuilder). */
export type ComputationOf<B> = HloModule | ((sb: B, ...params: XlaOp[]) => XlaOp | readonly XlaOp[]);

/** A computation argument as a module: a function is run on a fresh sub-builder with scalar parameters of `types`. */
export function computation<B>(r: Recorder<B>, c: ComputationOf<B>, types: readonly ElementType[], name: string): HloModule {
  if (typeof c !== "function") return c;
  const [sb, sr] = r.makeSub(name);
  const params = types.map((t, i) => sr.parameter(i, shape(t, []), `Arg_${i}`));
  const root = c(sb, ...params);
  return sr.build(Array.isArray(root) ? sr.add("tuple", root, {}) : (root as XlaOp));
}
