/**
 * The compiled engine's windowed and data-movement steps that are not fused:
 * reduce-window, select-and-scatter, pad and reverse, for arrays stored one
 * float64 per element.
 *
 * reduce-window and select-and-scatter visit, at every output (or source)
 * position, the operand elements under the window in row-major window
 * order, skipping padding and dilation holes, exactly as the reference
 * kernel (kernels/reduce/window.ts) does; here those offsets are listed once
 * at compile time (a start per position and the offsets, in order) so a
 * run only folds. The fold is the reference's own scalar function (the
 * simple reducer of kernels/reduce/reducer.ts, or the select's compare from
 * the scalar table), so each output takes the same steps in the same order
 * and gets the same bits; a sum whose scalar function is the WebAssembly
 * lanes' model of add (wasm/scalar_ops.ts: flush, add, f32's rounding,
 * flush) has that arithmetic written out in its own loop instead of a call
 * per element. Reducers that are not one binary op, tuples of
 * inputs, and types stored otherwise stay with the reference kernel.
 *
 * pad and reverse copy values (no arithmetic) through strided loops.
 */
import {
  type ArrayShape,
  type ElementType,
  EvalError,
  type HloComputation,
  type HloInstruction,
  type HloModule,
  type InstructionOf,
  type Literal,
  type WindowDimension,
  getComputation,
  getInstruction,
  isArrayLiteral,
  isArrayShape,
  storageOf,
  stridesOf,
} from "@minixla/hlo";
import type { EvalContext, Numerics } from "../kernel.ts";
import { binarySemantics, scalarSemantics } from "../kernels/elementwise/table.ts";
import { simpleReducer } from "../kernels/reduce/reducer.ts";
import type { Frame } from "./buffer_pool.ts";
import { laneScalarOf } from "./wasm/scalar_ops.ts";

/** A compiled step: operands in, result out, its array taken from the frame (as fast_steps.ts's FastStep). */
export type WindowStep = (operands: readonly Literal[], frame: Frame, ctx: EvalContext) => Literal;

/** Past this many listed offsets a window table would cost more memory than the reference's walk. */
const MAX_WINDOW_OFFSETS = 1 << 23;

function product(dims: readonly number[]): number {
  let p = 1;
  for (const d of dims) p *= d;
  return p;
}

/** A static array shape stored one float64 per element. */
function numberShape(s: HloInstruction["shape"]): s is ArrayShape {
  return isArrayShape(s) && s.elementType !== "token" && storageOf(s.elementType) === "f64" && !(s.dynamicDimensions ?? []).some((d) => d);
}

function operandData(inst: HloInstruction, operands: readonly Literal[], k: number, length: number): Float64Array {
  const l = operands[k];
  if (l === undefined || !isArrayLiteral(l) || !(l.data instanceof Float64Array) || l.data.length !== length) {
    throw new EvalError(`${inst.name} (${inst.opcode}): operand ${k} does not have the compiled shape's ${length} elements`);
  }
  return l.data;
}

/** A context that resolves the module's computations, for recognising a reducer at compile time (never calls one). */
function recogniseContext(module: HloModule, numerics: Numerics): EvalContext {
  const never = (): never => {
    throw new EvalError("a computation being recognised is never called");
  };
  return { options: { numerics }, parameter: never, call: never, computation: (name) => getComputation(module, name) };
}

/**
 * The operand offsets under the window at every output position, in the
 * reference's visiting order: start[o]..start[o+1] index `offs`.
 * Undefined when the table would be too large.
 */
interface WindowTable {
  readonly start: Int32Array;
  readonly offs: Int32Array;
}

