/**
 * XLA's CPU backend's f32 transcendental functions, step for step. Each
 * follows the LLVM IR that XLA (jaxlib 0.10.2, x86-64 with FMA) emits for
 * the op, read from its --xla_dump_to output (ir-with-opt.ll and the object
 * code): Eigen-derived polynomials (xla/codegen/intrinsic/{exp,log1p,tanh,
 * erf}.cc, xla/service/llvm_ir/math_ops.cc, the elemental IR emitter's
 * logistic and expm1), with a multiply fused into the add that consumes it
 * wherever LLVM contracts them (fp-contract=fast; a multiply with one use).
 * Arithmetic runs under DAZ/FTZ (arith.ts); a select that returns
 * the raw operand does not flush it. f16 and bf16 ops are these functions
 * on the operand widened to f32, the result rounded to the narrow type.
 * Inputs and results are float64 numbers holding f32 values.
 */
import { add32, bitsOfF32, div32, f32FromBits, fma32, ftz32, mul32, pow2BitsF32, sub32 } from "./arith.ts";

const F = (bits: number): number => f32FromBits(bits);
const LOG2E = F(0x3fb8aa3b);
const LN2_HI = F(0x3f318000); // 0.693359375
const LN2_LO = F(0xb95e8083); // -2.12194440e-4
const EXP_P = [F(0x39506967), F(0x3ab743ce), F(0x3c088908), F(0x3d2aa9c1), F(0x3e2aaaaa), 0.5] as const;

/** A select-based clamp as XLA emits it (fcmp + select): NaN passes through. */
const clamp = (x: number, lo: number, hi: number): number => (x < lo ? lo : x > hi ? hi : x);

const EXP_LO = Math.fround(-87.8);
const EXP_HI = Math.fround(88.8);
const TANH_TINY = Math.fround(0.0004);

/**
 * exp's polynomial (Cephes/Eigen pexp): the value before the final
 * multiplication by 2^n, and n. x is clamped to [-87.8, 88.8] and n to
 * [-127, 127] (2^-127 is built as the bits 0, i.e. +0).
 */
function expParts(x: number): readonly [number, number] {
  const xc = clamp(ftz32(x), EXP_LO, EXP_HI);
  const n = clamp(Math.floor(fma32(xc, LOG2E, 0.5)), -127, 127);
  let r = fma32(-n, LN2_HI, xc);
  r = fma32(-n, LN2_LO, r);
  let p = EXP_P[0];
  for (let i = 1; i < EXP_P.length; i++) p = fma32(p, r, EXP_P[i]!);
  const y = fma32(p, mul32(r, r), r);
  return [add32(y, 1), n];
}

/** 2^n, n an integer-valued f32 (NaN when x was NaN, whose product stays NaN). */
const scale = (n: number): number => (Number.isNaN(n) ? Number.NaN : pow2BitsF32(n));

/** f32 exp as XLA CPU computes it (Eigen's pexp polynomial, xla/codegen/intrinsic/exp.cc). */
export function xlaCpuExpF32(x: number): number {
  const [y, n] = expParts(x);
  return mul32(y, scale(n));
}

/** f32 logistic: 1 / (1 + exp(-x)), the exp inlined and its last multiply fused into the + 1 (XLA's elemental logistic). */
export function xlaCpuLogisticF32(x: number): number {
  const [y, n] = expParts(-x);
  return div32(1, fma32(y, scale(n), 1));
}

const TANH_NUM = [
  F(0xa59f25c0), F(0x2a61337e), F(0xaebd37ff), F(0x335c0041), F(0x3779434a), F(0x3a270ded), F(0x3ba059dc),
] as const;
const TANH_DEN = [F(0x35a0d3d8), F(0x38f895d6), F(0x3b14aa05), F(0x3ba059dd)] as const;
const TANH_CLAMP = F(0x40fff644); // 7.99881172

/** f32 tanh (xla/codegen/intrinsic/tanh.cc, EmitFastTanh with FMA): x for |x| < 0.0004, ±1 for |x| >= 20, else a 13/6 rational. */
export function xlaCpuTanhF32(x: number): number {
  const xd = ftz32(x);
  const ax = Math.abs(xd);
  if (ax >= 20) return xd < 0 ? -1 : 1;
  if (ax < TANH_TINY) return x; // the raw operand, unflushed
  const xc = clamp(xd, -TANH_CLAMP, TANH_CLAMP);
  const x2 = mul32(xc, xc);
  let num = TANH_NUM[0];
  for (let i = 1; i < TANH_NUM.length; i++) num = fma32(x2, num, TANH_NUM[i]!);
  num = mul32(xc, num);
  let den = TANH_DEN[0];
  for (let i = 1; i < TANH_DEN.length; i++) den = fma32(x2, den, TANH_DEN[i]!);
  return div32(num, den);
}

/**
 * f32 expm1 (XLA's elemental emitter): exp(x) - 1 for |x| > 0.5, else
 * tanh(x/2) * (exp(x) + 1); x itself when x/2 is zero.
 */
