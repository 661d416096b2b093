/**
 * XLA's CPU backend as a numerics mode (EvalOptions.numerics "xla-cpu"):
 * its own transcendental functions (math.ts and the libm files), denormal
 * flushing (flush.ts), -0 ordered below +0 (signed_zero_order.ts), its
 * integer power (integer_power.ts), its FMA dot (dot.ts), the small-array
 * exp/log tail, and the graph rewrites of the xla-cpu-numerics pass (divide
 * rewrites and multiply-add contraction into the fma.ts custom call).
 */
import { ELEMENT_TYPE_INFO, type ElementType, isFloatType, xlaCpuNumerics } from "@minixla/hlo";
import type { NumericsRecord, ScalarOverride, ScalarOverrides } from "../record.ts";
import { matmulXlaCpu } from "./dot.ts";
import { xlaCpuFlushAround, xlaCpuFlusher } from "./flush.ts";
import { integerPower, integerPower64 } from "./integer_power.ts";
import { XLA_CPU_MATH_OPS, xlaCpuLibmScalar, xlaCpuLibmTailStart, xlaCpuMathScalar, xlaCpuMathScalar2 } from "./math.ts";
import { clampFloatXlaCpu, signedZeroMax, signedZeroMin } from "./signed_zero_order.ts";

const own = (fn: ScalarOverride["fn"] | undefined): ScalarOverride | undefined => (fn === undefined ? undefined : { fn, selfFlushing: true });
const flushed = (fn: ScalarOverride["fn"]): ScalarOverride => ({ fn, selfFlushing: false });
const isInteger = (t: ElementType): boolean => ELEMENT_TYPE_INFO[t].kind === "signed" || ELEMENT_TYPE_INFO[t].kind === "unsigned";

/** Its polynomials and glibc functions where its values are not the correctly rounded ones (they flush by themselves). */
const MATH: ScalarOverrides = Object.fromEntries(XLA_CPU_MATH_OPS.map((op) => [op, (t: ElementType) => own(xlaCpuMathScalar(op, t))]));

export const XLA_CPU_NUMERICS: NumericsRecord = {
  mode: "xla-cpu",
  keyPrefix: "xla-cpu|",
  scalar: {
    ...MATH,
    // glibc's atan2f and powf (and its f64 atan2's flushing); integer power squares over the exponent's low 6 bits.
    atan2: (t) => own(xlaCpuMathScalar2("atan2", t)),
    power: (t) => own(xlaCpuMathScalar2("power", t)) ?? (isInteger(t) ? flushed(integerPower(t)) : undefined),
    maximum: (t) => (isFloatType(t) ? flushed(signedZeroMax) : undefined),
    minimum: (t) => (isFloatType(t) ? flushed(signedZeroMin) : undefined),
    clamp: (t) => (isFloatType(t) ? flushed(clampFloatXlaCpu) : undefined),
  },
  bigScalar: { power: (t) => integerPower64(t === "s64") },
  flush: { value: xlaCpuFlusher, around: xlaCpuFlushAround },
  // The NaN of the fnuz types (bits 0x80) orders below every value (measured on all three, jaxlib 0.10.2).
  fnuzNaNLowest: true,
  // NaN kept at 0 mantissa bits (f16, f32, f64 run on parameters); f16 reduced on f16's bits.
  reducePrecision: { keepNaNAtZeroMantissa: true, f16OnOwnBits: true },
  dotFloat: matmulXlaCpu,
  // The denormal elements and sum of a lone-add reduce flush (bf16 [9.2e-41, -1.1754944e-38] sums to -1.1754944e-38).
  reduceSumFlush: xlaCpuFlusher,
  unaryTail: (op, t, dims) => {
    const fn = xlaCpuLibmScalar(op, t);
    return fn === undefined ? undefined : { start: xlaCpuLibmTailStart(dims), fn };
  },
  rewrites: [xlaCpuNumerics],
};