function windowTable(window: readonly WindowDimension[], inDims: readonly number[], outDims: readonly number[]): WindowTable | undefined {
  const rank = window.length;
  if (inDims.length !== rank || outDims.length !== rank) return undefined;
  const sizes = window.map((w) => w.size);
  const outCount = product(outDims);
  const taps = product(sizes);
  if (outCount * taps > MAX_WINDOW_OFFSETS) return undefined;
  const inStrides = stridesOf(inDims);
  // Per dimension: the operand offset read at (output o, window w), or -1 (padding or a hole).
  const tables = window.map((wd, d) => {
    const t = new Int32Array(outDims[d] * wd.size);
    for (let o = 0; o < outDims[d]; o++) {
      for (let w = 0; w < wd.size; w++) {
        const pos = o * wd.stride + w * wd.windowDilation - wd.padLow;
        const q = pos / wd.baseDilation;
        t[o * wd.size + w] = pos >= 0 && pos % wd.baseDilation === 0 && q < inDims[d] ? q * inStrides[d] : -1;
      }
    }
    return t;
  });
  const start = new Int32Array(outCount + 1);
  const list = new Int32Array(outCount * taps);
  let n = 0;
  const o = new Int32Array(rank);
  const w = new Int32Array(rank);
  for (let flat = 0; flat < outCount; flat++) {
    start[flat] = n;
    if (taps > 0) {
      w.fill(0);
      for (;;) {
        let off = 0;
        for (let d = 0; d < rank; d++) {
          const q = tables[d][o[d] * sizes[d] + w[d]];
          if (q < 0) {
            off = -1;
            break;
          }
          off += q;
        }
        if (off >= 0) list[n++] = off;
        let axis = rank - 1;
        while (axis >= 0 && ++w[axis] === sizes[axis]) w[axis--] = 0;
        if (axis < 0) break;
      }
    }
    let axis = rank - 1;
    while (axis >= 0 && ++o[axis] === outDims[axis]) o[axis--] = 0;
  }
  start[outCount] = n;
  return { start, offs: list.slice(0, n) };
}

/** out[o] = fold of step over the window's elements, from init, in window order. */
function foldWindows(x: Float64Array, init: number, step: (a: number, b: number) => number, t: WindowTable, out: Float64Array): void {
  const { start, offs } = t;
  const n = out.length;
  for (let o = 0; o < n; o++) {
    let acc = init;
    for (let k = start[o], end = start[o + 1]; k < end; k++) acc = step(acc, x[offs[k]]);
    out[o] = acc;
  }
}

/**
 * foldWindows for a sum the lanes' model computes (wasm/scalar_ops.ts): each
 * operand flushed where `min` > 0 (a magnitude below it becomes zero of its
 * sign), the f64 sum, f32's rounding where `f32`, the result flushed; the
 * arithmetic written out, as the generic fold's calls through the reducer
 * cost several times the add itself.
 */
function foldSums(x: Float64Array, init: number, f32: boolean, min: number, t: WindowTable, out: Float64Array): void {
  const { start, offs } = t;
  const n = out.length;
  // v·0 is zero of v's sign for finite v (and ±0 stays as it is).
  const first = Math.abs(init) < min ? init * 0 : init;
  for (let o = 0; o < n; o++) {
    let acc = first;
    for (let k = start[o], end = start[o + 1]; k < end; k++) {
      let v = x[offs[k]];
      if (Math.abs(v) < min) v *= 0;
      acc += v;
      if (f32) acc = Math.fround(acc);
      if (Math.abs(acc) < min) acc *= 0;
    }
    out[o] = acc;
  }
}

/** The sum the reducer is, in the lanes' model, or undefined where it is another op or rounds or flushes otherwise. */
function laneSum(op: string, t: ElementType, swapped: boolean, numerics: Numerics): { readonly f32: boolean; readonly min: number } | undefined {
  if (op !== "add" || swapped) return undefined;
  const sem = binarySemantics("add", t, numerics);
  const lane = sem === undefined ? undefined : laneScalarOf(sem.fn, sem.norm, 2, numerics);
  if (lane === undefined || lane.op !== "add" || lane.flushBeforeRounding || (lane.rounding !== "none" && lane.rounding !== "f32")) return undefined;
  return { f32: lane.rounding === "f32", min: lane.flush ?? 0 };
}

function reduceWindowStep(m: HloModule, c: HloComputation, inst: InstructionOf<"reduce-window">, numerics: Numerics): WindowStep | undefined {
  if (inst.operands.length !== 2 || inst.called.length !== 1 || !numberShape(inst.shape)) return undefined;
  const [input, init] = inst.operands.map((o) => getInstruction(c, o).shape);
  if (!numberShape(input) || !numberShape(init) || init.dimensions.length !== 0) return undefined;
  const simple = simpleReducer(recogniseContext(m, numerics), inst.called[0]);
  if (simple === undefined) return undefined;
  const table = windowTable(inst.attributes.window, input.dimensions, inst.shape.dimensions);
  if (table === undefined) return undefined;
  const result = inst.shape;
  const inCount = product(input.dimensions);
  const outCount = product(result.dimensions);
  const step = simple.apply;
  const sum = laneSum(simple.op, simple.elementType, simple.swapped, numerics);
  return (operands, frame) => {
    const x = operandData(inst, operands, 0, inCount);
    const v = operandData(inst, operands, 1, 1)[0];
    const out = frame.take(outCount);
    if (sum !== undefined) foldSums(x, v, sum.f32, sum.min, table, out);
    else foldWindows(x, v, step, table, out);
    return { shape: result, data: out };
  };
}

