/**
 * glibc 2.36's expf and logf (sysdeps/ieee754/flt-32/e_expf.c, e_logf.c
 * with e_exp2f_data.c and e_logf_data.c; FMA build, under XLA's DAZ/FTZ).
 * XLA's CPU backend replaces LLVM's exp/log intrinsics with its own
 * polynomials (math_f32.ts) only at the vector widths it has them
 * for (1, 2, 4, 8, ...); an f32 array whose loop ends in a vector of 3, 5,
 * 6 or 7 elements (1-D arrays of 3, 5, 6, 7, 11, 13, 14 or 15 elements,
 * measured) gets these C library calls for those elements instead.
 */
import { f32FromBits, fma64, ftz32 } from "./arith.ts";
import { EXP2_TAB } from "./powf.ts";

const hexf = (mantissa: number, exp: number): number => mantissa * 2 ** exp;
const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
const bitsF32 = (x: number): number => {
  f32[0] = x;
  return u32[0]!;
};

const INV_LN2_N = hexf(0x171547652b82fe, -52) * 32;
const SHIFT = 1.5 * 2 ** 52;
const EXPF_POLY = [hexf(0x1c6af84b912394, -57) / 32 ** 3, hexf(0x1ebfce50fac4f3, -55) / 32 ** 2, hexf(0x162e42ff0c52d6, -53) / 32] as const;
const MASK64 = (1n << 64n) - 1n;

/** f32 exp as glibc 2.36's expf computes it (2^(k/32) from a table times a cubic in r, in double with FMA). */
export function glibcExpF32(x: number): number {
  const abstop = (bitsF32(x) >>> 20) & 0x7ff;
  if (abstop >= 0x42b) {
    if (x === -Infinity) return 0;
    if (abstop >= 0x7f8) return x + x;
    if (x > hexf(0x162e42e, -18)) return Infinity;
    if (x < -hexf(0x19d1d9e, -18)) return 0; // underflows (to a denormal at most), flushed
  }
  const xd = ftz32(x);
  const z = INV_LN2_N * xd;
  let kd = z + SHIFT;
  f64[0] = kd;
  const ki = u64[0]!;
  kd -= SHIFT;
  const r = z - kd;
  u64[0] = (EXP2_TAB[Number(ki % 32n)]! + ((ki << 47n) & MASK64)) & MASK64;
  const s = f64[0]!;
  const p = fma64(EXPF_POLY[0], r, EXPF_POLY[1]);
  const r2 = r * r;
  let y = fma64(EXPF_POLY[2], r, 1);
  y = fma64(p, r2, y);
  return ftz32(Math.fround(y * s));
}

/** {1/c, log(c)} for the 16 subintervals of [0x3f330000, 2·0x3f330000) (glibc's __logf_data.tab). */
const LOGF_TAB: readonly (readonly [number, number])[] = [
  [hexf(0x1661ec79f8f3be, -52), -hexf(0x157bf7808caade, -54)],
  [hexf(0x1571ed4aaf883d, -52), -hexf(0x12bef0a7c06ddb, -54)],
  [hexf(0x149539f0f010b0, -52), -hexf(0x101eae7f513a67, -54)],
  [hexf(0x13c995b0b80385, -52), -hexf(0x1b31d8a68224e9, -55)],
  [hexf(0x130d190c8864a5, -52), -hexf(0x16574f0ac07758, -55)],
  [hexf(0x125e227b0b8ea0, -52), -hexf(0x11aa2bc79c8100, -55)],
  [hexf(0x11bb4a4a1a343f, -52), -hexf(0x1a4e76ce8c0e5e, -56)],
  [hexf(0x112358f08ae5ba, -52), -hexf(0x11973c5a611ccc, -56)],
  [hexf(0x10953f419900a7, -52), -hexf(0x1252f438e10c1e, -57)],
  [1, 0],
  [hexf(0x1e608cfd9a47ac, -53), hexf(0x1aa5aa5df25984, -57)],
  [hexf(0x1ca4b31f026aa0, -53), hexf(0x1c5e53aa362eb4, -56)],
  [hexf(0x1b2036576afce6, -53), hexf(0x1526e57720db08, -55)],
  [hexf(0x19c2d163a1aa2d, -53), hexf(0x1bc2860d224770, -55)],
  [hexf(0x1886e6037841ed, -53), hexf(0x11058bc8a07ee1, -54)],
  [hexf(0x1767dcf5534862, -53), hexf(0x14043057b6ee09, -54)],
];
const LN2 = hexf(0x162e42fefa39ef, -53);
const LOGF_POLY = [-hexf(0x100ea348b88334, -54), hexf(0x15575b0be00b6a, -54), -hexf(0x1ffffef20a4123, -54)] as const;
const OFF = 0x3f330000;

/** f32 log as glibc 2.36's logf computes it (log(c) from a table plus a cubic in z/c - 1, in double with FMA). */
export function glibcLogF32(x: number): number {
  let ix = bitsF32(x);
  if (ix === 0x3f800000) return 0;
  if (((ix - 0x00800000) >>> 0) >= 0x7f800000 - 0x00800000) {
    if (((ix * 2) >>> 0) === 0) return -Infinity;
    if (ix === 0x7f800000) return x;
    if (ix & 0x80000000 || ((ix * 2) >>> 0) >= 0xff000000) return Number.NaN;
    // A denormal: x·2^23 reads x as 0 under DAZ, leaving ix = 0 - (23 << 23).
    ix = (bitsF32(ftz32(Math.fround(ftz32(x) * 2 ** 23))) - (23 << 23)) >>> 0;
  }
  const tmp = (ix - OFF) >>> 0;
  const i = (tmp >>> 19) % 16;
  const k = (tmp | 0) >> 23;
  const iz = (ix - (tmp & 0xff800000)) >>> 0;
  const [invc, logc] = LOGF_TAB[i]!;
  const z = f32FromBits(iz);
  const r = fma64(z, invc, -1);
  const y0 = fma64(k, LN2, logc);
  const r2 = r * r;
  let y = fma64(LOGF_POLY[1], r, LOGF_POLY[2]);
  y = fma64(LOGF_POLY[0], r2, y);
  y = fma64(y, r2, y0 + r);
  return ftz32(Math.fround(y));
}
