/**
 * batch-norm-inference, batch-norm-training and batch-norm-grad, computed as
 * XLA's BatchNormExpander rewrites them (XLA CPU runs that expansion): the
 * same formulas in the same order, each step rounded to the element type.
 * epsilon is XLA's f32 attribute converted to the element type; N is the
 * element count per feature; the variance is biased (E[x^2] - E[x]^2).
 *   inference: x * s + (offset - mean * s), s = scale * rsqrt(var + eps)
 *   training:  ((x - E[x]) * rsqrt(var + eps)) * scale + offset, E[x], var
 *   grad:      see gradKernel.
 * Sums accumulate in float64 and round once, as minixla's reduce does.
 */
import { ELEMENT_TYPE_INFO, EvalError, type InstructionOf, type Literal, tupleLiteral } from "@minixla/hlo";
import type { FamilyKernels } from "../../kernel.ts";
import { arrayOperand, arrayResult, product } from "../support/view.ts";

/** The operand as [outer, features, inner] around the feature dimension. */
interface Layout {
  readonly outer: number;
  readonly features: number;
  readonly inner: number;
}

function layoutOf(dims: readonly number[], featureIndex: number): Layout {
  return { outer: product(dims.slice(0, featureIndex)), features: dims[featureIndex], inner: product(dims.slice(featureIndex + 1)) };
}

/** Calls f(element index, feature) for every element. */
function forEachElement({ outer, features, inner }: Layout, f: (i: number, c: number) => void): void {
  let i = 0;
  for (let o = 0; o < outer; o++) {
    for (let c = 0; c < features; c++) {
      for (let k = 0; k < inner; k++) f(i++, c);
    }
  }
}

function floats(inst: { readonly name: string; readonly opcode: string }, l: Literal | undefined, position: number): Float64Array {
  const a = arrayOperand(inst, l, position);
  if (!(a.data instanceof Float64Array) || a.shape.elementType === "c64" || a.shape.elementType === "c128") {
    throw new EvalError(`${inst.name} (${inst.opcode}): operand ${position} must be a real floating-point array, got ${a.shape.elementType}`);
  }
  return a.data;
}

/** Per-feature sums of g(i), accumulated in float64 and rounded once. */
function featureSums(layout: Layout, round: (x: number) => number, g: (i: number) => number): Float64Array {
  const sums = new Float64Array(layout.features);
  forEachElement(layout, (i, c) => {
    sums[c] += g(i);
  });
  return sums.map(round);
}

function inferenceKernel(inst: InstructionOf<"batch-norm-inference">, operands: readonly Literal[]): Literal {
  const out = arrayResult(inst);
  const round = ELEMENT_TYPE_INFO[out.elementType].normalize;
  const [x, scale, offset, mean, variance] = operands.map((l, i) => floats(inst, l, i));
  const eps = round(inst.attributes.epsilon);
  const layout = layoutOf(out.dimensions, inst.attributes.featureIndex);
  const trueScale = scale.map((s, c) => round(s * round(1 / Math.sqrt(round(variance[c] + eps)))));
  const trueShift = offset.map((o, c) => round(o - round(mean[c] * trueScale[c])));
  const data = new Float64Array(x.length);
  forEachElement(layout, (i, c) => {
    data[i] = round(round(x[i] * trueScale[c]) + trueShift[c]);
  });
  return { shape: out, data };
}

function trainingKernel(inst: InstructionOf<"batch-norm-training">, operands: readonly Literal[]): Literal {
  const x = arrayOperand(inst, operands[0], 0);
  const [xs, scale, offset] = operands.map((l, i) => floats(inst, l, i));
  const t = x.shape.elementType;
  const round = ELEMENT_TYPE_INFO[t].normalize;
  const eps = round(inst.attributes.epsilon);
  const layout = layoutOf(x.shape.dimensions, inst.attributes.featureIndex);
  const count = round(layout.outer * layout.inner);
  const sum = featureSums(layout, round, (i) => xs[i]);
  const squaredSum = featureSums(layout, round, (i) => round(xs[i] * xs[i]));
  const mean = sum.map((s) => round(s / count));
  const variance = squaredSum.map((s, c) => round(round(s / count) - round(mean[c] * mean[c])));
  const rsqrt = variance.map((v) => round(1 / Math.sqrt(round(v + eps))));
  const data = new Float64Array(xs.length);
  forEachElement(layout, (i, c) => {
    const normalized = round(round(xs[i] - mean[c]) * rsqrt[c]);
    data[i] = round(round(normalized * scale[c]) + offset[c]);
  });
  const feature = { elementType: t, dimensions: [layout.features] };
  return tupleLiteral([{ shape: x.shape, data }, { shape: feature, data: mean }, { shape: feature, data: variance }]);
}

/**
 * The expander's gradients, with r = rsqrt(var + eps) and d = x - mean:
 *   grad_offset = sum(dy); grad_scale = sum(dy * d) * r;
 *   grad_x = (scale * r / N) * (dy * N - sum(dy) - d * sum(dy * d) / (var + eps)).
 */
function gradKernel(inst: InstructionOf<"batch-norm-grad">, operands: readonly Literal[]): Literal {
  const x = arrayOperand(inst, operands[0], 0);
  const [xs, scale, mean, variance, dy] = operands.map((l, i) => floats(inst, l, i));
  const t = x.shape.elementType;
  const round = ELEMENT_TYPE_INFO[t].normalize;
  const eps = round(inst.attributes.epsilon);
  const layout = layoutOf(x.shape.dimensions, inst.attributes.featureIndex);
  const count = round(layout.outer * layout.inner);
  const centered = new Float64Array(xs.length);
  forEachElement(layout, (i, c) => {
    centered[i] = round(xs[i] - mean[c]);
  });
  const varEps = variance.map((v) => round(v + eps));
  const rsqrt = varEps.map((v) => round(1 / Math.sqrt(v)));
  const sumDyCentered = featureSums(layout, round, (i) => round(dy[i] * centered[i]));
  const gradOffset = featureSums(layout, round, (i) => dy[i]);
  const gradScale = sumDyCentered.map((s, c) => round(s * rsqrt[c]));
  const factor = scale.map((s, c) => round(round(s * rsqrt[c]) / count));
  const data = new Float64Array(xs.length);
  forEachElement(layout, (i, c) => {
    const i5 = round(round(sumDyCentered[c] * centered[i]) / varEps[c]);
    const i6 = round(round(round(dy[i] * count) - gradOffset[c]) - i5);
    data[i] = round(factor[c] * i6);
  });
  const feature = { elementType: t, dimensions: [layout.features] };
  return tupleLiteral([{ shape: x.shape, data }, { shape: feature, data: gradScale }, { shape: feature, data: gradOffset }]);
}

export const batchNormKernels: FamilyKernels<"batch_norm"> = {
  "batch-norm-inference": inferenceKernel,
  "batch-norm-training": trainingKernel,
  "batch-norm-grad": gradKernel,
};