/** The select computation as a compare of its two parameters, with the scalar table's semantics (what its evaluation computes). */
function selectCompare(m: HloModule, name: string, t: ElementType, numerics: Numerics): ((a: number, b: number) => number) | undefined {
  const c = getComputation(m, name);
  const params = c.instructions.filter((i) => i.opcode === "parameter");
  const root = c.instructions.find((i) => i.name === c.root);
  if (root === undefined || root.opcode !== "compare" || params.length !== 2 || root.operands.length !== 2) return undefined;
  const number = (operand: string): number | undefined => {
    const p = params.find((q) => q.name === operand);
    if (p === undefined || p.opcode !== "parameter" || !isArrayShape(p.shape) || p.shape.elementType !== t || p.shape.dimensions.length !== 0) return undefined;
    return p.attributes.parameterNumber;
  };
  const lhs = number(root.operands[0]);
  const rhs = number(root.operands[1]);
  if (lhs === undefined || rhs === undefined || lhs === rhs) return undefined;
  if ("broadcastDimensions" in root.attributes && root.attributes.broadcastDimensions !== undefined) return undefined;
  const sem = scalarSemantics(root, [t, t], numerics);
  if (sem === undefined) return undefined;
  const { fn, norm } = sem;
  const f = norm === undefined ? fn : (a: number, b: number) => norm(fn(a, b));
  return lhs === 0 ? f : (a, b) => f(b, a);
}

/** Each source value scattered onto the element its window selects: the first visited unless select(chosen, candidate) is false. */
function scatterWindows(
  x: Float64Array,
  src: Float64Array,
  select: (a: number, b: number) => number,
  scatter: (a: number, b: number) => number,
  t: WindowTable,
  out: Float64Array,
): void {
  const { start, offs } = t;
  const n = src.length;
  for (let s = 0; s < n; s++) {
    const k0 = start[s];
    const end = start[s + 1];
    if (k0 === end) continue;
    let chosen = offs[k0];
    for (let k = k0; k < end; k++) if (select(x[chosen], x[offs[k]]) === 0) chosen = offs[k];
    out[chosen] = scatter(src[s], out[chosen]);
  }
}

function selectAndScatterStep(m: HloModule, c: HloComputation, inst: InstructionOf<"select-and-scatter">, numerics: Numerics): WindowStep | undefined {
  if (inst.operands.length !== 3 || inst.called.length !== 2 || !numberShape(inst.shape)) return undefined;
  const [xs, source, init] = inst.operands.map((o) => getInstruction(c, o).shape);
  if (!numberShape(xs) || !numberShape(source) || !numberShape(init) || init.dimensions.length !== 0) return undefined;
  const select = selectCompare(m, inst.called[0], xs.elementType, numerics);
  const scatter = simpleReducer(recogniseContext(m, numerics), inst.called[1]);
  if (select === undefined || scatter === undefined) return undefined;
  const table = windowTable(inst.attributes.window, xs.dimensions, source.dimensions);
  if (table === undefined) return undefined;
  const result = inst.shape;
  const xCount = product(xs.dimensions);
  const srcCount = product(source.dimensions);
  if (product(result.dimensions) !== xCount) return undefined;
  const apply = scatter.apply;
  return (operands, frame) => {
    const x = operandData(inst, operands, 0, xCount);
    const src = operandData(inst, operands, 1, srcCount);
    const v = operandData(inst, operands, 2, 1)[0];
    const out = frame.take(xCount);
    out.fill(v);
    scatterWindows(x, src, select, apply, table, out);
    return { shape: result, data: out };
  };
}

/**
 * dst[dOff + Σ i·dStrides] = src[sOff + Σ i·sStrides] over the box `dims`;
 * an odometer over the outer dimensions, the last one a plain loop.
 */
