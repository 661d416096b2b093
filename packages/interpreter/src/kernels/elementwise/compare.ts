/**
 * compare: IEEE comparisons for floats (FLOAT: every comparison with NaN is
 * false except NE), numeric order for integers and pred (their stored values
 * already are the SIGNED or UNSIGNED reading), and TOTALORDER for floats:
 * -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN, ordering the sign-magnitude
 * bit patterns as XLA does. The bits come from the operand's own storage:
 * V8 keeps a NaN's sign bit in a Float64Array (x86 produces -NaN for 0/0 and
 * inf-inf, and XLA on x86 does too), so -NaN and +NaN stay distinguishable.
 * Without comparison_type, a compare uses defaultComparisonType (@minixla/hlo).
 * (s64/u64 compare in bigint.ts, complex types in complex.ts.)
 */
import type { ComparisonDirection } from "@minixla/hlo";
import type { Scalar2 } from "./loops.ts";

/** IEEE / numeric comparison: 1 or 0. */
export function compareScalar(direction: ComparisonDirection): Scalar2 {
  switch (direction) {
    case "EQ":
      return (a, b) => (a === b ? 1 : 0);
    case "NE":
      return (a, b) => (a !== b ? 1 : 0);
    case "LT":
      return (a, b) => (a < b ? 1 : 0);
    case "LE":
      return (a, b) => (a <= b ? 1 : 0);
    case "GT":
      return (a, b) => (a > b ? 1 : 0);
    case "GE":
      return (a, b) => (a >= b ? 1 : 0);
    default:
      return direction satisfies never;
  }
}

/** The 32-bit words of a Float64Array's storage (little-endian: word 2i+1 holds sign and exponent). */
function wordsOf(a: Float64Array): Int32Array {
  return new Int32Array(a.buffer, a.byteOffset, a.length * 2);
}

/** -1, 0 or 1: the total order of two float64 bit patterns given as (high, low) words. */
function totalOrder(ah: number, al: number, bh: number, bl: number): number {
  const aNeg = ah < 0;
  if (aNeg !== bh < 0) return aNeg ? -1 : 1;
  // Same sign: compare magnitudes, reversed when negative.
  const am = ah & 0x7fffffff;
  const bm = bh & 0x7fffffff;
  const ul = al >>> 0;
  const vl = bl >>> 0;
  const mag = am !== bm ? (am < bm ? -1 : 1) : ul !== vl ? (ul < vl ? -1 : 1) : 0;
  return aNeg ? -mag : mag;
}

/** Whether `direction` holds for an ordering result c (-1, 0 or 1). */
function holds(direction: ComparisonDirection, c: number): boolean {
  switch (direction) {
    case "EQ":
      return c === 0;
    case "NE":
      return c !== 0;
    case "LT":
      return c < 0;
    case "LE":
      return c <= 0;
    case "GT":
      return c > 0;
    case "GE":
      return c >= 0;
    default:
      return direction satisfies never;
  }
}

// Scratch for reading a number's bits: a Float64Array keeps a NaN's sign and payload.
const scratch = new Float64Array(2);
const scratchWords = wordsOf(scratch);

/**
 * TOTALORDER on two numbers, 1 or 0: the scalar form of compareTotalOrder
 * (the same total order of the float64 bit patterns), for callers that walk
 * elements themselves.
 */
export function totalOrderScalar(direction: ComparisonDirection): Scalar2 {
  return (a, b) => {
    scratch[0] = a;
    scratch[1] = b;
    return holds(direction, totalOrder(scratchWords[1], scratchWords[0], scratchWords[3], scratchWords[2])) ? 1 : 0;
  };
}

/** compare with TOTALORDER over two float arrays of n elements. */
export function compareTotalOrder(direction: ComparisonDirection, a: Float64Array, b: Float64Array): Float64Array {
  const n = a.length;
  const out = new Float64Array(n);
  const wa = wordsOf(a);
  const wb = wordsOf(b);
  for (let i = 0; i < n; i++) out[i] = holds(direction, totalOrder(wa[2 * i + 1], wa[2 * i], wb[2 * i + 1], wb[2 * i])) ? 1 : 0;
  return out;
}
