/**
 * f32 power as XLA's CPU backend computes it: its LLVM IR calls powf,
 * which resolves to glibc 2.36's (Szabolcs Nagy's sysdeps/ieee754/flt-32/
 * e_powf.c with e_powf_log2_data.c and e_exp2f_data.c: log2(x) from a
 * 16-entry table and a degree-5 polynomial in double, y·log2(x), then
 * 2^(y·log2 x) from a 32-entry table and a cubic), in the FMA build glibc
 * selects on CPUs with FMA, under XLA's DAZ/FTZ flags (a denormal x is
 * rescaled by 2^23, which DAZ turns into 0, so x^y comes out as about
 * 2^(-150·y)).
 */
import { f32FromBits, fma64, ftz32 } from "./arith.ts";

const hexf = (mantissa: number, exp: number): number => mantissa * 2 ** exp;

/** {1/c, log2(c)} for the 16 subintervals of [0x3f330000, 2·0x3f330000) (glibc's __powf_log2_data.tab). */
const LOG2_TAB: readonly (readonly [number, number])[] = [
  [hexf(0x1661ec79f8f3be, -52), -hexf(0x1efec65b963019, -54)],
  [hexf(0x1571ed4aaf883d, -52), -hexf(0x1b0b6832d4fca4, -54)],
  [hexf(0x149539f0f010b0, -52), -hexf(0x17418b0a1fb77b, -54)],
  [hexf(0x13c995b0b80385, -52), -hexf(0x139de91a6dcf7b, -54)],
  [hexf(0x130d190c8864a5, -52), -hexf(0x101d9bf3f2b631, -54)],
  [hexf(0x125e227b0b8ea0, -52), -hexf(0x197c1d1b3b7af0, -55)],
  [hexf(0x11bb4a4a1a343f, -52), -hexf(0x12f9e393af3c9f, -55)],
  [hexf(0x112358f08ae5ba, -52), -hexf(0x1960cbbf788d5c, -56)],
  [hexf(0x10953f419900a7, -52), -hexf(0x1a6f9db6475fce, -57)],
  [1, 0],
  [hexf(0x1e608cfd9a47ac, -53), hexf(0x1338ca9f24f53d, -56)],
  [hexf(0x1ca4b31f026aa0, -53), hexf(0x1476a9543891ba, -55)],
  [hexf(0x1b2036576afce6, -53), hexf(0x1e840b4ac4e4d2, -55)],
  [hexf(0x19c2d163a1aa2d, -53), hexf(0x140645f0c6651c, -54)],
  [hexf(0x1886e6037841ed, -53), hexf(0x188e9c2c1b9ff8, -54)],
  [hexf(0x1767dcf5534862, -53), hexf(0x1ce0a44eb17bcc, -54)],
];
const LOG2_POLY = [
  hexf(0x127616c9496e0b, -54), -hexf(0x171969a075c67a, -54), hexf(0x1ec70a6ca7badd, -54), -hexf(0x17154748bef6c8, -53),
  hexf(0x171547652ab82b, -52),
] as const;

/** tab[i] = bits(2^(i/32)) - (i << 47) (glibc's __exp2f_data.tab). */
export const EXP2_TAB: readonly bigint[] = [
  0x3ff0000000000000n, 0x3fefd9b0d3158574n, 0x3fefb5586cf9890fn, 0x3fef9301d0125b51n, 0x3fef72b83c7d517bn, 0x3fef54873168b9aan,
  0x3fef387a6e756238n, 0x3fef1e9df51fdee1n, 0x3fef06fe0a31b715n, 0x3feef1a7373aa9cbn, 0x3feedea64c123422n, 0x3feece086061892dn,
  0x3feebfdad5362a27n, 0x3feeb42b569d4f82n, 0x3feeab07dd485429n, 0x3feea47eb03a5585n, 0x3feea09e667f3bcdn, 0x3fee9f75e8ec5f74n,
  0x3feea11473eb0187n, 0x3feea589994cce13n, 0x3feeace5422aa0dbn, 0x3feeb737b0cdc5e5n, 0x3feec49182a3f090n, 0x3feed503b23e255dn,
  0x3feee89f995ad3adn, 0x3feeff76f2fb5e47n, 0x3fef199bdd85529cn, 0x3fef3720dcef9069n, 0x3fef5818dcfba487n, 0x3fef7c97337b9b5fn,
  0x3fefa4afa2a490dan, 0x3fefd0765b6e4540n,
];
const EXP2_SHIFT = 1.5 * 2 ** 47; // 0x1.8p+52 / 32
const EXP2_POLY = [hexf(0x1c6af84b912394, -57), hexf(0x1ebfce50fac4f3, -55), hexf(0x162e42ff0c52d6, -53)] as const;
const SIGN_BIAS = 1n << 16n;
const OFF = 0x3f330000;
const MASK64 = (1n << 64n) - 1n;

