/**
 * Scalar functions of the unary element-wise ops, per element type. Floats
 * are computed in float64 and rounded to the result type afterwards (by the
 * loop's normalizer); integers are computed exactly and wrapped by it.
 * Formulas follow XLA's HloEvaluatorTypedVisitor (logistic = 1/(1+exp(-x)),
 * rsqrt = 1/sqrt(x), round-nearest-even = nearbyint, round-nearest-afz =
 * round, sign keeps NaN and the sign of zero).
 */
import { type ElementType, type OpcodesOfCategory, type OperandCategory, isFloatType } from "@minixla/hlo";
import { clzScalar, notScalar, popcntScalar } from "./bits.ts";
import { erf } from "./erf.ts";
import type { Scalar1 } from "./loops.ts";

/** The unary ops with a scalar function on numbers: every unary opcode but copy (any shape) and real/imag (complex parts). */
export type UnaryOp = OpcodesOfCategory<Exclude<OperandCategory, "any" | "complex-part">>;

/** std::nearbyint under round-to-nearest: ties to even, and the sign of zero kept (-0.5 -> -0). */
export function roundNearestEven(x: number): number {
  if (!Number.isFinite(x)) return x;
  const fl = Math.floor(x);
  const diff = x - fl; // exact: x and floor(x) share an exponent range
  const r = diff > 0.5 ? fl + 1 : diff < 0.5 ? fl : fl % 2 === 0 ? fl : fl + 1;
  return r === 0 && (x < 0 || Object.is(x, -0)) ? -0 : r;
}

/** std::round: ties away from zero, the sign of zero kept. */
export function roundNearestAfz(x: number): number {
  const t = Math.trunc(x);
  const diff = x - t; // exact; NaN for infinities, which then stay as they are
  if (diff >= 0.5) return t + 1;
  if (diff <= -0.5) return t - 1;
  return t;
}

const logistic = (x: number): number => 1 / (1 + Math.exp(-x));
const rsqrt = (x: number): number => 1 / Math.sqrt(x);
const isFinite01 = (x: number): number => (Number.isFinite(x) ? 1 : 0);
const identity = (x: number): number => x;

/** The scalar function of `op` on operands of type t (whose result is normalized to the result type). */
export function unaryScalar(op: UnaryOp, t: ElementType): Scalar1 {
  switch (op) {
    case "abs":
      // |INT_MIN| wraps back to INT_MIN through the normalizer; unsigned abs is the identity.
      return t === "pred" || t.startsWith("u") ? identity : Math.abs;
    case "cbrt":
      return Math.cbrt;
    case "ceil":
      return Math.ceil;
    case "cosine":
      return Math.cos;
    case "count-leading-zeros":
      return clzScalar(t);
    case "erf":
      return erf;
    case "exponential":
      return Math.exp;
    case "exponential-minus-one":
      return Math.expm1;
    case "floor":
      return Math.floor;
    case "is-finite":
      return isFinite01;
    case "log":
      return Math.log;
    case "log-plus-one":
      return Math.log1p;
    case "logistic":
      return logistic;
    case "negate":
      return (x) => -x; // INT_MIN wraps to INT_MIN; unsigned wraps to 2^w - x
    case "not":
      return notScalar(t);
    case "popcnt":
      return popcntScalar(t);
    case "round-nearest-afz":
      return isFloatType(t) ? roundNearestAfz : identity;
    case "round-nearest-even":
      return isFloatType(t) ? roundNearestEven : identity;
    case "rsqrt":
      return rsqrt;
    case "sign":
      // Integers: -1/0/1; floats: NaN stays NaN, +-0 stay +-0, else +-1. Math.sign does both.
      return Math.sign;
    case "sine":
      return Math.sin;
    case "sqrt":
      return Math.sqrt;
    case "tan":
      return Math.tan;
    case "tanh":
      return Math.tanh;
    // Outside the domain these give NaN (acos(2), acosh(0.5)); atanh(±1) = ±inf; odd ones keep -0.
    case "acos":
      return Math.acos;
    case "acosh":
      return Math.acosh;
    case "asin":
      return Math.asin;
    case "asinh":
      return Math.asinh;
    case "atanh":
      return Math.atanh;
    case "cosh":
      return Math.cosh;
    case "sinh":
      return Math.sinh;
    default:
      return op satisfies never;
  }
}
