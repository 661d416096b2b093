/**
 * How the WebAssembly emitter (emit_plan.ts) folds a kInput plan's reduce
 * (kernel_plan.ts PlanReduce) in f64x2 lanes with the reference's bits: a
 * float add into a float64 sum, its init and elements flushed where the
 * mode flushes the sum (the lanes' flush model, checked against the mode's
 * flush on probe values), or a reducer step (add, multiply, maximum,
 * minimum) that has a lane form (scalar_ops.ts) for its type and mode, with
 * its operands in the reducer's order.
 */
import { ELEMENT_TYPE_INFO, type ElementType } from "@minixla/hlo";
import type { Numerics } from "../../kernel.ts";
import { binarySemantics } from "../../kernels/elementwise/table.ts";
import type { KernelPlan, PlanReduce } from "../kernel_plan.ts";
import { type LaneRounding, type LaneScalar, flushModel, laneRounding, laneScalarOf } from "./scalar_ops.ts";

export type LaneFold =
  /**
   * acc += x' in float64 (x' = x flushed below `flush`, the init too; as it is where undefined); at the end
   * the result type's `rounding` then the flush (PlanReduce's round), where the lanes have that rounding.
   */
  | { readonly kind: "sum"; readonly flush: number | undefined; readonly rounding: LaneRounding | undefined }
  /** acc = lane(acc, x), or lane(x, acc) where swapped. */
  | { readonly kind: "step"; readonly lane: LaneScalar; readonly swapped: boolean };

/** Smallest normals of f32 (and bf16) and f64: the flushes a mode's sum may do. */
const MINIMA: readonly number[] = [2 ** -126, 2 ** -1022];

const PROBES: readonly number[] = [
  0, -0, 1, -1.5, 2 ** -1074, -(2 ** -1074), 2 ** -1030, -(2 ** -1023), 2 ** -1022, -(2 ** -1022), 2 ** -127, -(2 ** -149),
  2 ** -126, -(2 ** -126), 1.1754942e-38, -1.1754942e-38, 1e-300, 1e300, Infinity, -Infinity, NaN,
];

/** The lane form of the plan's fold, or undefined where the emitter has none with the reference's bits. */
export function laneFoldOf(reduce: PlanReduce, result: ElementType, numerics: Numerics): LaneFold | undefined {
  if (reduce.kind === "sum") {
    const flush = reduce.flush;
    // PlanReduce's round is the result type's rounding, then the flush.
    const rounding = result === "f64" ? "none" : laneRounding(ELEMENT_TYPE_INFO[result].normalize);
    if (flush === undefined) return { kind: "sum", flush: undefined, rounding };
    const min = MINIMA.find((m) => {
      const model = flushModel(m);
      return PROBES.every((x) => Object.is(flush(x), model(x)));
    });
    return min === undefined ? undefined : { kind: "sum", flush: min, rounding };
  }
  const { op, elementType, swapped } = reduce.reducer;
  if (op !== "add" && op !== "multiply" && op !== "maximum" && op !== "minimum") return undefined;
  // The reducer's step is scalarOp(op, type): this semantics' fn, then its norm (reducer.ts).
  const sem = binarySemantics(op, elementType, numerics);
  const lane = sem === undefined ? undefined : laneScalarOf(sem.fn, sem.norm, 2, numerics);
  return lane === undefined || lane.arity !== 2 ? undefined : { kind: "step", lane, swapped };
}

/**
 * Work of one fold step in the JavaScript loops, roughly in adds: XLA CPU's
 * flushed maximum and minimum (ordered zeros) run through closures there,
 * 20-40x slower than their lanes on [8,8] to [64,64] (measured).
 */
function foldWork(fold: LaneFold): number {
  if (fold.kind === "sum") return fold.flush === undefined ? 1 : 4;
  const ordered = fold.lane.op === "maximumOrderedZeros" || fold.lane.op === "minimumOrderedZeros";
  return (ordered ? 16 : 2) + (fold.lane.flush !== undefined ? 3 : 0);
}

/**
 * Points times work (the nodes' `nodeWork` plus the fold's) from which a
 * reduce pays for WebAssembly's fixed cost per call (about 0.1 µs): f32 row
 * and column sums of 128 points ran as fast either way in the reference's
 * numerics, 256 points 1.1-1.5x faster in WebAssembly; with fewer than
 * FEW_OUTPUTS outputs the lanes stay half empty and the bar is 4x higher
 * (an XLA CPU f32 sum of 64 elements into one ran 2x slower in WebAssembly).
 */
const FOLD_WORK = 256;
const FEW_OUTPUTS = 4;

/** Whether a reduce plan with this lane fold is large enough for WebAssembly to pay. */
export function foldPays(plan: KernelPlan, nodeWork: number, numerics: Numerics): boolean {
  const reduce = plan.reduce;
  const fold = reduce === undefined ? undefined : laneFoldOf(reduce, plan.result.elementType, numerics);
  if (fold === undefined) return true;
  const points = plan.iteration.reduce((a, b) => a * b, 1);
  const outputs = plan.result.dimensions.reduce((a, b) => a * b, 1);
  return points * (nodeWork + foldWork(fold)) >= FOLD_WORK * (outputs < FEW_OUTPUTS ? 4 : 1);
}
