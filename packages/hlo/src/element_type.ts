/**
 * Element types and the one table that says how each behaves: its kind, width,
 * range, storage, and how an arbitrary float64 is brought into its value set.
 * Every literal and every kernel result passes through `normalizeValue`, so f32
 * rounding, integer wrap-around and pred's 0/1 live here and nowhere else.
 *
 * Storage (see literal.ts): every type whose values a double holds exactly is
 * stored one element per Float64Array slot; s64 and u64 live in BigInt64Array
 * and BigUint64Array so that no bit is lost; c64 and c128 are stored as
 * interleaved (real, imaginary) pairs in a Float64Array of twice the length.
 */
import { EvalError } from "./errors.ts";
import { roundToBF16, roundToF16 } from "./float_formats.ts";
import { MINIFLOAT_FORMATS, type MinifloatName, roundToMinifloat } from "./minifloat.ts";

/** Every element type, as HLO text spells it (XLA's PrimitiveType, lower-case). */
export const ELEMENT_TYPES = [
  "pred",
  "s2", "s4", "s8", "s16", "s32", "s64",
  "u2", "u4", "u8", "u16", "u32", "u64",
  "f4e2m1fn", "f8e3m4", "f8e4m3", "f8e4m3fn", "f8e4m3fnuz", "f8e4m3b11fnuz", "f8e5m2", "f8e5m2fnuz", "f8e8m0fnu",
  "f16", "bf16", "f32", "f64",
  "c64", "c128",
  "token",
] as const;
/** An element type: one of ELEMENT_TYPES. */
export type ElementType = (typeof ELEMENT_TYPES)[number];

/** The family of an element type, which decides the semantics of its ops. */
export type ElementKind = "pred" | "signed" | "unsigned" | "float" | "complex" | "token";

/**
 * How a literal of the type holds its elements: one float64 each ("f64"),
 * BigInt64Array ("s64"), BigUint64Array ("u64"), or two float64 per element
 * (real, imaginary: "complex").
 */
export type StorageKind = "f64" | "s64" | "u64" | "complex";

/** What minixla knows of one element type: family, width, storage and rounding. */
export interface ElementTypeInfo {
  readonly kind: ElementKind;
  readonly bitWidth: number;
  /** Smallest and largest representable values (finite max for floats; rounded for 64-bit integers). */
  readonly min: number;
  readonly max: number;
  /**
   * Maps any float64 (already integral for integer types) into the type's value
   * set; for complex types, one component into the component type's value set.
   * For s64/u64 it wraps a float64 that is an exact integer into the type's range
   * as a float64 (exact only within 2^53): kernels with BigInt storage wrap through
   * the typed array instead.
   */
  readonly normalize: (x: number) => number;
  /** NumPy's (or ml_dtypes') name for the dtype. */
  readonly numpy: string;
  readonly storage: StorageKind;
}

const f32 = Math.fround;

/** Two's-complement wrap of an integral float64 to `bits` bits. */
function wrapSigned(bits: number): (x: number) => number {
  const m = 2 ** bits;
  const half = m / 2;
  return (x) => {
    const r = ((x % m) + m) % m;
    return r >= half ? r - m : r;
  };
}
function wrapUnsigned(bits: number): (x: number) => number {
  const m = 2 ** bits;
  return (x) => ((x % m) + m) % m;
}

/** 64-bit wrap of a float64 integer, through BigInt (exact for any integral double). */
function wrap64(signed: boolean): (x: number) => number {
  return (x) => {
    if (Number.isNaN(x)) return 0;
    if (Number.isSafeInteger(x)) {
      if (signed || x >= 0) return x === 0 ? 0 : x;
    }
    if (!Number.isFinite(x)) throw new EvalError(`cannot bring ${x} into a 64-bit integer`);
    const b = BigInt(Math.trunc(x));
    return Number(signed ? BigInt.asIntN(64, b) : BigInt.asUintN(64, b));
  };
}

function minifloat(name: MinifloatName): Pick<ElementTypeInfo, "kind" | "bitWidth" | "min" | "max" | "normalize" | "numpy" | "storage"> {
  const f = MINIFLOAT_FORMATS[name];
  return {
    kind: "float", bitWidth: f.bitWidth, min: f.unsigned ? 0 : -f.maxFinite, max: f.maxFinite, numpy: f.numpy, storage: "f64",
    normalize: (x) => roundToMinifloat(x, f),
  };
}

const s = (bits: number, numpy: string): ElementTypeInfo => ({
  kind: "signed", bitWidth: bits, min: -(2 ** (bits - 1)), max: 2 ** (bits - 1) - 1, numpy, storage: "f64",
  normalize: bits === 8 ? (x) => (x << 24) >> 24 : bits === 16 ? (x) => (x << 16) >> 16 : bits === 32 ? (x) => x | 0 : wrapSigned(bits),
});
const u = (bits: number, numpy: string): ElementTypeInfo => ({
  kind: "unsigned", bitWidth: bits, min: 0, max: 2 ** bits - 1, numpy, storage: "f64",
  normalize: bits === 8 ? (x) => x & 0xff : bits === 16 ? (x) => x & 0xffff : bits === 32 ? (x) => x >>> 0 : wrapUnsigned(bits),
});

