/**
 * Kernels of the dot family: dot with general dimension numbers. The result
 * dimensions are batch ++ lhs free ++ rhs free. Both operands are first laid
 * out as [batch, free, contracting] / [batch, contracting, free] (one strided
 * copy each), then multiplied as batched matrices in i-k-j order so the inner
 * loop runs over contiguous rows.
 *
 * As in XLA's evaluator, f64 results accumulate in f64, and f32/f16/bf16
 * results accumulate in f32 (each product and each partial sum rounded to f32,
 * contracting index ascending), then round to the result type. Integer results
 * are exact with wrap-around: up to 32 bits in int32 arithmetic (Math.imul),
 * 64-bit types in BigInt.
 */
import { ELEMENT_TYPE_INFO, EvalError } from "@minixla/hlo";
import type { FamilyKernels } from "../kernel.ts";
import { arrayOperand, arrayResult, gatherView, product, stridesOf } from "./view.ts";

/** The operand's data with its dimensions reordered to `order` (row-major). */
function laidOut(data: Float64Array, dims: readonly number[], order: readonly number[]): Float64Array {
  const strides = stridesOf(dims);
  const identity = order.every((d, i) => d === i);
  return identity ? data : gatherView(data, 0, order.map((d) => strides[d]), order.map((d) => dims[d]));
}

/** out[b][m][n] = sum_k a[b][m][k] * c[b][k][n], by result kind. */
function batchedMatmul(
  a: Float64Array,
  c: Float64Array,
  batches: number,
  m: number,
  k: number,
  n: number,
  kind: "float64" | "float32" | "int32" | "int64",
  normalize: (x: number) => number,
  unsigned64: boolean,
): Float64Array {
  const out = new Float64Array(batches * m * n);
  if (kind === "float64" || kind === "float32") {
    // A Float32Array row rounds every partial sum to f32 on store.
    const row = kind === "float32" ? new Float32Array(n) : new Float64Array(n);
    const f32 = kind === "float32";
    for (let b = 0; b < batches; b++) {
      for (let i = 0; i < m; i++) {
        row.fill(0);
        const aRow = (b * m + i) * k;
        for (let p = 0; p < k; p++) {
          const av = a[aRow + p];
          const cRow = (b * k + p) * n;
          if (f32) for (let j = 0; j < n; j++) row[j] += Math.fround(av * c[cRow + j]);
          else for (let j = 0; j < n; j++) row[j] += av * c[cRow + j];
        }
        const o = (b * m + i) * n;
        for (let j = 0; j < n; j++) out[o + j] = normalize(row[j]);
      }
    }
  } else if (kind === "int32") {
    const row = new Int32Array(n);
    for (let b = 0; b < batches; b++) {
      for (let i = 0; i < m; i++) {
        row.fill(0);
        const aRow = (b * m + i) * k;
        for (let p = 0; p < k; p++) {
          const av = a[aRow + p];
          const cRow = (b * k + p) * n;
          for (let j = 0; j < n; j++) row[j] = (row[j] + Math.imul(av, c[cRow + j])) | 0;
        }
        const o = (b * m + i) * n;
        for (let j = 0; j < n; j++) out[o + j] = normalize(row[j]);
      }
    }
  } else {
    for (let b = 0; b < batches; b++) {
      for (let i = 0; i < m; i++) {
        for (let j = 0; j < n; j++) {
          let acc = 0n;
          for (let p = 0; p < k; p++) acc += BigInt(a[(b * m + i) * k + p]) * BigInt(c[(b * k + p) * n + j]);
          const wrapped = unsigned64 ? BigInt.asUintN(64, acc) : BigInt.asIntN(64, acc);
          out[(b * m + i) * n + j] = normalize(Number(wrapped));
        }
      }
    }
  }
  return out;
}

export const dotKernels: FamilyKernels<"dot"> = {
  dot: (inst, operands) => {
    const lhs = arrayOperand(inst, operands[0], 0);
    const rhs = arrayOperand(inst, operands[1], 1);
    const out = arrayResult(inst);
    const a = inst.attributes;
    const ld = lhs.shape.dimensions;
    const rd = rhs.shape.dimensions;
    const lhsFree = ld.map((_, d) => d).filter((d) => !a.lhsBatchDimensions.includes(d) && !a.lhsContractingDimensions.includes(d));
    const rhsFree = rd.map((_, d) => d).filter((d) => !a.rhsBatchDimensions.includes(d) && !a.rhsContractingDimensions.includes(d));
    const batches = product(a.lhsBatchDimensions.map((d) => ld[d]));
    const m = product(lhsFree.map((d) => ld[d]));
    const k = product(a.lhsContractingDimensions.map((d) => ld[d]));
    const n = product(rhsFree.map((d) => rd[d]));
    if (k !== product(a.rhsContractingDimensions.map((d) => rd[d])) || batches * m * n !== product(out.dimensions)) {
      throw new EvalError(`${inst.name} (dot): operand shapes do not match the dimension numbers and result shape`);
    }
    const left = laidOut(lhs.data, ld, [...a.lhsBatchDimensions, ...lhsFree, ...a.lhsContractingDimensions]);
    const right = laidOut(rhs.data, rd, [...a.rhsBatchDimensions, ...a.rhsContractingDimensions, ...rhsFree]);
    const info = ELEMENT_TYPE_INFO[out.elementType];
    const kind = info.kind === "float" ? (out.elementType === "f64" ? "float64" : "float32") : info.bitWidth === 64 ? "int64" : "int32";
    const data = batchedMatmul(left, right, batches, m, k, n, kind, info.normalize, out.elementType === "u64");
    return { shape: out, data };
  },
};
