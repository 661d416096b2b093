/**
 * Scalar functions of the binary arithmetic ops on the types stored one
 * float64 per element (pred, integers up to 32 bits, every real float type;
 * s64/u64 are in bigint.ts, complex types in complex.ts), with XLA's integer
 * rules: add, subtract and multiply wrap (the loop's normalizer narrows;
 * 32-bit multiply uses Math.imul, since the float64 product can pass 2^53);
 * x / 0 is -1 (signed) or all ones (unsigned), INT_MIN / -1 = INT_MIN,
 * quotients truncate; x % 0 = x, INT_MIN % -1 = 0, remainders take the
 * dividend's sign (float remainder is fmod, which JS `%` is). max/min
 * propagate NaN (lhs first) and otherwise return lhs on ties, as
 * std::max/std::min do. Narrow floats are computed in float64 and rounded
 * once (for + - * / that equals XLA's compute-in-f32-then-round, since f32
 * holds more than twice their precision plus two bits).
 */
import { ELEMENT_TYPE_INFO, type ElementType, EvalError } from "@minixla/hlo";
import { type BitwiseOp, type ShiftOp, bitwiseScalar, shiftScalar } from "./bits.ts";
import type { Scalar2 } from "./loops.ts";

export type BinaryOp =
  | "add" | "subtract" | "multiply" | "divide" | "remainder" | "maximum" | "minimum" | "power" | "atan2"
  | BitwiseOp | ShiftOp;

/** The kind of a type stored one float64 per element; complex and token never reach these functions. */
function realKind(op: string, t: ElementType): "pred" | "signed" | "unsigned" | "float" {
  const kind = ELEMENT_TYPE_INFO[t].kind;
  if (kind === "complex" || kind === "token") throw new EvalError(`${op}: ${t} is not stored one float64 per element`);
  return kind;
}

function multiply(t: ElementType): Scalar2 {
  if (t === "s32" || t === "u32") return Math.imul; // a*b in float64 can exceed 2^53
  return (a, b) => a * b; // exact below 2^32 for narrower integers; pred: and
}

function divide(t: ElementType): Scalar2 {
  const kind = realKind("divide", t);
  switch (kind) {
    case "float":
      return (a, b) => a / b;
    case "signed":
      return (a, b) => (b === 0 ? -1 : Math.trunc(a / b)); // INT_MIN / -1 wraps to INT_MIN
    case "unsigned": {
      const allOnes = ELEMENT_TYPE_INFO[t].max;
      return (a, b) => (b === 0 ? allOnes : Math.trunc(a / b));
    }
    case "pred":
      return (a, b) => (b === 0 ? 1 : a); // rejected by shape inference; kept total
    default:
      return kind satisfies never;
  }
}

function remainder(t: ElementType): Scalar2 {
  if (realKind("remainder", t) === "float") return (a, b) => a % b;
  // JS % on integers is exact; INT_MIN % -1 gives -0, which the normalizer makes 0.
  return (a, b) => (b === 0 ? a : a % b);
}

function maximum(t: ElementType): Scalar2 {
  if (realKind("maximum", t) === "float") return (a, b) => (a !== a ? a : b !== b ? b : a < b ? b : a);
  return (a, b) => (a < b ? b : a);
}

function minimum(t: ElementType): Scalar2 {
  if (realKind("minimum", t) === "float") return (a, b) => (a !== a ? a : b !== b ? b : b < a ? b : a);
  return (a, b) => (b < a ? b : a);
}

/**
 * Integer power as XLA's HloEvaluator (and so its constant folder) computes
 * it, checked against XLA's folder: 1 when lhs == 1 or rhs == 0; a negative
 * exponent (signed types only: an unsigned exponent is read as unsigned, so
 * u32 3^4294967295 = 2863311531) gives 0, even for base -1; otherwise
 * squaring over every bit of the exponent, wrapped (s16 (-35)^32766 =
 * 21881). The exponent is kept as a float64 and halved with Math.floor, so
 * exponents of 2^31 and above square as many times as their bits say.
 */
export function evaluatorIntegerPower(t: ElementType): Scalar2 {
  const w = ELEMENT_TYPE_INFO[t].bitWidth;
  const unsigned = ELEMENT_TYPE_INFO[t].kind === "unsigned";
  return (a, b) => {
    if (a === 1 || b === 0) return 1;
    if (b < 0) return 0;
    let e = b;
    let r = 1;
    let base = a | 0;
    while (e > 0) {
      if (e % 2 === 1) r = Math.imul(r, base);
      base = Math.imul(base, base);
      e = Math.floor(e / 2);
    }
    // Math.imul gives a signed 32-bit value; the normalizer wraps it into t.
    return unsigned && w === 32 ? r >>> 0 : r;
  };
}

/**
 * XLA's power: 1 when lhs == 1 or rhs == 0 (even for NaN); pred: lhs || !rhs;
 * integers: evaluatorIntegerPower (XLA CPU's own is numerics/xla_cpu/integer_power.ts).
 * Floats: std::pow, which unlike Math.pow gives pow(-1, +-inf) = 1.
 */
function power(t: ElementType): Scalar2 {
  const kind = realKind("power", t);
  switch (kind) {
    case "float":
      return (a, b) => (a === 1 || b === 0 ? 1 : a === -1 && (b === Infinity || b === -Infinity) ? 1 : Math.pow(a, b));
    case "pred":
      return (a, b) => (a !== 0 || b === 0 ? 1 : 0);
    case "signed":
    case "unsigned":
      return evaluatorIntegerPower(t);
    default:
      return kind satisfies never;
  }
}

/**
 * The scalar function of a binary op on operands and result of type t, as
 * XLA's HloEvaluator computes it (a numerics mode overrides some: integer
 * power, float maximum/minimum of ±0; numerics/).
 */
export function binaryScalar(op: BinaryOp, t: ElementType): Scalar2 {
  switch (op) {
    case "add":
      return (a, b) => a + b; // exact for every integer width up to 32 bits; the normalizer wraps
    case "subtract":
      return (a, b) => a - b;
    case "multiply":
      return multiply(t);
    case "divide":
      return divide(t);
    case "remainder":
      return remainder(t);
    case "maximum":
      return maximum(t);
    case "minimum":
      return minimum(t);
    case "power":
      return power(t);
    case "atan2":
      return Math.atan2;
    case "and":
    case "or":
    case "xor":
      return bitwiseScalar(op);
    case "shift-left":
    case "shift-right-arithmetic":
    case "shift-right-logical":
      return shiftScalar(op, t);
    default:
      return op satisfies never;
  }
}
