/**
 * The custom-call targets minixla evaluates, keyed by target name, each with
 * the meaning XLA gives it:
 * - sharding and memory-placement annotations (Sharding, SPMD*, MoveToHost,
 *   MoveToDevice, annotate_device_placement) and SetBound: identity on their
 *   one operand; on one CPU device nothing moves (checked with XLA CPU);
 * - TopK, XLA CPU's kernel: f32[n] or f32[batch, n] -> (values, s32 indices),
 *   k from the result shape, largest first, the comparator computation is not
 *   called (XLA CPU gives the same result whatever it compares);
 * - SliceToDynamic / PadToStatic, the dynamic padder's pair: values are held at
 *   their bound (dynamic_sizes.ts), so both keep the data and move only the
 *   runtime sizes (into the result's dynamic dimensions / out as s32 scalars).
 *   XLA CPU stores a dynamic array compacted (its result buffer holds the
 *   in-size elements first, then uninitialised memory); the in-size elements
 *   agree with minixla's at their logical indices (checked with XLA CPU).
 * - xla_builder.math.*, xla_builder.matrix.*, xla_builder.tridiagonal.* and
 *   xla_builder.prng.*: XLA's builder-library functions, which its tests call
 *   through these targets (xla_builder_math.ts, xla_builder_matrix.ts);
 * - __onednn$layernorm and GetRngSeed, XLA CPU's own (cpu_custom_calls.ts);
 * - minixla$xla_cpu_fma, XLA CPU's fused multiply-add (numerics/xla_cpu/fma.ts);
 * - Pin, Unpin and CreateBuffer, XLA's buffer custom calls: Pin makes a
 *   buffer shape `b(...)` holding its operand's value, Unpin reads it back;
 *   CreateBuffer's contents XLA leaves uninitialised, here zeros.
 * Any other target is refused with EvalError.
 */
import {
  type ArrayLiteral,
  EvalError,
  type Literal,
  type Shape,
  isTupleLiteral,
  shapeToString,
  tupleLiteral,
  zeroLiteral,
} from "@minixla/hlo";
import { type CustomCall, fail } from "./custom_call_error.ts";
import { dynamicSizeOf, recordDynamicSize } from "../dynamic_sizes.ts";
import type { EvalContext } from "../kernel.ts";
import { CPU_CUSTOM_CALL_TARGETS } from "./cpu_custom_calls.ts";
import { XLA_CPU_FMA_TARGETS } from "../numerics/xla_cpu/fma.ts";
import { topkRows } from "../kernels/reduce/topk.ts";
import { arrayOperand, indexValue } from "../kernels/support/view.ts";
import { XLA_BUILDER_MATH_TARGETS } from "./xla_builder_math.ts";
import { XLA_BUILDER_MATRIX_TARGETS } from "./xla_builder_matrix.ts";

type TargetKernel = (inst: CustomCall, operands: readonly Literal[], ctx: EvalContext) => Literal;

/** Element type and dimensions, the parts a value's identity must keep (layouts differ freely). */
function sameArrayShape(a: Shape, b: Shape): boolean {
  if (a.elementType === "tuple" || b.elementType === "tuple") return false;
  return a.elementType === b.elementType && a.dimensions.length === b.dimensions.length && a.dimensions.every((d, i) => d === b.dimensions[i]);
}

/** An annotation: the value of its one operand, unchanged. */
const identity: TargetKernel = (inst, operands) => {
  // XLA CPU aborts on more (sharding_remover.cc: "Sharding instruction must have exactly one operand").
  if (operands.length !== 1) fail(inst, `an annotation takes one operand, got ${operands.length} (XLA: "Sharding instruction must have exactly one operand")`);
  return operands[0];
};

/** Like `identity`, and the declared result shape must be the operand's. */
const strictIdentity: TargetKernel = (inst, operands, ctx) => {
  const x = identity(inst, operands, ctx);
  if (!isTupleLiteral(x) && !sameArrayShape(x.shape, inst.shape)) {
    fail(inst, `result shape ${shapeToString(inst.shape)} is not the operand's ${shapeToString(x.shape)}`);
  }
  return x;
};

/** Pin / Unpin: the operand's value under the result's shape, which must be the operand's up to the buffer flag. */
const rebuffer: TargetKernel = (inst, operands) => {
  if (operands.length !== 1) fail(inst, `takes one operand, got ${operands.length}`);
  const x = arrayOperand(inst, operands[0], 0);
  if (!sameArrayShape(x.shape, inst.shape)) fail(inst, `result ${shapeToString(inst.shape)} must hold the operand's ${shapeToString(x.shape)}`);
  return { shape: inst.shape as ArrayLiteral["shape"], data: x.data };
};

/** CreateBuffer: a fresh buffer of the result's shape. */
const createBuffer: TargetKernel = (inst, operands) => {
  if (operands.length !== 0) fail(inst, `takes no operands, got ${operands.length}`);
  if (inst.shape.elementType === "tuple") fail(inst, `makes an array buffer, declared ${shapeToString(inst.shape)}`);
  return zeroLiteral(inst.shape);
};

