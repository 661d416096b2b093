/**
 * The special functions of XLA's builder library (xla/hlo/builder/lib/math.cc)
 * as scalar float64 functions: Lgamma and Digamma (Lanczos, g = 7, n = 9),
 * the Hurwitz Zeta (Euler-Maclaurin, Johansson 2015), Polygamma, the
 * incomplete-gamma derivatives behind IgammaGradA and RandomGammaGrad
 * (power series and continued fraction) and RegularizedIncompleteBeta
 * (Lentz-Thompson-Barnett continued fraction). Each follows the library's
 * formula, branch for branch, so NaNs, poles and domain errors come out where
 * XLA's do; the loops stop on the same tests, with the epsilon of the type
 * XLA would compute in. XLA evaluates these formulas in the element type (f32
 * for f32), minixla in float64 and rounds once at the end, so its results are
 * the more accurate ones and differ from XLA's by XLA's own rounding error
 * (test/corpus/xla-builder-lib measures how much).
 */
import { EvalError } from "@minixla/hlo";

/** The constants of the element type XLA computes in. */
export interface Precision {
  /** The type's machine epsilon (2^-mantissa bits). */
  readonly eps: number;
  /** Its largest finite value. */
  readonly maxFinite: number;
}

const LANCZOS_GAMMA = 7;
const LANCZOS_BASE = 0.99999999999980993227684700473478;
const LANCZOS = [
  676.520368121885098567009190444019, -1259.13921672240287047156078755283, 771.3234287776530788486528258894,
  -176.61502916214059906584551354, 12.507343278686904814458936853, -0.13857109526572011689554707,
  9.984369578019570859563e-6, 1.50563273514931155834e-7,
] as const;
const LOG_PI = Math.log(Math.PI);
const LOG_SQRT_TWO_PI = (Math.log(2) + Math.log(Math.PI)) / 2;
const LOG_LANCZOS_T = Math.log(LANCZOS_GAMMA + 0.5);

/** A guard on loops XLA runs without a bound (its series converge): never a hang. */
const MAX_SERIES_TERMS = 1_000_000;

/** log|Γ(x)|; reflection below 1/2; lgamma(±inf) = +inf. */
export function lgamma(input: number): number {
  const reflect = input < 0.5;
  const z = reflect ? -input : input - 1;
  let a = LANCZOS_BASE;
  for (let i = 0; i < LANCZOS.length; i++) a += LANCZOS[i] / (z + i + 1);
  const t = LANCZOS_GAMMA + 0.5 + z;
  const logT = LOG_LANCZOS_T + Math.log1p(z / (LANCZOS_GAMMA + 0.5));
  // (z + 1/2 - t / log t) * log t keeps (z + 1/2) log t - t from overflowing.
  const logY = LOG_SQRT_TWO_PI + (z + 0.5 - t / logT) * logT + Math.log(a);
  const absInput = Math.abs(input);
  const frac = absInput - Math.floor(absInput);
  const reduced = frac > 0.5 ? 1 - frac : frac;
  const denom = Math.log(Math.sin(Math.PI * reduced));
  const reflection = Number.isFinite(denom) ? LOG_PI - denom - logY : -denom;
  if (absInput === Infinity) return Infinity;
  return reflect ? reflection : logY;
}

/**
 * ψ(x); NaN at 0 and the negative integers, as the XLA of the vendored tests
 * and of jaxlib 0.10.2 computes it (a newer math.cc gives -inf at 0).
 */
export function digamma(input: number): number {
  const reflect = input < 0.5;
  const z = reflect ? -input : input - 1;
  let num = 0;
  let denom = LANCZOS_BASE;
  for (let i = 0; i < LANCZOS.length; i++) {
    const d = z + i + 1;
    num -= LANCZOS[i] / (d * d);
    denom += LANCZOS[i] / d;
  }
  const t = LANCZOS_GAMMA + 0.5 + z;
  const logT = LOG_LANCZOS_T + Math.log1p(z / (LANCZOS_GAMMA + 0.5));
  const y = logT + num / denom - LANCZOS_GAMMA / t;
  // Shifting into [-1/2, 1/2] keeps pi * x accurate near the integers.
  const reduced = input + Math.abs(Math.floor(input + 0.5));
  const reflection = y - (Math.PI * Math.cos(Math.PI * reduced)) / Math.sin(Math.PI * reduced);
  if (input <= 0 && input === Math.floor(input)) return Number.NaN;
  return reflect ? reflection : y;
}

// (2k)! / B_2k, largest k first, for the Euler-Maclaurin tail.
const ZETA_COEFFS = [
  -7.1661652561756670113e18, 1.8152105401943546773e17, -4.5979787224074726105e15, 1.1646782814350067249e14,
  -2.950130727918164224e12, 7.47242496e10, -1.8924375803183791606e9, 47900160.0, -1209600.0, 30240.0, -720.0, 12.0,
] as const;

