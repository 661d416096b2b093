/**
 * XLA's CPU backend's transcendental functions, bit for bit (numerics
 * "xla-cpu"): the table from (op, element type) to the scalar function
 * that reproduces XLA CPU's result, for the ops whose XLA CPU values are
 * not the correctly rounded function: XLA's own polynomials (exp, expm1,
 * log, log1p, tanh, logistic, f32 erf; math_f32.ts, _f64.ts,
 * _f16.ts) and the glibc functions its code calls (cbrt, atan2, f32 sine,
 * cosine, tan, power, f64 erf; libm.ts, sincosf.ts,
 * tanf.ts, powf.ts; and expf/logf for the tails of small
 * f32 arrays, expf_logf.ts with xlaCpuLibmTailStart).
 * Measured against jaxlib 0.10.2 on x86-64 with glibc 2.36
 * (test/corpus/xla-cpu-math/): all of them give XLA's bits in f32, f16 and
 * bf16 and, in f64, exp, expm1, tanh, logistic and cbrt do; f64 log1p does
 * for |x| < 0.4142 and f64 erf outside [1.25, 6), and both are within 1 ulp
 * there (glibc's log and exp, taken as Math.log and Math.exp).
 * The functions apply XLA CPU's denormal flushing themselves (a denormal
 * operand reads as zero, except where XLA returns the operand unchanged, as
 * tanh and sine do for tiny x), so callers must not flush around them.
 */
import { type ElementType, roundToBF16, roundToF16 } from "@minixla/hlo";
import { glibcExpF32, glibcLogF32 } from "./expf_logf.ts";
import { xlaCpuAtan2F32, xlaCpuCbrtF32, xlaCpuCbrtF64, xlaCpuErfF64 } from "./libm.ts";
import { xlaCpuPowF32 } from "./powf.ts";
import { xlaCpuCosF32, xlaCpuSinF32 } from "./sincosf.ts";
import { xlaCpuTanF32 } from "./tanf.ts";
import { xlaCpuExpm1F16, xlaCpuLogisticF16 } from "./math_f16.ts";
import {
  xlaCpuErfF32, xlaCpuExpF32, xlaCpuExpm1F32, xlaCpuLog1pF32, xlaCpuLogF32, xlaCpuLogisticF32, xlaCpuTanhF32,
} from "./math_f32.ts";
import { xlaCpuExpF64, xlaCpuExpm1F64, xlaCpuLog1pF64, xlaCpuLogisticF64, xlaCpuTanhF64 } from "./math_f64.ts";

/** The unary ops whose XLA CPU values are not simply the correctly rounded function: XLA's own approximations or glibc's. */
export type XlaCpuMathOp =
  | "exponential" | "exponential-minus-one" | "log" | "log-plus-one" | "tanh" | "logistic" | "erf" | "cbrt" | "sine" | "cosine" | "tan";

/** A scalar function from an operand value to the result value (numbers holding values of the element type). */
export type XlaCpuScalar = (x: number) => number;

const F32: Readonly<Record<XlaCpuMathOp, XlaCpuScalar>> = {
  exponential: xlaCpuExpF32,
  "exponential-minus-one": xlaCpuExpm1F32,
  log: xlaCpuLogF32,
  "log-plus-one": xlaCpuLog1pF32,
  tanh: xlaCpuTanhF32,
  logistic: xlaCpuLogisticF32,
  erf: xlaCpuErfF32,
  cbrt: xlaCpuCbrtF32,
  sine: xlaCpuSinF32,
  cosine: xlaCpuCosF32,
  tan: xlaCpuTanF32,
};

/** f64: log, sine, cosine and tan are glibc calls in XLA CPU (not reproduced here). */
const F64: Readonly<Partial<Record<XlaCpuMathOp, XlaCpuScalar>>> = {
  exponential: xlaCpuExpF64,
  "exponential-minus-one": xlaCpuExpm1F64,
  "log-plus-one": xlaCpuLog1pF64,
  tanh: xlaCpuTanhF64,
  logistic: xlaCpuLogisticF64,
  cbrt: xlaCpuCbrtF64,
  erf: xlaCpuErfF64,
};

/** f16 ops XLA emits in f16 arithmetic rather than as the f32 function rounded once. */
const F16: Readonly<Partial<Record<XlaCpuMathOp, XlaCpuScalar>>> = {
  logistic: xlaCpuLogisticF16,
  "exponential-minus-one": xlaCpuExpm1F16,
};

const isMathOp = (op: string): op is XlaCpuMathOp => Object.hasOwn(F32, op);

/** The unary ops this module has XLA CPU's own functions of. */
export const XLA_CPU_MATH_OPS: readonly XlaCpuMathOp[] = Object.keys(F32) as XlaCpuMathOp[];

