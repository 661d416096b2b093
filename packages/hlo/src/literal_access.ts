/**
 * Reading results: `evaluate` and `execute` return the `Literal` union, since a
 * module's root may be a tuple. These helpers narrow it with an error that
 * names the shape, and hand array values out as the typed array a JavaScript
 * caller expects for the element type.
 */
import { HloError } from "./errors.ts";
import type { ElementType } from "./element_type.ts";
import { type ArrayLiteral, type Literal, type TupleLiteral, isTupleLiteral } from "./literal.ts";
import { shapeToString } from "./shape.ts";

/** The literal as an array; throws HloError naming the shape when it is a tuple. */
export function asArray(l: Literal): ArrayLiteral {
  if (isTupleLiteral(l)) throw new HloError(`asArray: expected an array literal, got a tuple of shape ${shapeToString(l.shape)}`);
  return l;
}

/** The literal as a tuple; throws HloError naming the shape when it is an array. */
export function asTuple(l: Literal): TupleLiteral {
  if (!isTupleLiteral(l)) throw new HloError(`asTuple: expected a tuple literal, got an array of shape ${shapeToString(l.shape)}`);
  return l;
}

/** Every typed array `toTypedArray` may give. */
export type ElementTypedArray =
  | Float64Array
  | Float32Array
  | Int8Array
  | Int16Array
  | Int32Array
  | Uint8Array
  | Uint16Array
  | Uint32Array
  | BigInt64Array
  | BigUint64Array;

type Make = (values: ArrayLike<number>) => ElementTypedArray;

const F64: Make = (v) => Float64Array.from(v);
const F32: Make = (v) => Float32Array.from(v);
const I8: Make = (v) => Int8Array.from(v);
const I16: Make = (v) => Int16Array.from(v);
const I32: Make = (v) => Int32Array.from(v);
const U8: Make = (v) => Uint8Array.from(v);
const U16: Make = (v) => Uint16Array.from(v);
const U32: Make = (v) => Uint32Array.from(v);

/**
 * The typed array per element type. Values are already in the type's value
 * set, so each conversion is exact. Types JavaScript has no array for take the
 * next wider one: s2/s4 Int8Array, u2/u4 Uint8Array; f16, bf16 and the f8/f4
 * formats Float64Array (no Float16Array is assumed); complex types a
 * Float64Array of interleaved (re, im) pairs. s64/u64 are handled apart
 * (BigInt64Array/BigUint64Array); token has no values.
 */
const TYPED_ARRAY: { readonly [K in ElementType]: Make | "bigint" | undefined } = {
  pred: U8,
  s2: I8, s4: I8, s8: I8, s16: I16, s32: I32, s64: "bigint",
  u2: U8, u4: U8, u8: U8, u16: U16, u32: U32, u64: "bigint",
  f4e2m1fn: F64, f8e3m4: F64, f8e4m3: F64, f8e4m3fn: F64, f8e4m3fnuz: F64, f8e4m3b11fnuz: F64, f8e5m2: F64, f8e5m2fnuz: F64, f8e8m0fnu: F64,
  f16: F64, bf16: F64, f32: F32, f64: F64,
  c64: F64, c128: F64,
  token: undefined,
};

/**
 * A fresh copy of an array literal's values, row-major, in the typed array of
 * its element type: Float32Array for f32, Float64Array for f64, Int32Array for
 * s32, Uint8Array for pred (0/1) and u8, BigInt64Array/BigUint64Array for
 * s64/u64, Int8/Int16/Uint16/Uint32Array for the other integer widths (s2/s4
 * in Int8Array, u2/u4 in Uint8Array), Float64Array for f16, bf16 and the
 * f8/f4 formats, and interleaved (re, im) pairs in a Float64Array for c64/c128.
 * Throws HloError for a tuple or a token.
 */
export function toTypedArray(l: Literal): ElementTypedArray {
  const a = asArray(l);
  const make = TYPED_ARRAY[a.shape.elementType];
  if (make === undefined) throw new HloError(`toTypedArray: ${shapeToString(a.shape)} has no values`);
  if (make === "bigint") return a.data.slice() as BigInt64Array | BigUint64Array;
  return make(a.data as Float64Array);
}
