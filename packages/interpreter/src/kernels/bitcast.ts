/**
 * The bitcast kernel. Literals hold their elements in logical row-major
 * order; a shape's layout (minor_to_major, absent = {rank-1,...,0}) says in
 * which order XLA would lay them out in memory. A bitcast reinterprets that
 * memory: the operand's elements, read in the operand layout's physical
 * order, become the result's elements in the result layout's physical order.
 * So f32[2,3]{1,0} -> f32[3,2]{0,1} keeps the bytes and is, logically, a
 * transpose. minixla keeps numbers, not bits, so a bitcast that changes the
 * element type cannot be evaluated (bitcast-convert does that per element).
 */
import { type ArrayShape, EvalError, type InstructionOf, type Literal, type Shape, defaultLayout, shapeToStringWithLayout } from "@minixla/hlo";
import type { EvalContext } from "../kernel.ts";
import { arrayOperand, arrayResult, product, stridesOf } from "./view.ts";

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
  if (from.elementType !== out.elementType) {
    throw new EvalError(
      `${inst.name} (bitcast): a bitcast from ${shapeToStringWithLayout(from)} to ${shapeToStringWithLayout(out)} changes the element type, which minixla cannot evaluate (it keeps values, not bits; bitcast-convert reinterprets element by element)`,
    );
  }
  if (product(out.dimensions) !== x.data.length) {
    throw new EvalError(`${inst.name} (bitcast): cannot bitcast ${x.data.length} elements into ${shapeToStringWithLayout(out)}`);
  }
  const fromLayout = layoutOf(from);
  const toLayout = layoutOf(out);
  const fromRowMajor = isRowMajor(fromLayout);
  const toRowMajor = isRowMajor(toLayout);
  // Both row-major: the physical order is the logical one, as for reshape.
  if (fromRowMajor && toRowMajor) return { shape: out, data: x.data };
  const n = x.data.length;
  const data = new Float64Array(n);
  const src = x.data;
  if (fromRowMajor) {
    const dst = physicalOffsets(out.dimensions, toLayout);
    for (let k = 0; k < n; k++) data[dst[k]] = src[k];
  } else if (toRowMajor) {
    const at = physicalOffsets(x.shape.dimensions, fromLayout);
    for (let k = 0; k < n; k++) data[k] = src[at[k]];
  } else {
    const at = physicalOffsets(x.shape.dimensions, fromLayout);
    const dst = physicalOffsets(out.dimensions, toLayout);
    for (let k = 0; k < n; k++) data[dst[k]] = src[at[k]];
  }
  return { shape: out, data };
}
