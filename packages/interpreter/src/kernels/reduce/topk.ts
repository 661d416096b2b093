/**
 * topk: for every row of the last dimension, the k largest elements (or, with
 * largest=false, the k smallest) in order, and their s32 positions. XLA CPU
 * sorts each row stably by the total order of the element type, so equal
 * elements come out by ascending position and floats order as
 * -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN (both directions; checked
 * against XLA CPU, see topk.test.ts). A NaN's sign bit is read from storage.
 */
import {
  type ArrayLiteral,
  EvalError,
  type InstructionOf,
  type Literal,
  type LiteralData,
  type TupleLiteral,
  isFloatType,
  tupleLiteral,
} from "@minixla/hlo";
import type { FamilyKernels } from "../../kernel.ts";
import { allocLike, arrayOperand } from "../support/view.ts";

/** -1, 0 or 1 between elements i and j of one storage, by the element type's total order. */
type Compare = (i: number, j: number) => number;

function floatTotalOrder(data: Float64Array): Compare {
  // Word 2i+1 holds element i's sign bit (little-endian float64).
  const words = new Int32Array(data.buffer, data.byteOffset, data.length * 2);
  const nanClass = (i: number): number => (words[2 * i + 1] < 0 ? -1 : 1);
  return (i, j) => {
    const a = data[i];
    const b = data[j];
    if (a < b) return -1;
    if (a > b) return 1;
    const aNaN = a !== a;
    const bNaN = b !== b;
    if (aNaN || bNaN) return (aNaN ? nanClass(i) : 0) - (bNaN ? nanClass(j) : 0);
    // Equal numbers: only -0 and +0 still differ.
    return a === 0 ? (words[2 * j + 1] < 0 ? 1 : 0) - (words[2 * i + 1] < 0 ? 1 : 0) : 0;
  };
}

function numericOrder(data: LiteralData): Compare {
  return (i, j) => {
    const a = data[i];
    const b = data[j];
    return a < b ? -1 : a > b ? 1 : 0;
  };
}

/**
 * The k largest (or smallest) elements of every row of `input`'s last
 * dimension, with their s32 positions; shared by the topk opcode and XLA
 * CPU's TopK custom-call. `who` names the instruction in errors.
 */
export function topkRows(who: string, input: ArrayLiteral, k: number, largest: boolean): TupleLiteral {
  const t = input.shape.elementType;
  if (t === "c64" || t === "c128" || t === "token") throw new EvalError(`${who}: ${t} elements have no order`);
  const dims = input.shape.dimensions;
  const n = dims[dims.length - 1];
  const rows = n === 0 ? 0 : input.data.length / n;
  const compare = isFloatType(t) ? floatTotalOrder(input.data as Float64Array) : numericOrder(input.data);
  const outDims = [...dims.slice(0, -1), k];
  const values = allocLike(input.data, rows * k);
  const indices = new Float64Array(rows * k);
  const order = new Array<number>(n);
  for (let r = 0; r < rows; r++) {
    const base = r * n;
    for (let i = 0; i < n; i++) order[i] = base + i;
    // Array.prototype.sort is stable: ties keep ascending positions.
    order.sort(largest ? (i, j) => compare(j, i) : compare);
    for (let q = 0; q < k; q++) {
      // A same-type set copies bits, so a NaN keeps its sign.
      values.set(input.data.subarray(order[q], order[q] + 1) as never, r * k + q);
      indices[r * k + q] = order[q] - base;
    }
  }
  return tupleLiteral([
    { shape: { elementType: t, dimensions: outDims }, data: values },
    { shape: { elementType: "s32", dimensions: outDims }, data: indices },
  ]);
}

export const topkKernels: FamilyKernels<"topk"> = {
  topk: (inst: InstructionOf<"topk">, operands: readonly Literal[]) =>
    topkRows(`${inst.name} (topk)`, arrayOperand(inst, operands[0], 0), inst.attributes.k, inst.attributes.largest),
};
