/**
 * Checks shared by the ops that take a reduction computation (reduce,
 * reduce-window, select-and-scatter's scatter, scatter's update, all-reduce)
 * and scan's carry. Messages follow shape_inference.cc (VerifyReducerShape).
 * The window arithmetic of the windowed ops is in window.ts.
 */
import { type ElementType, sameTypeIgnoringFpPrecision } from "../element_type.ts";
import { type ProgramShape, type Shape, isTupleShape, sameDimensions, shape, shapeToString, shapesEqual } from "../shape.ts";
import { fail } from "./rule.ts";

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
