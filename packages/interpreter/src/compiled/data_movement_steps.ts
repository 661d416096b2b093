/**
 * Compiled gather and concatenate for values stored one float64 per element
 * with static shapes: elements only move, so the result is the reference
 * kernels' (kernels/data_movement/) slot for slot. Everything that depends
 * only on the shapes — a gather's window offsets and the base of each of its
 * batch positions, a concatenation's runs — is worked out once here; a run
 * then reads the start indices, clamps them as XLA does, and copies. The
 * common embedding lookup ("take rows": whole trailing rows per index)
 * copies one contiguous run per index.
 */
import {
  type ArrayLiteral,
  type ArrayShape,
  EvalError,
  type InstructionOf,
  type LiteralData,
  type Shape,
  elementCount,
  isArrayShape,
  storageOf,
  stridesOf,
} from "@minixla/hlo";
import { clamp, indexValue } from "../kernels/support/view.ts";

/** Moves the operands' elements into `out` (the result's length, never an operand). */
export type MoveKernel = (operands: readonly ArrayLiteral[], out: Float64Array) => void;

function staticShape(s: Shape): s is ArrayShape {
  return isArrayShape(s) && !(s.dynamicDimensions ?? []).some((d) => d);
}

function float64Static(s: Shape): s is ArrayShape {
  return staticShape(s) && storageOf(s.elementType) === "f64";
}

/** Calls visit(index) for every index of `shape` in row-major order (the index array is reused). */
function rowMajor(shape: readonly number[], visit: (idx: readonly number[]) => void): void {
  const count = shape.reduce((a, b) => a * b, 1);
  const idx = new Array<number>(shape.length).fill(0);
  for (let i = 0; i < count; i++) {
    visit(idx);
    for (let k = shape.length - 1; k >= 0; k--) {
      if (++idx[k] < shape[k]) break;
      idx[k] = 0;
    }
  }
}

function checkData(name: string, opcode: string, l: ArrayLiteral | undefined, length: number, position: number, float64: boolean): LiteralData {
  const d = l?.data;
  if (d === undefined || d.length !== length || (float64 && !(d instanceof Float64Array))) {
    throw new EvalError(`${name} (${opcode}): operand ${position} must hold ${length} ${float64 ? "float64 " : ""}values`);
  }
  return d;
}

/**
 * A gather without batching dimensions, its operand and result stored one
 * float64 per element and its indices of any integer type; undefined
 * otherwise (the reference kernel then runs it, with its checks and errors).
 */
