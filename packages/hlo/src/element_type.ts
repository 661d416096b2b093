/**
 * Element types and the one table that says how each behaves: its kind, width,
 * range, and how an arbitrary float64 is brought into its value set. Every
 * literal and every kernel result passes through `normalizeValue`, so f32
 * rounding, integer wrap-around and pred's 0/1 live here and nowhere else.
 */
import { EvalError } from "./errors.ts";
import { roundToBF16, roundToF16 } from "./float_formats.ts";

export const ELEMENT_TYPES = [
  "pred", "s8", "s16", "s32", "s64", "u8", "u16", "u32", "u64", "f16", "bf16", "f32", "f64",
] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

export type ElementKind = "pred" | "signed" | "unsigned" | "float";

export interface ElementTypeInfo {
  readonly kind: ElementKind;
  readonly bitWidth: number;
  /** Smallest and largest representable values (finite max for floats). */
  readonly min: number;
  readonly max: number;
  /** Maps any float64 (already integral for integer types) into the type's value set. */
  readonly normalize: (x: number) => number;
  /** NumPy's name for the dtype. */
  readonly numpy: string;
}

/**
 * 64-bit integers live in float64 storage and are exact within +-2^53. A value
 * outside that range (or a u64 that would wrap below zero) would lose bits, so
 * it is refused with an EvalError instead of being silently rounded.
 */
function exact64(type: "s64" | "u64"): (x: number) => number {
  return (x) => {
    if (Number.isSafeInteger(x) && (type === "s64" || x >= 0)) return x === 0 ? 0 : x;
    if (Number.isNaN(x)) return 0;
    throw new EvalError(
      `${type} value ${x} is not exactly representable: minixla stores 64-bit integers in float64 and refuses values beyond 2^53 (or wrapped below zero for u64) rather than lose bits`,
    );
  };
}

const f32 = Math.fround;

export const ELEMENT_TYPE_INFO: { readonly [K in ElementType]: ElementTypeInfo } = {
  pred: { kind: "pred", bitWidth: 1, min: 0, max: 1, numpy: "bool", normalize: (x) => (x !== 0 ? 1 : 0) },
  s8: { kind: "signed", bitWidth: 8, min: -128, max: 127, numpy: "int8", normalize: (x) => (x << 24) >> 24 },
  s16: { kind: "signed", bitWidth: 16, min: -32768, max: 32767, numpy: "int16", normalize: (x) => (x << 16) >> 16 },
  s32: { kind: "signed", bitWidth: 32, min: -2147483648, max: 2147483647, numpy: "int32", normalize: (x) => x | 0 },
  s64: {
    kind: "signed", bitWidth: 64, min: -(2 ** 63), max: 2 ** 63 - 1, numpy: "int64",
    normalize: exact64("s64"),
  },
  u8: { kind: "unsigned", bitWidth: 8, min: 0, max: 255, numpy: "uint8", normalize: (x) => x & 0xff },
  u16: { kind: "unsigned", bitWidth: 16, min: 0, max: 65535, numpy: "uint16", normalize: (x) => x & 0xffff },
  u32: { kind: "unsigned", bitWidth: 32, min: 0, max: 4294967295, numpy: "uint32", normalize: (x) => x >>> 0 },
  u64: { kind: "unsigned", bitWidth: 64, min: 0, max: 2 ** 64 - 1, numpy: "uint64", normalize: exact64("u64") },
  f16: { kind: "float", bitWidth: 16, min: -65504, max: 65504, numpy: "float16", normalize: roundToF16 },
  bf16: {
    kind: "float", bitWidth: 16, min: -3.3895313892515355e38, max: 3.3895313892515355e38, numpy: "bfloat16",
    normalize: roundToBF16,
  },
  f32: { kind: "float", bitWidth: 32, min: -3.4028234663852886e38, max: 3.4028234663852886e38, numpy: "float32", normalize: f32 },
  f64: { kind: "float", bitWidth: 64, min: -Number.MAX_VALUE, max: Number.MAX_VALUE, numpy: "float64", normalize: (x) => x },
};

export function isElementType(s: string): s is ElementType {
  return (ELEMENT_TYPES as readonly string[]).includes(s);
}
export const isFloatType = (t: ElementType): boolean => ELEMENT_TYPE_INFO[t].kind === "float";
export const isIntegralType = (t: ElementType): boolean =>
  ELEMENT_TYPE_INFO[t].kind === "signed" || ELEMENT_TYPE_INFO[t].kind === "unsigned";
export const isSignedType = (t: ElementType): boolean => ELEMENT_TYPE_INFO[t].kind === "signed";
export const isUnsignedType = (t: ElementType): boolean => ELEMENT_TYPE_INFO[t].kind === "unsigned";

/** Brings x into t's value set (f32 rounding, integer wrap, pred 0/1). */
export function normalizeValue(t: ElementType, x: number): number {
  return ELEMENT_TYPE_INFO[t].normalize(x);
}

/** Float precision order, for XLA's "same type ignoring floating-point precision" rule. */
const FLOAT_RANK: Partial<Record<ElementType, number>> = { f16: 1, bf16: 1, f32: 2, f64: 3 };

/** XLA's SameElementTypeIgnoringFpPrecision: equal, or both floating point. */
export function sameTypeIgnoringFpPrecision(a: ElementType, b: ElementType): boolean {
  return a === b || (isFloatType(a) && isFloatType(b));
}

/** XLA's HigherPrecisionElementType: the wider float; f16 vs bf16 keeps a. */
export function higherPrecisionType(a: ElementType, b: ElementType): ElementType {
  const ra = FLOAT_RANK[a] ?? 0;
  const rb = FLOAT_RANK[b] ?? 0;
  return rb > ra ? b : a;
}

/** XLA's upper-case primitive type name, used in a few messages ("got F32."). */
export function upperTypeName(t: ElementType): string {
  return t.toUpperCase();
}
