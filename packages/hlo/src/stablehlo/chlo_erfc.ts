/**
 * chlo.erfc as StableHLO's CHLO legalization writes it (Cephes' rational
 * and polynomial approximations): 1 - erf(x) below |x| = 1 from erf's
 * small-argument polynomial, exp(-x²) times a polynomial in |x| (f64) or in
 * 1/x² over |x| (f32, which f16 and bf16 are computed in) above, zero once
 * -x² passes -maxlog, and 2 - erfc(-x) for negative x. Same coefficients,
 * same operation order, so that the numbers are XLA's.
 */
import type { Elementwise } from "./chlo_decompositions.ts";
import type { Val } from "./emitter.ts";

const ERFC64_P = [
  2.46196981473530512524e-10, 5.64189564831068821977e-1, 7.46321056442269912687e0, 4.86371970985681366614e1, 1.96520832956077098242e2,
  5.26445194995477358631e2, 9.3452852717195760754e2, 1.02755188689515710272e3, 5.57535335369399327526e2,
];
const ERFC64_Q = [
  1, 1.32281951154744992508e1, 8.67072140885989742329e1, 3.54937778887819891062e2, 9.75708501743205489753e2, 1.82390916687909736289e3,
  2.24633760818710981792e3, 1.65666309194161350182e3, 5.57535340817727675546e2,
];
const ERFC64_R = [5.64189583547755073984e-1, 1.27536670759978104416e0, 5.01905042251180477414e0, 6.16021097993053585195e0, 7.4097426995044893916e0, 2.9788666537210024067e0];
const ERFC64_S = [1, 2.2605286322011727659e0, 9.39603524938001434673e0, 1.20489539808096656605e1, 1.70814450747565897222e1, 9.60896809063285878198e0, 3.3690764510008151605e0];
const ERF64_T = [9.60497373987051638749e0, 9.00260197203842689217e1, 2.23200534594684319226e3, 7.00332514112805075473e3, 5.55923013010394962768e4];
const ERF64_U = [1, 3.35617141647503099647e1, 5.21357949780152679795e2, 4.59432382970980127987e3, 2.26290000613890934246e4, 4.92673942608635921086e4];
const MAXLOG64 = 7.09782712893383996843e2;

// The f32 coefficients are float literals in the legalization: rounded to f32 once.
const ERFC32_P = [
  2.326819970068386e-2, -1.387039388740657e-1, 3.687424674597105e-1, -5.824733027278666e-1, 6.210004621745983e-1, -4.944515323274145e-1,
  3.404879937665872e-1, -2.741127028184656e-1, 5.638259427386472e-1,
];
const ERFC32_R = [
  -1.047766399936249e1, 1.297719955372516e1, -7.495518717768503e0, 2.921019019210786e0, -1.0152652792027e0, 4.218463358204948e-1,
  -2.820767439740514e-1, 5.641895067754075e-1,
];
const ERF32_T = [7.853861353153693e-5, -8.010193625184903e-4, 5.188327685732524e-3, -2.685381193529856e-2, 1.128358514861418e-1, -3.7612625824233e-1, 1.12837916572671e0];
const MAXLOG32 = 88.72283905206835;

/**
 * Horner's rule as the legalization writes it: p = c0, then p = p x + ci;
 * a leading 1 x is x, as MLIR's folding leaves it (the same value, one
 * multiply fewer in XLA's HLO).
 */
function polynomial(e: Elementwise, x: Val, coefficients: readonly number[]): Val {
  let p = e.c(x, coefficients[0]);
  for (let i = 1; i < coefficients.length; i++) p = e.add(i === 1 && coefficients[0] === 1 ? x : e.mul(p, x), e.c(x, coefficients[i]));
  return p;
}

/** Zero where -x² < -maxlog, and 2 - erfc(|x|) for negative x. */
function clampAndReflect(e: Elementwise, x: Val, z: Val, approx: Val, maxlog: number): Val {
  const zero = e.c(x, 0);
  const clamped = e.select(e.cmp(z, e.c(x, -maxlog), "LT"), zero, approx);
  return e.select(e.cmp(x, zero, "LT"), e.sub(e.c(x, 2), clamped), clamped);
}

/** 1 - erf(x) below |x| = 1, erfc's approximation from 1 up. */
function choose(e: Elementwise, x: Val, erfBased: Val, erfcApprox: Val): Val {
  return e.select(e.cmp(e.un("abs", x), e.c(x, 1), "LT"), erfBased, erfcApprox);
}

export function erfc64(e: Elementwise, x: Val): Val {
  const z = e.un("negate", e.mul(x, x));
  const expZ = e.un("exponential", z);
  const absX = e.un("abs", x);
  const approx18 = e.div(e.mul(expZ, polynomial(e, absX, ERFC64_P)), polynomial(e, absX, ERFC64_Q));
  const approx8Inf = e.div(e.mul(expZ, polynomial(e, absX, ERFC64_R)), polynomial(e, absX, ERFC64_S));
  const approx = e.select(e.cmp(absX, e.c(x, 8), "LT"), approx18, approx8Inf);
  const erfcApprox = clampAndReflect(e, x, z, approx, MAXLOG64);
  const xSq = e.mul(x, x);
  const erf = e.div(e.mul(x, polynomial(e, xSq, ERF64_T)), polynomial(e, xSq, ERF64_U));
  return choose(e, x, e.sub(e.c(x, 1), erf), erfcApprox);
}

export function erfc32(e: Elementwise, x: Val): Val {
  const f = (cs: readonly number[]) => cs.map(Math.fround);
  const xSq = e.mul(x, x);
  const z = e.un("negate", xSq);
  const absX = e.un("abs", x);
  const one = e.c(x, 1);
  const reciprocalXSq = e.div(one, xSq);
  const expZ = e.un("exponential", z);
  const expZOverAbsX = e.mul(expZ, e.div(one, absX));
  const below2 = e.cmp(absX, e.c(x, 2), "LT");
  const poly = e.select(below2, polynomial(e, reciprocalXSq, f(ERFC32_P)), polynomial(e, reciprocalXSq, f(ERFC32_R)));
  const erfcApprox = clampAndReflect(e, x, z, e.mul(expZOverAbsX, poly), MAXLOG32);
  const xSq2 = e.mul(x, x);
  const erf = e.mul(x, polynomial(e, xSq2, f(ERF32_T)));
  return choose(e, x, e.sub(one, erf), erfcApprox);
}
