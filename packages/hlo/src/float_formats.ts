/**
 * Rounding a float64 to a narrower binary floating-point format, exactly as
 * hardware does: round to nearest, ties to even, gradual underflow through
 * subnormals, overflow to infinity. f16, bf16 and reduce-precision share it,
 * as do the minifloats and the .npy codec (with the sign bit of a float64,
 * NaN included).
 */

export interface FloatFormat {
  /** Explicit mantissa (fraction) bits: 10 for f16, 7 for bf16, 23 for f32. */
  readonly mantissaBits: number;
  /** Exponent bits: 5 for f16, 8 for bf16 and f32. */
  readonly exponentBits: number;
}

/** IEEE binary16. */
export const F16_FORMAT: FloatFormat = { mantissaBits: 10, exponentBits: 5 };
/** bfloat16: f32's exponent with 7 mantissa bits. */
export const BF16_FORMAT: FloatFormat = { mantissaBits: 7, exponentBits: 8 };

/** Largest finite value of a format: (2 - 2^-m) * 2^emax. */
export function maxFinite(f: FloatFormat): number {
  const emax = 2 ** (f.exponentBits - 1) - 1;
  return (2 - 2 ** -f.mantissaBits) * 2 ** emax;
}

/** Round half to even on a non-negative number. */
export function roundHalfEven(q: number): number {
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

// ---------------------------------------------------------------------------
// f16 and bf16 as XLA stores them. Eigen's half and bfloat16 constructors
// convert any double or integer through float first (static_cast<float>),
// and XLA's evaluator computes f16/bf16 ops in float, so the faithful value
// of an f16/bf16 result is round16(fround(x)), not a direct rounding of x.
// Both roundings below work on the f32 bit pattern: no logarithms, no
// allocation, exact.

const scratchF32 = new Float32Array(1);
const scratchU32 = new Uint32Array(scratchF32.buffer);

/** x rounded to f32, then to bf16 (round to nearest even, overflow to inf). */
export function roundToBF16(x: number): number {
  scratchF32[0] = x;
  const u = scratchU32[0];
  if ((u & 0x7f800000) === 0x7f800000) return scratchF32[0]; // inf or NaN
  // Adding 0x7fff plus the lowest kept bit rounds the 16 dropped bits to nearest even;
  // a carry into the exponent is the correct result (up to infinity).
  scratchU32[0] = (u + 0x7fff + ((u >>> 16) & 1)) & 0xffff0000;
  return scratchF32[0];
}

const TWO_POW_24 = 16777216;
const TWO_POW_52 = 4503599627370496;

/** x rounded to f32, then to f16 (round to nearest even, subnormals kept, overflow to inf). */
export function roundToF16(x: number): number {
  scratchF32[0] = x;
  const u = scratchU32[0];
  const exp = (u >>> 23) & 0xff;
  if (exp === 0xff) return scratchF32[0]; // inf or NaN
  if (exp < 113) {
    // Below 2^-14 f16 is subnormal: a multiple of 2^-24. a * 2^24 is exact and
    // below 2^10, and adding then subtracting 2^52 rounds it to an integer, ties to even.
    const a = Math.abs(scratchF32[0]) * TWO_POW_24;
    const r = (a + TWO_POW_52 - TWO_POW_52) / TWO_POW_24;
    return u >>> 31 ? -r : r;
  }
  scratchU32[0] = (u + 0xfff + ((u >>> 13) & 1)) & 0xffffe000;
  const r = scratchF32[0];
  // 65520 and above round to 2^16, which f16 cannot hold.
  return Math.abs(r) >= 65536 ? (r < 0 ? -Infinity : Infinity) : r;
}

/** IEEE binary32. */
export const F32_FORMAT: FloatFormat = { mantissaBits: 23, exponentBits: 8 };
/** IEEE binary64. */
export const F64_FORMAT: FloatFormat = { mantissaBits: 52, exponentBits: 11 };

/**
 * XLA's reduce-precision of x held in format `src` (the type the evaluator
 * computes in: f32 for f16/bf16/f32, f64 for f64), as its evaluator does it on
 * the bit pattern: first the mantissa is rounded to `mantissaBits` (nearest,
 * ties to even, quantized at src's own subnormal spacing; a carry may reach
 * infinity), then, if `exponentBits` is narrower than src's, a result whose
 * exponent is above the narrow format's range becomes signed infinity and one
 * below its smallest normal (2^emin) becomes signed zero: subnormals of the
 * narrow format are flushed, not rounded. NaN stays NaN, except with zero
 * mantissa bits, where it becomes +inf (there is no NaN without mantissa bits).
 */
export function reducePrecision(x: number, src: FloatFormat, exponentBits: number, mantissaBits: number): number {
  if (Number.isNaN(x)) return mantissaBits > 0 ? x : Infinity;
  let r = x;
  if (mantissaBits < src.mantissaBits) {
    const narrow = { mantissaBits, exponentBits: src.exponentBits };
    r = roundToFormat(x, narrow);
    const a = Math.abs(x);
    // With no mantissa bits left, XLA's rounding bias takes the exponent's lowest bit as
    // the "last kept bit": a tie (1.5 * 2^e) rounds up iff the biased exponent is odd,
    // that is iff e is even (src's bias is odd). roundToFormat would always round it up.
    if (mantissaBits === 0 && a >= 2 ** (2 - 2 ** (src.exponentBits - 1)) && Number.isFinite(a)) {
      const e = exponentOf(a);
      if (a === 1.5 * 2 ** e) {
        const m = e % 2 === 0 ? 2 ** (e + 1) : 2 ** e;
        r = m > maxFinite(narrow) ? Infinity : m;
        if (x < 0) r = -r;
      }
    }
  }
  if (exponentBits < src.exponentBits) {
    const emax = 2 ** (exponentBits - 1) - 1;
    const a = Math.abs(r);
    if (a >= 2 ** (emax + 1)) r = r < 0 ? -Infinity : Infinity;
    else if (a < 2 ** (1 - emax)) r = r < 0 || Object.is(r, -0) ? -0 : 0;
  }
  return r;
}

const HOST_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** Byte offset, within a Float64Array slot, of the byte holding the sign bit (7 on a little-endian host). */
export const F64_SIGN_BYTE = HOST_LITTLE_ENDIAN ? 7 : 0;

const scratchF64 = new Float64Array(1);
const scratchF64Bytes = new Uint8Array(scratchF64.buffer);

/** The sign bit of x, NaN and -0 included (a NaN's sign read from its bits, for callers that hold x as a number). */
export function signBit(x: number): boolean {
  scratchF64[0] = x;
  return (scratchF64Bytes[F64_SIGN_BYTE] & 0x80) !== 0;
}
