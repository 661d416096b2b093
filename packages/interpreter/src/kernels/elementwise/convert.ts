/**
 * The conversions: convert (XLA's Literal::Convert), bitcast-convert
 * (reinterpreting the bits between types of equal width) and
 * reduce-precision (the evaluator's bit-level rounding, float_formats.ts).
 */
import {
  ELEMENT_TYPE_INFO,
  type ElementType,
  EvalError,
  F32_FORMAT,
  F64_FORMAT,
  isFloatType,
  isIntegralType,
  reducePrecision,
  upperTypeName,
} from "@minixla/hlo";
import type { Scalar1 } from "./loops.ts";

/**
 * Float to integer, as Literal::Convert does it: NaN -> 0, at or beyond the
 * type's range -> its max or lowest (saturating), otherwise truncation toward
 * zero. (Saturating to s64/u64's max is beyond 2^53, so the normalizer refuses it.)
 */
function floatToInteger(to: ElementType): Scalar1 {
  const { min, max } = ELEMENT_TYPE_INFO[to];
  return (x) => (x !== x ? 0 : x >= max ? max : x <= min ? min : Math.trunc(x));
}

const identity = (x: number): number => x;

/**
 * The scalar part of convert from `from` to `to`; the loop then applies `to`'s
 * normalizer, which does the rest: int -> float rounds to nearest (f16/bf16
 * through f32, as Eigen's constructors do), int -> int wraps (a C cast),
 * anything -> pred is `!= 0` (NaN -> true), float -> float rounds to nearest even.
 */
export function convertScalar(from: ElementType, to: ElementType): Scalar1 {
  if (isFloatType(from) && isIntegralType(to)) return floatToInteger(to);
  return identity;
}

// ---------------------------------------------------------------------------
// bitcast-convert

const scratch = new DataView(new ArrayBuffer(8));

function writeBits(x: number, t: ElementType): void {
  switch (t) {
    case "pred":
    case "s8":
    case "u8":
      scratch.setUint8(0, x & 0xff);
      return;
    case "s16":
    case "u16":
      scratch.setUint16(0, x & 0xffff, true);
      return;
    case "f16":
      scratch.setUint16(0, f16Bits(x), true);
      return;
    case "bf16":
      scratch.setFloat32(0, x, true);
      scratch.setUint16(0, scratch.getUint16(2, true), true); // bf16 is the high half of its f32
      return;
    case "s32":
    case "u32":
      scratch.setUint32(0, x >>> 0, true);
      return;
    case "f32":
      scratch.setFloat32(0, x, true);
      return;
    case "s64":
    case "u64":
      scratch.setBigUint64(0, BigInt.asUintN(64, BigInt(x)), true);
      return;
    case "f64":
      scratch.setFloat64(0, x, true);
      return;
    default:
      t satisfies never;
  }
}

function readBits(t: ElementType): number {
  switch (t) {
    case "pred":
      return scratch.getUint8(0) !== 0 ? 1 : 0;
    case "s8":
      return scratch.getInt8(0);
    case "u8":
      return scratch.getUint8(0);
    case "s16":
      return scratch.getInt16(0, true);
    case "u16":
      return scratch.getUint16(0, true);
    case "f16":
      return f16FromBits(scratch.getUint16(0, true));
    case "bf16":
      scratch.setUint16(2, scratch.getUint16(0, true), true);
      scratch.setUint16(0, 0, true);
      return scratch.getFloat32(0, true);
    case "s32":
      return scratch.getInt32(0, true);
    case "u32":
      return scratch.getUint32(0, true);
    case "f32":
      return scratch.getFloat32(0, true);
    case "s64":
      return exact64(scratch.getBigInt64(0, true), t);
    case "u64":
      return exact64(scratch.getBigUint64(0, true), t);
    case "f64":
      return scratch.getFloat64(0, true);
    default:
      return t satisfies never;
  }
}

function exact64(v: bigint, t: "s64" | "u64"): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) {
    throw new EvalError(
      `bitcast-convert: the ${upperTypeName(t)} value ${v} is beyond 2^53, which minixla's float64 storage cannot hold exactly`,
    );
  }
  return n;
}

/** The IEEE half bit pattern of x (already an f16 value). */
function f16Bits(x: number): number {
  if (x !== x) return 0x7e00;
  const sign = x < 0 || Object.is(x, -0) ? 0x8000 : 0;
  const a = Math.abs(x);
  if (a === Infinity) return sign | 0x7c00;
  if (a < 2 ** -14) return sign | Math.round(a * 2 ** 24); // subnormal (exact)
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e -= 1;
  else if (2 ** (e + 1) <= a) e += 1;
  return sign | ((e + 15) << 10) | Math.round((a / 2 ** e - 1) * 1024);
}

function f16FromBits(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const e = (h >>> 10) & 0x1f;
  const m = h & 0x3ff;
  if (e === 0x1f) return m === 0 ? sign * Infinity : NaN;
  if (e === 0) return sign * m * 2 ** -24;
  return sign * (1 + m / 1024) * 2 ** (e - 15);
}

/** bitcast-convert between types of equal width: the same bits, read as `to`. */
export function bitcastScalar(from: ElementType, to: ElementType): Scalar1 {
  return (x) => {
    writeBits(x, from);
    return readBits(to);
  };
}

// ---------------------------------------------------------------------------
// reduce-precision

/**
 * The evaluator reduces precision in the type it computes in: float for
 * f16, bf16 and f32 (then the result is rounded to the result type), double for f64.
 */
export function reducePrecisionScalar(t: ElementType, exponentBits: number, mantissaBits: number): Scalar1 {
  const src = t === "f64" ? F64_FORMAT : F32_FORMAT;
  return (x) => reducePrecision(x, src, exponentBits, mantissaBits);
}
