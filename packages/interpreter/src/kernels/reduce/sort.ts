/**
 * sort: sorts every row along `dimension`, permuting all operands together.
 * The comparator computation receives 2N scalars (lhs_0, rhs_0, lhs_1, rhs_1,
 * ...) and answers pred "lhs < rhs". A bottom-up merge sort that takes the
 * right element only when it is strictly less keeps equal elements in order,
 * so it serves both is_stable=true and false (any correct order is allowed
 * for the latter). It asks the comparator only O(n log n) times, passing
 * each element as a scalar literal in its own storage (bigint for s64/u64,
 * a (re, im) pair for complex types).
 */
import { type ArrayLiteral, EvalError, type InstructionOf, type Literal, isTupleLiteral, shapeToString, tupleLiteral } from "@minixla/hlo";
import type { EvalContext } from "../../kernel.ts";
import { allocLike, arrayOperand, arrayResult, copySlots, elementScalar, lanesOf, product } from "../support/view.ts";

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
  const comparator = inst.called[0];
  const args: Literal[] = new Array<Literal>(2 * n);
  const results = inputs.map((l) => allocLike(l.data, l.data.length));
  for (let o = 0; o < outer; o++) {
    for (let i = 0; i < inner; i++) {
      const base = o * len * inner + i;
      const less = (a: number, b: number): boolean => {
        for (let q = 0; q < n; q++) {
          args[2 * q] = elementScalar(inputs[q], base + a * inner);
          args[2 * q + 1] = elementScalar(inputs[q], base + b * inner);
        }
        return predicate(inst, ctx.call(comparator, args));
      };
      const perm = mergeSortPermutation(len, less);
      for (let q = 0; q < n; q++) {
        const lanes = lanesOf(inputs[q]);
        const src = inputs[q].data;
        const dst = results[q];
        if (lanes === 1 && src instanceof Float64Array && dst instanceof Float64Array) {
          for (let k = 0; k < len; k++) dst[base + k * inner] = src[base + perm[k] * inner];
        } else {
          for (let k = 0; k < len; k++) copySlots(dst, lanes * (base + k * inner), src, lanes * (base + perm[k] * inner), lanes);
        }
      }
    }
  }
  const literals: ArrayLiteral[] = results.map((data, q) => ({ shape: inputs[q].shape, data }));
  if (n === 1) return { shape: arrayResult(inst), data: results[0] };
  return tupleLiteral(literals);
}

/** The comparator's answer: a pred scalar. */
function predicate(inst: InstructionOf<"sort">, l: Literal): boolean {
  if (isTupleLiteral(l) || l.data.length !== 1) {
    throw new EvalError(`${inst.name} (sort): comparator ${inst.called[0]} must return a pred scalar, but returned ${shapeToString(l.shape)}`);
  }
  return l.data[0] !== 0 && l.data[0] !== 0n;
}
