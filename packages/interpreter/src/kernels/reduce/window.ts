/**
 * Windowed kernels: reduce-window and select-and-scatter. Both place a window
 * at every output (or source) position and visit the operand elements under
 * it in row-major window order, as XLA's IterateThroughWindow does: window
 * position w of output position o in a dimension reads the padded, base-
 * dilated operand at o*stride + w*window_dilation - pad_low; positions in the
 * padding or in a dilation hole contribute nothing. window_reversal only
 * reverses the visiting order in convolutions, so it does not change these
 * ops (XLA's evaluator ignores it here too). Types stored one float64 per
 * element run on numbers; s64/u64 with a simple reducer fold bigints; any
 * other storage calls the computations on scalar literals.
 */
import {
  type ArrayLiteral,
  type ArrayShape,
  type InstructionOf,
  type Literal,
  type LiteralData,
  type WindowDimension,
  allocData,
  elementLanes,
  storageOf,
  tupleLiteral,
} from "@minixla/hlo";
import type { EvalContext } from "../../kernel.ts";
import { bigReducer, literalCaller, scalarCaller, simpleReducer } from "./reducer.ts";
import { arrayOperand, arrayResult, copySlots, elementScalar, fillElements, forEachIndex, product, stridesOf } from "../support/view.ts";

/**
 * Per dimension, the operand index read by (output o, window w), or -1:
 * table[d][o * size + w].
 */
function windowTables(window: readonly WindowDimension[], inDims: readonly number[], outDims: readonly number[]): Int32Array[] {
  return window.map((wd, d) => {
    const t = new Int32Array(outDims[d] * wd.size);
    for (let o = 0; o < outDims[d]; o++) {
      for (let w = 0; w < wd.size; w++) {
        const pos = o * wd.stride + w * wd.windowDilation - wd.padLow;
        const q = pos / wd.baseDilation;
        t[o * wd.size + w] = pos >= 0 && pos % wd.baseDilation === 0 && q < inDims[d] ? q : -1;
      }
    }
    return t;
  });
}

/** A reusable walker that lists the operand offsets under the window at an output index. */
function windowWalker(window: readonly WindowDimension[], inDims: readonly number[], outDims: readonly number[]) {
  const tables = windowTables(window, inDims, outDims);
  const sizes = window.map((w) => w.size);
  const inStrides = stridesOf(inDims);
  const buffer = new Float64Array(product(sizes));
  const counters = new Int32Array(sizes.length);
  const rank = sizes.length;
  /** Fills the buffer with the offsets in window order; returns how many. */
  return {
    buffer,
    offsets(out: Int32Array): number {
      if (buffer.length === 0) return 0;
      counters.fill(0);
      let n = 0;
      for (;;) {
        let offset = 0;
        let inside = true;
        for (let d = 0; d < rank; d++) {
          const q = tables[d][out[d] * sizes[d] + counters[d]];
          if (q < 0) {
            inside = false;
            break;
          }
          offset += q * inStrides[d];
        }
        if (inside) buffer[n++] = offset;
        let axis = rank - 1;
        while (axis >= 0) {
          counters[axis]++;
          if (counters[axis] < sizes[axis]) break;
          counters[axis] = 0;
          axis--;
        }
        if (axis < 0) return n;
      }
    },
  };
}

export function reduceWindowKernel(inst: InstructionOf<"reduce-window">, operands: readonly Literal[], ctx: EvalContext): Literal {
  const n = operands.length / 2;
  const inputs = operands.slice(0, n).map((l, i) => arrayOperand(inst, l, i));
  const inits = operands.slice(n).map((l, i) => arrayOperand(inst, l, n + i));
  const outShapes = inst.shape.elementType === "tuple" ? inst.shape.tupleShapes.map((s) => arrayResult({ ...inst, shape: s })) : [arrayResult(inst)];
  const outDims = outShapes[0].dimensions;
  const walker = windowWalker(inst.attributes.window, inputs[0].shape.dimensions, outDims);
  const allFloat64 = [...inputs, ...inits].every((l) => storageOf(l.shape.elementType) === "f64") && outShapes.every((s) => storageOf(s.elementType) === "f64");
  const results = allFloat64 ? reduceWindowNumbers(inst, inputs, inits, outShapes, walker, ctx) : reduceWindowAny(inst, inputs, inits, outShapes, walker, ctx);
  const literals: ArrayLiteral[] = results.map((data, i) => ({ shape: outShapes[i], data }));
  return n === 1 ? literals[0] : tupleLiteral(literals);
}

