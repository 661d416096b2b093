/**
 * The compiled form of XLA CPU's fused multiply-add custom-call
 * (`minixla$xla_cpu_fma`, numerics/xla_cpu/fma.ts), which the xla-cpu-numerics
 * pass writes in place of a multiply feeding an add: the same element-wise
 * fma32/fma64 on operands read with the denormal flush, written into a pooled
 * buffer instead of a new array. Only for f32/f64 arrays of the result's
 * static shape; anything else is left to the reference kernel and its errors.
 */
import { type ArrayShape, EvalError, type InstructionOf, type Shape, XLA_CPU_FMA_TARGET, elementCount, isArrayShape } from "@minixla/hlo";
import { fma32, fma64 } from "../numerics/xla_cpu/arith.ts";
import { xlaCpuFlusher } from "../numerics/xla_cpu/flush.ts";

/** x*y + z element-wise into `out` (the result's length). */
export type FmaKernel = (x: Float64Array, y: Float64Array, z: Float64Array, out: Float64Array) => void;

function sameStaticShape(s: Shape, result: ArrayShape): boolean {
  return (
    isArrayShape(s) &&
    s.elementType === result.elementType &&
    !(s.dynamicDimensions ?? []).some((d) => d) &&
    s.dimensions.length === result.dimensions.length &&
    s.dimensions.every((d, k) => d === result.dimensions[k])
  );
}

/** The kernel of a custom-call to XLA CPU's fma on three operands of `operandShapes`, or undefined. */
export function compileXlaCpuFma(inst: InstructionOf<"custom-call">, operandShapes: readonly Shape[]): FmaKernel | undefined {
  const result = inst.shape;
  if (inst.attributes.customCallTarget !== XLA_CPU_FMA_TARGET || !isArrayShape(result)) return undefined;
  const t = result.elementType;
  if ((t !== "f32" && t !== "f64") || (result.dynamicDimensions ?? []).some((d) => d)) return undefined;
  if (operandShapes.length !== 3 || !operandShapes.every((s) => sameStaticShape(s, result))) return undefined;
  const daz = xlaCpuFlusher(t) as (v: number) => number;
  const fma = t === "f32" ? fma32 : fma64;
  const n = elementCount(result);
  return (x, y, z, out) => {
    if (x.length !== n || y.length !== n || z.length !== n || out.length !== n) throw new EvalError(`${inst.name} (custom-call): operands and result must hold ${n} values`);
    for (let i = 0; i < n; i++) out[i] = fma(daz(x[i]), daz(y[i]), daz(z[i]));
  };
}