export function compileGather(inst: InstructionOf<"gather">, operand: Shape, indices: Shape): MoveKernel | undefined {
  const a = inst.attributes;
  if (!float64Static(inst.shape) || !float64Static(operand) || !staticShape(indices)) return undefined;
  if (operand.elementType !== inst.shape.elementType || storageOf(indices.elementType) === "complex") return undefined;
  if (a.operandBatchingDims.length > 0 || a.startIndicesBatchingDims.length > 0) return undefined;
  const opDims = operand.dimensions;
  const outDims = inst.shape.dimensions;
  const idxDims = indices.dimensions;
  if (a.sliceSizes.length !== opDims.length || a.sliceSizes.some((s, d) => s < 0 || s > opDims[d])) return undefined;
  const opStrides = stridesOf(opDims);
  const outStrides = stridesOf(outDims);
  const idxStrides = stridesOf(idxDims);

  // The window: operand dimensions not collapsed, walked by the result's offset dimensions.
  const windowDims = opDims.map((_, d) => d).filter((d) => !a.collapsedSliceDims.includes(d));
  if (windowDims.length !== a.offsetDims.length) return undefined;
  const windowShape = windowDims.map((d) => a.sliceSizes[d]);
  const windowCount = windowShape.reduce((x, y) => x * y, 1);
  const fromOp = new Float64Array(windowCount);
  const toOut = new Float64Array(windowCount);
  let w = 0;
  rowMajor(windowShape, (idx) => {
    let oa = 0;
    let ob = 0;
    for (let k = 0; k < idx.length; k++) {
      oa += idx[k] * opStrides[windowDims[k]];
      ob += idx[k] * outStrides[a.offsetDims[k]];
    }
    fromOp[w] = oa;
    toOut[w] = ob;
    w++;
  });
  // One contiguous run in both (whole trailing rows): copied as a run.
  let contiguous = true;
  for (let i = 0; i < windowCount; i++) if (fromOp[i] !== i || toOut[i] !== i) contiguous = false;

  // The batch positions: the indices' dimensions other than index_vector_dim, matched in order with the result's non-offset dimensions.
  const trailing = a.indexVectorDim >= idxDims.length;
  const batchDims = idxDims.map((_, i) => i).filter((i) => i !== a.indexVectorDim);
  const resultBatchDims = outDims.map((_, i) => i).filter((i) => !a.offsetDims.includes(i));
  if (resultBatchDims.length !== batchDims.length) return undefined;
  const vectorStride = trailing ? 0 : idxStrides[a.indexVectorDim];
  const vectorSize = trailing ? 1 : idxDims[a.indexVectorDim];
  if (a.startIndexMap.length > vectorSize) return undefined;
  const batchShape = batchDims.map((d) => idxDims[d]);
  const batchCount = batchShape.reduce((x, y) => x * y, 1);
  const outBases = new Float64Array(batchCount);
  const idxBases = new Float64Array(batchCount);
  let p = 0;
  rowMajor(batchShape, (b) => {
    let ob = 0;
    let ib = 0;
    for (let j = 0; j < b.length; j++) {
      ob += b[j] * outStrides[resultBatchDims[j]];
      ib += b[j] * idxStrides[batchDims[j]];
    }
    outBases[p] = ob;
    idxBases[p] = ib;
    p++;
  });
  if (batchCount * windowCount !== elementCount(inst.shape)) return undefined;

  const rank = opDims.length;
  const map = Int32Array.from(a.startIndexMap);
  const highest = Float64Array.from(opDims, (n, d) => n - a.sliceSizes[d]);
  const opLength = elementCount(operand);
  const idxLength = elementCount(indices);
  const start = new Float64Array(rank);
  return (operands, out) => {
    const x = checkData(inst.name, inst.opcode, operands[0], opLength, 0, true) as Float64Array;
    const ix = checkData(inst.name, inst.opcode, operands[1], idxLength, 1, false);
    for (let q = 0; q < batchCount; q++) {
      // As the reference: every start 0, then each mapped dimension's index clamped into the operand.
      start.fill(0);
      for (let k = 0; k < map.length; k++) {
        const d = map[k];
        start[d] = clamp(indexValue(ix, idxBases[q] + k * vectorStride), 0, highest[d]);
      }
      let opBase = 0;
      for (let d = 0; d < rank; d++) opBase += start[d] * opStrides[d];
      const outBase = outBases[q];
      if (contiguous) for (let i = 0; i < windowCount; i++) out[outBase + i] = x[opBase + i];
      else for (let i = 0; i < windowCount; i++) out[outBase + toOut[i]] = x[opBase + fromOp[i]];
    }
  };
}

/**
 * A concatenation of operands stored one float64 per element: for each
 * position before the axis, each operand's run after it, in operand order.
 */
export function compileConcatenate(inst: InstructionOf<"concatenate">, operandShapes: readonly Shape[]): MoveKernel | undefined {
  if (!float64Static(inst.shape)) return undefined;
  const shapes: ArrayShape[] = [];
  for (const s of operandShapes) {
    if (!float64Static(s) || s.elementType !== inst.shape.elementType) return undefined;
    shapes.push(s);
  }
  const axis = inst.attributes.dimension;
  const outDims = inst.shape.dimensions;
  if (!Number.isInteger(axis) || axis < 0 || axis >= outDims.length) return undefined;
  let along = 0;
  for (const s of shapes) {
    if (s.dimensions.length !== outDims.length || s.dimensions.some((n, d) => d !== axis && n !== outDims[d])) return undefined;
    along += s.dimensions[axis];
  }
  if (along !== outDims[axis]) return undefined;
  const outer = outDims.slice(0, axis).reduce((x, y) => x * y, 1);
  const inner = outDims.slice(axis + 1).reduce((x, y) => x * y, 1);
  const runs = Int32Array.from(shapes, (s) => s.dimensions[axis] * inner);
  const lengths = shapes.map((s) => elementCount(s));
  const outRun = outDims[axis] * inner;
  return (operands, out) => {
    if (operands.length !== runs.length) throw new EvalError(`${inst.name} (concatenate): expected ${runs.length} operands, got ${operands.length}`);
    let at = 0;
    for (let k = 0; k < runs.length; k++) {
      const x = checkData(inst.name, inst.opcode, operands[k], lengths[k], k, true) as Float64Array;
      const run = runs[k];
      for (let o = 0; o < outer; o++) {
        const src = o * run;
        const dst = o * outRun + at;
        for (let i = 0; i < run; i++) out[dst + i] = x[src + i];
      }
      at += run;
    }
  };
}
