/**
 * The scalar conversions of convert (XLA's Literal::Convert) between types
 * stored one float64 per element, and reduce-precision (the evaluator's
 * bit-level rounding, float_formats.ts). Conversions to and from s64/u64 and
 * complex types are in convert_wide.ts; bitcast-convert reinterprets bytes
 * (element_bytes.ts).
 */
import {
  ELEMENT_TYPE_INFO,
  type ElementType,
  F16_FORMAT,
  F32_FORMAT,
  F64_FORMAT,
  isFloatType,
  isIntegralType,
  reducePrecision,
} from "@minixla/hlo";
import type { Scalar1 } from "./loops.ts";

/**
 * Float to integer, as Literal::Convert does it: NaN -> 0, at or beyond the
 * type's range -> its max or lowest (saturating), otherwise truncation toward
 * zero. (For s64/u64 see convert_wide.ts.)
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
 * anything -> pred is `!= 0` (NaN -> true), float -> float rounds to nearest
 * even, directly from the source value (f64 -> f8 is one rounding, as XLA's
 * convert does, not two through f32).
 */
export function convertScalar(from: ElementType, to: ElementType): Scalar1 {
  if (isFloatType(from) && isIntegralType(to)) return floatToInteger(to);
  return identity;
}

// ---------------------------------------------------------------------------
// reduce-precision

/**
 * The evaluator reduces precision in the type it computes in: float for
 * f16, bf16 and f32 (then the result is rounded to the result type), double for f64.
 * XLA's CPU backend (`f16Bits`) reduces an f16 on its own bits, so an f16
 * denormal is rounded at f16's spacing and, with 5 or more exponent bits,
 * kept: f16 reduce-precision(3.05e-5), exponent_bits=5, mantissa_bits=8 is
 * 3.05e-5 there (0 in the evaluator), and reduce-precision(6e-8),
 * exponent_bits=8, mantissa_bits=7 is 0 (6e-8 in the evaluator); all 65,536
 * f16 values agree with jaxlib 0.10.2 for 13 (exponent, mantissa) pairs.
 * bf16 gives the same either way (its exponent is f32's).
 */
export function reducePrecisionScalar(t: ElementType, exponentBits: number, mantissaBits: number, f16Bits = false): Scalar1 {
  const src = t === "f64" ? F64_FORMAT : t === "f16" && f16Bits ? F16_FORMAT : F32_FORMAT;
  return (x) => reducePrecision(x, src, exponentBits, mantissaBits);
}
