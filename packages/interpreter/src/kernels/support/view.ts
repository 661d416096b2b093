/**
 * Helpers shared by the non-element-wise kernels: operand checks, reading
 * integer indices, and strided views. Broadcast, transpose, reverse, slice,
 * pad, concatenate and the dynamic slices are all "copy a strided box of one
 * array into a strided box of another", done here by one odometer loop that
 * walks the outer dimensions with counters and runs a tight inner loop
 * specialised for unit and zero strides (no div/mod per element). The
 * copies work on every storage kind (Float64Array, BigInt64Array,
 * BigUint64Array) and move complex elements as pairs of slots.
 */
import {
  type ArrayLiteral,
  type ArrayShape,
  type ElementType,
  EvalError,
  type Literal,
  type LiteralData,
  type Shape,
  allocData,
  elementLanes,
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

/** Storage slots of an array literal, readable and writable per slot whatever the storage kind. */
interface Slots<T> {
  [i: number]: T;
  readonly length: number;
  fill(value: T, start?: number, end?: number): unknown;
}

/** Empty storage of the same kind as `like`, `n` slots long. */
export function allocLike<D extends LiteralData>(like: D, n: number): D {
  if (like instanceof BigInt64Array) return new BigInt64Array(n) as D;
  if (like instanceof BigUint64Array) return new BigUint64Array(n) as D;
  return new Float64Array(n) as D;
}

/** Storage slots per element of the literal (2 for complex types). */
export function lanesOf(l: ArrayLiteral): 1 | 2 {
  return elementLanes(l.shape.elementType);
}

/** Whether two arrays hold the same storage kind (a copy between different kinds is a kernel bug). */
function sameStorage(dst: LiteralData, src: LiteralData): boolean {
  return dst.constructor === src.constructor;
}

/**
 * A scalar array literal of type t (to pass an element to a called
 * computation). A number for a 64-bit integer type must be an integer; a
 * bigint for a float type is rounded to the nearest double; `imag` is the
 * imaginary part of a complex scalar.
 */
export function scalarOf(elementType: ElementType, value: number | bigint, imag = 0): ArrayLiteral {
  const data = allocData(elementType, 1);
  if (data instanceof Float64Array) {
    data[0] = Number(value);
    if (data.length === 2) data[1] = imag;
  } else if (typeof value === "bigint") {
    data[0] = value;
  } else {
    if (!Number.isInteger(value)) throw new EvalError(`${elementType} scalar ${value} is not an integer`);
    data[0] = BigInt(value);
  }
  return { shape: { elementType, dimensions: [] }, data };
}

/** Element i of l as a scalar literal of l's type (all lanes of it, bit for bit). */
export function elementScalar(l: ArrayLiteral, i: number): ArrayLiteral {
  const t = l.shape.elementType;
  const lanes = elementLanes(t);
  const data = allocData(t, 1);
  copySlots(data, 0, l.data, i * lanes, lanes);
  return { shape: { elementType: t, dimensions: [] }, data };
}

/** Copies n consecutive slots of src (from s) into dst (from d); both of one storage kind. */
export function copySlots(dst: LiteralData, d: number, src: LiteralData, s: number, n: number): void {
  if (!sameStorage(dst, src)) throw new EvalError(`cannot copy ${src.constructor.name} slots into ${dst.constructor.name}`);
  for (let k = 0; k < n; k++) (dst as Slots<number | bigint>)[d + k] = (src as Slots<number | bigint>)[s + k];
}

/** Sets every element of dst to the first element of value (its `lanes` slots); same storage kind. */
export function fillElements(dst: LiteralData, value: LiteralData, lanes: 1 | 2): void {
  if (!sameStorage(dst, value)) throw new EvalError(`cannot fill ${dst.constructor.name} with ${value.constructor.name}`);
  const d = dst as Slots<number | bigint>;
  const v = value as Slots<number | bigint>;
  if (lanes === 1) {
    d.fill(v[0]);
    return;
  }
  for (let k = 0; k < d.length; k += 2) {
    d[k] = v[0];
    d[k + 1] = v[1];
  }
}

/**
 * Copies the box `dims` (in elements) from src (starting at element srcOffset,
 * stepping srcStrides elements) into dst (starting at dstOffset, stepping
 * dstStrides). Strides may be zero (broadcast) or negative (reverse). Both
 * arrays hold the same storage kind, `lanes` slots per element (2 for
 * complex): the lanes of an element travel together.
 */
export function copyView(
  dst: LiteralData,
  dstOffset: number,
  dstStrides: readonly number[],
  src: LiteralData,
  srcOffset: number,
  srcStrides: readonly number[],
  dims: readonly number[],
  lanes: 1 | 2 = 1,
): void {
  if (!sameStorage(dst, src)) throw new EvalError(`cannot copy ${src.constructor.name} elements into ${dst.constructor.name}`);
  if (lanes === 2) {
    // The lanes are one more, innermost, unit-stride dimension in slot units;
    // when the last dimension is contiguous on both sides it merges with it.
    const r = dims.length;
    if (r > 0 && srcStrides[r - 1] === 1 && dstStrides[r - 1] === 1) {
      copySlotView(
        dst, 2 * dstOffset, [...dstStrides.slice(0, r - 1).map((x) => 2 * x), 1],
        src, 2 * srcOffset, [...srcStrides.slice(0, r - 1).map((x) => 2 * x), 1],
        [...dims.slice(0, r - 1), 2 * dims[r - 1]],
      );
    } else {
      copySlotView(dst, 2 * dstOffset, [...dstStrides.map((x) => 2 * x), 1], src, 2 * srcOffset, [...srcStrides.map((x) => 2 * x), 1], [...dims, 2]);
    }
    return;
  }
  if (dst instanceof Float64Array) copyFloat64View(dst, dstOffset, dstStrides, src as Float64Array, srcOffset, srcStrides, dims);
  else copySlotView(dst, dstOffset, dstStrides, src, srcOffset, srcStrides, dims);
}

/**
 * The strided copy over slots, written once for every storage kind. Float64
 * data of one slot per element takes copyFloat64View, the same loop kept
 * monomorphic so that the common case stays as fast as it was.
 */
function copySlotView(
  dst: LiteralData,
  dstOffset: number,
  dstStrides: readonly number[],
  src: LiteralData,
  srcOffset: number,
  srcStrides: readonly number[],
  dims: readonly number[],
): void {
  stridedCopy(dst as Slots<number | bigint>, dstOffset, dstStrides, src as Slots<number | bigint>, srcOffset, srcStrides, dims);
}

function stridedCopy<T>(
  dst: Slots<T>,
  dstOffset: number,
  dstStrides: readonly number[],
  src: Slots<T>,
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

function copyFloat64View(
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

/** A new row-major array (same storage kind as src) holding the strided view of src; `lanes` slots per element. */
export function gatherView<D extends LiteralData>(src: D, offset: number, strides: readonly number[], dims: readonly number[], lanes: 1 | 2 = 1): D {
  const out = allocLike(src, product(dims) * lanes);
  copyView(out, 0, stridesOf(dims), src, offset, strides, dims, lanes);
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
    return Array.from({ length: rank }, (_, i) => indexValue(v.data, i));
  }
  if (rest.length !== rank) {
    throw new EvalError(`${inst.name} (${inst.opcode}): expected ${rank} start indices, got ${rest.length}`);
  }
  return rest.map((l, i) => {
    const v = arrayOperand(inst, l, first + i);
    if (v.data.length !== 1) throw new EvalError(`${inst.name} (${inst.opcode}): start index ${i} must be a scalar, got ${shapeToString(v.shape)}`);
    return indexValue(v.data, 0);
  });
}

const INDEX_LIMIT = 2 ** 53;
const BIG_INDEX_LIMIT = 2n ** 53n;

/**
 * Slot i of integer index data as a number. Indices are only ever clamped
 * into, or checked against, an array's bounds (all below 2^53), so a 64-bit
 * index beyond ±2^53 is saturated to ±2^53 after comparing it as a bigint:
 * every clamp and bounds check then decides exactly as on the full value
 * (u64 compares unsigned, as XLA's CPU code does).
 */
export function indexValue(data: LiteralData, i: number): number {
  const v = data[i];
  if (typeof v === "number") return v;
  return v > BIG_INDEX_LIMIT ? INDEX_LIMIT : v < -BIG_INDEX_LIMIT ? -INDEX_LIMIT : Number(v);
}
