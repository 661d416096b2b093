/**
 * C library functions that XLA's CPU backend calls for some element-wise
 * ops (its LLVM IR calls cbrtf/cbrt/atan2f, resolved to the host's glibc;
 * jaxlib 0.10.2 on glibc 2.36, x86-64), reproduced step for step: glibc's
 * sysdeps/ieee754/flt-32/s_cbrtf.c and dbl-64/s_cbrt.c (Alboth and
 * Drepper's polynomial and one Halley step; float operands promote to
 * double where the C source mixes them) and flt-32/e_atan2f.c + s_atanf.c
 * (fdlibm's, in float arithmetic). They run under XLA's DAZ/FTZ
 * flags, which bend glibc's own denormal handling: frexpf's x·2^25 reads a
 * denormal as 0, and `x > 0.0` reads it as not positive, so the f32 cube
 * root of any denormal is the negative -2^(-151/3)-ish value XLA returns.
 */
import { add32, div32, f32FromBits, ftz32, ftz64, mul32, sub32 } from "./arith.ts";

const CBRT2 = 1.2599210498948731648; // 2^(1/3)
const SQR_CBRT2 = 1.5874010519681994748; // 2^(2/3)
const FACTOR = [1.0 / SQR_CBRT2, 1.0 / CBRT2, 1.0, CBRT2, SQR_CBRT2] as const;

const f32Scratch = new Float32Array(1);
const u32Scratch = new Uint32Array(f32Scratch.buffer);
const f64Scratch = new Float64Array(1);
const u32Pair = new Uint32Array(f64Scratch.buffer);

/**
 * f32 cbrt as XLA CPU computes it (glibc 2.36 cbrtf under DAZ/FTZ): a
 * degree-2 guess in double rounded to float, one Halley step in double,
 * the 2^(e mod 3) factor, then ldexpf.
 */
export function xlaCpuCbrtF32(x: number): number {
  const ax = Math.abs(x);
  if (x === 0 || Number.isNaN(x) || ax === Infinity) return x + x;
  let xm: number;
  let xe: number;
  if (ax < 2 ** -126) {
    // frexpf's subnormal path: x·2^25 flushes to 0, leaving the bits 0 -> mantissa 0.5, exponent -25 - 126.
    xm = 0.5;
    xe = -151;
  } else {
    f32Scratch[0] = ax;
    const bits = u32Scratch[0]!;
    xe = (bits >>> 23) - 126;
    xm = f32FromBits(((bits & 0x807fffff) | 0x3f000000) >>> 0);
  }
  const u = Math.fround(0.492659620528969547 + (0.69757046020792277 - 0.191502161678719066 * xm) * xm);
  const t2 = Math.fround(Math.fround(u * u) * u);
  const ym = Math.fround(((u * (t2 + 2.0 * xm)) / (2.0 * t2 + xm)) * FACTOR[2 + (xe % 3)]!);
  const positive = ftz32(x) > 0; // DAZ: a denormal is not > 0
  return ftz32(Math.fround((positive ? ym : -ym) * 2 ** Math.trunc(xe / 3)));
}

/**
 * f64 cbrt as XLA CPU computes it (glibc 2.36 cbrt under DAZ/FTZ): a
 * degree-6 guess, one Halley step, the 2^(e mod 3) factor, then ldexp; a
 * denormal reads as zero and comes back as zero of its sign.
 */
export function xlaCpuCbrtF64(x: number): number {
  const xd = ftz64(x);
  if (xd === 0 || Number.isNaN(xd) || Math.abs(xd) === Infinity) return xd + xd;
  f64Scratch[0] = Math.abs(xd);
  const hi = u32Pair[1]!;
  const xe = (hi >>> 20) - 1022;
  u32Pair[1] = ((hi & 0x800fffff) | 0x3fe00000) >>> 0;
  const xm = f64Scratch[0]!;
  const u =
    0.35489576504391986 +
    (1.50819193781584896 +
      (-2.11499494167371287 + (2.4469312256353443 + (-1.83469277483613086 + (0.784932344976639262 - 0.145263899385486377 * xm) * xm) * xm) * xm) *
        xm) *
      xm;
  const t2 = u * u * u;
  const ym = ((u * (t2 + 2.0 * xm)) / (2.0 * t2 + xm)) * FACTOR[2 + (xe % 3)]!;
  return ftz64((xd > 0 ? ym : -ym) * 2 ** Math.trunc(xe / 3));
}

