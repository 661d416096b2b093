/**
 * How the WebAssembly emitter (emit_plan.ts) folds a kInput plan's reduce
 * (kernel_plan.ts PlanReduce) in f64x2 lanes with the reference's bits: a
 * float add into a float64 sum, its init and elements flushed where the
 * mode flushes the sum (the lanes' flush model, checked against the mode's
 * flush on probe values), or a reducer step (add, multiply, maximum,
 * minimum) that has a lane form (scalar_ops.ts) for its type and mode, with
 * its operands in the reducer's order.
 */
import type { Numerics } from "../../kernel.ts";
import { binarySemantics } from "../../kernels/elementwise/table.ts";
import type { PlanReduce } from "../kernel_plan.ts";
import { type LaneScalar, flushModel, laneScalarOf } from "./scalar_ops.ts";

export type LaneFold =
  /** acc += x' in float64 (x' = x flushed below `flush`, the init too; as it is where undefined). */
  | { readonly kind: "sum"; readonly flush: number | undefined }
  /** acc = lane(acc, x), or lane(x, acc) where swapped. */
  | { readonly kind: "step"; readonly lane: LaneScalar; readonly swapped: boolean };

/** Smallest normals of f32 (and bf16) and f64: the flushes a mode's sum may do. */
const MINIMA: readonly number[] = [2 ** -126, 2 ** -1022];

const PROBES: readonly number[] = [
  0, -0, 1, -1.5, 2 ** -1074, -(2 ** -1074), 2 ** -1030, -(2 ** -1023), 2 ** -1022, -(2 ** -1022), 2 ** -127, -(2 ** -149),
  2 ** -126, -(2 ** -126), 1.1754942e-38, -1.1754942e-38, 1e-300, 1e300, Infinity, -Infinity, NaN,
];

/** The lane form of the plan's fold, or undefined where the emitter has none with the reference's bits. */
export function laneFoldOf(reduce: PlanReduce, numerics: Numerics): LaneFold | undefined {
  if (reduce.kind === "sum") {
    const flush = reduce.flush;
    if (flush === undefined) return { kind: "sum", flush: undefined };
    const min = MINIMA.find((m) => {
      const model = flushModel(m);
      return PROBES.every((x) => Object.is(flush(x), model(x)));
    });
    return min === undefined ? undefined : { kind: "sum", flush: min };
  }
  const { op, elementType, swapped } = reduce.reducer;
  if (op !== "add" && op !== "multiply" && op !== "maximum" && op !== "minimum") return undefined;
  // The reducer's step is scalarOp(op, type): this semantics' fn, then its norm (reducer.ts).
  const sem = binarySemantics(op, elementType, numerics);
  const lane = sem === undefined ? undefined : laneScalarOf(sem.fn, sem.norm, 2, numerics);
  return lane === undefined || lane.arity !== 2 ? undefined : { kind: "step", lane, swapped };
}
