/** Small shape checks the op files share, each naming the op that asks. */
import { type ArrayShape, type ElementType, type Shape, ShapeError, isTupleShape, shape, shapeToString } from "@minixla/hlo";
import type { XlaOp } from "../op.ts";

/** shape(), with the ShapeError naming the op that asked for it. */
export function checkedShape(opcode: string, elementType: ElementType, dimensions: readonly number[]): ArrayShape {
  try {
    return shape(elementType, dimensions);
  } catch (e) {
    throw e instanceof ShapeError ? new ShapeError(`${opcode}: ${e.message}`) : e;
  }
}

export function arrayOf(op: XlaOp, opcode: string): ArrayShape {
  if (isTupleShape(op.shape)) throw new ShapeError(`${opcode}: expected an array operand, got ${shapeToString(op.shape)}`);
  return op.shape;
}

export function withType(s: Shape, elementType: ElementType, opcode: string): ArrayShape {
  if (isTupleShape(s)) throw new ShapeError(`${opcode}: Convert does not allow non-arrays, so cannot convert from ${shapeToString(s)} to ${elementType}.`);
  return shape(elementType, s.dimensions);
}

/** One op or several, as a list. */
export const listOf = (x: XlaOp | readonly XlaOp[]): readonly XlaOp[] => (Array.isArray(x) ? x : [x as XlaOp]);

export const isScalarOp = (op: XlaOp): boolean => !isTupleShape(op.shape) && op.shape.dimensions.length === 0;
export const sameDims = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((d, i) => d === b[i]);
