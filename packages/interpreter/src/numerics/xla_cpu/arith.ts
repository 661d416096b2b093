/**
 * IEEE arithmetic as XLA's CPU backend executes it: every f32/f64 add,
 * multiply, divide and fused multiply-add rounds once, and runs with the
 * x86 MXCSR flags DAZ and FTZ set (a denormal operand reads as zero, a
 * denormal result is written as zero of the same sign). The polynomial
 * kernels of math_f32.ts / math_f64.ts are written with
 * these so that each step rounds exactly as the compiled code does.
 * fma32/fma64 are exact (one rounding of a*b+c), which XLA's LLVM gets
 * from vfmadd* when it contracts a multiply into the add that uses it.
 */

const F64 = new Float64Array(1);
const W32 = new Uint32Array(F64.buffer); // little-endian: W32[0] low word, W32[1] high word

/** Smallest normal f32 and f64. */
const MIN_NORMAL_F32 = 2 ** -126;
const MIN_NORMAL_F64 = 2 ** -1022;

/** x with an f32 denormal (stored as a float64) replaced by zero of its sign (DAZ/FTZ). */
export function ftz32(x: number): number {
  return x > -MIN_NORMAL_F32 && x < MIN_NORMAL_F32 && x !== 0 ? (x < 0 ? -0 : 0) : x;
}

/** x with an f64 denormal replaced by zero of its sign (DAZ/FTZ). */
export function ftz64(x: number): number {
  return x > -MIN_NORMAL_F64 && x < MIN_NORMAL_F64 && x !== 0 ? (x < 0 ? -0 : 0) : x;
}

// Sums and products of two f32 values are rounded once to f64 and then to
// f32; 53 >= 2*24+2 bits makes that double rounding innocuous.
/** f32 a + b under FTZ. */
export const add32 = (a: number, b: number): number => ftz32(Math.fround(a + b));
/** f32 a - b under FTZ. */
export const sub32 = (a: number, b: number): number => ftz32(Math.fround(a - b));
/** f32 a * b under FTZ. */
export const mul32 = (a: number, b: number): number => ftz32(Math.fround(a * b));
/** f32 a / b under FTZ. */
export const div32 = (a: number, b: number): number => ftz32(Math.fround(a / b));

/** f64 a + b under FTZ. */
export const add64 = (a: number, b: number): number => ftz64(a + b);
/** f64 a - b under FTZ. */
export const sub64 = (a: number, b: number): number => ftz64(a - b);
/** f64 a * b under FTZ. */
export const mul64 = (a: number, b: number): number => ftz64(a * b);
/** f64 a / b under FTZ. */
export const div64 = (a: number, b: number): number => ftz64(a / b);

/**
 * s rounded to odd, given that s + err is exact (TwoSum): when err is not
 * zero and s has an even last bit, s moves one ulp towards s + err. A value
 * rounded to odd at 53 bits rounds correctly to any precision of at most 51
 * bits, and is the middle step of the emulated fma64.
 */
function roundToOdd(s: number, err: number): number {
  if (err === 0 || !Number.isFinite(s)) return s;
  F64[0] = s;
  if ((W32[0]! & 1) !== 0) return s;
  const away = s > 0 === err > 0; // err points away from zero: grow the magnitude
  if (away) {
    W32[0] = W32[0]! + 1; // even low word: no carry
  } else if (W32[0] === 0) {
    W32[0] = 0xffffffff;
    W32[1] = W32[1]! - 1;
  } else {
    W32[0] = W32[0]! - 1;
  }
  return F64[0];
}

/** Exact f32 fused multiply-add a*b + c (one rounding), under FTZ. */
export function fma32(a: number, b: number, c: number): number {
  const p = a * b; // exact: 24 + 24 bits
  const s = p + c; // TwoSum, inlined: s + e = p + c exactly
  // s is p + c rounded once; rounding it to f32 is the one rounding of p + c unless s is a midpoint
  // between two f32 values, i.e. unless its mirror s + (s - r) is itself an f32 value.
  const r = Math.fround(s);
  const d = s - r;
  if (d === 0 || Math.fround(s + d) !== s + d) return ftz32(r);
  const bb = s - p;
  const e = p - (s - bb) + (c - bb);
  return ftz32(Math.fround(roundToOdd(s, e)));
}