type Walker = ReturnType<typeof windowWalker>;

/** Every input, init and result stored one float64 per element: numbers, with the simple-reducer fast path. */
function reduceWindowNumbers(
  inst: InstructionOf<"reduce-window">,
  inputs: readonly ArrayLiteral[],
  initLiterals: readonly ArrayLiteral[],
  outShapes: readonly ArrayShape[],
  walker: Walker,
  ctx: EvalContext,
): Float64Array[] {
  const n = inputs.length;
  const data = inputs.map((l) => l.data as Float64Array);
  const inits = initLiterals.map((l) => (l.data as Float64Array)[0]);
  const results = outShapes.map((s) => new Float64Array(product(s.dimensions)));
  const simple = n === 1 ? simpleReducer(ctx, inst.called[0]) : undefined;
  const types = [...inputs, ...inputs].map((l) => l.shape.elementType);
  const call = simple ? undefined : scalarCaller(ctx, inst.called[0], types, `${inst.name} (reduce-window)`);
  const args = new Float64Array(2 * n);
  let at = 0;
  forEachIndex(outShapes[0].dimensions, (o) => {
    const count = walker.offsets(o);
    const offs = walker.buffer;
    if (simple) {
      const x = data[0];
      let acc = inits[0];
      for (let k = 0; k < count; k++) acc = simple.apply(acc, x[offs[k]]);
      results[0][at++] = acc;
      return;
    }
    for (let i = 0; i < n; i++) args[i] = inits[i];
    for (let k = 0; k < count; k++) {
      for (let i = 0; i < n; i++) args[n + i] = data[i][offs[k]];
      const values = (call as (a: ArrayLike<number>) => readonly number[])(args);
      for (let i = 0; i < n; i++) args[i] = values[i];
    }
    for (let i = 0; i < n; i++) results[i][at] = args[i];
    at++;
  });
  return results;
}

/** Any storage: s64/u64 with a simple reducer fold bigints; otherwise the reducer is called on scalar literals. */
function reduceWindowAny(
  inst: InstructionOf<"reduce-window">,
  inputs: readonly ArrayLiteral[],
  inits: readonly ArrayLiteral[],
  outShapes: readonly ArrayShape[],
  walker: Walker,
  ctx: EvalContext,
): LiteralData[] {
  const n = inputs.length;
  const results = outShapes.map((s) => allocData(s.elementType, product(s.dimensions)));
  const big = n === 1 ? bigReducer(ctx, inst.called[0]) : undefined;
  const x = inputs[0].data;
  const init = inits[0].data;
  const call = literalCaller(ctx, inst.called[0], `${inst.name} (reduce-window)`);
  let at = 0;
  forEachIndex(outShapes[0].dimensions, (o) => {
    const count = walker.offsets(o);
    const offs = walker.buffer;
    if (big !== undefined && !(x instanceof Float64Array) && !(init instanceof Float64Array)) {
      let acc = init[0];
      for (let k = 0; k < count; k++) acc = big.apply(acc, x[offs[k]]);
      (results[0] as BigInt64Array | BigUint64Array)[at++] = acc;
      return;
    }
    let acc: readonly ArrayLiteral[] = inits;
    for (let k = 0; k < count; k++) acc = call([...acc, ...inputs.map((l) => elementScalar(l, offs[k]))]);
    for (let i = 0; i < n; i++) {
      const lanes = elementLanes(outShapes[i].elementType);
      copySlots(results[i], at * lanes, acc[i].data, 0, lanes);
    }
    at++;
  });
  return results;
}

