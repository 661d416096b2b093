/**
 * The shape of a numerics mode (EvalOptions.numerics) as data: everything a
 * kernel or the compiled engine's code generator asks of the mode, so that
 * neither holds a branch on the mode's name. One record per mode:
 * reference.ts (XLA's HloEvaluator) and xla_cpu/record.ts (XLA's CPU
 * backend); index.ts looks them up.
 */
import type { ElementType, HloPass, OpcodesOf } from "@minixla/hlo";
import type { Numerics } from "../kernel.ts";
import type { Dims } from "../kernels/dot_conv/dot.ts";
import type { Big2 } from "../kernels/elementwise/bigint.ts";
import type { Normalize } from "../kernels/elementwise/loops.ts";

/** A scalar function on numbers (types stored one float64 per element). */
export type ScalarFn = (...xs: number[]) => number;


/** A mode's own scalar function for an opcode on a type, in place of the scalar table's. */
export interface ScalarOverride {
  readonly fn: ScalarFn;
  /** The function already flushes as the mode does (XLA CPU's own libm code): the flush policy is not wrapped around it. */
  readonly selfFlushing: boolean;
}

/**
 * Scalar overrides keyed by opcode, then element type (the operand's for
 * unary ops, the result's for the others); undefined: the table's function.
 */
export type ScalarOverrides = { readonly [K in OpcodesOf<"elementwise">]?: (t: ElementType) => ScalarOverride | undefined };

/** The same for s64/u64, computed on bigints. */
export type BigScalarOverrides = { readonly power?: (t: "s64" | "u64") => Big2 };

/** Denormal flushing around element-wise ops and accumulators. */
export interface FlushPolicy {
  /** The flush of one value of type t (a denormal becomes zero of its sign); undefined for types never flushed. */
  readonly value: (t: ElementType) => Normalize | undefined;
  /** A scalar function with the flushing `op` does on these operand and result types around it (fn itself where nothing flushes). */
  readonly around: (op: string, operandTypes: readonly ElementType[], result: ElementType, fn: ScalarFn) => ScalarFn;
}

/** A float dot's accumulation: out[b][m][n] = Σk a[b][m][k]·c[b][k][n], in f32 steps or f64, rounded by `normalize`. */
export type FloatMatmul = (a: Float64Array, c: Float64Array, dims: Dims, f32: boolean, normalize: Normalize) => Float64Array;

/** Elements of a short array computed by another function than the rest (XLA CPU's small-array exp/log). */
export interface ScalarTail {
  /** The first element the tail function computes. */
  readonly start: number;
  readonly fn: ScalarFn;
}

export interface NumericsRecord {
  readonly mode: Numerics;
  /** Prefix of the scalar table's keys in this mode ("" for the reference), so each mode's loops are its own. */
  readonly keyPrefix: string;
  readonly scalar: ScalarOverrides;
  readonly bigScalar: BigScalarOverrides;
  /** Denormal flushing; undefined: none (values are IEEE's, denormals kept). */
  readonly flush: FlushPolicy | undefined;
  /** TOTALORDER compare orders the NaN of the fnuz types below every value (rather than by its bits). */
  readonly fnuzNaNLowest: boolean;
  readonly reducePrecision: {
    /** Reducing to 0 mantissa bits keeps NaN (rounding alone would give inf). */
    readonly keepNaNAtZeroMantissa: boolean;
    /** An f16 operand is reduced on f16's own bits rather than through f32. */
    readonly f16OnOwnBits: boolean;
  };
  /** The float dot's accumulator; undefined: the evaluator's (kernels/dot_conv/accumulation.ts), which the compiled tiled dot reproduces. */
  readonly dotFloat: FloatMatmul | undefined;
  /** The flush a lone-add float reduce applies to its init, elements and sum, by result type; undefined: none. */
  readonly reduceSumFlush: (t: ElementType) => Normalize | undefined;
  /** The tail of a unary op's result computed by another function, by opcode, operand type and dimensions; undefined: none. */
  readonly unaryTail: (op: string, t: ElementType, dims: readonly number[]) => ScalarTail | undefined;
  /** Whole-graph float rewrites callers run before evaluating (the divide and multiply-add rewrites). */
  readonly rewrites: readonly HloPass[];
}