const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
const bitsF32 = (x: number): number => {
  f32[0] = x;
  return u32[0]!;
};

/** log2 of the f32 whose bits are ix (a denormal's bits pre-normalized so the exponent goes negative), in double with FMA. */
function log2Inline(ix: number): number {
  const tmp = (ix - OFF) >>> 0;
  const i = (tmp >>> 19) % 16;
  const top = (tmp & 0xff800000) >>> 0;
  const iz = (ix - top) >>> 0;
  const k = (top | 0) >> 23;
  const [invc, logc] = LOG2_TAB[i]!;
  const z = f32FromBits(iz);
  const r = fma64(z, invc, -1);
  const y0 = logc + k;
  const r2 = r * r;
  let y = fma64(LOG2_POLY[0], r, LOG2_POLY[1]);
  const p = fma64(LOG2_POLY[2], r, LOG2_POLY[3]);
  const r4 = r2 * r2;
  let q = fma64(LOG2_POLY[4], r, y0);
  q = fma64(p, r2, q);
  y = fma64(y, r4, q);
  return y;
}

/** 2^xd (negated when signBias is set), in double with FMA, |xd| < 150. */
function exp2Inline(xd: number, signBias: bigint): number {
  let kd = xd + EXP2_SHIFT;
  f64[0] = kd;
  const ki = u64[0]!;
  kd -= EXP2_SHIFT;
  const r = xd - kd;
  const t = (EXP2_TAB[Number(ki % 32n)]! + (((ki + signBias) << 47n) & MASK64)) & MASK64;
  u64[0] = t;
  const s = f64[0]!;
  const z = fma64(EXP2_POLY[0], r, EXP2_POLY[1]);
  const r2 = r * r;
  let y = fma64(EXP2_POLY[2], r, 1);
  y = fma64(z, r2, y);
  return y * s;
}

/** 0 if the finite nonzero f32 with bits iy is not an integer, 1 if odd, 2 if even. */
function checkint(iy: number): number {
  const e = (iy >>> 23) & 0xff;
  if (e < 0x7f) return 0;
  if (e > 0x7f + 23) return 2;
  if (iy & ((1 << (0x7f + 23 - e)) - 1)) return 0;
  if (iy & (1 << (0x7f + 23 - e))) return 1;
  return 2;
}

/** Zero, infinity or NaN, from the bits. */
const zeroInfNan = (i: number): boolean => ((2 * i - 1) >>> 0) >= 2 * 0x7f800000 - 1;

/** f32 power as XLA CPU computes it (glibc 2.36 powf, FMA build, under DAZ/FTZ). */
export function xlaCpuPowF32(x: number, y: number): number {
  let signBias = 0n;
  let ix = bitsF32(x);
  const iy = bitsF32(y);
  if (((ix - 0x00800000) >>> 0) >= 0x7f800000 - 0x00800000 || zeroInfNan(iy)) {
    if (zeroInfNan(iy)) {
      if (((2 * iy) >>> 0) === 0) return 1;
      if (ix === 0x3f800000) return 1;
      if (((2 * ix) >>> 0) > 2 * 0x7f800000 || ((2 * iy) >>> 0) > 2 * 0x7f800000) return Number.NaN;
      if (((2 * ix) >>> 0) === 2 * 0x3f800000) return 1;
      if ((((2 * ix) >>> 0) < 2 * 0x3f800000) === !(iy & 0x80000000)) return 0;
      return y * y;
    }
    if (zeroInfNan(ix)) {
      let x2 = Math.fround(x * x);
      if (ix & 0x80000000 && checkint(iy) === 1) x2 = -x2;
      return iy & 0x80000000 ? Math.fround(1 / x2) : x2;
    }
    if (ix & 0x80000000) {
      const yint = checkint(iy);
      if (yint === 0) return Number.NaN;
      if (yint === 1) signBias = SIGN_BIAS;
      ix &= 0x7fffffff;
    }
    if (ix < 0x00800000) {
      // Normalize a denormal: x·2^23 reads x as 0 under DAZ, so ix becomes 0 - (23 << 23).
      ix = bitsF32(ftz32(Math.fround(ftz32(f32FromBits(ix)) * 2 ** 23))) & 0x7fffffff;
      ix = (ix - (23 << 23)) >>> 0;
    }
  }
  const logx = log2Inline(ix);
  const ylogx = y * logx;
  const negative = signBias !== 0n;
  f64[0] = ylogx;
  if (((u64[0]! >> 47n) & 0xffffn) >= 0x80bfn) {
    // |y·log2 x| >= 126, judged on the top bits as glibc does (0x80bf: bits 47..62 of 126.0).
    if (ylogx > hexf(0x1fffffffd1d571, -46)) return negative ? -Infinity : Infinity;
    if (ylogx < -149) return negative ? -0 : 0; // underflows to a denormal or zero, flushed
  }
  return ftz32(Math.fround(exp2Inline(ylogx, signBias)));
}
