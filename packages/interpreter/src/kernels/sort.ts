/**
 * sort: sorts every row along `dimension`, permuting all operands together.
 * The comparator computation receives 2N scalars (lhs_0, rhs_0, lhs_1, rhs_1,
 * ...) and answers pred "lhs < rhs". A bottom-up merge sort that takes the
 * right element only when it is strictly less keeps equal elements in order,
 * so it serves both is_stable=true and false (any correct order is allowed
 * for the latter). It asks the comparator only O(n log n) times.
 */
import { type ArrayLiteral, type InstructionOf, type Literal, tupleLiteral } from "@minixla/hlo";
import type { EvalContext } from "../kernel.ts";
import { scalarCaller } from "./reducer.ts";
import { arrayOperand, arrayResult, product } from "./view.ts";

/** Stable merge sort of `perm` (positions 0..n-1) by less(a, b). */
export function mergeSortPermutation(n: number, less: (a: number, b: number) => boolean): Int32Array {
  let perm = new Int32Array(n);
  for (let i = 0; i < n; i++) perm[i] = i;
  let temp = new Int32Array(n);
  for (let width = 1; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        // Take from the right run only when strictly less: equal keys keep their order.
        if (less(perm[j], perm[i])) temp[k++] = perm[j++];
        else temp[k++] = perm[i++];
      }
      while (i < mid) temp[k++] = perm[i++];
      while (j < hi) temp[k++] = perm[j++];
    }
    [perm, temp] = [temp, perm];
  }
  return perm;
}

export function sortKernel(inst: InstructionOf<"sort">, operands: readonly Literal[], ctx: EvalContext): Literal {
  const inputs = operands.map((l, i) => arrayOperand(inst, l, i));
  const n = inputs.length;
  const dims = inputs[0].shape.dimensions;
  const axis = inst.attributes.dimension;
  const len = dims[axis] ?? 1;
  const inner = product(dims.slice(axis + 1));
  const outer = product(dims.slice(0, axis));
  const types = inputs.flatMap((l) => [l.shape.elementType, l.shape.elementType]);
  const compare = scalarCaller(ctx, inst.called[0], types, `${inst.name} (sort)`);
  const args = new Float64Array(2 * n);
  const results = inputs.map((l) => new Float64Array(l.data.length));
  for (let o = 0; o < outer; o++) {
    for (let i = 0; i < inner; i++) {
      const base = o * len * inner + i;
      const less = (a: number, b: number): boolean => {
        for (let q = 0; q < n; q++) {
          args[2 * q] = inputs[q].data[base + a * inner];
          args[2 * q + 1] = inputs[q].data[base + b * inner];
        }
        return compare(args)[0] !== 0;
      };
      const perm = mergeSortPermutation(len, less);
      for (let q = 0; q < n; q++) {
        const src = inputs[q].data;
        const dst = results[q];
        for (let k = 0; k < len; k++) dst[base + k * inner] = src[base + perm[k] * inner];
      }
    }
  }
  const literals: ArrayLiteral[] = results.map((data, q) => ({ shape: inputs[q].shape, data }));
  if (n === 1) return { shape: arrayResult(inst), data: results[0] };
  return tupleLiteral(literals);
}
