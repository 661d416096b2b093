/**
 * Kernel of convolution with XLA's full semantics: dimension numbers in any
 * layout, window stride, padding (negative crops), lhs (base) dilation, rhs
 * (window) dilation and reversal, feature groups and batch groups.
 *
 * Each output element (b, o, spatial p) sums lhs[b', g*Ci + i, x(p,k)] *
 * rhs[i, o, k] over the kernel's spatial positions k (row-major, skipping
 * taps that land in padding or in a dilation hole) and, inside, over the
 * group's input features i (Ci = kernel input features). With feature groups
 * g = o / (O / feature_group_count); with batch groups b' = b + (o / (O /
 * batch_group_count)) * (B / batch_group_count). That order is the one of
 * XLA's evaluator (HandleConvolutionWithLiterals).
 *
 * Operands are first converted to the result type, as XLA does for a
 * preferred element type. Arithmetic, as XLA's evaluator: f64 in f64; f32,
 * f16, bf16 and the f8/f4 types accumulate in f32 (each product and partial
 * sum rounded to f32) and round to the result type at the end; complex sums
 * round each part to the component type after every step. Integers wrap to
 * the result type, as XLA's CPU backend computes them (the evaluator instead
 * clamps the sum to the type's range; the CPU result is the one users get);
 * pred is an OR of ANDs.
 *
 * Speed: per spatial dimension the valid (kernel index, input index) taps of
 * each output position are precomputed once; per output spatial position the
 * taps' flat offsets are formed once and reused for every batch and output
 * feature. The innermost loop runs over output features (a kernel row, as in
 * HWIO), over input features when those are the kernel's minor dimension
 * (01oi), or over groups for a depthwise convolution; every order keeps each
 * output's own summation order. No allocation happens per element.
 */
import {
  ELEMENT_TYPE_INFO,
  type ElementType,
  EvalError,
  type LiteralData,
  allocData,
  elementLanes,
  shapeToString,
  stridesOf,
} from "@minixla/hlo";
import type { FamilyKernels } from "../../kernel.ts";
import { convertScalar } from "../elementwise/convert.ts";
import { convertWide, isWideConversion } from "../elementwise/convert_wide.ts";
import { accumulationKind } from "./accumulation.ts";
import { blockAccumulator } from "./convolution_loops.ts";
import { arrayOperand, arrayResult, product } from "../support/view.ts";

/** The operand's data converted to the result type (Literal::Convert), unchanged when the types agree. */
function convertData(from: ElementType, to: ElementType, data: LiteralData): LiteralData {
  if (from === to) return data;
  const n = data.length / elementLanes(from);
  if (isWideConversion(from, to)) return convertWide(from, to, data, n);
  const scalar = convertScalar(from, to);
  const norm = ELEMENT_TYPE_INFO[to].normalize;
  const src = data as Float64Array;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = norm(scalar(src[i]));
  return out;
}

/** The taps of one spatial dimension: for output position p, pairs (rhs offset, lhs offset) in kernel order. */
interface DimTaps {
  /** start[p]..start[p+1] index into rhs/lhs. */
  readonly start: Int32Array;
  readonly rhs: Int32Array;
  readonly lhs: Int32Array;
}

interface WindowDim {
  readonly size: number;
  readonly stride: number;
  readonly padLow: number;
  readonly baseDilation: number;
  readonly windowDilation: number;
  readonly windowReversal: boolean;
}

function dimTaps(w: WindowDim, outSize: number, inSize: number, rhsStride: number, lhsStride: number): DimTaps {
  const start = new Int32Array(outSize + 1);
  const rhs: number[] = [];
  const lhs: number[] = [];
  for (let p = 0; p < outSize; p++) {
    start[p] = rhs.length;
    for (let k = 0; k < w.size; k++) {
      const undilated = p * w.stride - w.padLow + k * w.windowDilation;
      if (w.baseDilation > 1 && undilated % w.baseDilation !== 0) continue;
      const x = w.baseDilation > 1 ? undilated / w.baseDilation : undilated;
      if (x < 0 || x >= inSize) continue;
      rhs.push((w.windowReversal ? w.size - 1 - k : k) * rhsStride);
      lhs.push(x * lhsStride);
    }
  }
  start[outSize] = rhs.length;
  return { start, rhs: Int32Array.from(rhs), lhs: Int32Array.from(lhs) };
}

