/**
 * XLA's CPU backend's f64 transcendental functions, step for step, as the
 * LLVM IR XLA (jaxlib 0.10.2, x86-64 with FMA) emits them (read from its
 * --xla_dump_to output): the Cephes-style exp of xla/codegen/intrinsic/
 * exp.cc, the rational tanh of xla/codegen/intrinsic/tanh.cc
 * (EmitFastTanhF64, from Eigen's ptanh_double), log1p's rational of
 * xla/codegen/intrinsic/log1p.cc, and the elemental emitter's expm1 and
 * logistic built on them. A multiply is fused into the add that consumes
 * it wherever LLVM contracts them (fp-contract=fast, a multiply with one
 * use); arithmetic runs under DAZ/FTZ (arith.ts).
 */
import { add64, div64, f64FromBits, fma64, ftz64, mul64, pow2BitsF64, sub64 } from "./arith.ts";

/** The f64 whose bits are the 16 hex digits `hex`. */
const D = (hex: string): number => f64FromBits(Number.parseInt(hex.slice(0, 8), 16), Number.parseInt(hex.slice(8), 16));

const EXP_LO = D("C086232BDD7ABCD2"); // -708.396…: exp is 0 below
const EXP_HI = D("40862E42FEFA39EF"); // 709.782…: exp is inf above
const LOG2E = D("3FF71547652B82FE");
const LN2_HI = D("3FE62E4000000000");
const LN2_LO = D("3EB7F7D1CF79ABCA");
const EXP_P = [D("3F2089CDD5E44BE8"), D("3F9F06D10CCA2C7E"), 1] as const;
const EXP_Q = [D("3EC92EB6BC365FA0"), D("3F64AE39B508B6C0"), D("3FCD17099887E074"), 2] as const;

/** llvm.minimum / llvm.maximum on a constant: NaN propagates. */
const minimum = (x: number, c: number): number => (Number.isNaN(x) ? x : Math.min(x, c));
const maximum = (x: number, c: number): number => (Number.isNaN(x) ? x : Math.max(x, c));

/**
 * exp's value before its last scaling and that scale: y·2^(n-3b)
 * completes it, with b = n >> 2 and y already multiplied by (2^b)³ (the
 * split keeps every factor a normal double).
 */
function expParts(x: number): readonly [number, number] {
  const xc = maximum(minimum(ftz64(x), EXP_HI), EXP_LO);
  const n = Math.floor(fma64(xc, LOG2E, 0.5));
  let g = fma64(-n, LN2_HI, xc);
  g = fma64(-n, LN2_LO, g);
  const g2 = mul64(g, g);
  const p = mul64(fma64(fma64(g2, EXP_P[0], EXP_P[1]), g2, EXP_P[2]), g);
  const q = fma64(fma64(fma64(g2, EXP_Q[0], EXP_Q[1]), g2, EXP_Q[2]), g2, EXP_Q[3]);
  const approx = fma64(div64(p, sub64(q, p)), 2, 1);
  // fptosi of NaN is INT_MIN on x86; clamped like any n.
  const ni = Math.max(Math.min(Number.isNaN(n) ? -(2 ** 31) : n, 2099), -2099);
  const b = ni >> 2;
  const s1 = pow2BitsF64(b);
  return [mul64(mul64(mul64(approx, s1), s1), s1), pow2BitsF64(ni - 3 * b)];
}

/** f64 exp as XLA CPU computes it: 0 below -708.396, inf above 709.782, else a Padé-style rational times 2^n. */
export function xlaCpuExpF64(x: number): number {
  if (x > EXP_HI) return Infinity;
  if (x < EXP_LO) return 0;
  const [y, s] = expParts(x);
  return mul64(y, s);
}

/** f64 logistic: 1 / (1 + exp(-x)), the exp inlined and its last multiply fused into the + 1; 1 above 708.396, 0 below -709.782. */
export function xlaCpuLogisticF64(x: number): number {
  if (x < -EXP_HI) return 0;
  if (x > -EXP_LO) return 1;
  const [y, s] = expParts(-x);
  return div64(1, fma64(y, s, 1));
}

