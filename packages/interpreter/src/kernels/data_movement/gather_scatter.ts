/**
 * gather and scatter with XLA's full dimension numbers (batching dimensions
 * included). Both split an index into a "batch" part, which picks a start
 * index vector out of the indices, and a "window" part, which walks the
 * slice. Window offsets are tabulated once; each batch position then costs
 * one table walk. Gather clamps start indices into the operand as XLA does;
 * scatter skips an update window that does not fit, and applies updates in
 * XLA's order (batch positions row-major, then window positions row-major).
 * Elements move slot for slot in their storage kind (complex pairs together);
 * indices of any integer type, 64-bit included, are read with indexValue.
 */
import {
  type ArrayLiteral,
  EvalError,
  type InstructionOf,
  type Literal,
  type LiteralData,
  allocData,
  isTupleLiteral,
  shapeToString,
  storageOf,
  tupleLiteral,
} from "@minixla/hlo";
import type { EvalContext } from "../../kernel.ts";
import { simpleReducer } from "../reduce/reducer.ts";
import { arrayOperand, arrayResult, clamp, copySlots, elementScalar, forEachIndex, indexValue, lanesOf, product, stridesOf } from "../support/view.ts";

/** Where the index vectors of an indices array live. */
interface IndexLayout {
  /** Dimensions of the indices other than index_vector_dim, in order. */
  readonly batchDims: readonly number[];
  readonly batchShape: readonly number[];
  readonly strides: readonly number[];
  /** Stride between the components of one index vector (0 when index_vector_dim == rank). */
  readonly vectorStride: number;
  readonly vectorSize: number;
}

function indexLayout(indices: ArrayLiteral, indexVectorDim: number): IndexLayout {
  const dims = indices.shape.dimensions;
  const strides = stridesOf(dims);
  const batchDims = dims.map((_, i) => i).filter((i) => i !== indexVectorDim);
  const trailing = indexVectorDim >= dims.length;
  return {
    batchDims,
    batchShape: batchDims.map((d) => dims[d]),
    strides,
    vectorStride: trailing ? 0 : strides[indexVectorDim],
    vectorSize: trailing ? 1 : dims[indexVectorDim],
  };
}

/** Offsets of every window position (row-major over `shape`) in two arrays. */
function windowTable(
  shape: readonly number[],
  aStrides: readonly number[],
  bStrides: readonly number[],
): { readonly a: Float64Array; readonly b: Float64Array } {
  const n = product(shape);
  const a = new Float64Array(n);
  const b = new Float64Array(n);
  let w = 0;
  forEachIndex(shape, (idx) => {
    let oa = 0;
    let ob = 0;
    for (let k = 0; k < idx.length; k++) {
      oa += idx[k] * aStrides[k];
      ob += idx[k] * bStrides[k];
    }
    a[w] = oa;
    b[w] = ob;
    w++;
  });
  return { a, b };
}

/** The operand dimensions that are neither listed in `a` nor in `b`, ascending. */
function remainingDims(rank: number, a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  for (let d = 0; d < rank; d++) if (!a.includes(d) && !b.includes(d)) out.push(d);
  return out;
}

/**
 * copy(dstBase, srcBase) copies one window: element table.a[w] after srcBase
 * of src to element table.b[w] after dstBase of dst, for every w. Float64
 * data of one slot per element gets its own loop; the others share one.
 */
function windowCopier(
  dst: LiteralData,
  src: LiteralData,
  table: { readonly a: Float64Array; readonly b: Float64Array },
  lanes: 1 | 2,
): (dstBase: number, srcBase: number) => void {
  const n = table.a.length;
  if (lanes === 1 && dst instanceof Float64Array && src instanceof Float64Array) {
    return (dstBase, srcBase) => {
      for (let w = 0; w < n; w++) dst[dstBase + table.b[w]] = src[srcBase + table.a[w]];
    };
  }
  return (dstBase, srcBase) => {
    for (let w = 0; w < n; w++) copySlots(dst, lanes * (dstBase + table.b[w]), src, lanes * (srcBase + table.a[w]), lanes);
  };
}

