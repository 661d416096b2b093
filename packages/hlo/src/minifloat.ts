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

function roundHalfEven(q: number): number {
  const fl = Math.floor(q);
  const diff = q - fl;
  if (diff > 0.5) return fl + 1;
  if (diff < 0.5) return fl;
  return fl % 2 === 0 ? fl : fl + 1;
}

function exponentOf(a: number): number {
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e -= 1;
  else if (2 ** (e + 1) <= a) e += 1;
  return e;
}

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

/** x rounded to the nearest value of format f (ties to even), with f's overflow, NaN and zero rules. */
export function roundToMinifloat(x: number, f: MinifloatFormat): number {
  if (Number.isNaN(x)) return f.specials === "none" ? NaN : NaN;
  if (f.unsigned) {
    if (x <= 0 || !Number.isFinite(x)) return x === Infinity ? NaN : NaN;
  }
  if (x === 0) return f.specials === "fnuz" ? 0 : x;
  if (!Number.isFinite(x)) return overflow(f, x < 0);
  const a = Math.abs(x);
  const emin = 1 - f.bias;
  const e = f.unsigned ? exponentOf(a) : Math.max(exponentOf(a), emin);
  const ulp = 2 ** (e - f.mantissaBits);
  let r = roundHalfEven(a / ulp) * ulp;
  if (f.unsigned && r < f.minPositive) r = f.minPositive;
  if (r > f.maxFinite) return overflow(f, x < 0);
  if (r === 0) return x < 0 && f.specials !== "fnuz" ? -0 : 0;
  return x < 0 ? -r : r;
}
