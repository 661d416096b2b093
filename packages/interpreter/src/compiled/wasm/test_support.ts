/**
 * Test support for the WebAssembly dot and the f16 lanes: f16 values from
 * their bits, and the forced WebAssembly dot against the reference kernel in
 * numerics "xla-cpu", bit for bit.
 */
import { type ArrayLiteral, type ElementType, type InstructionOf, literal, shape } from "@minixla/hlo";
import { expect } from "vitest";
import { instruction, run, testContext } from "../../kernels/support/test_support.ts";
import { compileDot } from "../dot_kernel.ts";

const XLA_CPU = testContext({}, { numerics: "xla-cpu" });
const MATMUL = { lhsBatchDimensions: [], lhsContractingDimensions: [1], rhsBatchDimensions: [], rhsContractingDimensions: [0] };

/** The f16 value of 16 bits (NaN for every NaN pattern). */
export function f16FromBits(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const e = (bits >> 10) & 0x1f;
  const frac = bits & 0x3ff;
  if (e === 31) return frac === 0 ? sign * Infinity : NaN;
  return sign * (e === 0 ? frac * 2 ** -24 : (1024 + frac) * 2 ** (e - 25));
}

/**
 * The WebAssembly dot (forced) of lhs [m, k] by rhs [k, n] of type t, each
 * value rounded into t as an argument arrives, against the reference kernel
 * in numerics xla-cpu, bit for bit; returns the compiled values.
 */
export function expectWasmDotSame(t: ElementType, m: number, k: number, n: number, lhs: readonly number[], rhs: readonly number[]): Float64Array {
  const inst = instruction("dot", shape(t, [m, n]), MATMUL) as InstructionOf<"dot">;
  const l = literal(t, [m, k], lhs) as ArrayLiteral;
  const r = literal(t, [k, n], rhs) as ArrayLiteral;
  const want = run(inst, [l, r], XLA_CPU) as ArrayLiteral;
  const kernel = compileDot(inst, l.shape, r.shape, "xla-cpu", "always");
  expect(kernel).toBeDefined();
  const out = kernel!(l, r, new Float64Array(m * n).fill(-7.5)).data as Float64Array;
  const bad = Array.from(want.data as Float64Array).findIndex((v, i) => !Object.is(v, out[i]));
  expect(bad, `${t} ${m}x${k}x${n} element ${bad}: reference ${want.data[bad]}, compiled ${out[bad]}`).toBe(-1);
  return out;
}