export function gatherKernel(inst: InstructionOf<"gather">, operands: readonly Literal[]): Literal {
  const x = arrayOperand(inst, operands[0], 0);
  const indices = arrayOperand(inst, operands[1], 1);
  const out = arrayResult(inst);
  const a = inst.attributes;
  const opDims = x.shape.dimensions;
  const opStrides = stridesOf(opDims);
  const outStrides = stridesOf(out.dimensions);
  const layout = indexLayout(indices, a.indexVectorDim);

  // offset_dims[k] of the result walks operand dimension windowDims[k].
  const windowDims = remainingDims(opDims.length, a.collapsedSliceDims, a.operandBatchingDims);
  const windowShape = windowDims.map((d) => a.sliceSizes[d]);
  const table = windowTable(windowShape, windowDims.map((d) => opStrides[d]), a.offsetDims.map((d) => outStrides[d]));
  // The other result dimensions are the indices' batch dimensions, in order.
  const resultBatchDims = out.dimensions.map((_, i) => i).filter((i) => !a.offsetDims.includes(i));
  if (resultBatchDims.length !== layout.batchDims.length) {
    throw new EvalError(`${inst.name} (gather): result has ${resultBatchDims.length} batch dimensions, indices have ${layout.batchDims.length}`);
  }
  const batchPosition = a.startIndicesBatchingDims.map((d) => layout.batchDims.indexOf(d));

  if (storageOf(x.shape.elementType) !== storageOf(out.elementType)) {
    throw new EvalError(`${inst.name} (gather): operand ${x.shape.elementType} does not fit the ${out.elementType} result`);
  }
  const data = allocData(out.elementType, product(out.dimensions));
  const copyWindow = windowCopier(data, x.data, table, lanesOf(x));
  const start = new Float64Array(opDims.length);
  forEachIndex(layout.batchShape, (b) => {
    let outBase = 0;
    let idxBase = 0;
    for (let j = 0; j < b.length; j++) {
      outBase += b[j] * outStrides[resultBatchDims[j]];
      idxBase += b[j] * layout.strides[layout.batchDims[j]];
    }
    start.fill(0);
    for (let k = 0; k < a.startIndexMap.length; k++) {
      const d = a.startIndexMap[k];
      start[d] = clamp(indexValue(indices.data, idxBase + k * layout.vectorStride), 0, opDims[d] - a.sliceSizes[d]);
    }
    a.operandBatchingDims.forEach((d, i) => {
      start[d] = b[batchPosition[i]];
    });
    let opBase = 0;
    for (let d = 0; d < opDims.length; d++) opBase += start[d] * opStrides[d];
    copyWindow(outBase, opBase);
  });
  return { shape: out, data };
}