/**
 * XLA CPU's scalar function of `op` on element type `t` (the result
 * already rounded to t and flushed as XLA CPU flushes it), or undefined
 * where this module has none: other ops and types, f64 log, sine, cosine and tan.
 */
export function xlaCpuMathScalar(op: string, t: ElementType): XlaCpuScalar | undefined {
  if (!isMathOp(op)) return undefined;
  const f32 = F32[op];
  switch (t) {
    case "f32":
      return f32;
    case "f64":
      return F64[op];
    case "f16":
      return F16[op] ?? ((x) => roundToF16(f32(x)));
    case "bf16":
      return (x) => roundToBF16(f32(x));
    default:
      return undefined;
  }
}

/** A binary scalar function (numbers holding values of the element type). */
export type XlaCpuScalar2 = (y: number, x: number) => number;

const MIN_NORMAL_F64 = 2 ** -1022;
const tinyF64 = (v: number): boolean => v !== 0 && v > -MIN_NORMAL_F64 && v < MIN_NORMAL_F64;

/**
 * f64 atan2 as XLA CPU computes it (glibc's atan2 under the x86 flush
 * flags; measured on a grid of 0, ±5e-324, ±1e-300, ±1 with jaxlib 0.10.2):
 * a denormal x reads as zero of its sign; a denormal y keeps its sign, so
 * with x zero it gives ±π/2 (atan2(5e-324, 5e-324) = π/2) and with x > 0 it
 * gives zero of y's sign; a denormal result becomes zero. With a denormal y
 * and x < 0 XLA's sign of ±π depends on x (atan2(5e-324, -1) = -π,
 * atan2(5e-324, -1e-300) = π): not reproduced, the π of y's sign is
 * returned (README divergence table). Otherwise glibc's value, to which
 * Math.atan2 is within 1 ulp.
 */
function xlaCpuAtan2F64(y: number, x: number): number {
  const fx = tinyF64(x) ? (x < 0 ? -0 : 0) : x;
  if (tinyF64(y)) {
    if (fx === 0) return y < 0 ? -Math.PI / 2 : Math.PI / 2;
    if (fx > 0) return y < 0 ? -0 : 0;
  }
  const r = Math.atan2(y, fx);
  return tinyF64(r) ? (r < 0 ? -0 : 0) : r;
}

/**
 * XLA CPU's scalar function of the binary `op` on element type `t`, or
 * undefined where this module has none: atan2 and power in f32, f16 and
 * bf16 (glibc's atan2f and powf on the operands widened to f32, rounded to
 * t); f64 atan2 (xlaCpuAtan2F64: its flushing, glibc's value within 1 ulp);
 * not f64 power (glibc's pow, not reproduced here).
 */
export function xlaCpuMathScalar2(op: string, t: ElementType): XlaCpuScalar2 | undefined {
  if (op === "atan2" && t === "f64") return xlaCpuAtan2F64;
  const f32 = op === "atan2" ? xlaCpuAtan2F32 : op === "power" ? xlaCpuPowF32 : undefined;
  if (f32 === undefined) return undefined;
  switch (t) {
    case "f32":
      return f32;
    case "f16":
      return (a, b) => roundToF16(f32(a, b));
    case "bf16":
      return (a, b) => roundToBF16(f32(a, b));
    default:
      return undefined;
  }
}

/**
 * Where XLA CPU leaves its own exp/log polynomial for the C library's:
 * the index of the first element of an f32 array of dimensions `dims` that
 * a standalone exp or log computes with glibc's expf/logf (see
 * xlaCpuLibmScalar), or the element count when none does. Measured
 * (jaxlib 0.10.2): a 1-D array of n < 16 elements runs as vectors of 8 and
 * then one of n mod 8, and XLA has its polynomial only for widths 1, 2, 4
 * and 8, so the last n mod 8 elements go to glibc when that is 3, 5, 6 or
 * 7; longer and multi-dimensional arrays never do. Inside larger fusions
 * the vectorization, and so this rule, may differ.
 */
export function xlaCpuLibmTailStart(dims: readonly number[]): number {
  const n = dims.reduce((a, b) => a * b, 1);
  if (dims.length !== 1 || n >= 16) return n;
  const tail = n % 8;
  return tail === 3 || tail >= 5 ? n - tail : n;
}

/**
 * The C library function XLA CPU calls instead of its polynomial for the
 * elements xlaCpuLibmTailStart points at: glibc's expf or logf for f32 exp
 * and log; undefined for other ops and types.
 */
export function xlaCpuLibmScalar(op: string, t: ElementType): XlaCpuScalar | undefined {
  if (t !== "f32") return undefined;
  return op === "exponential" ? glibcExpF32 : op === "log" ? glibcLogF32 : undefined;
}