function copyStrided(dst: Float64Array, dOff: number, dStrides: readonly number[], src: Float64Array, sOff: number, sStrides: readonly number[], dims: readonly number[]): void {
  const rank = dims.length;
  if (product(dims) === 0) return;
  if (rank === 0) {
    dst[dOff] = src[sOff];
    return;
  }
  const last = rank - 1;
  const n = dims[last];
  const ds = dStrides[last];
  const ss = sStrides[last];
  const idx = new Int32Array(last);
  let d = dOff;
  let s = sOff;
  for (;;) {
    if (ds === 1 && ss === 1) {
      for (let j = 0; j < n; j++) dst[d + j] = src[s + j];
    } else {
      for (let j = 0, dj = d, sj = s; j < n; j++, dj += ds, sj += ss) dst[dj] = src[sj];
    }
    let axis = last - 1;
    while (axis >= 0) {
      d += dStrides[axis];
      s += sStrides[axis];
      if (++idx[axis] < dims[axis]) break;
      d -= dims[axis] * dStrides[axis];
      s -= dims[axis] * sStrides[axis];
      idx[axis] = 0;
      axis--;
    }
    if (axis < 0) return;
  }
}

function padStep(c: HloComputation, inst: InstructionOf<"pad">): WindowStep | undefined {
  if (!numberShape(inst.shape) || inst.operands.length !== 2) return undefined;
  const [xs, vs] = inst.operands.map((o) => getInstruction(c, o).shape);
  if (!numberShape(xs) || !numberShape(vs) || vs.dimensions.length !== 0) return undefined;
  const result = inst.shape;
  const inDims = xs.dimensions;
  const outDims = result.dimensions;
  const padding = inst.attributes.padding;
  if (padding.length !== inDims.length || outDims.length !== inDims.length) return undefined;
  const inStrides = stridesOf(inDims);
  const outStrides = stridesOf(outDims);
  // The operand box that lands inside the result (negative low/high crop), as the reference copies it.
  let srcOffset = 0;
  let dstOffset = 0;
  const box: number[] = [];
  const dstStrides: number[] = [];
  for (let d = 0; d < inDims.length; d++) {
    const { low, interior } = padding[d];
    const step = interior + 1;
    const first = low >= 0 ? 0 : Math.ceil(-low / step);
    const end = Math.min(inDims[d], Math.max(0, Math.ceil((outDims[d] - low) / step)));
    box.push(Math.max(0, end - first));
    srcOffset += first * inStrides[d];
    dstOffset += (low + first * step) * outStrides[d];
    dstStrides.push(outStrides[d] * step);
  }
  const inCount = product(inDims);
  const outCount = product(outDims);
  return (operands, frame) => {
    const x = operandData(inst, operands, 0, inCount);
    const v = operandData(inst, operands, 1, 1)[0];
    const out = frame.take(outCount);
    out.fill(v);
    copyStrided(out, dstOffset, dstStrides, x, srcOffset, inStrides, box);
    return { shape: result, data: out };
  };
}

function reverseStep(c: HloComputation, inst: InstructionOf<"reverse">): WindowStep | undefined {
  if (!numberShape(inst.shape) || inst.operands.length !== 1) return undefined;
  const xs = getInstruction(c, inst.operands[0]).shape;
  if (!numberShape(xs)) return undefined;
  const dims = xs.dimensions;
  const result = inst.shape;
  if (result.dimensions.length !== dims.length || result.dimensions.some((n, d) => n !== dims[d])) return undefined;
  const strides = stridesOf(dims);
  let offset = 0;
  for (const d of inst.attributes.dimensions) {
    if (d < 0 || d >= dims.length) return undefined;
    if (dims[d] > 0) offset += (dims[d] - 1) * strides[d];
    strides[d] = -strides[d];
  }
  const outStrides = stridesOf(dims);
  const count = product(dims);
  return (operands, frame) => {
    const x = operandData(inst, operands, 0, count);
    const out = frame.take(count);
    copyStrided(out, 0, outStrides, x, offset, strides, dims);
    return { shape: result, data: out };
  };
}

/** The compiled step of a windowed or copying instruction of `c`, or undefined to use the reference kernel. */
export function windowStep(m: HloModule, c: HloComputation, inst: HloInstruction, numerics: Numerics): WindowStep | undefined {
  switch (inst.opcode) {
    case "reduce-window":
      return reduceWindowStep(m, c, inst, numerics);
    case "select-and-scatter":
      return selectAndScatterStep(m, c, inst, numerics);
    case "pad":
      return padStep(c, inst);
    case "reverse":
      return reverseStep(c, inst);
    default:
      return undefined;
  }
}
