/**
 * A kInput fusion whose reduce is a float sum in a numerics mode that
 * flushes the sum (XLA CPU: reduceSumFlush), which the loop planner leaves
 * to the reference: the fused computation up to the reduce's input runs as
 * a compiled loop into scratch (or the input is read in place when it is a
 * parameter), then the sum runs as the reference kernel's (reduce.ts): for
 * each output element in row-major order of the kept dimensions, acc =
 * flush(init), then acc += flush(x) over the reduced positions in row-major
 * order of the reduced dimensions, then flush(normalize(acc)). The same
 * additions in the same order, so the same bits.
 */
import {
  type ArrayLiteral,
  type ArrayShape,
  ELEMENT_TYPE_INFO,
  EvalError,
  type HloComputation,
  type HloInstruction,
  type HloModule,
  type InstructionOf,
  elementCount,
  getComputation,
  getInstruction,
  isArrayLiteral,
  isArrayShape,
  storageOf,
  stridesOf,
} from "@minixla/hlo";
import type { EvalContext, Numerics } from "../kernel.ts";
import { simpleReducer } from "../kernels/reduce/reducer.ts";
import { numericsOf } from "../numerics/index.ts";
import type { Frame } from "./buffer_pool.ts";
import { compileFusedComputation } from "./fused_kernel.ts";

/** The sum's run: the fusion's operands in, the result's data written into `out`. */
export type FlushedSumKernel = (operands: readonly ArrayLiteral[], frame: Frame, out: Float64Array) => void;

function staticF64(s: HloInstruction["shape"]): s is ArrayShape {
  return isArrayShape(s) && storageOf(s.elementType) === "f64" && !(s.dynamicDimensions ?? []).some((d) => d);
}

/** Offsets of the positions of one output's sum, row-major over the reduced dimensions (ascending). */
function offsetsOf(dims: readonly number[], reduced: readonly number[]): Int32Array {
  const strides = stridesOf(dims);
  const order = [...reduced].sort((a, b) => a - b);
  const sizes = order.map((d) => dims[d]);
  const count = sizes.reduce((a, b) => a * b, 1);
  const offsets = new Int32Array(count);
  const idx = new Array<number>(order.length).fill(0);
  for (let r = 0; r < count; r++) {
    let o = 0;
    for (let k = 0; k < order.length; k++) o += idx[k] * strides[order[k]];
    offsets[r] = o;
    for (let k = order.length - 1; k >= 0; k--) {
      if (++idx[k] < sizes[k]) break;
      idx[k] = 0;
    }
  }
  return offsets;
}

/** Base offset of each output element, row-major over the kept dimensions. */
function basesOf(dims: readonly number[], reduced: readonly number[]): Int32Array {
  const strides = stridesOf(dims);
  const kept = dims.map((_, d) => d).filter((d) => !reduced.includes(d));
  const sizes = kept.map((d) => dims[d]);
  const count = sizes.reduce((a, b) => a * b, 1);
  const bases = new Int32Array(count);
  const idx = new Array<number>(kept.length).fill(0);
  for (let at = 0; at < count; at++) {
    let o = 0;
    for (let k = 0; k < kept.length; k++) o += idx[k] * strides[kept[k]];
    bases[at] = o;
    for (let k = kept.length - 1; k >= 0; k--) {
      if (++idx[k] < sizes[k]) break;
      idx[k] = 0;
    }
  }
  return bases;
}

/** The value of a one-element constant stored as float64, or undefined. */
function constantScalar(inst: HloInstruction): number | undefined {
  if (inst.opcode !== "constant") return undefined;
  const l = inst.attributes.literal;
  if (l === undefined || !isArrayLiteral(l) || !(l.data instanceof Float64Array) || l.data.length !== 1) return undefined;
  return l.data[0];
}

