/**
 * Literals: array values stored row-major in a Float64Array, each element
 * already in its element type's value set (see element_type.ts), and tuples of
 * literals. Literal data is never written after construction.
 */
import { HloError } from "./errors.ts";
import { type ElementType, normalizeValue } from "./element_type.ts";
import { type ArrayShape, type Shape, type TupleShape, elementCount, shape, shapeToString, tupleShape } from "./shape.ts";

export interface ArrayLiteral {
  readonly shape: ArrayShape;
  readonly data: Float64Array;
}
export interface TupleLiteral {
  readonly shape: TupleShape;
  readonly elements: readonly Literal[];
}
export type Literal = ArrayLiteral | TupleLiteral;

export type NestedArray = number | boolean | readonly NestedArray[];

export const isTupleLiteral = (l: Literal): l is TupleLiteral => l.shape.elementType === "tuple";
export const isArrayLiteral = (l: Literal): l is ArrayLiteral => l.shape.elementType !== "tuple";

function flatten(values: NestedArray, dims: readonly number[], out: number[], depth: number): void {
  if (depth === dims.length) {
    if (Array.isArray(values)) throw new HloError(`literal nesting is deeper than the rank ${dims.length}`);
    out.push(typeof values === "boolean" ? (values ? 1 : 0) : (values as number));
    return;
  }
  if (!Array.isArray(values) || values.length !== dims[depth]) {
    throw new HloError(
      `literal nesting does not match dimensions [${dims.join(",")}] at depth ${depth}: expected ${dims[depth]} elements`,
    );
  }
  for (const v of values as readonly NestedArray[]) flatten(v, dims, out, depth + 1);
}

/**
 * Builds an array literal from flat row-major values or a nested array. Each
 * value is brought into the element type's value set (f32 rounds, s32 wraps).
 */
export function literal(
  elementType: ElementType,
  dimensions: readonly number[],
  values: ArrayLike<number | boolean> | NestedArray,
): ArrayLiteral {
  const s = shape(elementType, dimensions);
  const n = elementCount(s);
  let flat: ArrayLike<number | boolean>;
  if (typeof values === "number" || typeof values === "boolean") {
    flat = [values];
  } else if (Array.isArray(values) && values.some((v) => Array.isArray(v))) {
    const out: number[] = [];
    flatten(values as NestedArray, dimensions, out, 0);
    flat = out;
  } else {
    flat = values as ArrayLike<number | boolean>;
    // A flat list is taken as row-major values; nested lists must match the rank.
  }
  if (flat.length !== n) {
    throw new HloError(`literal of shape ${shapeToString(s)} needs ${n} values, got ${flat.length}`);
  }
  const data = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = flat[i];
    data[i] = normalizeValue(elementType, typeof v === "boolean" ? (v ? 1 : 0) : Number(v));
  }
  return { shape: s, data };
}

export function scalar(value: number | boolean, elementType: ElementType = "f64"): ArrayLiteral {
  return literal(elementType, [], [value]);
}

export function tupleLiteral(elements: readonly Literal[]): TupleLiteral {
  return { shape: tupleShape(elements.map((e) => e.shape)), elements: [...elements] };
}

/** Wraps data already in the value set of `s` (no copy, no normalization): for kernels. */
export function arrayLiteralFromData(s: ArrayShape, data: Float64Array): ArrayLiteral {
  return { shape: s, data };
}

/** A literal of shape s with every element zero (tuples recursively). */
export function zeroLiteral(s: Shape): Literal {
  if (s.elementType === "tuple") return tupleLiteral(s.tupleShapes.map(zeroLiteral));
  return { shape: s, data: new Float64Array(elementCount(s)) };
}

/** Nested JS arrays of numbers (pred as booleans); a scalar comes back bare. */
export function toNested(l: ArrayLiteral): NestedArray {
  const dims = l.shape.dimensions;
  const asValue = l.shape.elementType === "pred" ? (x: number) => x !== 0 : (x: number) => x;
  let pos = 0;
  const build = (depth: number): NestedArray => {
    if (depth === dims.length) return asValue(l.data[pos++]);
    const out: NestedArray[] = [];
    for (let i = 0; i < dims[depth]; i++) out.push(build(depth + 1));
    return out;
  };
  return build(0);
}
