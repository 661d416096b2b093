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
 * Types stored one float64 per element run on numbers; s64/u64 with a simple
 * reducer fold bigints exactly (wrapping at 64 bits); anything else (complex,
 * or a variadic reduce mixing storages) calls the reducer on scalar literals.
 */
import {
  type ArrayLiteral,
  type ArrayShape,
  ELEMENT_TYPE_INFO,
  EvalError,
  type InstructionOf,
  type Literal,
  type LiteralData,
  allocData,
  elementLanes,
  storageOf,
  tupleLiteral,
} from "@minixla/hlo";
import type { EvalContext, FamilyKernels } from "../../kernel.ts";
import { bigReducer, literalCaller, scalarCaller, simpleReducer } from "./reducer.ts";
import { scanKernel } from "./scan.ts";
import { numericsOf } from "../../numerics/index.ts";
import { sortKernel } from "./sort.ts";
import { arrayOperand, arrayResult, copySlots, elementScalar, forEachIndex, product, stridesOf } from "../support/view.ts";
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
  const inits = operands.slice(n).map((l, i) => arrayOperand(inst, l, n + i));
  const dims = inputs[0].shape.dimensions;
  const reduced = inst.attributes.dimensions;
  const strides = stridesOf(dims);
  const keptDims = dims.map((_, d) => d).filter((d) => !reduced.includes(d));
  const plan: Plan = {
    keptShape: keptDims.map((d) => dims[d]),
    keptStrides: keptDims.map((d) => strides[d]),
    offsets: reducedOffsets(dims, reduced),
  };
  const outShapes = inst.shape.elementType === "tuple" ? inst.shape.tupleShapes.map((s) => arrayResult({ ...inst, shape: s })) : [arrayResult(inst)];
  const allFloat64 = [...inputs, ...inits].every((l) => storageOf(l.shape.elementType) === "f64") && outShapes.every((s) => storageOf(s.elementType) === "f64");
  const results = allFloat64 ? reduceNumbers(inst, inputs, inits, outShapes, plan, ctx) : reduceAny(inst, inputs, inits, outShapes, plan, ctx);
  const literals: ArrayLiteral[] = results.map((data, i) => ({ shape: outShapes[i], data }));
  return n === 1 ? literals[0] : tupleLiteral(literals);
}

/** Where each output element's reduced elements are: kept dimensions walked row-major, then the reduced offsets. */
interface Plan {
  readonly keptShape: readonly number[];
  readonly keptStrides: readonly number[];
  readonly offsets: Float64Array;
}

/** Calls visit(base, at) for output element `at`, whose reduced elements are at base + offsets[r]. */
function forEachOutput(plan: Plan, visit: (base: number, at: number) => void): void {
  let at = 0;
  forEachIndex(plan.keptShape, (k) => {
    let base = 0;
    for (let j = 0; j < k.length; j++) base += k[j] * plan.keptStrides[j];
    visit(base, at++);
  });
}

/** Every input, init and result stored one float64 per element: numbers, with the simple-reducer fast paths. */
function reduceNumbers(
  inst: InstructionOf<"reduce">,
  inputs: readonly ArrayLiteral[],
  initLiterals: readonly ArrayLiteral[],
  outShapes: readonly ArrayShape[],
  plan: Plan,
  ctx: EvalContext,
): Float64Array[] {
  const n = inputs.length;
  const data = inputs.map((l) => l.data as Float64Array);
  const inits = initLiterals.map((l) => (l.data as Float64Array)[0]);
  const results = outShapes.map((s) => new Float64Array(product(s.dimensions)));
  const { offsets } = plan;
  const count = offsets.length;
  const simple = n === 1 ? simpleReducer(ctx, inst.called[0]) : undefined;
  const floatAdd = simple !== undefined && simple.op === "add" && ELEMENT_TYPE_INFO[simple.elementType].kind === "float";
  // A mode may flush the denormal elements and sum of a lone-add reduce (numerics/, reduceSumFlush).
  const flush = floatAdd ? numericsOf(ctx.options.numerics).reduceSumFlush(outShapes[0].elementType) : undefined;
  const normalize = ELEMENT_TYPE_INFO[outShapes[0].elementType].normalize;
  const roundOnce = flush === undefined ? normalize : (x: number) => flush(normalize(x));
  const types = [...inputs, ...inputs].map((l) => l.shape.elementType);
  const call = simple ? undefined : scalarCaller(ctx, inst.called[0], types, `${inst.name} (reduce)`);
  const args = new Float64Array(2 * n);
  forEachOutput(plan, (base, at) => {
    if (floatAdd) {
      const x = data[0];
      let acc = inits[0];
      if (flush === undefined) for (let r = 0; r < count; r++) acc += x[base + offsets[r]];
      else {
        acc = flush(acc);
        for (let r = 0; r < count; r++) acc += flush(x[base + offsets[r]]);
      }
      results[0][at] = roundOnce(acc);
      return;
    }
    if (simple) {
      const x = data[0];
      let acc = inits[0];
      for (let r = 0; r < count; r++) acc = simple.apply(acc, x[base + offsets[r]]);
      results[0][at] = acc;
      return;
    }
    for (let i = 0; i < n; i++) args[i] = inits[i];
    for (let r = 0; r < count; r++) {
      for (let i = 0; i < n; i++) args[n + i] = data[i][base + offsets[r]];
      const values = (call as (a: ArrayLike<number>) => readonly number[])(args);
      for (let i = 0; i < n; i++) args[i] = values[i];
    }
    for (let i = 0; i < n; i++) results[i][at] = args[i];
  });
  return results;
}

/**
 * Any storage: s64/u64 with a simple reducer fold bigints; everything else
 * (complex, mixed variadic reduces) calls the reducer on scalar literals.
 */
function reduceAny(
  inst: InstructionOf<"reduce">,
  inputs: readonly ArrayLiteral[],
  inits: readonly ArrayLiteral[],
  outShapes: readonly ArrayShape[],
  plan: Plan,
  ctx: EvalContext,
): LiteralData[] {
  const n = inputs.length;
  const results = outShapes.map((s) => allocData(s.elementType, product(s.dimensions)));
  const { offsets } = plan;
  const count = offsets.length;
  const big = n === 1 ? bigReducer(ctx, inst.called[0]) : undefined;
  if (big !== undefined && !(inputs[0].data instanceof Float64Array) && !(inits[0].data instanceof Float64Array)) {
    const x = inputs[0].data;
    const init = inits[0].data[0];
    const out = results[0] as BigInt64Array | BigUint64Array;
    forEachOutput(plan, (base, at) => {
      let acc = init;
      for (let r = 0; r < count; r++) acc = big.apply(acc, x[base + offsets[r]]);
      out[at] = acc;
    });
    return results;
  }
  const call = literalCaller(ctx, inst.called[0], `${inst.name} (reduce)`);
  forEachOutput(plan, (base, at) => {
    let acc: readonly ArrayLiteral[] = inits;
    for (let r = 0; r < count; r++) acc = call([...acc, ...inputs.map((l) => elementScalar(l, base + offsets[r]))]);
    for (let i = 0; i < n; i++) {
      const lanes = elementLanes(outShapes[i].elementType);
      copySlots(results[i], at * lanes, acc[i].data, 0, lanes);
    }
  });
  return results;
}

export const reductionKernels: FamilyKernels<"reduction"> = {
  reduce: reduceKernel,
  "reduce-window": reduceWindowKernel,
  "select-and-scatter": selectAndScatterKernel,
  sort: sortKernel,
  scan: scanKernel,
};