export function xlaCpuExpm1F32(x: number): number {
  const xd = ftz32(x);
  const half = mul32(xd, 0.5);
  if (half === 0) return x;
  const [y, n] = expParts(xd);
  const e = mul32(y, scale(n));
  if (Math.abs(xd) > 0.5) return add32(e, -1);
  return mul32(xlaCpuTanhF32(half), add32(e, 1));
}

const LOG_P = {
  a: [F(0x3d9021bb), F(0xbdebd1b8), F(0x3def251a)],
  b: [F(0xbdfe5d4f), F(0x3e11e9bf), F(0xbe2aae50)],
  c: [F(0x3e4cceac), F(0xbe7ffffc), F(0x3eaaaaaa)],
} as const;
const SQRT_HALF = F(0x3f3504f3);

/** Cephes/Eigen plog of a positive normal f32 (the caller handles ≤ 0, inf, NaN). */
function logPositive(v: number): number {
  const bits = bitsOfF32(v);
  const mant = F(((bits & 0x807fffff) | 0x3f000000) >>> 0); // in [0.5, 1)
  let e = add32((bits >>> 23) - 127, 1);
  const small = mant < SQRT_HALF;
  const x = add32(sub32(mant, 1), small ? mant : 0);
  e = sub32(e, small ? 1 : 0);
  const x2 = mul32(x, x);
  const x3 = mul32(x2, x);
  const [a, b, c] = [LOG_P.a, LOG_P.b, LOG_P.c];
  const pa = fma32(fma32(x, a[0], a[1]), x, a[2]);
  const pb = fma32(fma32(x, b[0], b[1]), x, b[2]);
  const pc = fma32(fma32(x, c[0], c[1]), x, c[2]);
  let y = fma32(pa, x3, pb);
  y = fma32(y, x3, pc);
  y = fma32(y, x3, mul32(LN2_LO, e));
  const t = fma32(-0.5, x2, x);
  return fma32(LN2_HI, e, add32(t, y));
}

/** f32 log as XLA CPU computes it (Cephes/Eigen plog): -inf at ±0 (and denormals), NaN below 0, +inf at +inf. */
export function xlaCpuLogF32(x: number): number {
  const v = ftz32(x);
  if (Number.isNaN(v) || v < 0) return Number.NaN;
  if (v === 0) return -Infinity;
  if (v === Infinity) return Infinity;
  return logPositive(v);
}

const LOG1P_DEN = [F(0x417101ad), F(0x42a6185b), F(0x435dc32d), F(0x439a8ca3), F(0x43586d8a), F(0x42707982)] as const;
const LOG1P_NUM = [F(0x3eff40c5), F(0x40d284fa), F(0x41ef4b9c), F(0x4273cc76), F(0x426473ad), F(0x41a05101)] as const;
const LOG1P_SMALL = F(0x3ed413cd); // 0.414213568

/**
 * f32 log1p (xla/codegen/intrinsic/log1p.cc): for |x| < 0.4142 a rational
 * x - x²/2 + x³·P(x)/Q(x); else plog(1 + x).
 */
export function xlaCpuLog1pF32(x: number): number {
  const xd = ftz32(x);
  if (Math.abs(xd) < LOG1P_SMALL) {
    const x2 = mul32(xd, xd);
    const z = mul32(xd, 0); // x*0, kept by LLVM (NaN/inf semantics) and used twice, so not fused
    let q = add32(z, 1);
    for (const c of LOG1P_DEN) q = fma32(q, xd, c);
    let p = add32(z, 4.527e-5);
    for (const c of LOG1P_NUM) p = fma32(p, xd, c);
    const r = div32(p, q);
    const t = mul32(mul32(xd, x2), r);
    return add32(xd, fma32(x2, -0.5, t));
  }
  return xlaCpuLogF32(add32(xd, 1));
}

const ERF_NUM = [F(0x39702d51), F(0x3b5f5da2), F(0x3d50b6eb), F(0x3e3da740), F(0x3f906eba)] as const;
const ERF_DEN = [F(0xb3fd3906), F(0x37c588df), F(0x3a856d28), F(0x3c6687d4), F(0x3de34c21), F(0x3efeb44a), 1] as const;
const ERF_ONE = F(0x407547cb); // 3.8325…: erf is ±1 from here on

/** f32 erf (xla/codegen/intrinsic/erf.cc): ±1 for |x| >= 3.8325, else x·P(x²)/Q(x²) with explicit FMAs. */
export function xlaCpuErfF32(x: number): number {
  const xd = ftz32(x);
  if (Math.abs(xd) >= ERF_ONE) return xd < 0 || Object.is(xd, -0) ? -1 : 1;
  const x2 = mul32(xd, xd);
  let p = fma32(x2, ERF_NUM[0], ERF_NUM[1]);
  for (let i = 2; i < ERF_NUM.length; i++) p = fma32(x2, p, ERF_NUM[i]!);
  const num = mul32(xd, p);
  let q = fma32(x2, ERF_DEN[0], ERF_DEN[1]);
  for (let i = 2; i < ERF_DEN.length; i++) q = fma32(x2, q, ERF_DEN[i]!);
  return div32(num, q);
}
