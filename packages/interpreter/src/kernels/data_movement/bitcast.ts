/**
 * The bitcast kernel. Literals hold their elements in logical row-major
 * order; a shape's layout (minor_to_major, absent = {rank-1,...,0}) says in
 * which order XLA would lay them out in memory. A bitcast reinterprets that
 * memory: the operand's elements, read in the operand layout's physical
 * order, become the result's elements in the result layout's physical order.
 * So f32[2,3]{1,0} -> f32[3,2]{0,1} keeps the bytes and is, logically, a
 * transpose. A bitcast that changes the element type reinterprets the bytes
 * of that memory (element_bytes.ts), little-endian as on XLA's CPU.
 */
import {
  type ArrayLiteral,
  type ArrayShape,
  EvalError,
  type InstructionOf,
  type Literal,
  type Shape,
  allocData,
  defaultLayout,
  elementLanes,
  shapeToStringWithLayout,
} from "@minixla/hlo";
import type { EvalContext } from "../../kernel.ts";
import { byteWidth, elementReader, elementWriter } from "../support/element_bytes.ts";
import { arrayOperand, arrayResult, copySlots, product, stridesOf } from "../support/view.ts";

function layoutOf(s: ArrayShape): readonly number[] {
  return s.layout ?? defaultLayout(s.dimensions.length);
}

function isRowMajor(layout: readonly number[]): boolean {
  const r = layout.length;
  for (let i = 0; i < r; i++) if (layout[i] !== r - 1 - i) return false;
  return true;
}

/**
 * The row-major offset of every element of `dims`, listed in the physical
 * order of `layout` (major-most dimension outermost). One odometer over the
 * dimensions in major-to-minor order; no div/mod per element.
 */
export function physicalOffsets(dims: readonly number[], layout: readonly number[]): Uint32Array {
  const n = product(dims);
  const out = new Uint32Array(n);
  const r = dims.length;
  if (n === 0 || r === 0) return out;
  const strides = stridesOf(dims);
  // order[0] is the major-most dimension, order[r-1] the minor-most.
  const order = [...layout].reverse();
  const innerSize = dims[order[r - 1]];
  const innerStride = strides[order[r - 1]];
  const counters = new Int32Array(r);
  let offset = 0;
  let k = 0;
  for (;;) {
    for (let i = 0, o = offset; i < innerSize; i++, o += innerStride) out[k++] = o;
    let axis = r - 2;
    while (axis >= 0) {
      const d = order[axis];
      counters[axis]++;
      offset += strides[d];
      if (counters[axis] < dims[d]) break;
      offset -= strides[d] * dims[d];
      counters[axis] = 0;
      axis--;
    }
    if (axis < 0) return out;
  }
}

/** The operand's stored shape (with its layout) when the context knows it, else its value's shape. */
function operandShape(inst: InstructionOf<"bitcast">, value: ArrayShape, ctx: EvalContext): ArrayShape {
  const stored: Shape | undefined = ctx.instructionShape?.(inst.operands[0]);
  return stored !== undefined && stored.elementType !== "tuple" ? stored : value;
}

export function bitcastKernel(inst: InstructionOf<"bitcast">, operands: readonly Literal[], ctx: EvalContext): Literal {
  const x = arrayOperand(inst, operands[0], 0);
  const out = arrayResult(inst);
  const from = operandShape(inst, x.shape, ctx);
  const n = product(x.shape.dimensions);
  const fromLayout = layoutOf(from);
  const toLayout = layoutOf(out);
  if (x.shape.elementType !== out.elementType) return reinterpretBytes(inst, x, out, fromLayout, toLayout);
  if (product(out.dimensions) !== n) {
    throw new EvalError(`${inst.name} (bitcast): cannot bitcast ${n} elements into ${shapeToStringWithLayout(out)}`);
  }
  const fromRowMajor = isRowMajor(fromLayout);
  const toRowMajor = isRowMajor(toLayout);
  // Both row-major: the physical order is the logical one, as for reshape.
  if (fromRowMajor && toRowMajor) return { shape: out, data: x.data };
  // dst[to[k]] = src[from[k]]: the k-th element in physical order keeps its place in memory.
  const at = fromRowMajor ? undefined : physicalOffsets(x.shape.dimensions, fromLayout);
  const to = toRowMajor ? undefined : physicalOffsets(out.dimensions, toLayout);
  const src = x.data;
  const lanes = elementLanes(out.elementType);
  const data = allocData(out.elementType, n);
  if (lanes === 1 && data instanceof Float64Array && src instanceof Float64Array) {
    for (let k = 0; k < n; k++) data[to ? to[k] : k] = src[at ? at[k] : k];
  } else {
    for (let k = 0; k < n; k++) copySlots(data, lanes * (to ? to[k] : k), src, lanes * (at ? at[k] : k), lanes);
  }
  return { shape: out, data };
}

/**
 * A bitcast to another element type: the operand's elements, in the operand
 * layout's physical order, are written as little-endian bytes; the result's
 * elements, in the result layout's physical order, are read back from those
 * bytes. Both shapes must hold the same number of bytes, as XLA's verifier
 * requires of a layout-assigned bitcast.
 */
function reinterpretBytes(
  inst: InstructionOf<"bitcast">,
  x: ArrayLiteral,
  out: ArrayShape,
  fromLayout: readonly number[],
  toLayout: readonly number[],
): Literal {
  const fromType = x.shape.elementType;
  const toType = out.elementType;
  if (fromType === "token" || toType === "token") {
    throw new EvalError(`${inst.name} (bitcast): a token has no bytes to reinterpret`);
  }
  const n = product(x.shape.dimensions);
  const m = product(out.dimensions);
  const inWidth = byteWidth(fromType);
  const outWidth = byteWidth(toType);
  if (n * inWidth !== m * outWidth) {
    throw new EvalError(
      `${inst.name} (bitcast): ${shapeToStringWithLayout(x.shape)} holds ${n * inWidth} bytes and ${shapeToStringWithLayout(out)} holds ${m * outWidth}; a bitcast that changes the element type must keep the byte size`,
    );
  }
  const bytes = new DataView(new ArrayBuffer(n * inWidth));
  const write = elementWriter(fromType);
  const at = isRowMajor(fromLayout) ? undefined : physicalOffsets(x.shape.dimensions, fromLayout);
  for (let k = 0; k < n; k++) write(bytes, k * inWidth, x.data, at ? at[k] : k);
  const data = allocData(toType, m);
  const read = elementReader(toType);
  const to = isRowMajor(toLayout) ? undefined : physicalOffsets(out.dimensions, toLayout);
  for (let k = 0; k < m; k++) read(bytes, k * outWidth, data, to ? to[k] : k);
  return { shape: out, data };
}