/** The Hurwitz zeta ζ(x, q) = Σ (q + k)^-x: N = 9 terms and an M = 12 term Euler-Maclaurin tail. */
export function zeta(x: number, q: number, p: Precision): number {
  const M = ZETA_COEFFS.length;
  let acc = q;
  let s = q ** -x;
  for (let i = 0; i < 9; i++) {
    acc += 1;
    s += acc ** -x;
  }
  acc += 1;
  const negPower = acc ** -x;
  const integral = (negPower * acc) / (x - 1);
  const invSquare = 1 / (acc * acc);
  let horner = 0;
  for (let i = 0; i < M - 1; i++) {
    const factor = (x + (2 * M - 1) - 1 - 2 * i) * (x + (2 * M - 1) - 2 - 2 * i);
    horner = factor * invSquare * (horner + 1 / ZETA_COEFFS[i]);
  }
  const tail = negPower * (0.5 + (x / acc) * (1 / ZETA_COEFFS[M - 1] + horner));
  let out = Math.abs(negPower) < Math.abs(s) * p.eps ? s : s + integral + tail;
  if (x === 1) out = Infinity;
  if (x < 1) out = Number.NaN;
  if (q <= 0 && x !== Math.floor(x)) out = Number.NaN;
  if (q <= 0 && q === Math.floor(q)) out = x % 2 === 0 && x === Math.floor(x) ? Infinity : Number.NaN;
  return out;
}

/** ψ⁽ⁿ⁾(x); reflection for 1 <= n <= 4 and negative non-integer x; NaN unless n is a natural number. */
export function polygamma(n: number, x: number, p: Precision): number {
  if (n !== Math.floor(n) || n < 0) return Number.NaN;
  if (n === 0) return digamma(x);
  const sign = 2 * (n % 2) - 1;
  const factorial = Math.exp(lgamma(n + 1));
  const useReflection = x < 0 && x !== Math.floor(x) && n >= 1 && n <= 4;
  if (!useReflection) return sign * factorial * zeta(n + 1, x, p);
  // ψ⁽ⁿ⁾(x) = -n! ζ(n+1, 1-x) - π dⁿ/dxⁿ cot(πx), the cotangent's derivatives written out.
  const pix = Math.PI * (x + Math.abs(Math.floor(x + 0.5)));
  const s = Math.sin(pix);
  const c = Math.cos(pix);
  const pi = Math.PI;
  const gn =
    n === 1 ? -(pi * pi) / (s * s)
    : n === 2 ? (2 * pi ** 3 * c) / s ** 3
    : n === 3 ? (-2 * pi ** 4 * (2 + Math.cos(2 * pix))) / s ** 4
    : (8 * pi ** 5 * c * (2 + c * c)) / s ** 5;
  return -factorial * zeta(n + 1, 1 - x, p) - gn;
}

/** Which quantity the incomplete-gamma loops carry: XLA's kIgammaMode. */
type IgammaMode = "value" | "derivative" | "sample-derivative";

function tooLong(what: string): never {
  throw new EvalError(`${what} did not converge in ${MAX_SERIES_TERMS} terms`);
}

/** The power series of P(a, x) and its a-derivative; runs only when `enabled`, as XLA's masked loop does. */
function igammaSeries(ax: number, x: number, a: number, enabled: boolean, mode: IgammaMode, p: Precision): number {
  let r = a;
  let c = 1;
  let ans = 1;
  let dcDa = 0;
  let dansDa = 0;
  for (let on = enabled, k = 0; on; k++) {
    if (k > MAX_SERIES_TERMS) tooLong("the incomplete gamma series");
    r += 1;
    dcDa = dcDa * (x / r) + (-1 * c * x) / (r * r);
    dansDa += dcDa;
    c *= x / r;
    ans += c;
    on = mode === "value" ? c / ans > p.eps : Math.abs(dcDa / dansDa) > p.eps;
  }
  if (mode === "value") return (ans * ax) / a;
  const dlogaxDa = Math.log(x) - digamma(a + 1);
  return mode === "derivative" ? (ax * (ans * dlogaxDa + dansDa)) / a : (-(dansDa + ans * dlogaxDa) * x) / a;
}

