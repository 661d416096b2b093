/**
 * erf for float64, after W. J. Cody, "Rational Chebyshev approximations for
 * the error function", Math. Comp. 23 (1969) 631-638: three near-minimax
 * rational approximations (|x| <= 0.46875 for erf; up to 4 and beyond for
 * erfc), accurate to a few ulp in double precision. JavaScript has no
 * Math.erf, and XLA's evaluator calls std::erf.
 */

// erf(x) = x * P(x^2) / Q(x^2) for |x| <= 0.46875.
const A = [3.1611237438705656, 113.864154151050156, 377.485237685302021, 3209.37758913846947, 0.185777706184603153];
const B = [23.6012909523441209, 244.024637934444173, 1282.61652607737228, 2844.23683343917062];
// erfc(x) = exp(-x^2) * P(x) / Q(x) for 0.46875 < x <= 4.
const C = [
  0.564188496988670089, 8.88314979438837594, 66.1191906371416295, 298.635138197400131, 881.95222124176909,
  1712.04761263407058, 2051.07837782607147, 1230.33935479799725, 2.15311535474403846e-8,
];
const D = [
  15.7449261107098347, 117.693950891312499, 537.181101862009858, 1621.38957456669019, 3290.79923573345963,
  4362.61909014324716, 3439.36767414372164, 1230.33935480374942,
];
// erfc(x) = exp(-x^2) / x * (1/sqrt(pi) + P(1/x^2) / (x^2 Q(1/x^2))) for x > 4.
const P = [
  0.305326634961232344, 0.360344899949804439, 0.125781726111229246, 0.0160837851487422766, 6.58749161529837803e-4,
  0.0163153871373020978,
];
const Q = [2.56852019228982242, 1.87295284992346047, 0.527905102951428412, 0.0605183413124413191, 0.00233520497626869185];
const ONE_OVER_SQRT_PI = 0.56418958354775628695;
/** Beyond this, erfc(x) underflows and erf(x) is exactly 1 in double precision. */
const ERFC_ZERO_BEYOND = 26.543;

/** exp(-y^2) without the error of squaring y: y^2 is split at a multiple of 1/16. */
function expMinusSquare(y: number): number {
  const head = Math.trunc(y * 16) / 16;
  const del = (y - head) * (y + head);
  return Math.exp(-head * head) * Math.exp(-del);
}

/** erfc(y) for y > 0.46875. */
function erfcTail(y: number): number {
  if (y <= 4) {
    let num = C[8] * y;
    let den = y;
    for (let i = 0; i < 7; i++) {
      num = (num + C[i]) * y;
      den = (den + D[i]) * y;
    }
    return ((num + C[7]) / (den + D[7])) * expMinusSquare(y);
  }
  if (y >= ERFC_ZERO_BEYOND) return 0;
  const z = 1 / (y * y);
  let num = P[5] * z;
  let den = z;
  for (let i = 0; i < 4; i++) {
    num = (num + P[i]) * z;
    den = (den + Q[i]) * z;
  }
  const r = (z * (num + P[4])) / (den + Q[4]);
  return ((ONE_OVER_SQRT_PI - r) / y) * expMinusSquare(y);
}

export function erf(x: number): number {
  const y = Math.abs(x);
  if (y <= 0.46875) {
    const z = y > 1.11e-16 ? y * y : 0;
    let num = A[4] * z;
    let den = z;
    for (let i = 0; i < 3; i++) {
      num = (num + A[i]) * z;
      den = (den + B[i]) * z;
    }
    return (x * (num + A[3])) / (den + B[3]);
  }
  if (Number.isNaN(x)) return x;
  // 1 - erfc, written as (0.5 - erfc) + 0.5 to keep the low bits.
  const r = 0.5 - erfcTail(y) + 0.5;
  return x < 0 ? -r : r;
}