/**
 * The kernel of a kInput fusion (`inst`) whose root reduces one input with a
 * float add reducer in a mode that flushes that sum, its init a parameter or a constant;
 * undefined for anything else, or when the part before the reduce has no
 * compiled loop.
 */
export function compileFlushedSum(m: HloModule, inst: InstructionOf<"fusion">, numerics: Numerics, wasm: boolean): FlushedSumKernel | undefined {
  if (inst.attributes.kind !== "kInput" || !staticF64(inst.shape)) return undefined;
  const fused = getComputation(m, inst.called[0]);
  const root = getInstruction(fused, fused.root);
  if (root.opcode !== "reduce" || root.operands.length !== 2 || root.called.length !== 1) return undefined;
  const input = getInstruction(fused, root.operands[0]);
  const init = getInstruction(fused, root.operands[1]);
  if ((init.opcode !== "parameter" && init.opcode !== "constant") || !staticF64(init.shape) || !staticF64(input.shape) || !staticF64(root.shape)) return undefined;
  // The init: a parameter's value read at run time, or a constant's now.
  const initValue = init.opcode === "constant" ? constantScalar(init) : undefined;
  const initIndex = init.opcode === "parameter" ? init.attributes.parameterNumber : -1;
  if (initIndex < 0 && initValue === undefined) return undefined;
  const outType = root.shape.elementType;
  const ctx: EvalContext = {
    options: { numerics },
    parameter: () => {
      throw new EvalError("a reducer being recognised is never called");
    },
    call: () => {
      throw new EvalError("a reducer being recognised is never called");
    },
    computation: (name) => getComputation(m, name),
  };
  const simple = simpleReducer(ctx, root.called[0]);
  if (simple === undefined || simple.op !== "add" || ELEMENT_TYPE_INFO[simple.elementType].kind !== "float") return undefined;
  const flushOf = numericsOf(numerics).reduceSumFlush(outType);
  if (flushOf === undefined) return undefined;
  const flush: (x: number) => number = flushOf;
  const normalize = ELEMENT_TYPE_INFO[outType].normalize;

  // The input: a parameter read in place, or the computation cut at the reduce, compiled as a loop.
  const inputLength = elementCount(input.shape);
  let produce: ((operands: readonly ArrayLiteral[], frame: Frame) => Float64Array) | undefined;
  let scratch = false;
  if (input.opcode === "parameter") {
    const k = input.attributes.parameterNumber;
    produce = (operands) => operands[k].data as Float64Array;
  } else {
    const cut: HloComputation = { name: fused.name, instructions: fused.instructions.filter((i) => i !== root), root: input.name };
    const loop = compileFusedComputation(cut, m, { numerics, wasm });
    if (loop === undefined) return undefined;
    scratch = true;
    produce = (operands, frame) => loop(operands, frame.scratch(inputLength)).data as Float64Array;
  }
  const offsets = offsetsOf(input.shape.dimensions, root.attributes.dimensions);
  const bases = basesOf(input.shape.dimensions, root.attributes.dimensions);
  const count = offsets.length;
  const outCount = elementCount(root.shape);
  if (bases.length !== outCount) return undefined;
  const run = produce;

  return (operands, frame, out) => {
    let initial = initValue ?? 0;
    if (initIndex >= 0) {
      const initData = operands[initIndex]?.data;
      if (!(initData instanceof Float64Array) || initData.length !== 1) throw new EvalError(`${inst.name} (fusion): the reduce's init must be one float64 value`);
      initial = initData[0];
    }
    const x = run(operands, frame);
    if (x.length !== inputLength) throw new EvalError(`${inst.name} (fusion): the reduce's input must hold ${inputLength} values, got ${x.length}`);
    const start = flush(initial);
    for (let at = 0; at < outCount; at++) {
      const base = bases[at];
      let acc = start;
      for (let r = 0; r < count; r++) acc += flush(x[base + offsets[r]]);
      out[at] = flush(normalize(acc));
    }
    if (scratch) frame.recycle(x);
  };
}