/** The continued fraction of Q(a, x) and its a-derivative, at most 2000 steps, rescaled past 1/eps. */
function igammacContinuedFraction(ax: number, x: number, a: number, enabled: boolean, mode: IgammaMode, p: Precision): number {
  let y = 1 - a;
  let z = x + y + 1;
  let c = 0;
  let pkm2 = 1;
  let qkm2 = x;
  let pkm1 = x + 1;
  let qkm1 = z * x;
  let ans = pkm1 / qkm1;
  let dpkm2 = 0;
  let dqkm2 = 0;
  let dpkm1 = 0;
  let dqkm1 = -x;
  let dans = (dpkm1 - ans * dqkm1) / qkm1;
  for (let on = enabled; c < 2000 && on; ) {
    c += 1;
    y += 1;
    z += 2;
    const yc = y * c;
    const pk = pkm1 * z - pkm2 * yc;
    const qk = qkm1 * z - qkm2 * yc;
    const nonzero = qk !== 0;
    const r = pk / qk;
    const t = nonzero ? Math.abs((ans - r) / r) : 1;
    if (nonzero) ans = r;
    const dpk = dpkm1 * z - pkm1 - dpkm2 * yc + pkm2 * c;
    const dqk = dqkm1 * z - qkm1 - dqkm2 * yc + qkm2 * c;
    const dansNew = nonzero ? (dpk - ans * dqk) / qk : dans;
    const grad = nonzero ? Math.abs(dansNew - dans) : 1;
    dans = dansNew;
    pkm2 = pkm1;
    pkm1 = pk;
    qkm2 = qkm1;
    qkm1 = qk;
    dpkm2 = dpkm1;
    dqkm2 = dqkm1;
    dpkm1 = dpk;
    dqkm1 = dqk;
    if (Math.abs(pk) > 1 / p.eps) {
      pkm2 *= p.eps;
      pkm1 *= p.eps;
      qkm2 *= p.eps;
      qkm1 *= p.eps;
      dpkm2 *= p.eps;
      dqkm2 *= p.eps;
      dpkm1 *= p.eps;
      dqkm1 *= p.eps;
    }
    on = mode === "value" ? t > p.eps : grad > p.eps;
  }
  if (mode === "value") return ans * ax;
  const dlogaxDa = Math.log(x) - digamma(a);
  return mode === "derivative" ? ax * (ans * dlogaxDa + dans) : -(dans + ans * dlogaxDa) * x;
}

/** XLA's IgammaGradA (mode "derivative") and RandomGammaGrad (mode "sample-derivative"). */
function igammaDerivative(a: number, x: number, mode: "derivative" | "sample-derivative", p: Precision): number {
  const isNan = Number.isNaN(a) || Number.isNaN(x);
  const domainError = x < 0 || a <= 0;
  if (domainError || isNan) return Number.NaN;
  if (x === 0) return 0;
  const useContinuedFraction = x > 1 && x > a;
  const logAx = a * Math.log(x) - x - lgamma(a);
  const underflow = logAx < -Math.log(p.maxFinite);
  const ax = Math.exp(logAx);
  const enabled = !underflow;
  return useContinuedFraction
    ? -igammacContinuedFraction(ax, x, a, enabled, mode, p)
    : igammaSeries(ax, x, a, enabled, mode, p);
}

/** ∂P(a, x)/∂a, the derivative of the regularized lower incomplete gamma function in a. */
export function igammaGradA(a: number, x: number, p: Precision): number {
  return igammaDerivative(a, x, "derivative", p);
}

/** The derivative of a Gamma(a, 1) sample x in a (implicit reparameterization). */
export function randomGammaGrad(a: number, x: number, p: Precision): number {
  return igammaDerivative(a, x, "sample-derivative", p);
}

/** I_x(a, b) by the continued fraction of DLMF 8.17.22, on the side of the symmetry relation where it converges fast. */
export function regularizedIncompleteBeta(a0: number, b0: number, x0: number, p: Precision, iterations: number): number {
  const isNan = a0 <= 0 || b0 <= 0 || x0 < 0 || x0 > 1;
  const fast = x0 < (a0 + 1) / (a0 + b0 + 2);
  const a = fast ? a0 : b0;
  const b = fast ? b0 : a0;
  const x = fast ? x0 : 1 - x0;
  // Lentz-Thompson-Barnett; Cephes' thresholds: half the epsilon for both "small" and the tolerance.
  const small = p.eps / 2;
  const threshold = p.eps / 2;
  let h = small; // the 0th partial denominator is 0, raised to `small`
  let c = h;
  let d = 0;
  let unconverged = true;
  for (let iteration = 1; iteration < iterations && unconverged; iteration++) {
    const m = Math.floor((iteration - 1) / 2);
    const numerator =
      iteration === 1 ? 1
      : iteration % 2 === 0 ? (-(a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1))
      : (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m));
    c = 1 + numerator / c;
    if (Math.abs(c) < small) c = small;
    d = 1 + numerator * d;
    if (Math.abs(d) < small) d = small;
    d = 1 / d;
    const delta = c * d;
    h *= delta;
    unconverged = Math.abs(delta - 1) >= threshold;
  }
  const lbeta = lgamma(a) + lgamma(b) - lgamma(a + b);
  const result = isNan ? Number.NaN : (h * Math.exp(Math.log(x) * a + Math.log1p(-x) * b - lbeta)) / a;
  return fast ? result : 1 - result;
}