const TANH_CLAMP = D("4031B6D58F246197"); // 17.714…
const TANH_NUM = [
  D("3B3F9F82E5D782DF"), D("3C2C3C836C04B4C8"), D("3CEC3379F905E662"), D("3D929AFF6C8EDD96"), D("3E2525A389DCE7C2"),
  D("3EA708819BE51CD9"), D("3F18996F4026A7FA"), D("3F787F80B957ED00"), D("3FC36FBA9B450E5A"), 1,
] as const;
const TANH_DEN = [
  D("3BBE8630CF903250"), D("3C90AABCA9A5FEA0"), D("3D4232981AA2BBA8"), D("3DDEE2F015EA8065"), D("3E681F1947C52304"),
  D("3EE26C82AB46D140"), D("3F4B2E7C4D488C04"), D("3FA1998830265B50"), D("3FDF0D32A2F7DC79"), 1,
] as const;

/** f64 tanh (xla/codegen/intrinsic/tanh.cc, EmitFastTanhF64 without the FMA clamp): ±1 for |x| >= 20, else a 19/18 rational of the clamped x. */
export function xlaCpuTanhF64(x: number): number {
  const xd = ftz64(x);
  if (Math.abs(xd) >= 20) return xd < 0 ? -1 : 1;
  const xc = xd < -TANH_CLAMP ? -TANH_CLAMP : xd > TANH_CLAMP ? TANH_CLAMP : xd;
  const x2 = mul64(xc, xc);
  let num = TANH_NUM[0];
  for (let i = 1; i < TANH_NUM.length; i++) num = fma64(x2, num, TANH_NUM[i]!);
  let den = TANH_DEN[0];
  for (let i = 1; i < TANH_DEN.length; i++) den = fma64(x2, den, TANH_DEN[i]!);
  return div64(mul64(xc, num), den);
}

/** f64 expm1 (XLA's elemental emitter): exp(x) - 1 for |x| > 0.5, else tanh(x/2)·(exp(x) + 1); x itself when x/2 is zero. */
export function xlaCpuExpm1F64(x: number): number {
  const xd = ftz64(x);
  const half = mul64(xd, 0.5);
  if (half === 0) return x;
  const e = xlaCpuExpF64(xd);
  if (Math.abs(xd) > 0.5) return add64(e, -1);
  return mul64(xlaCpuTanhF64(half), add64(e, 1));
}

const LOG1P_SMALL = D("3FDA827999FCEF32"); // 0.41421356…
const LOG1P_DEN = [
  D("402E20359E903E37"), D("4054C30B52213498"), D("406BB86590FCFB56"), D("407351945DC908A5"), D("406B0DB13E48E066"), D("404E0F304466448E"),
] as const;
const LOG1P_NUM0 = D("3F07BC0962B395CA");
const LOG1P_NUM = [
  D("3FDFE818A0FE1A83"), D("401A509F46F4FA53"), D("403DE9738B8CB9C9"), D("404E798EB86C3351"), D("404C8E7597479A10"), D("40340A202D99830A"),
] as const;

/**
 * f64 log1p (xla/codegen/intrinsic/log1p.cc): for |x| < 0.4142 the
 * rational x - x²/2 + x³·P(x)/Q(x), step for step; else log(1 + x), which
 * XLA takes from the C library (glibc) and this takes from Math.log: the
 * two may differ in the last bit there.
 */
export function xlaCpuLog1pF64(x: number): number {
  const xd = ftz64(x);
  if (Math.abs(xd) < LOG1P_SMALL) {
    const x2 = mul64(xd, xd);
    const z = mul64(xd, 0); // x*0, used twice, so not fused
    let q = add64(z, 1);
    for (const c of LOG1P_DEN) q = fma64(q, xd, c);
    let p = add64(z, LOG1P_NUM0);
    for (const c of LOG1P_NUM) p = fma64(p, xd, c);
    const t = mul64(mul64(xd, x2), div64(p, q));
    return add64(xd, fma64(x2, -0.5, t));
  }
  return ftz64(Math.log(add64(xd, 1)));
}
