/**
 * Checks shared by the ops that take a reduction computation (reduce,
 * reduce-window, select-and-scatter's scatter, scatter's update) and the
 * window arithmetic of reduce-window and select-and-scatter. Messages follow
 * shape_inference.cc (VerifyReducerShape, InferWindowOutputShape).
 */
import type { WindowDimension } from "../attributes.ts";
import { type ElementType, sameTypeIgnoringFpPrecision } from "../element_type.ts";
import {
  type ArrayShape,
  type ProgramShape,
  type Shape,
  isTupleShape,
  sameDimensions,
  shape,
  shapeToString,
  shapesEqual,
} from "../shape.ts";
import { fail } from "./rule.ts";

/** The signature of the i-th called computation; `what` names it ("to_apply", "body", ...). */
export function calledAt(called: readonly ProgramShape[], i: number, what: string): ProgramShape {
  const c = called[i];
  if (!c) fail(`${what} computation is missing.`);
  return c;
}

/** ShapeUtil::CompatibleIgnoringFpPrecision: same structure and dimensions, float types interchangeable. */
export function compatibleIgnoringFpPrecision(a: Shape, b: Shape): boolean {
  if (isTupleShape(a) || isTupleShape(b)) {
    return (
      isTupleShape(a) && isTupleShape(b) &&
      a.tupleShapes.length === b.tupleShapes.length &&
      a.tupleShapes.every((s, i) => compatibleIgnoringFpPrecision(s, b.tupleShapes[i]))
    );
  }
  return sameTypeIgnoringFpPrecision(a.elementType, b.elementType) && sameDimensions(a.dimensions, b.dimensions);
}

/**
 * VerifyReducerShape: the computation takes 2N scalars (N accumulators, then
 * N inputs) and returns the N accumulators (a scalar for N = 1, else a tuple).
 */
export function verifyReducerShape(
  reducer: ProgramShape,
  initShapes: readonly Shape[],
  inputElementTypes: readonly ElementType[],
  inputs: number,
): void {
  if (reducer.parameters.length !== inputs * 2) {
    fail(`Reduction function must take ${inputs * 2} parameters, but takes ${reducer.parameters.length} parameter(s).`);
  }
  const accumulator = reducer.result;
  let subshapes: readonly Shape[];
  if (isTupleShape(accumulator)) {
    if (accumulator.tupleShapes.length !== inputs) {
      fail(`Reduction function must produce a tuple with ${inputs} elements, but has ${accumulator.tupleShapes.length} elements`);
    }
    subshapes = accumulator.tupleShapes;
  } else {
    if (inputs !== 1) fail(`Reduction function must produce a tuple with ${inputs} elements, but produces a scalar`);
    subshapes = [accumulator];
  }
  for (const s of subshapes) {
    if (isTupleShape(s) || s.dimensions.length !== 0) {
      fail(`Reduction function must return a scalar or tuple of scalars but returns shape: ${shapeToString(accumulator)}`);
    }
  }
  for (let i = 0; i < inputs; i++) {
    const acc = subshapes[i];
    if (!shapesEqual(acc, reducer.parameters[i])) {
      fail(`Reduction function's ${i}-th parameter shape differs from the result shape: ${shapeToString(reducer.parameters[i])} vs ${shapeToString(acc)}`);
    }
    if (!compatibleIgnoringFpPrecision(acc, initShapes[i])) {
      fail(`Reduction function's accumulator shape at index ${i} differs from the init_value shape: ${shapeToString(acc)} vs ${shapeToString(initShapes[i])}`);
    }
    const inputElement = shape(inputElementTypes[i], []);
    const param = reducer.parameters[inputs + i];
    if (!compatibleIgnoringFpPrecision(inputElement, param)) {
      fail(
        `Reduction function's ${inputs + i}-th parameter shape differs from the input type element type: ${shapeToString(param)} vs ${shapeToString(inputElement)}`,
      );
    }
    if (!compatibleIgnoringFpPrecision(acc, param)) {
      fail(`Reduction function's ${inputs + i}-th parameter shape must match the result shape, but got ${shapeToString(param)} vs ${shapeToString(acc)}.`);
    }
  }
}

/** The window in HLO text form, for messages: "{size=2x2 stride=1x1 pad=0_0x0_0 ...}". */
export function windowToString(window: readonly WindowDimension[]): string {
  const field = (f: (w: WindowDimension) => string | number) => window.map(f).join("x");
  const parts = [`size=${field((w) => w.size)}`, `stride=${field((w) => w.stride)}`, `pad=${field((w) => `${w.padLow}_${w.padHigh}`)}`];
  if (window.some((w) => w.baseDilation !== 1)) parts.push(`lhs_dilate=${field((w) => w.baseDilation)}`);
  if (window.some((w) => w.windowDilation !== 1)) parts.push(`rhs_dilate=${field((w) => w.windowDilation)}`);
  return `{${parts.join(" ")}}`;
}

/** window_util::DilatedBound: the extent of `bound` elements spread `dilation` apart. */
export const dilatedBound = (bound: number, dilation: number): number => (bound === 0 ? 0 : (bound - 1) * dilation + 1);

/** window_util::StridedBound: how many windows of `windowSize` fit in `bound` at `stride`. */
export const stridedBound = (bound: number, windowSize: number, stride: number): number =>
  windowSize > bound ? 0 : Math.floor((bound - windowSize) / stride) + 1;

/** InferWindowOutputShape: one output element per window position. */
export function windowOutputShape(base: ArrayShape, window: readonly WindowDimension[], elementType: ElementType): ArrayShape {
  if (window.length !== base.dimensions.length) {
    fail(`Window has dimension ${window.length} but base shape has dimension ${base.dimensions.length}.`);
  }
  const sizes = window.map((w, i) => {
    if (w.size <= 0) fail(`Window ${windowToString(window)} has a non-positive dimension.`);
    if (w.stride <= 0) fail(`Window ${windowToString(window)} has a non-positive stride.`);
    if (w.baseDilation < 1) fail(`Window ${windowToString(window)} has a non-positive base area dilation factor.`);
    if (w.windowDilation < 1) fail(`Window ${windowToString(window)} has a non-positive window dilation factor.`);
    const paddedBase = w.padLow + dilatedBound(base.dimensions[i], w.baseDilation) + w.padHigh;
    return stridedBound(paddedBase, dilatedBound(w.size, w.windowDilation), w.stride);
  });
  return shape(elementType, sizes);
}
