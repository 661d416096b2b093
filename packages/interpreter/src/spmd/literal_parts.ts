/**
 * Pieces of array literals that the collectives move between devices: equal
 * chunks along one dimension, their concatenation, and the element-wise fold
 * of a reducer over several devices' values. Data is row-major in logical
 * order whatever the layout, so a chunk is `outer` runs of contiguous slots.
 */
import {
  type ArrayLiteral,
  type ArrayShape,
  EvalError,
  type Literal,
  allocData,
  arrayLiteralFromData,
  elementLanes,
  isTupleLiteral,
  sameDimensions,
  shapeToString,
  storageOf,
} from "@minixla/hlo";
import type { EvalContext } from "../kernel.ts";
import { bigReducer, literalCaller, simpleReducer } from "../kernels/reduce/reducer.ts";
import { copySlots, elementScalar, product } from "../kernels/support/view.ts";

type Named = { readonly name: string; readonly opcode: string };

/** The literal as an array, or EvalError naming the instruction. */
export function arrayOf(inst: Named, l: Literal | undefined, what: string): ArrayLiteral {
  if (l === undefined || isTupleLiteral(l)) throw new EvalError(`${inst.name} (${inst.opcode}): ${what} must be an array, got ${l === undefined ? "nothing" : shapeToString(l.shape)}`);
  return l;
}

/** The n equal chunks of x along dim, in order. */
export function splitAlong(inst: Named, x: ArrayLiteral, dim: number, n: number): ArrayLiteral[] {
  const dims = x.shape.dimensions;
  if (dim >= dims.length || dims[dim] % n !== 0) {
    throw new EvalError(`${inst.name} (${inst.opcode}): dimension ${dim} of ${shapeToString(x.shape)} does not split into ${n} equal parts`);
  }
  const lanes = elementLanes(x.shape.elementType);
  const part = dims[dim] / n;
  const outer = product(dims.slice(0, dim));
  const inner = product(dims.slice(dim + 1)) * lanes;
  const partDims = dims.map((d, i) => (i === dim ? part : d));
  const shape: ArrayShape = { elementType: x.shape.elementType, dimensions: partDims };
  const chunks: ArrayLiteral[] = [];
  for (let k = 0; k < n; k++) {
    const data = allocData(x.shape.elementType, product(partDims));
    for (let o = 0; o < outer; o++) copySlots(data, o * part * inner, x.data, (o * dims[dim] + k * part) * inner, part * inner);
    chunks.push(arrayLiteralFromData(shape, data));
  }
  return chunks;
}

/** The parts concatenated along dim, as a value of shape `out` (whose dimensions must match). */
export function concatAlong(inst: Named, parts: readonly ArrayLiteral[], dim: number, out: ArrayShape): ArrayLiteral {
  const first = parts[0];
  const dims = first.shape.dimensions.map((d, i) => (i === dim ? parts.reduce((s, p) => s + p.shape.dimensions[dim], 0) : d));
  if (!sameDimensions(dims, out.dimensions) || parts.some((p) => storageOf(p.shape.elementType) !== storageOf(out.elementType))) {
    throw new EvalError(
      `${inst.name} (${inst.opcode}): ${parts.length} parts of ${shapeToString(first.shape)} along dimension ${dim} make [${dims.join(",")}], but the result is ${shapeToString(out)}`,
    );
  }
  const lanes = elementLanes(out.elementType);
  const outer = product(dims.slice(0, dim));
  const inner = product(dims.slice(dim + 1)) * lanes;
  const data = allocData(out.elementType, product(dims));
  let at = 0;
  for (let o = 0; o < outer; o++) {
    for (const p of parts) {
      const run = p.shape.dimensions[dim] * inner;
      copySlots(data, at, p.data, o * run, run);
      at += run;
    }
  }
  return arrayLiteralFromData(out, data);
}

/**
 * The element-wise fold of computation `reducer` over the values, in order:
 * ((v0 ⊕ v1) ⊕ v2) ..., as StableHLO's all_reduce combines a process group.
 * One-op reducers run on a fast path with the same semantics.
 */
export function foldValues(inst: Named, values: readonly ArrayLiteral[], reducer: string, ctx: EvalContext): ArrayLiteral {
  const first = values[0];
  const t = first.shape.elementType;
  for (const v of values) {
    if (!sameDimensions(v.shape.dimensions, first.shape.dimensions) || v.shape.elementType !== t) {
      throw new EvalError(`${inst.name} (${inst.opcode}): devices hold ${shapeToString(first.shape)} and ${shapeToString(v.shape)}; a reduction needs one shape`);
    }
  }
  const n = product(first.shape.dimensions);
  const simple = simpleReducer(ctx, reducer);
  if (simple !== undefined && simple.elementType === t && first.data instanceof Float64Array) {
    const data = Float64Array.from(first.data);
    for (let v = 1; v < values.length; v++) {
      const src = values[v].data as Float64Array;
      for (let i = 0; i < n; i++) data[i] = simple.apply(data[i], src[i]);
    }
    return arrayLiteralFromData(first.shape, data);
  }
  const big = bigReducer(ctx, reducer);
  if (big !== undefined && big.elementType === t && (first.data instanceof BigInt64Array || first.data instanceof BigUint64Array)) {
    const data = first.data.slice();
    for (let v = 1; v < values.length; v++) {
      const src = values[v].data as BigInt64Array | BigUint64Array;
      for (let i = 0; i < n; i++) data[i] = big.apply(data[i], src[i]);
    }
    return arrayLiteralFromData(first.shape, data);
  }
  const call = literalCaller(ctx, reducer, `${inst.name} (${inst.opcode})`);
  const lanes = elementLanes(t);
  const data = allocData(t, n);
  for (let i = 0; i < n; i++) {
    let acc = elementScalar(first, i);
    for (let v = 1; v < values.length; v++) {
      const r = call([acc, elementScalar(values[v], i)]);
      if (r.length !== 1 || r[0].shape.elementType !== t) {
        throw new EvalError(`${inst.name} (${inst.opcode}): the reducer ${reducer} must return one ${t} scalar`);
      }
      acc = r[0];
    }
    copySlots(data, i * lanes, acc.data, 0, lanes);
  }
  return arrayLiteralFromData(first.shape, data);
}
