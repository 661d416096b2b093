/**
 * The narrow floating-point formats of ml_dtypes that XLA names f8e5m2,
 * f8e4m3fn, ..., f4e2m1fn: their encodings and the rounding of a float64 into
 * them (round to nearest, ties to even, through subnormals). They differ in
 * what the all-ones exponent means:
 * - "ieee": infinities and NaNs as in IEEE 754 (f8e5m2, f8e4m3, f8e3m4);
 * - "fn": no infinities, only the all-ones pattern is NaN (f8e4m3fn);
 * - "fnuz": no infinities, no negative zero, NaN is the sign bit alone
 *   (f8e4m3fnuz, f8e5m2fnuz, f8e4m3b11fnuz);
 * - "none": no infinities and no NaN (f4e2m1fn);
 * and f8e8m0fnu, an unsigned power of two (exponent only, NaN at all ones).
 * What a value beyond the range becomes is each format's overflow rule:
 * infinity where the format has one, NaN where it has NaN only, the largest
 * finite value otherwise (ml_dtypes' non-saturating conversion).
 */
import { exponentOf, roundHalfEven, signBit } from "./float_formats.ts";

export type MinifloatName =
  | "f4e2m1fn" | "f8e3m4" | "f8e4m3" | "f8e4m3fn" | "f8e4m3fnuz" | "f8e4m3b11fnuz" | "f8e5m2" | "f8e5m2fnuz" | "f8e8m0fnu";

export type SpecialEncoding = "ieee" | "fn" | "fnuz" | "none";

export interface MinifloatFormat {
  readonly name: MinifloatName;
  readonly bitWidth: number;
  readonly exponentBits: number;
  readonly mantissaBits: number;
  readonly bias: number;
  readonly specials: SpecialEncoding;
  /** f8e8m0fnu: no sign bit and no zero. */
  readonly unsigned: boolean;
  readonly maxFinite: number;
  /** Smallest positive value (subnormal where the format has subnormals). */
  readonly minPositive: number;
  /** The ml_dtypes name. */
  readonly numpy: string;
}

function format(
  name: MinifloatName, exponentBits: number, mantissaBits: number, bias: number, specials: SpecialEncoding, numpy: string,
  unsigned = false,
): MinifloatFormat {
  const topExponent = 2 ** exponentBits - 1 - bias;
  const m = 2 ** -mantissaBits;
  let maxFinite: number;
  switch (specials) {
    case "ieee": maxFinite = (2 - m) * 2 ** (topExponent - 1); break;
    case "fn": maxFinite = unsigned ? 2 ** (topExponent - 1) : (2 - 2 * m) * 2 ** topExponent; break;
    case "fnuz":
    case "none": maxFinite = (2 - m) * 2 ** topExponent; break;
    default: maxFinite = specials satisfies never;
  }
  const minPositive = unsigned ? 2 ** -bias : 2 ** (1 - bias - mantissaBits);
  return { name, bitWidth: 1 + exponentBits + mantissaBits - (unsigned ? 1 : 0), exponentBits, mantissaBits, bias, specials, unsigned, maxFinite, minPositive, numpy };
}

export const MINIFLOAT_FORMATS: { readonly [K in MinifloatName]: MinifloatFormat } = {
  f4e2m1fn: format("f4e2m1fn", 2, 1, 1, "none", "float4_e2m1fn"),
  f8e3m4: format("f8e3m4", 3, 4, 3, "ieee", "float8_e3m4"),
  f8e4m3: format("f8e4m3", 4, 3, 7, "ieee", "float8_e4m3"),
  f8e4m3fn: format("f8e4m3fn", 4, 3, 7, "fn", "float8_e4m3fn"),
  f8e4m3fnuz: format("f8e4m3fnuz", 4, 3, 8, "fnuz", "float8_e4m3fnuz"),
  f8e4m3b11fnuz: format("f8e4m3b11fnuz", 4, 3, 11, "fnuz", "float8_e4m3b11fnuz"),
  f8e5m2: format("f8e5m2", 5, 2, 15, "ieee", "float8_e5m2"),
  f8e5m2fnuz: format("f8e5m2fnuz", 5, 2, 16, "fnuz", "float8_e5m2fnuz"),
  f8e8m0fnu: format("f8e8m0fnu", 8, 0, 127, "fn", "float8_e8m0fnu", true),
};

/** What a value beyond the format's range becomes. */
function overflow(f: MinifloatFormat, negative: boolean): number {
  switch (f.specials) {
    case "ieee": return negative ? -Infinity : Infinity;
    case "fn":
    case "fnuz": return NaN;
    case "none": return negative ? -f.maxFinite : f.maxFinite;
    default: return f.specials satisfies never;
  }
}

/**
 * x rounded to the nearest value of format f (ties to even), with f's overflow,
 * NaN and zero rules. The double is rounded directly, as XLA's convert from
 * f64 and ml_dtypes' scalar conversion do (numpy's `astype` from a float64
 * array goes through float32 first, a double rounding). NaN into f4e2m1fn,
 * which has no NaN, gives -0 as XLA's convert does.
 */