/** XLA CPU's TopK thunk: f32 input only, k and the batch taken from the result shape. */
const topK: TargetKernel = (inst, operands) => {
  if (operands.length !== 1) fail(inst, `TopK takes one operand, got ${operands.length}`);
  const input = arrayOperand(inst, operands[0], 0);
  if (input.shape.elementType !== "f32") fail(inst, "TopK expects F32 data type for input");
  const dims = input.shape.dimensions;
  const out = inst.shape;
  const values = out.elementType === "tuple" && out.tupleShapes.length === 2 ? out.tupleShapes[0] : undefined;
  const indices = out.elementType === "tuple" && out.tupleShapes.length === 2 ? out.tupleShapes[1] : undefined;
  if (dims.length < 1 || dims.length > 2 || values === undefined || indices === undefined || values.elementType === "tuple") {
    fail(inst, `TopK maps f32[n] or f32[batch,n] to (f32[..., k], s32[..., k]), got ${shapeToString(input.shape)} -> ${shapeToString(out)}`);
  }
  const k = values.dimensions[values.dimensions.length - 1] ?? -1;
  const want: Shape = { elementType: "f32", dimensions: [...dims.slice(0, -1), k] };
  if (!sameArrayShape(values, want) || !sameArrayShape(indices, { elementType: "s32", dimensions: want.dimensions }) || k > dims[dims.length - 1]) {
    fail(inst, `TopK of ${shapeToString(input.shape)} must return (f32[..., k], s32[..., k]) with the operand's batch and k <= ${dims[dims.length - 1]}, got ${shapeToString(out)}`);
  }
  return topkRows(`${inst.name} (custom-call TopK)`, input, k, true);
};

/** Static data plus one s32 size per dimension -> the same data, whose dynamic dimensions carry those sizes. */
const sliceToDynamic: TargetKernel = (inst, operands) => {
  const x = arrayOperand(inst, operands[0], 0);
  const out = inst.shape;
  if (out.elementType === "tuple" || !sameArrayShape({ ...out, dynamicDimensions: undefined }, { ...x.shape, dynamicDimensions: undefined })) {
    fail(inst, `result ${shapeToString(out)} must be the operand's ${shapeToString(x.shape)} with some dimensions bounded`);
  }
  if (operands.length !== out.dimensions.length + 1) {
    fail(inst, `needs the data and one s32 size per dimension (${out.dimensions.length}), got ${operands.length} operands`);
  }
  const result: ArrayLiteral = { shape: out, data: x.data };
  out.dynamicDimensions?.forEach((isDynamic, d) => {
    if (!isDynamic) return;
    const size = indexValue(arrayOperand(inst, operands[d + 1], d + 1).data, 0);
    // XLA copies `size` rows out of the operand: a size past the bound would read outside it.
    if (size < 0 || size > out.dimensions[d]) fail(inst, `size ${size} of dimension ${d} is outside [0, ${out.dimensions[d]}]`);
    recordDynamicSize(result, d, size);
  });
  return result;
};

/**
 * Dynamic data -> (the data at its bound, one s32 size per dimension). XLA
 * leaves the elements past a dynamic size unspecified; here they keep the
 * values held there.
 */
const padToStatic: TargetKernel = (inst, operands) => {
  if (operands.length !== 1) fail(inst, `PadToStatic takes one operand, got ${operands.length}`);
  const x = arrayOperand(inst, operands[0], 0);
  const dims = x.shape.dimensions;
  const out = inst.shape;
  const data = out.elementType === "tuple" ? out.tupleShapes[0] : undefined;
  const sizesOk = out.elementType === "tuple" && out.tupleShapes.length === dims.length + 1 &&
    out.tupleShapes.slice(1).every((s) => sameArrayShape(s, { elementType: "s32", dimensions: [] }));
  if (data === undefined || data.elementType === "tuple" || !sameArrayShape(data, { elementType: x.shape.elementType, dimensions: dims }) || !sizesOk) {
    fail(inst, `PadToStatic of ${shapeToString(x.shape)} returns (${x.shape.elementType}[${dims.join(",")}]${", s32[]".repeat(dims.length)}), got ${shapeToString(out)}`);
  }
  const sizes = dims.map((n, d): Literal => ({ shape: { elementType: "s32", dimensions: [] }, data: new Float64Array([dynamicSizeOf(x, d) ?? n]) }));
  return tupleLiteral([{ shape: data, data: x.data }, ...sizes]);
};

const TARGETS: ReadonlyMap<string, TargetKernel> = new Map<string, TargetKernel>([
  ["Sharding", identity],
  ["SPMDFullToShardShape", identity],
  ["SPMDShardToFullShape", identity],
  ["MoveToHost", strictIdentity],
  ["MoveToDevice", strictIdentity],
  ["annotate_device_placement", strictIdentity],
  ["SetBound", strictIdentity],
  ["TopK", topK],
  ["SliceToDynamic", sliceToDynamic],
  ["PadToStatic", padToStatic],
  ["Pin", rebuffer],
  ["Unpin", rebuffer],
  ["CreateBuffer", createBuffer],
  ...XLA_BUILDER_MATH_TARGETS,
  ...XLA_BUILDER_MATRIX_TARGETS,
  ...CPU_CUSTOM_CALL_TARGETS,
  ...XLA_CPU_FMA_TARGETS,
]);

function kernelOf(target: string): TargetKernel | undefined {
  // Shardy's annotations (xla.sdy.*) are sharding markers too.
  return TARGETS.get(target) ?? (target.startsWith("xla.sdy.") ? identity : undefined);
}

/** Whether minixla evaluates custom-calls to `target`. */
export function isEvaluableCustomCall(target: string): boolean {
  return kernelOf(target) !== undefined;
}

/** The value of a custom-call to an evaluable target; EvalError names the others. */
export function customCallKernel(inst: CustomCall, operands: readonly Literal[], ctx: EvalContext): Literal {
  const kernel = kernelOf(inst.attributes.customCallTarget);
  if (kernel === undefined) {
    throw new EvalError(
      `${inst.name}: custom-call target "${inst.attributes.customCallTarget}" cannot be evaluated (evaluated targets: ${[...TARGETS.keys()].join(", ")}, xla.sdy.*)`,
    );
  }
  return kernel(inst, operands, ctx);
}
