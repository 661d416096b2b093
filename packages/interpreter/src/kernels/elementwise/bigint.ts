/**
 * Scalar functions of the element-wise ops on s64 and u64, whose literals are
 * BigInt64Array / BigUint64Array (literal.ts). Each takes and returns bigints
 * holding the type's reading of the bits (signed for s64, unsigned for u64);
 * the output array wraps every result to 64 bits when it is stored, which is
 * exactly XLA's two's complement wrap for add, subtract, multiply, negate,
 * abs(INT_MIN), not and the shifts. The rest follows XLA (values checked on
 * XLA's CPU backend): x / 0 = -1 (all ones for u64), INT_MIN / -1 =
 * INT_MIN (2^63 wraps back), quotients truncate (as BigInt division does);
 * x % 0 = x, INT_MIN % -1 = 0; shift amounts with (unsigned)amount >= 64
 * give 0, or -1 for an arithmetic shift of a negative value.
 */
import { type ElementType, EvalError, type OpcodesOfCategory, type UnaryOpcodesTaking, opcodesOfCategory, unaryOpcodesTaking } from "@minixla/hlo";

export type Big1 = (x: bigint) => bigint;
export type Big2 = (x: bigint, y: bigint) => bigint;

export type BigBinaryOp =
  | "add" | "subtract" | "multiply" | "divide" | "remainder" | "maximum" | "minimum" | "power"
  | "and" | "or" | "xor" | "shift-left" | "shift-right-arithmetic" | "shift-right-logical";

/** Unary ops on s64/u64: those the opcode table lets take integers (but copy), and the roundings, which leave integers as they are. */
export type BigUnaryOp = Exclude<UnaryOpcodesTaking<"signed"> | UnaryOpcodesTaking<"unsigned">, "copy"> | OpcodesOfCategory<"rounding">;

const MASK32 = 0xffffffffn;

/** Bits set in a 32-bit word. */
function popcount32(v: number): number {
  let x = v - ((v >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The 64-bit pattern of x (either reading) as its two 32-bit words. */
function words(x: bigint): [number, number] {
  const u = BigInt.asUintN(64, x);
  return [Number(u >> 32n), Number(u & MASK32)];
}

export function popcount64(x: bigint): bigint {
  const [h, l] = words(x);
  return BigInt(popcount32(h) + popcount32(l));
}

export function clz64(x: bigint): bigint {
  const [h, l] = words(x);
  return BigInt(h !== 0 ? Math.clz32(h) : 32 + Math.clz32(l));
}

/** a^e by square-and-multiply (e >= 0), each product wrapped to 64 bits. */
export function powBySquaring(a: bigint, e: bigint, wrap: (v: bigint) => bigint): bigint {
  let r = 1n;
  let base = a;
  for (let k = e; k > 0n; k >>= 1n) {
    if (k & 1n) r = wrap(r * base);
    base = wrap(base * base);
  }
  return r;
}

/** Integer power as XLA's HloEvaluator computes it (evaluatorIntegerPower in binary.ts): a negative s64 exponent gives 0 unless lhs == 1; every exponent bit squares. */
function evaluatorIpow(signed: boolean): Big2 {
  const wrap = signed ? (v: bigint) => BigInt.asIntN(64, v) : (v: bigint) => BigInt.asUintN(64, v);
  return (a, b) => {
    if (a === 1n || b === 0n) return 1n;
    if (b < 0n) return 0n;
    return powBySquaring(a, b, wrap);
  };
}

/** The bigint function of a binary op on s64/u64, as XLA's HloEvaluator computes it (XLA CPU's power: numerics/xla_cpu/integer_power.ts). */
export function bigBinary(op: BigBinaryOp, t: "s64" | "u64"): Big2 {
  const signed = t === "s64";
  switch (op) {
    case "add":
      return (a, b) => a + b;
    case "subtract":
      return (a, b) => a - b;
    case "multiply":
      return (a, b) => a * b;
    case "divide":
      // -1 stores as all ones in a BigUint64Array; INT_MIN / -1 = 2^63 stores as INT_MIN.
      return (a, b) => (b === 0n ? -1n : a / b);
    case "remainder":
      return (a, b) => (b === 0n ? a : a % b);
    case "maximum":
      return (a, b) => (a < b ? b : a);
    case "minimum":
      return (a, b) => (b < a ? b : a);
    case "power":
      return evaluatorIpow(signed);
    case "and":
      return (a, b) => a & b;
    case "or":
      return (a, b) => a | b;
    case "xor":
      return (a, b) => a ^ b;
    case "shift-left":
      return (a, b) => (b < 0n || b >= 64n ? 0n : a << b);
    case "shift-right-arithmetic":
      return (a, b) => {
        const s = BigInt.asIntN(64, a);
        return b < 0n || b >= 64n ? (s < 0n ? -1n : 0n) : s >> b;
      };
    case "shift-right-logical":
      return (a, b) => (b < 0n || b >= 64n ? 0n : BigInt.asUintN(64, a) >> b);
    default:
      return op satisfies never;
  }
}

const identity: Big1 = (x) => x;

export function bigUnary(op: BigUnaryOp, t: "s64" | "u64"): Big1 {
  const signed = t === "s64";
  switch (op) {
    case "abs":
      return signed ? (x) => (x < 0n ? -x : x) : identity;
    case "negate":
      return (x) => -x;
    case "not":
      return (x) => ~x;
    case "sign":
      return signed ? (x) => (x > 0n ? 1n : x < 0n ? -1n : 0n) : (x) => (x > 0n ? 1n : 0n);
    case "popcnt":
      return popcount64;
    case "count-leading-zeros":
      return clz64;
    case "round-nearest-afz":
    case "round-nearest-even":
    case "floor":
    case "ceil":
      return identity;
    default:
      return op satisfies never;
  }
}

const BIG_BINARY: ReadonlySet<string> = new Set<BigBinaryOp>([
  "add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum", "power",
  "and", "or", "xor", "shift-left", "shift-right-arithmetic", "shift-right-logical",
]);
const BIG_UNARY: ReadonlySet<string> = new Set<string>(
  [...unaryOpcodesTaking("signed"), ...unaryOpcodesTaking("unsigned"), ...opcodesOfCategory("rounding")].filter((op) => op !== "copy"),
);

export function isBigBinaryOp(op: string): op is BigBinaryOp {
  return BIG_BINARY.has(op);
}
export function isBigUnaryOp(op: string): op is BigUnaryOp {
  return BIG_UNARY.has(op);
}

/** compare of two bigints (their own type's reading): 1 or 0. */
export function bigCompare(direction: "EQ" | "NE" | "LT" | "LE" | "GT" | "GE"): (a: bigint, b: bigint) => number {
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

/** clamp(lo, x, hi) = min(hi, max(x, lo)), as std::min/std::max compose it (lo > hi gives hi). */
export const bigClamp = (lo: bigint, x: bigint, hi: bigint): bigint => {
  const m = x < lo ? lo : x;
  return m < hi ? m : hi;
};

/** The error for an op that XLA does not define on an integer type (shape inference rejects it first). */
export function notOnIntegers(op: string, t: ElementType): EvalError {
  return new EvalError(`${op}: not defined on ${t} (an integer type)`);
}
