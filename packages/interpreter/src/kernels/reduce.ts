/**
 * Kernels of the reduction family: reduce here; reduce-window and
 * select-and-scatter in window.ts; sort in sort.ts.
 *
 * reduce follows XLA's evaluator: for each output element, start from the
 * init values and fold in the operand elements of the reduced dimensions in
 * row-major order (reducer(accumulators..., elements...)). Like XLA, a
 * floating-point reduce whose reducer is a lone scalar add accumulates in
 * float64 and rounds to the element type once at the end; every other
 * reducer rounds after each step, since that is what calling it does.
 */
import { ELEMENT_TYPE_INFO, type ArrayLiteral, EvalError, type InstructionOf, type Literal, tupleLiteral } from "@minixla/hlo";
import type { EvalContext, FamilyKernels } from "../kernel.ts";
import { scalarCaller, simpleReducer } from "./reducer.ts";
import { sortKernel } from "./sort.ts";
import { arrayOperand, arrayResult, forEachIndex, product, stridesOf } from "./view.ts";
import { reduceWindowKernel, selectAndScatterKernel } from "./window.ts";

/** Offsets of the reduced positions (row-major over the reduced dimensions, in operand order). */
function reducedOffsets(dims: readonly number[], reduced: readonly number[]): Float64Array {
  const strides = stridesOf(dims);
  const order = [...reduced].sort((a, b) => a - b);
  const shape = order.map((d) => dims[d]);
  const offsets = new Float64Array(product(shape));
  let r = 0;
  forEachIndex(shape, (idx) => {
    let o = 0;
    for (let k = 0; k < idx.length; k++) o += idx[k] * strides[order[k]];
    offsets[r++] = o;
  });
  return offsets;
}

function reduceKernel(inst: InstructionOf<"reduce">, operands: readonly Literal[], ctx: EvalContext): Literal {
  const n = operands.length / 2;
  if (!Number.isInteger(n)) throw new EvalError(`${inst.name} (reduce): expected N operands and N init values, got ${operands.length} operands`);
  const inputs = operands.slice(0, n).map((l, i) => arrayOperand(inst, l, i));
  const inits = operands.slice(n).map((l, i) => arrayOperand(inst, l, n + i).data[0]);
  const dims = inputs[0].shape.dimensions;
  const reduced = inst.attributes.dimensions;
  const strides = stridesOf(dims);
  const keptDims = dims.map((_, d) => d).filter((d) => !reduced.includes(d));
  const keptShape = keptDims.map((d) => dims[d]);
  const outShapes = inst.shape.elementType === "tuple" ? inst.shape.tupleShapes.map((s) => arrayResult({ ...inst, shape: s })) : [arrayResult(inst)];
  const offsets = reducedOffsets(dims, reduced);
  const count = offsets.length;
  const results = outShapes.map((s) => new Float64Array(product(s.dimensions)));

  const simple = n === 1 ? simpleReducer(ctx, inst.called[0]) : undefined;
  const floatAdd = simple !== undefined && simple.op === "add" && ELEMENT_TYPE_INFO[simple.elementType].kind === "float";
  const roundOnce = ELEMENT_TYPE_INFO[outShapes[0].elementType].normalize;
  const types = [...inputs, ...inputs].map((l) => l.shape.elementType);
  const call = simple ? undefined : scalarCaller(ctx, inst.called[0], types, `${inst.name} (reduce)`);
  const args = new Float64Array(2 * n);
  let at = 0;
  forEachIndex(keptShape, (k) => {
    let base = 0;
    for (let j = 0; j < k.length; j++) base += k[j] * strides[keptDims[j]];
    if (floatAdd) {
      const x = inputs[0].data;
      let acc = inits[0];
      for (let r = 0; r < count; r++) acc += x[base + offsets[r]];
      results[0][at++] = roundOnce(acc);
      return;
    }
    if (simple) {
      const x = inputs[0].data;
      let acc = inits[0];
      for (let r = 0; r < count; r++) acc = simple.apply(acc, x[base + offsets[r]]);
      results[0][at++] = acc;
      return;
    }
    for (let i = 0; i < n; i++) args[i] = inits[i];
    for (let r = 0; r < count; r++) {
      for (let i = 0; i < n; i++) args[n + i] = inputs[i].data[base + offsets[r]];
      const values = (call as (a: ArrayLike<number>) => readonly number[])(args);
      for (let i = 0; i < n; i++) args[i] = values[i];
    }
    for (let i = 0; i < n; i++) results[i][at] = args[i];
    at++;
  });
  const literals: ArrayLiteral[] = results.map((data, i) => ({ shape: outShapes[i], data }));
  return n === 1 ? literals[0] : tupleLiteral(literals);
}

export const reductionKernels: FamilyKernels<"reduction"> = {
  reduce: reduceKernel,
  "reduce-window": reduceWindowKernel,
  "select-and-scatter": selectAndScatterKernel,
  sort: sortKernel,
};
