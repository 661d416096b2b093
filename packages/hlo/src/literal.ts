/**
 * Literals: array values stored row-major, each element already in its element
 * type's value set (see element_type.ts), and tuples of literals. The storage
 * follows the element type's `storage`: a Float64Array of one slot per element
 * for every type a double holds exactly, a BigInt64Array for s64, a
 * BigUint64Array for u64, and a Float64Array of interleaved (real, imaginary)
 * pairs for c64 and c128. Literal data is never written after construction.
 */
import { HloError, ParseError } from "./errors.ts";
import { ELEMENT_TYPE_INFO, type ElementType, type StorageKind, normalizeValue } from "./element_type.ts";
import { type ArrayShape, type Shape, type TupleShape, elementCount, shape, shapeToString, tupleShape } from "./shape.ts";

/** An array literal's elements, in the storage its element type calls for. */
export type LiteralData = Float64Array | BigInt64Array | BigUint64Array;

/** An array value: its shape and its elements in row-major order, stored as `ELEMENT_TYPE_INFO[t].storage` says. */
export interface ArrayLiteral {
  readonly shape: ArrayShape;
  readonly data: LiteralData;
}
/** A tuple value: one literal per element of a tuple shape. */
export interface TupleLiteral {
  readonly shape: TupleShape;
  readonly elements: readonly Literal[];
}
/** A value: an array or a tuple. */
export type Literal = ArrayLiteral | TupleLiteral;

/** Nested JS arrays of values: numbers, booleans (pred), bigints (s64/u64), [re, im] pairs (complex). */
export type NestedArray = number | boolean | bigint | readonly NestedArray[];

/** Whether a literal is a tuple (narrows it). */
export const isTupleLiteral = (l: Literal): l is TupleLiteral => l.shape.elementType === "tuple";
/** Whether a literal is an array (narrows it). */
export const isArrayLiteral = (l: Literal): l is ArrayLiteral => l.shape.elementType !== "tuple";

/** How values of an element type are stored (`ELEMENT_TYPE_INFO[t].storage`). */
export function storageOf(t: ElementType): StorageKind {
  return ELEMENT_TYPE_INFO[t].storage;
}

/** Storage slots per element: 2 for complex types, 1 otherwise. */
export function elementLanes(t: ElementType): 1 | 2 {
  return ELEMENT_TYPE_INFO[t].storage === "complex" ? 2 : 1;
}

/**
 * From this many float64 values on, storage is allocated on a
 * SharedArrayBuffer where the runtime has one (still a Float64Array), so the
 * compiled engine's worker threads can read it without a copy.
 */
const SHARED_MIN_VALUES = 1 << 16;

function float64Storage(n: number): Float64Array {
  return n >= SHARED_MIN_VALUES && typeof SharedArrayBuffer === "function" ? new Float64Array(new SharedArrayBuffer(n * 8)) : new Float64Array(n);
}

/** Zero-filled storage for n elements of type t (large float storage on shared memory where the runtime has it). */
export function allocData(t: ElementType, n: number): LiteralData {
  switch (ELEMENT_TYPE_INFO[t].storage) {
    case "f64": return float64Storage(n);
    case "s64": return new BigInt64Array(n);
    case "u64": return new BigUint64Array(n);
    case "complex": return new Float64Array(2 * n);
    default: return ELEMENT_TYPE_INFO[t].storage satisfies never;
  }
}

/** The storage that t needs, as a type guard: is `data` of the kind t calls for, and n elements long? */
export function dataFits(t: ElementType, n: number, data: unknown): data is LiteralData {
  switch (ELEMENT_TYPE_INFO[t].storage) {
    case "f64": return data instanceof Float64Array && data.length === n;
    case "s64": return data instanceof BigInt64Array && data.length === n;
    case "u64": return data instanceof BigUint64Array && data.length === n;
    case "complex": return data instanceof Float64Array && data.length === 2 * n;
    default: return ELEMENT_TYPE_INFO[t].storage satisfies never;
  }
}

type Flat = number | boolean | bigint;

function flatten(values: NestedArray, dims: readonly number[], out: Flat[], depth: number): void {
  if (depth === dims.length) {
    if (Array.isArray(values)) throw new HloError(`literal nesting is deeper than the rank ${dims.length}`);
    out.push(values as Flat);
    return;
  }
  if (!Array.isArray(values) || values.length !== dims[depth]) {
    throw new HloError(
      `literal nesting does not match dimensions [${dims.join(",")}] at depth ${depth}: expected ${dims[depth]} elements`,
    );
  }
  for (const v of values as readonly NestedArray[]) flatten(v, dims, out, depth + 1);
}

function toNumber(v: Flat): number {
  return typeof v === "boolean" ? (v ? 1 : 0) : Number(v);
}

