/**
 * Helpers shared by the non-element-wise kernels: operand checks, reading
 * integer indices, and strided views. Broadcast, transpose, reverse, slice,
 * pad, concatenate and the dynamic slices are all "copy a strided box of one
 * array into a strided box of another", done here by one odometer loop that
 * walks the outer dimensions with counters and runs a tight inner loop
 * specialised for unit and zero strides (no div/mod per element).
 */
import {
  type ArrayLiteral,
  type ArrayShape,
  EvalError,
  type Literal,
  type Shape,
  isTupleLiteral,
  shapeToString,
  stridesOf,
} from "@minixla/hlo";

/** The operand as an array literal, or EvalError naming the instruction. */
export function arrayOperand(inst: { readonly name: string; readonly opcode: string }, l: Literal | undefined, position: number): ArrayLiteral {
  if (l === undefined) throw new EvalError(`${inst.name} (${inst.opcode}): operand ${position} is missing`);
  if (isTupleLiteral(l)) {
    throw new EvalError(`${inst.name} (${inst.opcode}): operand ${position} must be an array, but is ${shapeToString(l.shape)}`);
  }
  return l;
}

/** The instruction's result shape as an array shape. */
export function arrayResult(inst: { readonly name: string; readonly opcode: string; readonly shape: Shape }): ArrayShape {
  if (inst.shape.elementType === "tuple") {
    throw new EvalError(`${inst.name} (${inst.opcode}): expected an array result shape, got ${shapeToString(inst.shape)}`);
  }
  return inst.shape;
}

export function product(dims: readonly number[]): number {
  let n = 1;
  for (const d of dims) n *= d;
  return n;
}

export { stridesOf };

/** A scalar array literal (used to pass elements to called computations). */
export function scalarOf(elementType: ArrayShape["elementType"], value: number): ArrayLiteral {
  const data = new Float64Array(1);
  data[0] = value;
  return { shape: { elementType, dimensions: [] }, data };
}

/**
 * Copies the box `dims` from src (starting at srcOffset, stepping srcStrides)
 * into dst (starting at dstOffset, stepping dstStrides). Strides may be zero
 * (broadcast) or negative (reverse).
 */
export function copyView(
  dst: Float64Array,
  dstOffset: number,
  dstStrides: readonly number[],
  src: Float64Array,
  srcOffset: number,
  srcStrides: readonly number[],
  dims: readonly number[],
): void {
  const r = dims.length;
  if (r === 0) {
    dst[dstOffset] = src[srcOffset];
    return;
  }
  if (product(dims) === 0) return;
  const inner = dims[r - 1];
  const si = srcStrides[r - 1];
  const di = dstStrides[r - 1];
  const counters = new Int32Array(r);
  let s = srcOffset;
  let d = dstOffset;
  for (;;) {
    if (di === 1 && si === 1) {
      for (let k = 0; k < inner; k++) dst[d + k] = src[s + k];
    } else if (di === 1 && si === 0) {
      dst.fill(src[s], d, d + inner);
    } else {
      for (let k = 0, sk = s, dk = d; k < inner; k++, sk += si, dk += di) dst[dk] = src[sk];
    }
    // Advance the odometer over the outer dimensions.
    let axis = r - 2;
    while (axis >= 0) {
      counters[axis]++;
      s += srcStrides[axis];
      d += dstStrides[axis];
      if (counters[axis] < dims[axis]) break;
      s -= srcStrides[axis] * dims[axis];
      d -= dstStrides[axis] * dims[axis];
      counters[axis] = 0;
      axis--;
    }
    if (axis < 0) return;
  }
}

/** A new row-major array holding the strided view of src. */
export function gatherView(src: Float64Array, offset: number, strides: readonly number[], dims: readonly number[]): Float64Array {
  const out = new Float64Array(product(dims));
  copyView(out, 0, stridesOf(dims), src, offset, strides, dims);
  return out;
}

/**
 * Calls visit(index) for every index of `dims` in row-major order. The index
 * array is reused between calls: copy it to keep it.
 */
export function forEachIndex(dims: readonly number[], visit: (index: Int32Array) => void): void {
  const r = dims.length;
  if (product(dims) === 0) return;
  const index = new Int32Array(r);
  for (;;) {
    visit(index);
    let axis = r - 1;
    while (axis >= 0) {
      index[axis]++;
      if (index[axis] < dims[axis]) break;
      index[axis] = 0;
      axis--;
    }
    if (axis < 0) return;
  }
}

export function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}

/**
 * Reads the start indices of dynamic-slice / dynamic-update-slice: either one
 * rank-1 vector or `rank` scalars (XLA accepts both forms).
 */
export function startIndices(inst: { readonly name: string; readonly opcode: string }, operands: readonly Literal[], first: number, rank: number): number[] {
  const rest = operands.slice(first);
  if (rest.length === 1 && !isTupleLiteral(rest[0]) && rest[0].shape.dimensions.length === 1) {
    const v = arrayOperand(inst, rest[0], first);
    if (v.shape.dimensions.length !== 1 || v.shape.dimensions[0] !== rank) {
      throw new EvalError(`${inst.name} (${inst.opcode}): start indices must be ${rank} scalars or one vector of ${rank}, got ${shapeToString(v.shape)}`);
    }
    return Array.from(v.data);
  }
  if (rest.length !== rank) {
    throw new EvalError(`${inst.name} (${inst.opcode}): expected ${rank} start indices, got ${rest.length}`);
  }
  return rest.map((l, i) => {
    const v = arrayOperand(inst, l, first + i);
    if (v.data.length !== 1) throw new EvalError(`${inst.name} (${inst.opcode}): start index ${i} must be a scalar, got ${shapeToString(v.shape)}`);
    return v.data[0];
  });
}