export const convolutionKernels: FamilyKernels<"convolution"> = {
  convolution: (inst, operands) => {
    const lhsLit = arrayOperand(inst, operands[0], 0);
    const rhsLit = arrayOperand(inst, operands[1], 1);
    const out = arrayResult(inst);
    const where = `${inst.name} (convolution)`;
    const { dimensionNumbers: d, featureGroupCount, batchGroupCount, window } = inst.attributes;
    const ld = lhsLit.shape.dimensions;
    const rd = rhsLit.shape.dimensions;
    const od = out.dimensions;
    const spatial = d.inputSpatialDimensions.length;
    if (ld.length !== spatial + 2 || rd.length !== spatial + 2 || od.length !== spatial + 2 || window.length !== spatial) {
      throw new EvalError(`${where}: ${shapeToString(lhsLit.shape)}, ${shapeToString(rhsLit.shape)} -> ${shapeToString(out)} do not match the dimension numbers`);
    }
    const resultType = out.elementType;
    const kind = accumulationKind(resultType, where);
    const lhs = convertData(lhsLit.shape.elementType, resultType, lhsLit.data);
    const rhs = convertData(rhsLit.shape.elementType, resultType, rhsLit.data);
    const data = allocData(resultType, product(od));
    if (product(od) === 0) return { shape: out, data };

    const ls = stridesOf(ld);
    const rs = stridesOf(rd);
    const os = stridesOf(od);
    const inFeatures = rd[d.kernelInputFeatureDimension];
    const outFeatures = rd[d.kernelOutputFeatureDimension];
    const outFeaturesPerGroup = outFeatures / featureGroupCount;
    const outFeaturesPerBatchGroup = outFeatures / batchGroupCount;
    const batchGroupSize = ld[d.inputBatchDimension] / batchGroupCount;
    const outBatch = od[d.outputBatchDimension];
    const lBatch = ls[d.inputBatchDimension];
    const lFeat = ls[d.inputFeatureDimension];
    const rOutFeat = rs[d.kernelOutputFeatureDimension];
    const oBatch = os[d.outputBatchDimension];
    const oFeat = os[d.outputFeatureDimension];
    if (ld[d.inputFeatureDimension] !== inFeatures * featureGroupCount || od[d.outputFeatureDimension] !== outFeatures) {
      throw new EvalError(`${where}: feature sizes of ${shapeToString(lhsLit.shape)}, ${shapeToString(rhsLit.shape)} -> ${shapeToString(out)} do not match the group counts`);
    }

    const taps = window.map((w, i) =>
      dimTaps(w, od[d.outputSpatialDimensions[i]], ld[d.inputSpatialDimensions[i]], rs[d.kernelSpatialDimensions[i]], ls[d.inputSpatialDimensions[i]]),
    );
    const outSpatialSizes = d.outputSpatialDimensions.map((o) => od[o]);
    const outSpatialStrides = d.outputSpatialDimensions.map((o) => os[o]);
    // The combined taps of one output spatial position: at most the product of each dimension's most.
    const maxTaps = product(taps.map((t) => {
      let m = 0;
      for (let p = 0; p + 1 < t.start.length; p++) m = Math.max(m, t.start[p + 1] - t.start[p]);
      return m;
    }));
    const lOff = new Int32Array(maxTaps);
    const rOff = new Int32Array(maxTaps);
    // Output features that share lhs elements: a feature group, or a batch group (at most one count exceeds 1).
    const blocks = Math.max(featureGroupCount, batchGroupCount);
    const width = outFeatures / blocks;
    // Depthwise (one output feature per group, real numbers): all groups in one run.
    const allGroups = width === 1 && blocks > 1 && (kind === "float64" || kind === "float32" || kind === "int32");
    const lGroupStep = featureGroupCount > 1 ? inFeatures * lFeat : batchGroupSize * lBatch;
    const acc = blockAccumulator(kind, lhs, rhs, data, {
      n: inFeatures, lStep: lFeat, rStep: rs[d.kernelInputFeatureDimension], width, oStep: rOutFeat,
      groups: allGroups ? blocks : 0, lGroupStep,
    }, resultType);

    // Cartesian product of the dimensions' taps for the position `pos`, in kernel row-major order.
    const combine = (pos: readonly number[]): number => {
      let count = 1;
      lOff[0] = 0;
      rOff[0] = 0;
      for (let i = 0; i < spatial; i++) {
        const t = taps[i];
        const from = t.start[pos[i]];
        const m = t.start[pos[i] + 1] - from;
        if (m === 0) return 0;
        // Expand in place from the back so earlier entries stay readable.
        for (let c = count - 1; c >= 0; c--) {
          const lc = lOff[c];
          const rc = rOff[c];
          for (let j = m - 1; j >= 0; j--) {
            lOff[c * m + j] = lc + t.lhs[from + j];
            rOff[c * m + j] = rc + t.rhs[from + j];
          }
        }
        count *= m;
      }
      return count;
    };

    const pos = new Array<number>(spatial).fill(0);
    const spatialCount = product(outSpatialSizes);
    let outSpatialOffset = 0;
    for (let s = 0; s < spatialCount; s++) {
      const count = combine(pos);
      if (count > 0) {
        for (let b = 0; b < outBatch; b++) {
          if (allGroups) {
            acc.run(b * lBatch, 0, lOff, rOff, count);
            acc.store(outSpatialOffset + b * oBatch, oFeat);
            continue;
          }
          for (let k = 0; k < blocks; k++) {
            const o = k * width;
            const group = Math.floor(o / outFeaturesPerGroup);
            const batchGroup = Math.floor(o / outFeaturesPerBatchGroup);
            acc.run((b + batchGroup * batchGroupSize) * lBatch + group * inFeatures * lFeat, o * rOutFeat, lOff, rOff, count);
            acc.store(outSpatialOffset + b * oBatch + o * oFeat, oFeat);
          }
        }
      }
      // (No tap at all: the zero-filled result is the empty sum; pred: false.)
      // Odometer over the output spatial positions, last dimension fastest.
      for (let i = spatial - 1; i >= 0; i--) {
        pos[i]++;
        outSpatialOffset += outSpatialStrides[i];
        if (pos[i] < outSpatialSizes[i]) break;
        outSpatialOffset -= pos[i] * outSpatialStrides[i];
        pos[i] = 0;
      }
    }
    return { shape: out, data };
  },
};
