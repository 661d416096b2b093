/**
 * Bit-level scalar ops at an integer type's width, for the types stored one
 * float64 per element (up to 32 bits; s64/u64 are in bigint.ts): not, and,
 * or, xor, popcnt, count-leading-zeros and the three shifts, using JS's int32
 * operators on the two's complement pattern. The loop's normalizer then
 * wraps each result to the type's width (s2, s4, u2, u4 included).
 */
import { ELEMENT_TYPE_INFO, type ElementType } from "@minixla/hlo";
import type { Scalar1, Scalar2 } from "./loops.ts";

const popcount32 = (v: number): number => {
  let x = v - ((v >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
};

const widthOf = (t: ElementType): number => ELEMENT_TYPE_INFO[t].bitWidth;

/** The low `w` bits of x's two's complement pattern, as a non-negative number (w <= 32). */
function unsignedBits(w: number): Scalar1 {
  if (w === 32) return (x) => x >>> 0;
  const mask = 2 ** w - 1;
  return (x) => x & mask;
}

/**
 * popcnt counts the bits of the type's width, except for s4: XLA (its
 * evaluator and its CPU backend alike) counts the value sign-extended to the
 * byte it lives in, then wraps the count to s4 (popcnt(-8) = 5, popcnt(-1) =
 * 8 -> -8), while s2 counts its own 2 bits.
 */
export function popcntScalar(t: ElementType): Scalar1 {
  if (t === "s4") return (x) => popcount32(x & 0xff);
  const bits = unsignedBits(widthOf(t));
  return (x) => popcount32(bits(x));
}

export function clzScalar(t: ElementType): Scalar1 {
  const w = widthOf(t);
  const bits = unsignedBits(w);
  return (x) => Math.clz32(bits(x)) - (32 - w);
}

/** not: logical for pred, bitwise otherwise. */
export function notScalar(t: ElementType): Scalar1 {
  if (t === "pred") return (x) => (x === 0 ? 1 : 0);
  return (x) => ~x;
}

export type BitwiseOp = "and" | "or" | "xor";

function word(op: BitwiseOp): Scalar2 {
  switch (op) {
    case "and":
      return (a, b) => a & b;
    case "or":
      return (a, b) => a | b;
    case "xor":
      return (a, b) => a ^ b;
    default:
      return op satisfies never;
  }
}

/** and/or/xor: pred 0/1 and every width up to 32 bits (the normalizer narrows). */
export function bitwiseScalar(op: BitwiseOp): Scalar2 {
  return word(op);
}

export type ShiftOp = "shift-left" | "shift-right-arithmetic" | "shift-right-logical";

/**
 * XLA's shifts: an amount is out of range iff (unsigned)amount >= width
 * (negative amounts included); then shift-left and shift-right-logical give 0
 * and shift-right-arithmetic gives -1 for a negative lhs, else 0. The right
 * shifts read lhs as signed (arithmetic) or unsigned (logical) bits whatever
 * the type's signedness.
 */
export function shiftScalar(op: ShiftOp, t: ElementType): Scalar2 {
  const w = widthOf(t);
  const signedBits: Scalar1 = w === 32 ? (x) => x | 0 : (x) => (x << (32 - w)) >> (32 - w);
  const unsigned = unsignedBits(w);
  switch (op) {
    case "shift-left":
      return (a, b) => (b < 0 || b >= w ? 0 : a << b);
    case "shift-right-arithmetic":
      return (a, b) => {
        const s = signedBits(a);
        return b < 0 || b >= w ? (s < 0 ? -1 : 0) : s >> b;
      };
    case "shift-right-logical":
      return (a, b) => (b < 0 || b >= w ? 0 : unsigned(a) >>> b);
    default:
      return op satisfies never;
  }
}
