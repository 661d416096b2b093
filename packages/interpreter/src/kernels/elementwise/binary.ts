/**
 * Scalar functions of the binary arithmetic ops, per element type, with
 * XLA's integer rules (hlo_evaluator_typed_visitor.h): add, subtract and
 * multiply wrap (the normalizer narrows; s32/u32 multiply uses Math.imul,
 * s64/u64 fall back to BigInt when the float64 product is inexact); x / 0 is
 * -1 (signed) or all ones (unsigned), INT_MIN / -1 = INT_MIN, quotients
 * truncate; x % 0 = x, INT_MIN % -1 = 0, remainders take the dividend's sign
 * (float remainder is fmod, which JS `%` is). max/min propagate NaN (lhs
 * first) and otherwise return lhs on ties, as std::max/std::min do.
 */
import { ELEMENT_TYPE_INFO, type ElementType } from "@minixla/hlo";
import { type BitwiseOp, type ShiftOp, bitwiseScalar, shiftScalar } from "./bits.ts";
import type { Scalar2 } from "./loops.ts";

export type BinaryOp =
  | "add" | "subtract" | "multiply" | "divide" | "remainder" | "maximum" | "minimum" | "power" | "atan2"
  | BitwiseOp | ShiftOp;

const kindOf = (t: ElementType) => ELEMENT_TYPE_INFO[t].kind;
/** s64 or u64 (f64 is 64 bits wide too, but is not an integer). */
const is64 = (t: ElementType): boolean => t === "s64" || t === "u64";

function multiply(t: ElementType): Scalar2 {
  if (t === "s32" || t === "u32") return Math.imul; // a*b in float64 can exceed 2^53
  if (is64(t)) {
    const signed = t === "s64";
    return (a, b) => {
      const p = a * b;
      if (Number.isSafeInteger(p)) return p;
      // The exact product modulo 2^64; the normalizer refuses it if it is beyond 2^53.
      const w = BigInt(a) * BigInt(b);
      return Number(signed ? BigInt.asIntN(64, w) : BigInt.asUintN(64, w));
    };
  }
  return (a, b) => a * b; // exact below 2^32; pred: and
}

/**
 * Truncating integer division of 64-bit values. Below 2^31 the float quotient
 * truncates exactly; nearer 2^53 it can round up to an integer, so BigInt decides.
 */
function truncDiv64(a: number, b: number): number {
  if (Math.abs(a) < 2147483648 && Math.abs(b) < 2147483648) return Math.trunc(a / b);
  return Number(BigInt(a) / BigInt(b));
}

function divide(t: ElementType): Scalar2 {
  const kind = kindOf(t);
  switch (kind) {
    case "float":
      return (a, b) => a / b;
    case "signed":
      if (is64(t)) return (a, b) => (b === 0 ? -1 : truncDiv64(a, b));
      return (a, b) => (b === 0 ? -1 : Math.trunc(a / b)); // INT_MIN / -1 wraps to INT_MIN
    case "unsigned": {
      const allOnes = ELEMENT_TYPE_INFO[t].max;
      if (is64(t)) return (a, b) => (b === 0 ? allOnes : truncDiv64(a, b));
      return (a, b) => (b === 0 ? allOnes : Math.trunc(a / b));
    }
    case "pred":
      return (a, b) => (b === 0 ? 1 : a); // rejected by shape inference; kept total
    default:
      return kind satisfies never;
  }
}

function remainder(t: ElementType): Scalar2 {
  if (kindOf(t) === "float") return (a, b) => a % b;
  // JS % on integers is exact; INT_MIN % -1 gives -0, which the normalizer makes 0.
  return (a, b) => (b === 0 ? a : a % b);
}

function maximum(t: ElementType): Scalar2 {
  if (kindOf(t) === "float") return (a, b) => (a !== a ? a : b !== b ? b : a < b ? b : a);
  return (a, b) => (a < b ? b : a);
}

function minimum(t: ElementType): Scalar2 {
  if (kindOf(t) === "float") return (a, b) => (a !== a ? a : b !== b ? b : b < a ? b : a);
  return (a, b) => (b < a ? b : a);
}

/** base^exponent by squaring, wrapping at 32 bits; `exponent` is taken as a C int, as XLA's IPow does. */
function ipow32(base: number, exponent: number): number {
  let e = exponent | 0;
  let r = 1;
  let b = base | 0;
  while (e > 0) {
    if (e & 1) r = Math.imul(r, b);
    b = Math.imul(b, b);
    e >>>= 1;
  }
  return r;
}

function ipow64(base: number, exponent: number, signed: boolean): number {
  const wrap = (v: bigint): bigint => (signed ? BigInt.asIntN(64, v) : BigInt.asUintN(64, v));
  let e = exponent | 0;
  let r = 1n;
  let b = BigInt(base);
  while (e > 0) {
    if (e & 1) r = wrap(r * b);
    b = wrap(b * b);
    e >>>= 1;
  }
  return Number(r);
}

/**
 * XLA's power: 1 when lhs == 1 or rhs == 0 (even for NaN); pred: lhs || !rhs;
 * signed integers with a negative exponent: 0 (lhs == 1 was handled), so
 * (-1)^-1 = 0 as in XLA's evaluator and CPU backend; otherwise exact wrapping
 * power by squaring. Floats: std::pow, which unlike Math.pow gives
 * pow(-1, +-inf) = 1.
 */
function power(t: ElementType): Scalar2 {
  const kind = kindOf(t);
  switch (kind) {
    case "float":
      return (a, b) => (a === 1 || b === 0 ? 1 : a === -1 && (b === Infinity || b === -Infinity) ? 1 : Math.pow(a, b));
    case "pred":
      return (a, b) => (a !== 0 || b === 0 ? 1 : 0);
    case "signed":
    case "unsigned": {
      const signed = kind === "signed";
      const ipow = is64(t) ? (a: number, b: number) => ipow64(a, b, signed) : ipow32;
      return (a, b) => (a === 1 || b === 0 ? 1 : b < 0 ? 0 : ipow(a, b));
    }
    default:
      return kind satisfies never;
  }
}

export function binaryScalar(op: BinaryOp, t: ElementType): Scalar2 {
  switch (op) {
    case "add":
      return (a, b) => a + b; // exact for every integer width (64-bit overflow is refused by the normalizer)
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
      return bitwiseScalar(op, t);
    case "shift-left":
    case "shift-right-arithmetic":
    case "shift-right-logical":
      return shiftScalar(op, t);
    default:
      return op satisfies never;
  }
}
