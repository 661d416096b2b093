/**
 * Shapes: an array shape is an element type plus dimension sizes (and, where
 * text gave one, a layout, kept only so that printing reproduces it); a tuple
 * shape is a list of shapes. Values are always logical row-major, whatever the
 * layout says.
 */
import { ShapeError } from "./errors.ts";
import { ELEMENT_TYPES, type ElementType, isElementType } from "./element_type.ts";

export interface ArrayShape {
  readonly elementType: ElementType;
  readonly dimensions: readonly number[];
  /** minor_to_major order as written in text; absent means the default {rank-1,...,0}. */
  readonly layout?: readonly number[];
}
export interface TupleShape {
  readonly elementType: "tuple";
  readonly tupleShapes: readonly Shape[];
}
export type Shape = ArrayShape | TupleShape;

/** A computation's signature. */
export interface ProgramShape {
  readonly parameters: readonly Shape[];
  readonly result: Shape;
}

export function shape(elementType: ElementType, dimensions: readonly number[], layout?: readonly number[]): ArrayShape {
  if (!isElementType(elementType)) {
    throw new ShapeError(`unknown element type '${String(elementType)}'; expected one of ${ELEMENT_TYPES.join(", ")}`);
  }
  for (const d of dimensions) {
    if (!Number.isInteger(d) || d < 0) {
      throw new ShapeError(`Invalid dimension size ${d} in shape ${elementType}[${dimensions.join(",")}]`);
    }
  }
  const s: ArrayShape = layout === undefined ? { elementType, dimensions: [...dimensions] } : { elementType, dimensions: [...dimensions], layout: [...layout] };
  return s;
}

export function tupleShape(elements: readonly Shape[]): TupleShape {
  return { elementType: "tuple", tupleShapes: [...elements] };
}

export const isTupleShape = (s: Shape): s is TupleShape => s.elementType === "tuple";
export const isArrayShape = (s: Shape): s is ArrayShape => s.elementType !== "tuple";

export function rank(s: ArrayShape): number {
  return s.dimensions.length;
}
export function isScalar(s: Shape): boolean {
  return isArrayShape(s) && s.dimensions.length === 0;
}
export function elementCount(s: ArrayShape): number {
  let n = 1;
  for (const d of s.dimensions) n *= d;
  return n;
}

/** Row-major strides in elements. */
export function stridesOf(dims: readonly number[]): number[] {
  const strides = new Array<number>(dims.length);
  let acc = 1;
  for (let i = dims.length - 1; i >= 0; i--) {
    strides[i] = acc;
    acc *= dims[i];
  }
  return strides;
}

export function defaultLayout(r: number): number[] {
  return Array.from({ length: r }, (_, i) => r - 1 - i);
}

export function sameDimensions(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((d, i) => d === b[i]);
}

/** Structural equality of shapes: element types and dimensions; layouts ignored. */
export function shapesEqual(a: Shape, b: Shape): boolean {
  if (isTupleShape(a) || isTupleShape(b)) {
    return (
      isTupleShape(a) && isTupleShape(b) &&
      a.tupleShapes.length === b.tupleShapes.length &&
      a.tupleShapes.every((s, i) => shapesEqual(s, b.tupleShapes[i]))
    );
  }
  return a.elementType === b.elementType && sameDimensions(a.dimensions, b.dimensions);
}

/** Same shape with another element type (layout kept). */
export function withElementType(s: ArrayShape, elementType: ElementType): ArrayShape {
  return s.layout === undefined ? { elementType, dimensions: s.dimensions } : { elementType, dimensions: s.dimensions, layout: s.layout };
}

/** HLO notation without layouts: "f64[2,3]", "(f64[2], s32[])", "pred[]". */
export function shapeToString(s: Shape): string {
  if (isTupleShape(s)) return `(${s.tupleShapes.map(shapeToString).join(", ")})`;
  return `${s.elementType}[${s.dimensions.join(",")}]`;
}

/** HLO notation with layouts, as XLA prints shapes: "f64[2,3]{1,0}", scalars bare. */
export function shapeToStringWithLayout(s: Shape): string {
  if (isTupleShape(s)) return `(${s.tupleShapes.map(shapeToStringWithLayout).join(", ")})`;
  const base = `${s.elementType}[${s.dimensions.join(",")}]`;
  if (s.dimensions.length === 0) return base;
  const layout = s.layout ?? defaultLayout(s.dimensions.length);
  return `${base}{${layout.join(",")}}`;
}

/** Throws ShapeError unless s is an array shape; `what` names the operand in the message. */
export function expectArray(s: Shape, what: string): ArrayShape {
  if (isTupleShape(s)) throw new ShapeError(`Expected array argument for ${what}, but got ${shapeToString(s)}.`);
  return s;
}
