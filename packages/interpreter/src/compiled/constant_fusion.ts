/**
 * A fusion with no operands whose computation only builds values (iota,
 * constants, element-wise and data-movement ops, as in JAX's iota_2x32_shape
 * counters): its result is the same every run, so the fused computation runs
 * once through the engine and later runs copy that result. A run that fails
 * caches nothing, so its error repeats as the reference's would.
 */
import { type ArrayShape, EvalError, type HloComputation, OPCODES, isArrayLiteral, storageOf } from "@minixla/hlo";
import type { FastStep } from "./fast_steps.ts";

/** Opcodes whose value depends on their operands alone (no random numbers, no calls, no side effects). */
function pure(fused: HloComputation): boolean {
  return fused.instructions.every((i) => {
    if (i.opcode === "parameter") return false;
    if (i.opcode === "iota" || i.opcode === "constant") return true;
    if ((i.called ?? []).length > 0) return false;
    const family = OPCODES[i.opcode].family;
    return family === "elementwise" || family === "data_movement";
  });
}

/** The step of a fusion of no operands with result `shape` (one float64 per element), or undefined where its value could vary. */
export function constantFusionStep(fused: HloComputation, shape: ArrayShape, n: number): FastStep | undefined {
  if (storageOf(shape.elementType) !== "f64" || !pure(fused)) return undefined;
  let value: Float64Array | undefined;
  return (_operands, frame, ctx) => {
    if (value === undefined) {
      const r = ctx.call(fused.name, []);
      if (!isArrayLiteral(r) || !(r.data instanceof Float64Array) || r.data.length !== n) {
        throw new EvalError(`fusion of ${fused.name}: the fused computation did not give ${n} values stored as float64`);
      }
      value = Float64Array.from(r.data);
    }
    const out = frame.take(n);
    out.set(value);
    return { shape, data: out };
  };
}
