/**
 * Bit-level scalar ops at an integer type's width: not, and, or, xor,
 * popcnt, count-leading-zeros and the three shifts. Types up to 32 bits use
 * JS's int32 operators on the two's complement pattern; s64/u64 split their
 * (exact, |x| <= 2^53) value into two 32-bit words, or use BigInt for
 * shifts. A 64-bit result beyond 2^53 is refused by the type's normalizer.
 */
import { ELEMENT_TYPE_INFO, type ElementType } from "@minixla/hlo";
import type { Scalar1, Scalar2 } from "./loops.ts";

const TWO_32 = 4294967296;

// The two words of the last split64; module state so that no pair is allocated per element.
let hi = 0;
let lo = 0;

/** Splits a safe integer into the high and low 32-bit words of its 64-bit two's complement. */
function split64(a: number): void {
  const h = Math.floor(a / TWO_32);
  hi = h | 0;
  lo = (a - h * TWO_32) >>> 0;
}

/** The value of words (h, l) read as s64 (signed) or u64. */
function join64(h: number, l: number, signed: boolean): number {
  return (signed ? h | 0 : h >>> 0) * TWO_32 + (l >>> 0);
}

const popcount32 = (v: number): number => {
  let x = v - ((v >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
};

/** s64 or u64 (f64 is 64 bits wide too, but is not an integer). */
const is64 = (t: ElementType): boolean => t === "s64" || t === "u64";
const widthOf = (t: ElementType): number => ELEMENT_TYPE_INFO[t].bitWidth;

/** The low `w` bits of x's two's complement pattern, as a non-negative number (w <= 32). */
function unsignedBits(w: number): Scalar1 {
  if (w === 32) return (x) => x >>> 0;
  const mask = 2 ** w - 1;
  return (x) => x & mask;
}

export function popcntScalar(t: ElementType): Scalar1 {
  if (is64(t)) {
    return (x) => {
      split64(x);
      return popcount32(hi) + popcount32(lo);
    };
  }
  const bits = unsignedBits(widthOf(t));
  return (x) => popcount32(bits(x));
}

export function clzScalar(t: ElementType): Scalar1 {
  if (is64(t)) {
    return (x) => {
      split64(x);
      return hi !== 0 ? Math.clz32(hi) : 32 + Math.clz32(lo);
    };
  }
  const w = widthOf(t);
  const bits = unsignedBits(w);
  return (x) => Math.clz32(bits(x)) - (32 - w);
}

/** not: logical for pred, bitwise otherwise. */
export function notScalar(t: ElementType): Scalar1 {
  if (t === "pred") return (x) => (x === 0 ? 1 : 0);
  if (t === "s64") return (x) => -x - 1;
  if (t === "u64") return (x) => 18446744073709551615 - x; // ~x; beyond 2^53 unless x is huge, so refused by u64's normalizer
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

export function bitwiseScalar(op: BitwiseOp, t: ElementType): Scalar2 {
  const w = word(op);
  if (!is64(t)) return w; // pred 0/1 and every width up to 32 (the normalizer narrows)
  const signed = t === "s64";
  return (a, b) => {
    split64(a);
    const ah = hi;
    const al = lo;
    split64(b);
    return join64(w(ah, hi), w(al, lo), signed);
  };
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
  if (w === 64) return shift64(op, t === "s64");
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

function shift64(op: ShiftOp, signed: boolean): Scalar2 {
  const wrap = (v: bigint): number => Number(signed ? BigInt.asIntN(64, v) : BigInt.asUintN(64, v));
  switch (op) {
    case "shift-left":
      return (a, b) => (b < 0 || b >= 64 ? 0 : wrap(BigInt(a) << BigInt(b)));
    case "shift-right-arithmetic":
      return (a, b) => {
        const s = BigInt.asIntN(64, BigInt(a));
        return b < 0 || b >= 64 ? (s < 0n ? wrap(-1n) : 0) : wrap(s >> BigInt(b));
      };
    case "shift-right-logical":
      return (a, b) => (b < 0 || b >= 64 ? 0 : wrap(BigInt.asUintN(64, BigInt(a)) >> BigInt(b)));
    default:
      return op satisfies never;
  }
}
