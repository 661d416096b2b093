/**
 * Denormal flushing as XLA's CPU backend applies it (numerics "xla-cpu").
 * XLA runs compiled code with the x86 MXCSR flags DAZ and FTZ set (TSL's
 * ScopedFlushDenormal on its worker threads), so every SSE float
 * instruction reads a denormal operand as zero of the same sign and writes
 * a denormal result as zero of the same sign. That reaches f32 and f64
 * values, and bf16 ones (computed in f32, whose exponent range they share);
 * f16 values are never f32 denormals, and their f32 results round to ±0 in
 * f16 anyway. Ops XLA emits as bit manipulation (negate, abs, copy, select,
 * is-finite, convert, bitcast-convert, reduce-precision, total-order
 * compare) flush nothing. Which op flushes what was found with real XLA by
 * the differential fuzzer (test/fuzz/), e.g. f32 maximum(2.9e-39, -1) = 0,
 * bf16 divide(-4.6e-40, 9.2e-41) = NaN (0 / 0), f64 sign(-5e-324) = -0.
 */
import type { ElementType } from "@minixla/hlo";

/**
 * Ops whose float operands and results XLA CPU flushes (compare: operands
 * only). Not power (a libm call: f64 pow(-5e-322, 0.5) is NaN). clamp
 * flushes its operands: clamp(1, 1, -1.4e-45) = -0 in f32.
 */
export const FLUSHING_OPS: ReadonlySet<string> = new Set([
  "add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum", "atan2", "compare", "clamp",
  "cbrt", "ceil", "cosine", "erf", "exponential", "exponential-minus-one", "floor", "log", "log-plus-one", "logistic",
  "round-nearest-afz", "round-nearest-even", "rsqrt", "sign", "sine", "sqrt", "tan", "tanh",
  "acos", "acosh", "asin", "asinh", "atanh", "cosh", "sinh",
]);

/** The smallest normal of the types XLA CPU flushes (stored as float64), or undefined for the others. */
function smallestNormal(t: ElementType): number | undefined {
  switch (t) {
    case "f32":
    case "bf16":
      return 2 ** -126;
    case "f64":
      return 2 ** -1022;
    default:
      return undefined;
  }
}

/** x, or zero of x's sign when x is a denormal of its flushing type. */
function flusher(t: ElementType): ((x: number) => number) | undefined {
  const min = smallestNormal(t);
  if (min === undefined) return undefined;
  return (x) => (x > -min && x < min && x !== 0 ? (x < 0 ? -0 : 0) : x);
}

/**
 * XLA CPU's flush of a value of type t read or written by a flushing
 * instruction (a denormal of f32, bf16 or f64 becomes zero of its sign),
 * or undefined for the types it never flushes: for kernels outside the
 * scalar table (the lone-add reduce, dot).
 */
export function xlaCpuFlusher(t: ElementType): ((x: number) => number) | undefined {
  return flusher(t);
}

/** The result flush: f32 results are rounded to f32 first (FTZ judges the rounded result). */
function resultFlusher(t: ElementType): ((x: number) => number) | undefined {
  const f = flusher(t);
  if (f === undefined) return undefined;
  return t === "f32" ? (x) => f(Math.fround(x)) : f;
}

/**
 * Ops whose results XLA CPU does not flush. Its remainder flushes only the
 * divisor: f32 remainder(4.1e-40, 1) = 4.1e-40, remainder(1, 4e-40) = NaN.
 */
const OPERANDS_ONLY: ReadonlySet<string> = new Set(["remainder", "compare", "clamp"]);

/** The operands op reads flushed. */
export function flushedOperands(op: string, operands: readonly ElementType[]): readonly boolean[] {
  return operands.map((_, i) => op !== "remainder" || i === 1);
}

/** f32 ops XLA CPU computes with its own approximations that pass tiny inputs through unflushed (tanh(-1e-45) = -1e-45, atan2(1e-45, 1) = 1e-45). */
const F32_UNFLUSHED: ReadonlySet<string> = new Set(["tanh", "exponential-minus-one", "atan2"]);

/** Whether op on these types flushes nothing at all. */
export function flushesNothing(op: string, operands: readonly ElementType[]): boolean {
  return !FLUSHING_OPS.has(op) || (F32_UNFLUSHED.has(op) && operands[0] === "f32");
}

/**
 * bf16 ops whose XLA CPU value at a denormal operand is that operand (its
 * approximations return tiny inputs as they are, before any flushing):
 * bf16 asin(-9.2e-41) = -9.2e-41. Measured with jaxlib 0.10.2.
 */
const BF16_KEEPS_DENORMAL: ReadonlySet<string> = new Set(["asin", "asinh", "atanh", "sinh"]);

/** Whether op on these operand types returns a denormal operand unchanged. */
export function keepsDenormalOperand(op: string, operands: readonly ElementType[]): boolean {
  return operands.length === 1 && operands[0] === "bf16" && BF16_KEEPS_DENORMAL.has(op);
}

/** Whether op's result escapes the flush (its operands are flushed). */
export function flushesOperandsOnly(op: string): boolean {
  return OPERANDS_ONLY.has(op);
}

type Fn = (...xs: number[]) => number;

/**
 * fn with XLA CPU's flushing: operands of a flushing type read through the
 * input flush, the result (unless `operandsOnly`) through the output flush.
 * fn itself when nothing of its types flushes.
 */
export function withXlaCpuFlush(fn: Fn, operands: readonly ElementType[], result: ElementType, operandsOnly: boolean, which?: readonly boolean[]): Fn {
  const ins = operands.map((t, i) => (which === undefined || which[i] ? flusher(t) : undefined));
  const out = operandsOnly ? undefined : resultFlusher(result);
  if (ins.every((f) => f === undefined) && out === undefined) return fn;
  const id = (x: number): number => x;
  const [f0 = id, f1 = id, f2 = id] = ins.map((f) => f ?? id);
  const o = out ?? id;
  switch (operands.length) {
    case 1:
      return (a) => o(fn(f0(a)));
    case 2:
      return (a, b) => o(fn(f0(a), f1(b)));
    case 3:
      return (a, b, c) => o(fn(f0(a), f1(b), f2(c)));
    default:
      return (...xs) => o(fn(...xs.map((x, i) => (ins[i] ?? id)(x))));
  }
}

/** fn, but a denormal operand of t comes back unchanged (XLA CPU's bf16 asin, asinh, atanh, sinh). */
function keepDenormal(fn: Fn, t: ElementType): (x: number) => number {
  const min = t === "f64" ? 2 ** -1022 : 2 ** -126;
  return (x) => (x !== 0 && x > -min && x < min ? x : fn(x));
}

/** A scalar function of op with XLA CPU's denormal flushing around it, as the ops that flush do (fn itself for the others). */
export function xlaCpuFlushAround(op: string, operandTypes: readonly ElementType[], result: ElementType, fn: Fn): Fn {
  if (flushesNothing(op, operandTypes)) return fn;
  const flushedFn = withXlaCpuFlush(fn, operandTypes, result, flushesOperandsOnly(op), flushedOperands(op, operandTypes));
  return keepsDenormalOperand(op, operandTypes) ? keepDenormal(flushedFn, operandTypes[0]) : flushedFn;
}