const F = f32FromBits;
const ATAN_HI = [F(0x3eed6338), F(0x3f490fda), F(0x3f7b985e), F(0x3fc90fda)] as const;
const ATAN_LO = [F(0x31ac3769), F(0x33222168), F(0x33140fb4), F(0x33a22168)] as const;
const AT = [
  F(0x3eaaaaab), F(0xbe4ccccd), F(0x3e124925), F(0xbde38e38), F(0x3dba2e6e), F(0xbd9d8795),
  F(0x3d886b35), F(0xbd6ef16b), F(0x3d4bda59), F(0xbd15a221), F(0x3c8569d7),
] as const;
const PI_O_4 = F(0x3f490fdb);
const PI_O_2 = F(0x3fc90fdb);
const PI = F(0x40490fdb);
const PI_LO = F(0xb3bbbd2e);

/** The bits of an f32 value. */
function bitsF32(x: number): number {
  f32Scratch[0] = x;
  return u32Scratch[0]!;
}

/**
 * glibc's atanf (fdlibm, float arithmetic): argument reduction to one of
 * four breakpoints and an odd/even split polynomial. The glibc 2.36 build
 * differs from fdlibm's source in two constants, read from its object
 * code: aT[0] is 0x3eaaaaab and the ±pi/2 cut-off is |x| >= 2^25.
 */
function atanF32(x: number): number {
  const hx = bitsF32(x);
  const ix = hx & 0x7fffffff;
  const negative = hx >>> 31 === 1;
  if (ix >= 0x4c000000) {
    if (ix > 0x7f800000) return x; // NaN
    return negative ? sub32(-ATAN_HI[3], ATAN_LO[3]) : add32(ATAN_HI[3], ATAN_LO[3]);
  }
  let id: number;
  let t = x;
  if (ix < 0x3ee00000) {
    if (ix < 0x31000000) return x; // |x| < 2^-29
    id = -1;
  } else {
    t = Math.abs(x);
    if (ix < 0x3f980000) {
      if (ix < 0x3f300000) {
        id = 0;
        t = div32(sub32(mul32(2, t), 1), add32(2, t));
      } else {
        id = 1;
        t = div32(sub32(t, 1), add32(t, 1));
      }
    } else if (ix < 0x401c0000) {
      id = 2;
      t = div32(sub32(t, 1.5), add32(1, mul32(1.5, t)));
    } else {
      id = 3;
      t = div32(-1, t);
    }
  }
  const z = mul32(t, t);
  const w = mul32(z, z);
  let s1 = AT[10];
  for (let i = 8; i >= 0; i -= 2) s1 = add32(AT[i]!, mul32(w, s1));
  s1 = mul32(z, s1);
  let s2 = AT[9];
  for (let i = 7; i >= 1; i -= 2) s2 = add32(AT[i]!, mul32(w, s2));
  s2 = mul32(w, s2);
  if (id < 0) return sub32(t, mul32(t, add32(s1, s2)));
  const r = sub32(ATAN_HI[id]!, sub32(sub32(mul32(t, add32(s1, s2)), ATAN_LO[id]!), t));
  return negative ? -r : r;
}

/**
 * f32 atan2(y, x) as XLA CPU computes it (glibc 2.36 atan2f under
 * DAZ/FTZ): fdlibm's special cases on the bits, then atanf(|y/x|) placed
 * in its quadrant with a two-part pi. A denormal operand is nonzero for
 * the bit tests but zero in y/x (so atan2 of two denormals is 0/0 = NaN).
 */