export function roundToMinifloat(x: number, f: MinifloatFormat): number {
  if (Number.isNaN(x)) return f.specials === "none" ? -0 : NaN;
  // f8e8m0fnu has neither sign nor zero: zero, negatives and infinity are NaN.
  if (f.unsigned && (x <= 0 || x === Infinity)) return NaN;
  if (x === 0) return f.specials === "fnuz" ? 0 : x;
  if (!Number.isFinite(x)) return overflow(f, x < 0);
  const a = Math.abs(x);
  // f8e8m0fnu below its second value: ml_dtypes treats exponent code 0 like a
  // subnormal range of step 2^(1-bias), so anything above 2^-bias rounds up to
  // 2^(1-bias) and anything at or below it (however small) gives 2^-bias.
  if (f.unsigned && a < 2 ** (1 - f.bias)) return a > f.minPositive ? 2 ** (1 - f.bias) : f.minPositive;
  const e = f.unsigned ? exponentOf(a) : Math.max(exponentOf(a), 1 - f.bias);
  // With no mantissa bits (f8e8m0fnu) the kept lowest bit is the implicit 1,
  // so a tie 1.5 * 2^e always rounds up, as ml_dtypes does.
  const ulp = 2 ** (e - f.mantissaBits);
  const r = roundHalfEven(a / ulp) * ulp;
  if (r > f.maxFinite) return overflow(f, x < 0);
  if (r === 0) return x < 0 && f.specials !== "fnuz" ? -0 : 0;
  return x < 0 ? -r : r;
}

/** The value of bit pattern `bits` (the low bitWidth bits) in format f. */
export function minifloatFromBits(bits: number, f: MinifloatFormat): number {
  const m = f.mantissaBits;
  const expOnes = 2 ** f.exponentBits - 1;
  if (f.unsigned) return bits === expOnes ? NaN : 2 ** (bits - f.bias);
  const negative = ((bits >> (f.bitWidth - 1)) & 1) === 1;
  const exp = (bits >> m) & expOnes;
  const mant = bits & ((1 << m) - 1);
  switch (f.specials) {
    case "ieee":
      if (exp === expOnes) return mant !== 0 ? NaN : negative ? -Infinity : Infinity;
      break;
    case "fn":
      if (exp === expOnes && mant === (1 << m) - 1) return NaN;
      break;
    case "fnuz":
      if (negative && exp === 0 && mant === 0) return NaN;
      break;
    case "none":
      break;
    default:
      f.specials satisfies never;
  }
  const magnitude = exp === 0 ? mant * 2 ** (1 - f.bias - m) : (2 ** m + mant) * 2 ** (exp - f.bias - m);
  return negative ? -magnitude : magnitude;
}

/**
 * The bit pattern of x rounded to format f, as ml_dtypes' conversion writes it.
 * A NaN result keeps the sign of x (a NaN's sign bit, or the sign of a value
 * that overflowed): the quiet NaN (top mantissa bit) of the IEEE-like formats,
 * the all-ones pattern of the "fn" ones; 0x80 for "fnuz"; 0xff for f8e8m0fnu.
 * f4e2m1fn, which has no NaN, takes NaN to -0 and -NaN to +0. `negativeNaN`
 * gives the sign of a NaN x where the caller read it from storage (an
 * optimizing compiler may not keep the sign bit of a NaN held as a number).
 */
export function minifloatToBits(x: number, f: MinifloatFormat, negativeNaN: boolean = Number.isNaN(x) && signBit(x)): number {
  const signMask = 1 << (f.bitWidth - 1);
  if (Number.isNaN(x) && f.specials === "none") return negativeNaN ? 0 : signMask;
  const r = roundToMinifloat(x, f);
  const m = f.mantissaBits;
  const expOnes = 2 ** f.exponentBits - 1;
  if (Number.isNaN(r)) {
    const sign = !f.unsigned && (Number.isNaN(x) ? negativeNaN : x < 0) ? signMask : 0;
    switch (f.specials) {
      case "ieee": return sign | (expOnes << m) | (1 << (m - 1));
      case "fn": return f.unsigned ? expOnes : sign | (expOnes << m) | ((1 << m) - 1);
      case "fnuz": return signMask;
      case "none": return signMask; // not reached: NaN is handled above, and nothing else rounds to NaN
      default: return f.specials satisfies never;
    }
  }
  const sign = !f.unsigned && signBit(r) ? signMask : 0;
  const a = Math.abs(r);
  if (a === Infinity) return sign | (expOnes << m);
  if (a === 0) return sign;
  const e = exponentOf(a);
  if (f.unsigned) return e + f.bias;
  if (e < 1 - f.bias) return sign | (a / 2 ** (1 - f.bias - m)); // subnormal
  return sign | ((e + f.bias) << m) | (a / 2 ** (e - m) - 2 ** m);
}
