/**
 * The custom-call target `minixla$xla_cpu_fma(x, y, z)` = x*y + z rounded
 * once, element-wise on f32 or f64 arrays of one shape: XLA CPU's fused
 * multiply-add, which its compiler makes of a multiply whose only user is
 * an add or subtract in the same fusion (LLVM's contraction into one x86
 * FMA instruction; f32 and f64, not f16/bf16). The xla-cpu-numerics pass
 * (@minixla/hlo, passes/xla_cpu_numerics.ts) writes it. As on XLA CPU, a
 * denormal operand reads as zero and a denormal result becomes zero (the
 * x86 flush flags), in every numerics mode: the target exists only to
 * reproduce XLA CPU. Measured with jaxlib 0.10.2: f64
 * (1 + 2^-30)(1 - 2^-30) - 1 = -2^-60 (0 unfused); f32
 * (-78.755 + d)·d + d = 0 for d = -3.8e-43.
 */
import { type HloInstruction, type Literal, XLA_CPU_FMA_TARGET, shapeToString } from "@minixla/hlo";
import type { EvalContext } from "../../kernel.ts";
import { type CustomCall, fail } from "../../custom_calls/custom_call_error.ts";
import { fma32, fma64 } from "./arith.ts";
import { xlaCpuFlusher } from "./flush.ts";
import { arrayOperand } from "../../kernels/support/view.ts";

function xlaCpuFma(inst: CustomCall, operands: readonly Literal[], _ctx: EvalContext): Literal {
  const out = inst.shape;
  const t = out.elementType;
  if (operands.length !== 3 || out.elementType === "tuple" || (t !== "f32" && t !== "f64")) {
    fail(inst, `takes three f32 or f64 arrays of the result's shape, got ${operands.length} operands and result ${shapeToString(out)}`);
  }
  const [x, y, z] = operands.map((o, i) => {
    const l = arrayOperand(inst, o, i);
    const same = l.shape.elementType === t && l.shape.dimensions.length === out.dimensions.length && l.shape.dimensions.every((d, k) => d === out.dimensions[k]);
    if (!same) fail(inst, `operand ${i} is ${shapeToString(l.shape)}, the result ${shapeToString(out)}`);
    return l.data as Float64Array;
  });
  const daz = xlaCpuFlusher(t) as (v: number) => number;
  const fma = t === "f32" ? fma32 : fma64;
  const data = new Float64Array(x.length);
  for (let i = 0; i < data.length; i++) data[i] = fma(daz(x[i]), daz(y[i]), daz(z[i]));
  return { shape: out, data };
}

const daz32 = xlaCpuFlusher("f32") as (v: number) => number;
const daz64 = xlaCpuFlusher("f64") as (v: number) => number;
/** The f32 target's element function: operands flushed, one fused rounding, the result flushed. */
export const XLA_CPU_FMA32 = (x: number, y: number, z: number): number => fma32(daz32(x), daz32(y), daz32(z));
/** The f64 target's element function. */
export const XLA_CPU_FMA64 = (x: number, y: number, z: number): number => fma64(daz64(x), daz64(y), daz64(z));

/**
 * The target's element function (operands flushed, one fused rounding, the result flushed), as
 * the kernel above computes each element, for a custom call of this target with f32 or f64
 * operands (the compiled engine fuses it; the WebAssembly loops know the two functions by
 * identity); undefined for any other instruction.
 */
export function xlaCpuFmaSemantics(inst: HloInstruction): ((x: number, y: number, z: number) => number) | undefined {
  if (inst.opcode !== "custom-call" || inst.attributes.customCallTarget !== XLA_CPU_FMA_TARGET) return undefined;
  const t = inst.shape.elementType;
  return t === "f32" ? XLA_CPU_FMA32 : t === "f64" ? XLA_CPU_FMA64 : undefined;
}

/** The target's kernel, keyed by its name (merged into custom_calls/targets.ts's table). */
export const XLA_CPU_FMA_TARGETS: ReadonlyMap<string, (inst: CustomCall, operands: readonly Literal[], ctx: EvalContext) => Literal> = new Map([
  [XLA_CPU_FMA_TARGET, xlaCpuFma],
]);