const SPLIT = 134217729; // 2^27 + 1 (Veltkamp)

/** Exponents (of 2) where the Dekker/TwoSum fast path of fma64 is exact. */
const SAFE_HI = 2 ** 900;
const SAFE_LO = 2 ** -900;
const safe = (x: number): boolean => x === 0 || (Math.abs(x) < SAFE_HI && Math.abs(x) > SAFE_LO);

/** The exact value of a finite double as m * 2^e (m an integer). */
function decompose(x: number): readonly [bigint, number] {
  F64[0] = x;
  const hi = W32[1]!;
  const lo = W32[0]!;
  const biased = (hi >>> 20) & 0x7ff;
  let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (biased !== 0) m |= 1n << 52n;
  const e = (biased === 0 ? 1 : biased) - 1075;
  return [hi >>> 31 ? -m : m, e];
}

/** m * 2^e rounded to the nearest double (ties to even), with gradual underflow and overflow to infinity. */
function roundScaled(m: bigint, e: number, negZero: boolean): number {
  if (m === 0n) return negZero ? -0 : 0;
  const neg = m < 0n;
  let a = neg ? -m : m;
  const bits = a.toString(2).length;
  // Keep 53 significant bits, fewer below the normal range (exponent of the last kept bit >= -1074).
  const shift = Math.max(bits - 53, -1074 - e);
  if (shift > 0) {
    const big = BigInt(shift);
    const q = a >> big;
    const r = a - (q << big);
    const half = 1n << (big - 1n);
    a = r > half || (r === half && (q & 1n) === 1n) ? q + 1n : q;
    e += shift;
  }
  const v = Number(a) * 2 ** e; // a < 2^54: exact unless the result overflows
  const r = Number.isFinite(v) ? v : Infinity;
  return neg ? -r : r;
}

/** a*b + c by exact integer arithmetic (the slow path of fma64). */
function fmaExact(a: number, b: number, c: number): number {
  if (!Number.isFinite(a) || !Number.isFinite(b) || !Number.isFinite(c)) return a * b + c;
  const [ma, ea] = decompose(a);
  const [mb, eb] = decompose(b);
  const [mc, ec] = decompose(c);
  const ep = ea + eb;
  const e = Math.min(ep, ec);
  const sum = (ma * mb << BigInt(ep - e)) + (mc << BigInt(ec - e));
  // An exact zero sum is -0 only when both terms are -0 (round to nearest).
  const signBit = (x: number): boolean => x < 0 || Object.is(x, -0);
  const prodNegZero = ma * mb === 0n && signBit(a) !== signBit(b);
  return roundScaled(sum, e, prodNegZero && Object.is(c, -0));
}

/**
 * Exact f64 fused multiply-add a*b + c (one rounding), under FTZ: the
 * Boldo–Melquiond emulation (TwoProduct, two TwoSums, one addition rounded
 * to odd) where its error-free steps are exact, exact integer arithmetic elsewhere;
 * before either, fma64Tail's plain rounding settles the common case.
 */
export function fma64(a: number, b: number, c: number): number {
  const p = a * b;
  if (p > SAFE_LO || p < -SAFE_LO) {
    // TwoProduct (Dekker): a split or a partial product that overflows gives NaN or infinity, which fma64Tail passes on.
    const ta = SPLIT * a;
    const ah = ta - (ta - a);
    const al = a - ah;
    const tb = SPLIT * b;
    const bh = tb - (tb - b);
    const bl = b - bh;
    const r = fma64Tail(p, al * bl - (p - ah * bh - al * bh - ah * bl), c);
    if (r === r) return r;
  }
  return fma64Full(a, b, c);
}

/** Results of at least this size, and infinities, NaN, zeros and denormals, are left to fma64Full. */
const TAIL_HI = 2 ** 1000;