export function xlaCpuAtan2F32(y: number, x: number): number {
  const hx = bitsF32(x) | 0;
  const hy = bitsF32(y) | 0;
  const ix = hx & 0x7fffffff;
  const iy = hy & 0x7fffffff;
  if (ix > 0x7f800000 || iy > 0x7f800000) return Number.NaN;
  // x = 1: atanf(y), which returns a tiny y as it is, denormal included (XLA CPU: atan2(1.4e-45, 1) = 1.4e-45).
  if (hx === 0x3f800000) return atanF32(y);
  const m = ((hy >>> 31) & 1) | ((hx >>> 30) & 2);
  if (iy === 0) {
    if (m <= 1) return y;
    return m === 2 ? PI : -PI; // pi ± tiny rounds to pi
  }
  if (ix === 0) return hy < 0 ? -PI_O_2 : PI_O_2;
  if (ix === 0x7f800000) {
    if (iy === 0x7f800000) {
      const q = [PI_O_4, -PI_O_4, mul32(3, PI_O_4), mul32(-3, PI_O_4)][m]!;
      return q;
    }
    return [0, -0, PI, -PI][m]!;
  }
  if (iy === 0x7f800000) return hy < 0 ? -PI_O_2 : PI_O_2;
  const k = (iy - ix) >> 23;
  let z: number;
  if (k > 60) z = add32(PI_O_2, mul32(0.5, PI_LO));
  else if (hx < 0 && k < -60) z = 0;
  else z = atanF32(Math.abs(div32(ftz32(y), ftz32(x))));
  switch (m) {
    case 0:
      return z;
    case 1:
      return -z;
    case 2:
      return sub32(PI, sub32(z, PI_LO));
    default:
      return sub32(sub32(z, PI_LO), PI);
  }
}

const hexD = (hi: number, lo: number): number => {
  u32Pair[1] = hi >>> 0;
  u32Pair[0] = lo >>> 0;
  return f64Scratch[0]!;
};
const ERX = hexD(0x3feb0ac1, 0x60000000);
const EFX = hexD(0x3fc06eba, 0x8214db69);
const PP = [hexD(0x3fc06eba, 0x8214db68), hexD(0xbfd4cd7d, 0x691cb913), hexD(0xbf9d2a51, 0xdbd7194f), hexD(0xbf77a291, 0x236668e4), hexD(0xbef8ead6, 0x120016ac)] as const;
const QQ = [0, hexD(0x3fd97779, 0xcddadc09), hexD(0x3fb0a54c, 0x5536ceba), hexD(0x3f74d022, 0xc4d36b0f), hexD(0x3f215dc9, 0x221c1a10), hexD(0xbed09c43, 0x42a26120)] as const;
const PA = [
  hexD(0xbf6359b8, 0xbef77538), hexD(0x3fda8d00, 0xad92b34d), hexD(0xbfd7d240, 0xfbb8c3f1), hexD(0x3fd45fca, 0x805120e4),
  hexD(0xbfbc6398, 0x3d3e28ec), hexD(0x3fa22a36, 0x599795eb), hexD(0xbf61bf38, 0x0a96073f),
] as const;
const QA = [
  0, hexD(0x3fbb3e66, 0x18eee323), hexD(0x3fe14af0, 0x92eb6f33), hexD(0x3fb2635c, 0xd99fe9a7), hexD(0x3fc02660, 0xe763351f),
  hexD(0x3f8bedc2, 0x6b51dd1c), hexD(0x3f888b54, 0x5735151d),
] as const;
const RA = [
  hexD(0xbf843412, 0x600d6435), hexD(0xbfe63416, 0xe4ba7360), hexD(0xc0251e04, 0x41b0e726), hexD(0xc04f300a, 0xe4cba38d),
  hexD(0xc0644cb1, 0x84282266), hexD(0xc067135c, 0xebccabb2), hexD(0xc0545265, 0x57e4d2f2), hexD(0xc023a0ef, 0xc69ac25c),
] as const;
const SA = [
  0, hexD(0x4033a6b9, 0xbd707687), hexD(0x4061350c, 0x526ae721), hexD(0x407b290d, 0xd58a1a71), hexD(0x40842b19, 0x21ec2868),
  hexD(0x407ad021, 0x57700314), hexD(0x405b28a3, 0xee48ae2c), hexD(0x401a47ef, 0x8e484a93), hexD(0xbfaeeff2, 0xee749a62),
] as const;
const RB = [
  hexD(0xbf843412, 0x39e86f4a), hexD(0xbfe993ba, 0x70c285de), hexD(0xc031c209, 0x555f995a), hexD(0xc064145d, 0x43c5ed98),
  hexD(0xc083ec88, 0x1375f228), hexD(0xc0900461, 0x6a2e5992), hexD(0xc07e384e, 0x9bdc383f),
] as const;
const SB = [
  0, hexD(0x403e568b, 0x261d5190), hexD(0x40745cae, 0x221b9f0a), hexD(0x409802eb, 0x189d5118), hexD(0x40a8ffb7, 0x688c246a),
  hexD(0x40a3f219, 0xcedf3be6), hexD(0x407da874, 0xe79fe763), hexD(0xc03670e2, 0x42712d62),
] as const;

