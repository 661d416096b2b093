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
 * s64/u64 in BigInt (stored into BigInt64Array/BigUint64Array, which wrap).
 * Complex results sum complex products, rounding each part to the component
 * type (f32 for c64) after every step.
 */
import { ELEMENT_TYPE_INFO, EvalError, type LiteralData, allocData, elementLanes, shapeToString } from "@minixla/hlo";
import type { FamilyKernels } from "../../kernel.ts";
import { numericsOf } from "../../numerics/index.ts";
import { accumulationKind } from "./accumulation.ts";
import { arrayOperand, arrayResult, gatherView, product, stridesOf } from "../support/view.ts";

/** The operand's data with its dimensions reordered to `order` (row-major); `lanes` slots per element. */
function laidOut<D extends LiteralData>(data: D, dims: readonly number[], order: readonly number[], lanes: 1 | 2): D {
  const strides = stridesOf(dims);
  const identity = order.every((d, i) => d === i);
  return identity ? data : gatherView(data, 0, order.map((d) => strides[d]), order.map((d) => dims[d]), lanes);
}

/** Operand values as float64 (s64/u64 rounded to nearest, for a float result). */
function asFloat64(d: LiteralData): Float64Array {
  return d instanceof Float64Array ? d : Float64Array.from(d, Number);
}

/** Operand values as int32 words: products and sums modulo 2^32 depend on nothing more. */
function asInt32(d: LiteralData): Float64Array {
  return d instanceof Float64Array ? d : Float64Array.from(d, (v) => Number(BigInt.asIntN(32, v)));
}

/** Operand values as bigints (numbers are exact integers here). */
function asBigInts(d: LiteralData): readonly bigint[] {
  return d instanceof Float64Array ? Array.from(d, (v) => BigInt(v)) : Array.from(d);
}

export interface Dims {
  readonly batches: number;
  readonly m: number;
  readonly k: number;
  readonly n: number;
}

/** out[b][m][n] = sum_k a[b][m][k] * c[b][k][n] for float and up-to-32-bit integer results (Float64Array). */
function matmulNumbers(a: Float64Array, c: Float64Array, { batches, m, k, n }: Dims, kind: "float64" | "float32" | "int32", normalize: (x: number) => number): Float64Array {
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
    return out;
  }
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
  return out;
}

/** s64/u64 results: exact BigInt sums of products, wrapped to 64 bits when stored. */
function matmulBig(a: readonly bigint[], c: readonly bigint[], { batches, m, k, n }: Dims, out: BigInt64Array | BigUint64Array): void {
  for (let b = 0; b < batches; b++) {
    for (let i = 0; i < m; i++) {
      for (let j = 0; j < n; j++) {
        let acc = 0n;
        for (let p = 0; p < k; p++) acc += a[(b * m + i) * k + p] * c[(b * k + p) * n + j];
        out[(b * m + i) * n + j] = acc;
      }
    }
  }
}

/** Complex results: complex products summed in contracting order, each part rounded to the component type after every step. */
function matmulComplex(a: Float64Array, c: Float64Array, { batches, m, k, n }: Dims, round: (x: number) => number): Float64Array {
  const out = new Float64Array(2 * batches * m * n);
  for (let b = 0; b < batches; b++) {
    for (let i = 0; i < m; i++) {
      for (let j = 0; j < n; j++) {
        let re = 0;
        let im = 0;
        for (let p = 0; p < k; p++) {
          const x = 2 * ((b * m + i) * k + p);
          const y = 2 * ((b * k + p) * n + j);
          const pr = round(round(a[x] * c[y]) - round(a[x + 1] * c[y + 1]));
          const pi = round(round(a[x] * c[y + 1]) + round(a[x + 1] * c[y]));
          re = round(re + pr);
          im = round(im + pi);
        }
        const o = 2 * ((b * m + i) * n + j);
        out[o] = re;
        out[o + 1] = im;
      }
    }
  }
  return out;
}

export const dotKernels: FamilyKernels<"dot"> = {
  dot: (inst, operands, ctx) => {
    const lhs = arrayOperand(inst, operands[0], 0);
    const rhs = arrayOperand(inst, operands[1], 1);
    const out = arrayResult(inst);
    const a = inst.attributes;
    const ld = lhs.shape.dimensions;
    const rd = rhs.shape.dimensions;
    const lhsFree = ld.map((_, d) => d).filter((d) => !a.lhsBatchDimensions.includes(d) && !a.lhsContractingDimensions.includes(d));
    const rhsFree = rd.map((_, d) => d).filter((d) => !a.rhsBatchDimensions.includes(d) && !a.rhsContractingDimensions.includes(d));
    const sizes: Dims = {
      batches: product(a.lhsBatchDimensions.map((d) => ld[d])),
      m: product(lhsFree.map((d) => ld[d])),
      k: product(a.lhsContractingDimensions.map((d) => ld[d])),
      n: product(rhsFree.map((d) => rd[d])),
    };
    if (sizes.k !== product(a.rhsContractingDimensions.map((d) => rd[d])) || sizes.batches * sizes.m * sizes.n !== product(out.dimensions)) {
      throw new EvalError(`${inst.name} (dot): operand shapes do not match the dimension numbers and result shape`);
    }
    const kind = accumulationKind(out.elementType, "dot");
    const lanes = elementLanes(lhs.shape.elementType);
    if ((kind === "complex") !== (lanes === 2) || lanes !== elementLanes(rhs.shape.elementType)) {
      throw new EvalError(`${inst.name} (dot): ${shapeToString(lhs.shape)} . ${shapeToString(rhs.shape)} -> ${shapeToString(out)} mixes complex and real types`);
    }
    const left = laidOut(lhs.data, ld, [...a.lhsBatchDimensions, ...lhsFree, ...a.lhsContractingDimensions], lanes);
    const right = laidOut(rhs.data, rd, [...a.rhsBatchDimensions, ...a.rhsContractingDimensions, ...rhsFree], lanes);
    const info = ELEMENT_TYPE_INFO[out.elementType];
    switch (kind) {
      case "float64":
      case "float32": {
        const own = numericsOf(ctx.options.numerics).dotFloat;
        if (own !== undefined) return { shape: out, data: own(asFloat64(left), asFloat64(right), sizes, kind === "float32", info.normalize) };
        return { shape: out, data: matmulNumbers(asFloat64(left), asFloat64(right), sizes, kind, info.normalize) };
      }
      case "int32":
        return { shape: out, data: matmulNumbers(asInt32(left), asInt32(right), sizes, kind, info.normalize) };
      case "int64": {
        const data = allocData(out.elementType, sizes.batches * sizes.m * sizes.n) as BigInt64Array | BigUint64Array;
        matmulBig(asBigInts(left), asBigInts(right), sizes, data);
        return { shape: out, data };
      }
      case "complex":
        return { shape: out, data: matmulComplex(left as Float64Array, right as Float64Array, sizes, info.normalize) };
      default:
        return kind satisfies never;
    }
  },
};