export function scatterKernel(inst: InstructionOf<"scatter">, operands: readonly Literal[], ctx: EvalContext): Literal {
  const n = (operands.length - 1) / 2;
  if (!Number.isInteger(n) || n < 1) throw new EvalError(`${inst.name} (scatter): expected N operands, indices and N updates, got ${operands.length} operands`);
  const inputs = operands.slice(0, n).map((l, i) => arrayOperand(inst, l, i));
  const indices = arrayOperand(inst, operands[n], n);
  const updates = operands.slice(n + 1).map((l, i) => arrayOperand(inst, l, n + 1 + i));
  const a = inst.attributes;
  const opDims = inputs[0].shape.dimensions;
  const opStrides = stridesOf(opDims);
  const updDims = updates[0].shape.dimensions;
  const updStrides = stridesOf(updDims);
  const layout = indexLayout(indices, a.indexVectorDim);

  // update_window_dims[k] of the updates walks operand dimension windowDims[k].
  const windowDims = remainingDims(opDims.length, a.insertedWindowDims, a.inputBatchingDims);
  const windowShape = a.updateWindowDims.map((d) => updDims[d]);
  const table = windowTable(windowShape, windowDims.map((d) => opStrides[d]), a.updateWindowDims.map((d) => updStrides[d]));
  const windowSize = new Float64Array(opDims.length).fill(1);
  windowDims.forEach((d, k) => {
    windowSize[d] = windowShape[k];
  });
  const updateScatterDims = updDims.map((_, i) => i).filter((i) => !a.updateWindowDims.includes(i));
  const batchPosition = a.scatterIndicesBatchingDims.map((d) => layout.batchDims.indexOf(d));

  const results = inputs.map((x) => x.data.slice());
  const storages = new Set([...inputs, ...updates].map((l) => storageOf(l.shape.elementType)));
  // The numeric fast path serves one-slot float64 storage; every other kind calls the combiner.
  const simple = n === 1 && storages.size === 1 && storages.has("f64") ? simpleReducer(ctx, inst.called[0]) : undefined;
  const combine = simple ? undefined : combiner(inst, inputs, updates, results, ctx);
  const start = new Float64Array(opDims.length);
  const windowCount = table.a.length;
  const scatterShape = updateScatterDims.map((d) => updDims[d]);
  forEachIndex(scatterShape, (s) => {
    let updBase = 0;
    let idxBase = 0;
    for (let j = 0; j < s.length; j++) {
      updBase += s[j] * updStrides[updateScatterDims[j]];
      idxBase += s[j] * layout.strides[layout.batchDims[j]];
    }
    start.fill(0);
    for (let k = 0; k < a.scatterDimsToOperandDims.length; k++) {
      start[a.scatterDimsToOperandDims[k]] = indexValue(indices.data, idxBase + k * layout.vectorStride);
    }
    a.inputBatchingDims.forEach((d, i) => {
      start[d] = s[batchPosition[i]];
    });
    let opBase = 0;
    for (let d = 0; d < opDims.length; d++) {
      // XLA skips the whole update window when any part of it falls outside the operand.
      if (start[d] < 0 || start[d] > opDims[d] - windowSize[d]) return;
      opBase += start[d] * opStrides[d];
    }
    if (simple) {
      const r = results[0] as Float64Array;
      const u = updates[0].data as Float64Array;
      for (let w = 0; w < windowCount; w++) {
        const at = opBase + table.a[w];
        r[at] = simple.apply(r[at], u[updBase + table.b[w]]);
      }
      return;
    }
    for (let w = 0; w < windowCount; w++) (combine as Combine)(opBase + table.a[w], updBase + table.b[w]);
  });
  const literals = results.map((data, i) => ({ shape: inputs[i].shape, data }));
  return n === 1 ? literals[0] : tupleLiteral(literals);
}

type Combine = (at: number, updateAt: number) => void;

/**
 * The general scatter step: calls the combiner computation on scalar
 * literals (current values, then updates, each in its own storage) and
 * writes its results back at element `at` of every result.
 */
function combiner(
  inst: InstructionOf<"scatter">,
  inputs: readonly ArrayLiteral[],
  updates: readonly ArrayLiteral[],
  results: readonly LiteralData[],
  ctx: EvalContext,
): Combine {
  const n = inputs.length;
  const name = inst.called[0];
  const current = results.map((data, i): ArrayLiteral => ({ shape: inputs[i].shape, data }));
  const args: Literal[] = new Array<Literal>(2 * n);
  return (at, updateAt) => {
    for (let i = 0; i < n; i++) {
      args[i] = elementScalar(current[i], at);
      args[n + i] = elementScalar(updates[i], updateAt);
    }
    const result = ctx.call(name, args);
    const parts = isTupleLiteral(result) ? result.elements : [result];
    if (parts.length !== n) {
      throw new EvalError(`${inst.name} (scatter): computation ${name} must return ${n} scalars, but returned ${shapeToString(result.shape)}`);
    }
    for (let i = 0; i < n; i++) {
      const p = parts[i];
      const lanes = lanesOf(inputs[i]);
      if (isTupleLiteral(p) || p.data.length !== lanes || storageOf(p.shape.elementType) !== storageOf(inputs[i].shape.elementType)) {
        throw new EvalError(`${inst.name} (scatter): computation ${name} must return ${inputs[i].shape.elementType} scalars, but returned ${shapeToString(result.shape)}`);
      }
      copySlots(results[i], lanes * at, p.data, 0, lanes);
    }
  };
}
