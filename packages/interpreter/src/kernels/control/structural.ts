/**
 * Kernels of the structural family: parameters, constants, tuples, calls,
 * fusions (evaluated as calls of their fused computation) and control flow (while, conditional), map, and
 * custom-call, whose evaluated targets are listed in custom_calls/targets.ts.
 */
import {
  EvalError,
  type InstructionOf,
  type Literal,
  type TupleLiteral,
  allocData,
  elementLanes,
  isTupleLiteral,
  shapeToString,
  storageOf,
  tupleLiteral,
} from "@minixla/hlo";
import type { EvalContext, FamilyKernels } from "../../kernel.ts";
import { customCallKernel } from "../../custom_calls/targets.ts";
import { arrayOperand, arrayResult, copySlots, elementScalar, indexValue, product } from "../support/view.ts";

/** The single element of a scalar predicate/index literal, as a number (see indexValue for 64-bit indices). */
export function scalarValue(inst: { readonly name: string; readonly opcode: string }, l: Literal, what: string): number {
  if (isTupleLiteral(l) || l.data.length !== 1) {
    throw new EvalError(`${inst.name} (${inst.opcode}): ${what} must be a scalar, got ${shapeToString(l.shape)}`);
  }
  return indexValue(l.data, 0);
}

/**
 * XLA's loop: evaluate the condition, then the body, while the condition
 * holds. A loop whose body would run more than `maxWhileIterations` times
 * throws; like XLA, the check comes before the condition, so the failing
 * loop has already run its body limit+1 times.
 */
function whileKernel(inst: InstructionOf<"while">, operands: readonly Literal[], ctx: EvalContext): Literal {
  const [condition, body] = inst.called;
  const limit = ctx.options.maxWhileIterations;
  const onProgress = ctx.options.onProgress;
  let state = operands[0];
  let iterations = 0;
  for (;;) {
    if (limit !== undefined && limit >= 0 && iterations > limit) {
      throw new EvalError(`Loop ${inst.name} exceeded loop iteration limit (${limit}).`);
    }
    if (scalarValue(inst, ctx.call(condition, [state]), "the loop condition") === 0) return state;
    state = ctx.call(body, [state]);
    iterations++;
    onProgress?.({ kind: "while-iteration", loop: inst.name, iteration: iterations });
  }
}

/**
 * The branch a conditional takes and its operand: a pred index true -> branch 0,
 * false -> branch 1; an integer index out of range -> the last branch.
 */
export function conditionalBranch(inst: InstructionOf<"conditional">, operands: readonly Literal[]): { readonly branch: number; readonly arg: Literal } {
  const index = operands[0];
  const v = scalarValue(inst, index, "the branch index");
  const count = inst.called.length;
  let b: number;
  if (index.shape.elementType === "pred") b = v !== 0 ? 0 : 1;
  else b = v >= 0 && v < count ? v : count - 1;
  if (b >= count) throw new EvalError(`${inst.name} (conditional): no branch computation for index ${b}`);
  const arg = operands[b + 1];
  if (arg === undefined) throw new EvalError(`${inst.name} (conditional): branch ${b} has no operand`);
  return { branch: b, arg };
}

function conditionalKernel(inst: InstructionOf<"conditional">, operands: readonly Literal[], ctx: EvalContext): Literal {
  const { branch, arg } = conditionalBranch(inst, operands);
  return ctx.call(inst.called[branch], [arg]);
}

/** Applies the computation to the scalars at each index of the N operands. */
function mapKernel(inst: InstructionOf<"map">, operands: readonly Literal[], ctx: EvalContext): Literal {
  const inputs = operands.map((l, i) => arrayOperand(inst, l, i));
  const out = arrayResult(inst);
  const count = product(out.dimensions);
  const lanes = elementLanes(out.elementType);
  const data = allocData(out.elementType, count);
  const args: Literal[] = new Array<Literal>(inputs.length);
  for (let e = 0; e < count; e++) {
    for (let i = 0; i < inputs.length; i++) args[i] = elementScalar(inputs[i], e);
    const r = ctx.call(inst.called[0], args);
    if (isTupleLiteral(r) || r.data.length !== lanes || storageOf(r.shape.elementType) !== storageOf(out.elementType)) {
      throw new EvalError(`${inst.name} (map): the mapped computation must return an ${out.elementType} scalar, got ${shapeToString(r.shape)}`);
    }
    copySlots(data, e * lanes, r.data, 0, lanes);
  }
  return { shape: out, data };
}

export const structuralKernels: FamilyKernels<"structural"> = {
  parameter: (inst, _operands, ctx) => ctx.parameter(inst.attributes.parameterNumber),
  constant: (inst) => inst.attributes.literal as never,
  tuple: (_inst, operands) => tupleLiteral(operands),
  "get-tuple-element": (inst, [t]) => {
    if (!isTupleLiteral(t)) throw new EvalError(`${inst.name}: get-tuple-element of a non-tuple`);
    return (t as TupleLiteral).elements[inst.attributes.index];
  },
  call: (inst, operands, ctx) => ctx.call(inst.called[0], operands),
  // A fusion computes what its fused computation computes; the kind only guides XLA's codegen.
  fusion: (inst, operands, ctx) => ctx.call(inst.called[0], operands),
  while: whileKernel,
  conditional: conditionalKernel,
  map: mapKernel,
  "opt-barrier": (_inst, [x]) => x,
  "custom-call": customCallKernel,
};