/**
 * The rounding of p + q + c in one step (p + q the exact product, TwoProduct,
 * with |p| > SAFE_LO so that no partial product lost bits), or NaN where it
 * cannot be decided cheaply and the caller must take the full path: a tie, a
 * deep cancellation, a result that is zero, below the normal range or near
 * overflow, or anything not finite (an overflow in any step reaches r as an
 * infinity or NaN). p + c = s + e exactly (TwoSum), w = e + q rounded with
 * error f, and r = s + w rounded. When w is small against s, s + w lies on
 * the grid of w's last place, as does each midpoint next to r, so unless
 * s + w is such a midpoint it is at least one last place of w away from
 * them, while |f| is at most half of one: adding f crosses no midpoint, and
 * r is the one rounding of s + w + f = p + q + c. Where q is zero, w is e
 * exactly (f = 0), and r, the rounding of s + e = p + c, is right even on a
 * midpoint (a tie of two doubles' sum, the common case for an exact product).
 */
export function fma64Tail(p: number, q: number, c: number): number {
  const s = p + c;
  const sb = s - p;
  const w = p - (s - sb) + (c - sb) + q;
  const r = s + w;
  const ar = Math.abs(r);
  if (!(ar >= MIN_NORMAL_F64 && ar < TAIL_HI && Math.abs(w) <= Math.abs(s) * 0.125)) return NaN;
  const d = w - (r - s); // s + w = r + d exactly (|s| >= |w|)
  return d === 0 || q === 0 || r + 2 * d - r !== 2 * d ? r : NaN; // r + 2d is r's neighbor exactly when s + w is a midpoint
}

/** fma64 without its fast path: every case, as Boldo–Melquiond or exact integer arithmetic (the tests check fma64 against it). */
export function fma64Full(a: number, b: number, c: number): number {
  // An infinite addend wins over a finite product however large (its exact value is finite, though a*b may round to inf).
  if (c - c !== 0 && a - a === 0 && b - b === 0) return c;
  // A product that underflows to zero still signs the result (-tiny + 0 is -0), so it too takes the exact path.
  const underflow = a * b === 0 && a !== 0 && b !== 0;
  if (underflow || !(safe(a) && safe(b) && safe(c) && safe(a * b))) return ftz64(fmaExact(a, b, c));
  if (a === 0 || b === 0 || c === 0) return ftz64(a * b + c); // one rounding at most
  // TwoProduct (Dekker) and three TwoSums, inlined.
  const uh = a * b;
  const ta = SPLIT * a;
  const ah = ta - (ta - a);
  const al = a - ah;
  const tb = SPLIT * b;
  const bh = tb - (tb - b);
  const bl = b - bh;
  const ul = al * bl - (uh - ah * bh - al * bh - ah * bl);
  const th = c + ul;
  const t1 = th - c;
  const tl = c - (th - t1) + (ul - t1);
  const vh = uh + th;
  const v1 = vh - uh;
  const vl = uh - (vh - v1) + (th - v1);
  const s = tl + vl;
  const s1 = s - tl;
  const e = tl - (s - s1) + (vl - s1);
  const r = vh + roundToOdd(s, e);
  return ftz64(r === 0 ? a * b + c : r); // exact cancellation: the sign IEEE gives
}

const F32 = new Float32Array(1);
const U32 = new Uint32Array(F32.buffer);

/** The bits of the f32 value x (a number holding an f32). */
export function bitsOfF32(x: number): number {
  F32[0] = x;
  return U32[0]!;
}

/** The f32 whose bits are `bits`. */
export function f32FromBits(bits: number): number {
  U32[0] = bits >>> 0;
  return F32[0]!;
}

/** The f64 whose bits are hi:lo. */
export function f64FromBits(hi: number, lo: number): number {
  W32[1] = hi >>> 0;
  W32[0] = lo >>> 0;
  return F64[0]!;
}

/** 2^n as the f32 whose bits are (n + 127) << 23 (n = -127 gives +0, as XLA's exponent bit trick does). */
export function pow2BitsF32(n: number): number {
  return f32FromBits(((n + 127) << 23) >>> 0);
}

/** 2^n as the f64 whose bits are (n + 1023) << 52, for n in [-1023, 1024]. */
export function pow2BitsF64(n: number): number {
  return f64FromBits(((n + 1023) << 20) >>> 0, 0);
}
