/**
 * Rounding a float64 to a narrower binary floating-point format, exactly as
 * hardware does: round to nearest, ties to even, gradual underflow through
 * subnormals, overflow to infinity. f16, bf16 and reduce-precision share it.
 */

export interface FloatFormat {
  /** Explicit mantissa (fraction) bits: 10 for f16, 7 for bf16, 23 for f32. */
  readonly mantissaBits: number;
  /** Exponent bits: 5 for f16, 8 for bf16 and f32. */
  readonly exponentBits: number;
}

export const F16_FORMAT: FloatFormat = { mantissaBits: 10, exponentBits: 5 };
export const BF16_FORMAT: FloatFormat = { mantissaBits: 7, exponentBits: 8 };

/** Largest finite value of a format: (2 - 2^-m) * 2^emax. */
export function maxFinite(f: FloatFormat): number {
  const emax = 2 ** (f.exponentBits - 1) - 1;
  return (2 - 2 ** -f.mantissaBits) * 2 ** emax;
}

/** Round half to even on a non-negative number. */
function roundHalfEven(q: number): number {
  const fl = Math.floor(q);
  const diff = q - fl;
  if (diff > 0.5) return fl + 1;
  if (diff < 0.5) return fl;
  return fl % 2 === 0 ? fl : fl + 1;
}

/** floor(log2(a)) for a finite a > 0, corrected for Math.log2's inexactness. */
export function exponentOf(a: number): number {
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e -= 1;
  else if (2 ** (e + 1) <= a) e += 1;
  return e;
}

/**
 * Rounds x to the nearest value of format f (ties to even). With
 * `flushSubnormals`, results below the smallest normal become signed zero
 * (reduce-precision's behaviour); otherwise subnormals are kept.
 */
export function roundToFormat(x: number, f: FloatFormat, flushSubnormals = false): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const a = Math.abs(x);
  const emax = 2 ** (f.exponentBits - 1) - 1;
  const emin = 1 - emax;
  const e = Math.max(exponentOf(a), emin);
  // Scaling by a power of two is exact, so q carries every bit of a.
  const ulp = 2 ** (e - f.mantissaBits);
  let r = roundHalfEven(a / ulp) * ulp;
  if (r > maxFinite(f)) r = Infinity;
  if (flushSubnormals && r < 2 ** emin) r = 0;
  return x < 0 ? -r : r;
}