/** Facts for every element type; `storage` says which array holds its values and `normalize` rounds a double into its value set. */
export const ELEMENT_TYPE_INFO: { readonly [K in ElementType]: ElementTypeInfo } = {
  pred: { kind: "pred", bitWidth: 1, min: 0, max: 1, numpy: "bool", storage: "f64", normalize: (x) => (x !== 0 ? 1 : 0) },
  s2: s(2, "int2"),
  s4: s(4, "int4"),
  s8: s(8, "int8"),
  s16: s(16, "int16"),
  s32: s(32, "int32"),
  s64: { kind: "signed", bitWidth: 64, min: -(2 ** 63), max: 2 ** 63 - 1, numpy: "int64", storage: "s64", normalize: wrap64(true) },
  u2: u(2, "uint2"),
  u4: u(4, "uint4"),
  u8: u(8, "uint8"),
  u16: u(16, "uint16"),
  u32: u(32, "uint32"),
  u64: { kind: "unsigned", bitWidth: 64, min: 0, max: 2 ** 64 - 1, numpy: "uint64", storage: "u64", normalize: wrap64(false) },
  f4e2m1fn: minifloat("f4e2m1fn"),
  f8e3m4: minifloat("f8e3m4"),
  f8e4m3: minifloat("f8e4m3"),
  f8e4m3fn: minifloat("f8e4m3fn"),
  f8e4m3fnuz: minifloat("f8e4m3fnuz"),
  f8e4m3b11fnuz: minifloat("f8e4m3b11fnuz"),
  f8e5m2: minifloat("f8e5m2"),
  f8e5m2fnuz: minifloat("f8e5m2fnuz"),
  f8e8m0fnu: minifloat("f8e8m0fnu"),
  f16: { kind: "float", bitWidth: 16, min: -65504, max: 65504, numpy: "float16", storage: "f64", normalize: roundToF16 },
  bf16: {
    kind: "float", bitWidth: 16, min: -3.3895313892515355e38, max: 3.3895313892515355e38, numpy: "bfloat16", storage: "f64",
    normalize: roundToBF16,
  },
  f32: { kind: "float", bitWidth: 32, min: -3.4028234663852886e38, max: 3.4028234663852886e38, numpy: "float32", storage: "f64", normalize: f32 },
  f64: { kind: "float", bitWidth: 64, min: -Number.MAX_VALUE, max: Number.MAX_VALUE, numpy: "float64", storage: "f64", normalize: (x) => x },
  c64: { kind: "complex", bitWidth: 64, min: -3.4028234663852886e38, max: 3.4028234663852886e38, numpy: "complex64", storage: "complex", normalize: f32 },
  c128: { kind: "complex", bitWidth: 128, min: -Number.MAX_VALUE, max: Number.MAX_VALUE, numpy: "complex128", storage: "complex", normalize: (x) => x },
  token: { kind: "token", bitWidth: 0, min: 0, max: 0, numpy: "", storage: "f64", normalize: () => 0 },
};

/** Whether a string names an element type (narrows it). */
export function isElementType(s: string): s is ElementType {
  return (ELEMENT_TYPES as readonly string[]).includes(s);
}
/** Real floating point (f64 down to the f8 formats). */
export const isFloatType = (t: ElementType): boolean => ELEMENT_TYPE_INFO[t].kind === "float";
/** c64 or c128. */
export const isComplexType = (t: ElementType): boolean => ELEMENT_TYPE_INFO[t].kind === "complex";
/** Signed or unsigned integer (pred excluded). */
export const isIntegralType = (t: ElementType): boolean =>
  ELEMENT_TYPE_INFO[t].kind === "signed" || ELEMENT_TYPE_INFO[t].kind === "unsigned";
/** Types stored as BigInt: s64 and u64. */
export const isBigIntType = (t: ElementType): t is "s64" | "u64" => t === "s64" || t === "u64";

/** The component type of a complex type (f32 for c64, f64 for c128). */
export function complexComponentType(t: "c64" | "c128"): "f32" | "f64" {
  return t === "c64" ? "f32" : "f64";
}

/** Brings x into t's value set (f32 rounding, integer wrap, pred 0/1). */
export function normalizeValue(t: ElementType, x: number): number {
  return ELEMENT_TYPE_INFO[t].normalize(x);
}

/** Float precision order, for XLA's "same type ignoring floating-point precision" rule. */
const FLOAT_RANK: Partial<Record<ElementType, number>> = {
  f4e2m1fn: 0, f8e3m4: 0, f8e4m3: 0, f8e4m3fn: 0, f8e4m3fnuz: 0, f8e4m3b11fnuz: 0, f8e5m2: 0, f8e5m2fnuz: 0, f8e8m0fnu: 0,
  f16: 1, bf16: 1, f32: 2, f64: 3,
};

/** XLA's SameElementTypeIgnoringFpPrecision: equal, or both floating point. */
export function sameTypeIgnoringFpPrecision(a: ElementType, b: ElementType): boolean {
  return a === b || (isFloatType(a) && isFloatType(b));
}

/** XLA's HigherPrecisionElementType: the wider float; equal widths keep a. */
export function higherPrecisionType(a: ElementType, b: ElementType): ElementType {
  const ra = FLOAT_RANK[a] ?? -1;
  const rb = FLOAT_RANK[b] ?? -1;
  return rb > ra ? b : a;
}

/** XLA's upper-case primitive type name, used in a few messages ("got F32."). */
export function upperTypeName(t: ElementType): string {
  return t.toUpperCase();
}