/**
 * For each source position: select one operand element under its window
 * (the first visited wins unless select(current choice, candidate) is false),
 * then combine the source value into the result there with
 * scatter(source, result). Untouched result elements keep the init value.
 */
export function selectAndScatterKernel(inst: InstructionOf<"select-and-scatter">, operands: readonly Literal[], ctx: EvalContext): Literal {
  const x = arrayOperand(inst, operands[0], 0);
  const source = arrayOperand(inst, operands[1], 1);
  const init = arrayOperand(inst, operands[2], 2);
  const out = arrayResult(inst);
  const walker = windowWalker(inst.attributes.window, x.shape.dimensions, source.shape.dimensions);
  const storages = [x, source, init].map((l) => storageOf(l.shape.elementType));
  if (storages.some((s) => s !== "f64") || storageOf(out.elementType) !== "f64") return selectAndScatterAny(inst, x, source, init, out, walker, ctx);
  const result = new Float64Array(x.data.length).fill((init.data as Float64Array)[0]);
  const xs = x.data as Float64Array;
  const src = source.data as Float64Array;
  const [selectName, scatterName] = inst.called;
  const t = x.shape.elementType;
  const select = scalarCaller(ctx, selectName, [t, t], `${inst.name} (select-and-scatter)`);
  const simple = simpleReducer(ctx, scatterName);
  const scatter = simple ? undefined : scalarCaller(ctx, scatterName, [source.shape.elementType, t], `${inst.name} (select-and-scatter)`);
  const pair = new Float64Array(2);
  let s = 0;
  forEachIndex(source.shape.dimensions, (o) => {
    const count = walker.offsets(o);
    const offs = walker.buffer;
    const value = src[s++];
    if (count === 0) return;
    let chosen = offs[0];
    for (let k = 0; k < count; k++) {
      pair[0] = xs[chosen];
      pair[1] = xs[offs[k]];
      if (select(pair)[0] === 0) chosen = offs[k];
    }
    if (simple) {
      result[chosen] = simple.apply(value, result[chosen]);
    } else {
      pair[0] = value;
      pair[1] = result[chosen];
      result[chosen] = (scatter as (a: ArrayLike<number>) => readonly number[])(pair)[0];
    }
  });
  return { shape: out, data: result };
}

/** select-and-scatter on any storage, calling both computations on scalar literals. */
function selectAndScatterAny(
  inst: InstructionOf<"select-and-scatter">,
  x: ArrayLiteral,
  source: ArrayLiteral,
  init: ArrayLiteral,
  out: ArrayShape,
  walker: Walker,
  ctx: EvalContext,
): Literal {
  const lanes = elementLanes(out.elementType);
  const n = x.data.length / elementLanes(x.shape.elementType);
  const result = allocData(out.elementType, n);
  fillElements(result, init.data, lanes);
  const [selectName, scatterName] = inst.called;
  const what = `${inst.name} (select-and-scatter)`;
  const select = literalCaller(ctx, selectName, what);
  const scatter = literalCaller(ctx, scatterName, what);
  const current: ArrayLiteral = { shape: out, data: result };
  let s = 0;
  forEachIndex(source.shape.dimensions, (o) => {
    const count = walker.offsets(o);
    const offs = walker.buffer;
    const value = elementScalar(source, s++);
    if (count === 0) return;
    let chosen = offs[0];
    for (let k = 0; k < count; k++) {
      const keep = select([elementScalar(x, chosen), elementScalar(x, offs[k])])[0];
      if (Number(keep.data[0]) === 0) chosen = offs[k];
    }
    const combined = scatter([value, elementScalar(current, chosen)])[0];
    copySlots(result, chosen * lanes, combined.data, 0, lanes);
  });
  return current;
}