/**
 * A value for BigInt storage: bigints, or numbers that are integers, in
 * [-2^63, 2^64), the 64-bit words XLA's text parser reads (a value past
 * 2^63-1 keeps its bits: s64 2^63 is -2^63, u64 -1 is 2^64-1). Anything else
 * is refused with the ParseError the parser gives for the same value.
 */
function toBigInt(t: ElementType, v: Flat): bigint {
  if (typeof v !== "bigint" && !Number.isInteger(toNumber(v))) {
    throw new ParseError(`${t} literal value ${String(v)} is not an integer; 64-bit integer literals take integers or bigints`);
  }
  const b = typeof v === "bigint" ? v : BigInt(toNumber(v));
  if (b < -(2n ** 63n) || b >= 2n ** 64n) {
    throw new ParseError(`${t} literal value ${b} does not fit in 64 bits (a 64-bit integer literal takes values in [-2^63, 2^64))`);
  }
  return b;
}

/**
 * Builds an array literal from flat row-major values or a nested array. Each
 * value is brought into the element type's value set (f32 rounds, s32 wraps,
 * s64/u64 keep the low 64 bits of values in [-2^63, 2^64) and refuse others
 * with ParseError, as the text parser does). s64 and u64 take bigints (or integral numbers);
 * complex types take [re, im] pairs as one more level of nesting, or a flat
 * list of 2n interleaved numbers.
 */
export function literal(
  elementType: ElementType,
  dimensions: readonly number[],
  values: ArrayLike<number | boolean | bigint> | NestedArray,
): ArrayLiteral {
  const s = shape(elementType, dimensions);
  const n = elementCount(s);
  const lanes = elementLanes(elementType);
  const dims = lanes === 2 ? [...dimensions, 2] : dimensions;
  let flat: ArrayLike<Flat>;
  if (typeof values === "number" || typeof values === "boolean" || typeof values === "bigint") {
    flat = [values];
  } else if (Array.isArray(values) && values.some((v) => Array.isArray(v))) {
    const out: Flat[] = [];
    flatten(values as NestedArray, dims, out, 0);
    flat = out;
  } else {
    // A flat list is taken as row-major values; nested lists must match the rank.
    flat = values as ArrayLike<Flat>;
  }
  if (flat.length !== n * lanes) {
    throw new HloError(`literal of shape ${shapeToString(s)} needs ${n * lanes} values${lanes === 2 ? " (re, im interleaved)" : ""}, got ${flat.length}`);
  }
  const data = allocData(elementType, n);
  if (data instanceof Float64Array) {
    for (let i = 0; i < data.length; i++) data[i] = normalizeValue(elementType, toNumber(flat[i]));
  } else {
    // The typed array wraps each bigint to 64 bits.
    for (let i = 0; i < n; i++) data[i] = toBigInt(elementType, flat[i]);
  }
  return { shape: s, data };
}

/** A rank-0 literal of that element type (default f64). */
export function scalar(value: number | boolean | bigint, elementType: ElementType = "f64"): ArrayLiteral {
  return literal(elementType, [], [value]);
}

/** A tuple literal of these elements (its shape derived from theirs). */
export function tupleLiteral(elements: readonly Literal[]): TupleLiteral {
  return { shape: tupleShape(elements.map((e) => e.shape)), elements: [...elements] };
}

/** Wraps data already in the value set of `s` (no copy, no normalization): for kernels. */
export function arrayLiteralFromData(s: ArrayShape, data: LiteralData): ArrayLiteral {
  return { shape: s, data };
}

/** A literal of shape s with every element zero (tuples recursively). */
export function zeroLiteral(s: Shape): Literal {
  if (s.elementType === "tuple") return tupleLiteral(s.tupleShapes.map(zeroLiteral));
  return { shape: s, data: allocData(s.elementType, elementCount(s)) };
}

/** Element i as a JS number (s64/u64 rounded to the nearest double; complex: the real part). */
export function elementAsNumber(l: ArrayLiteral, i: number): number {
  return Number(l.data[elementLanes(l.shape.elementType) * i]);
}

/**
 * Nested JS arrays of the values: numbers; booleans for pred; bigints for s64
 * and u64; [re, im] pairs for complex types. A scalar comes back bare.
 */
export function toNested(l: ArrayLiteral): NestedArray {
  const dims = l.shape.dimensions;
  const t = l.shape.elementType;
  const data = l.data;
  const complex = elementLanes(t) === 2;
  let pos = 0;
  const next = (): NestedArray => {
    if (complex) {
      const re = data[pos++] as number;
      const im = data[pos++] as number;
      return [re, im];
    }
    const v = data[pos++];
    return t === "pred" ? v !== 0 : v;
  };
  const build = (depth: number): NestedArray => {
    if (depth === dims.length) return next();
    const out: NestedArray[] = [];
    for (let i = 0; i < dims[depth]; i++) out.push(build(depth + 1));
    return out;
  };
  return build(0);
}