/** The high word of a double's bits, as a signed int32. */
function highWord(x: number): number {
  f64Scratch[0] = x;
  return u32Pair[1]! | 0;
}

/**
 * f64 erf as XLA CPU computes it (glibc 2.36 erf, fdlibm's s_erf.c, in
 * double without FMA, under DAZ/FTZ): x + x·P/Q below 0.84375, erx + P1/Q1
 * up to 1.25, 1 - exp(-z² - 0.5625)·exp((z - x)(z + x) + R/S)/x up to 6, ±1
 * beyond. The two exps are glibc's exp, taken here as Math.exp: where the
 * two differ in the last bit, erf can too (|x| in [1.25, 6) only).
 */
export function xlaCpuErfF64(x0: number): number {
  const x = ftz64(x0);
  const hx = highWord(x);
  const ix = hx & 0x7fffffff;
  if (ix >= 0x7ff00000) return Number.isNaN(x) ? x : x > 0 ? 1 : -1;
  if (ix < 0x3feb0000) {
    if (ix < 0x3e300000) {
      // |x| < 2^-28; below 2^-1015 glibc scales by 16 to keep x·efx from underflowing.
      return ftz64(ix < 0x00800000 ? 0.0625 * (16.0 * x + 16.0 * EFX * x) : x + EFX * x);
    }
    const z = x * x;
    const r1 = PP[0] + z * PP[1];
    const z2 = z * z;
    const r2 = PP[2] + z * PP[3];
    const z4 = z2 * z2;
    const s1 = 1 + z * QQ[1];
    const s2 = QQ[2] + z * QQ[3];
    const s3 = QQ[4] + z * QQ[5];
    const r = r1 + z2 * r2 + z4 * PP[4];
    const s = s1 + z2 * s2 + z4 * s3;
    return x + x * (r / s);
  }
  if (ix < 0x3ff40000) {
    const s = Math.abs(x) - 1;
    const s2 = s * s;
    const s4 = s2 * s2;
    const s6 = s4 * s2;
    const p = PA[0] + s * PA[1] + s2 * (PA[2] + s * PA[3]) + s4 * (PA[4] + s * PA[5]) + s6 * PA[6];
    const q = 1 + s * QA[1] + s2 * (QA[2] + s * QA[3]) + s4 * (QA[4] + s * QA[5]) + s6 * QA[6];
    return hx >= 0 ? ERX + p / q : -ERX - p / q;
  }
  if (ix >= 0x40180000) return hx >= 0 ? 1 : -1; // one - tiny rounds to 1
  const ax = Math.abs(x);
  const s = 1 / (ax * ax);
  const s2 = s * s;
  const s4 = s2 * s2;
  const s6 = s4 * s2;
  let R: number;
  let S: number;
  if (ix < 0x4006db6e) {
    const s8 = s4 * s4;
    R = RA[0] + s * RA[1] + s2 * (RA[2] + s * RA[3]) + s4 * (RA[4] + s * RA[5]) + s6 * (RA[6] + s * RA[7]);
    S = 1 + s * SA[1] + s2 * (SA[2] + s * SA[3]) + s4 * (SA[4] + s * SA[5]) + s6 * (SA[6] + s * SA[7]) + s8 * SA[8];
  } else {
    R = RB[0] + s * RB[1] + s2 * (RB[2] + s * RB[3]) + s4 * (RB[4] + s * RB[5]) + s6 * RB[6];
    S = 1 + s * SB[1] + s2 * (SB[2] + s * SB[3]) + s4 * (SB[4] + s * SB[5]) + s6 * (SB[6] + s * SB[7]);
  }
  f64Scratch[0] = ax;
  u32Pair[0] = 0; // z: ax with the low word cleared
  const z = f64Scratch[0]!;
  const r = Math.exp(-z * z - 0.5625) * Math.exp((z - ax) * (z + ax) + R / S);
  return hx >= 0 ? 1 - r / ax : r / ax - 1;
}
