import { describe, expect, it } from "vitest";
import type { ConvolutionDimensionNumbers, WindowDimension } from "../attributes.ts";
import type { ElementType } from "../element_type.ts";
import { type Shape, shape, tupleShape } from "../shape.ts";
import { shapeErrorMessage as message } from "../test_support.ts";
import { inferShape } from "./shape_inference.ts";

/** b01f_01io->b01f (NHWC, HWIO). */
const NHWC: ConvolutionDimensionNumbers = {
  inputBatchDimension: 0, inputFeatureDimension: 3, inputSpatialDimensions: [1, 2],
  kernelInputFeatureDimension: 2, kernelOutputFeatureDimension: 3, kernelSpatialDimensions: [0, 1],
  outputBatchDimension: 0, outputFeatureDimension: 3, outputSpatialDimensions: [1, 2],
};
const DEBUG = "kernel_input_feature_dimension: 2 kernel_output_feature_dimension: 3 kernel_spatial_dimensions: 0 kernel_spatial_dimensions: 1 " +
  "input_feature_dimension: 3 output_feature_dimension: 3 input_spatial_dimensions: 1 input_spatial_dimensions: 2 " +
  "output_spatial_dimensions: 1 output_spatial_dimensions: 2";

const win = (size: number, o: Partial<WindowDimension> = {}): WindowDimension => ({
  size, stride: 1, padLow: 0, padHigh: 0, baseDilation: 1, windowDilation: 1, windowReversal: false, ...o,
});

interface Opts {
  readonly window?: readonly WindowDimension[];
  readonly dnums?: ConvolutionDimensionNumbers;
  readonly fgc?: number;
  readonly bgc?: number;
  readonly preferred?: ElementType;
}
const conv = (lhs: Shape, rhs: Shape, o: Opts = {}) =>
  inferShape({
    opcode: "convolution",
    operands: [lhs, rhs],
    attributes: {
      window: [...(o.window ?? [win(3), win(3)])],
      dimensionNumbers: o.dnums ?? NHWC,
      featureGroupCount: o.fgc ?? 1,
      batchGroupCount: o.bgc ?? 1,
    },
    called: [],
    declared: o.preferred === undefined ? undefined : shape(o.preferred, []),
  });
const f32 = (...d: number[]) => shape("f32", d);

describe("convolution shape inference (InferConvolveShape)", () => {
  it("gives batch, output features and the window positions of each spatial dimension", () => {
    expect(conv(f32(2, 7, 7, 4), f32(3, 3, 4, 5))).toEqual(f32(2, 5, 5, 5));
    expect(conv(f32(1, 7, 7, 4), f32(3, 3, 4, 5), { window: [win(3, { stride: 2 }), win(3, { stride: 2 })] })).toEqual(f32(1, 3, 3, 5));
    // SAME padding, lhs dilation (transposed convolution), rhs dilation (atrous).
    expect(conv(f32(1, 5, 5, 1), f32(3, 3, 1, 1), { window: [win(3, { padLow: 1, padHigh: 1 }), win(3, { padLow: 1, padHigh: 1 })] })).toEqual(f32(1, 5, 5, 1));
    expect(conv(f32(1, 3, 3, 1), f32(2, 2, 1, 1), { window: [win(2, { baseDilation: 2, padLow: 1, padHigh: 1 }), win(2)] })).toEqual(f32(1, 6, 2, 1));
    expect(conv(f32(1, 9, 9, 1), f32(3, 3, 1, 1), { window: [win(3, { windowDilation: 3 }), win(3)] })).toEqual(f32(1, 3, 7, 1));
    // Negative padding crops; a window larger than the input gives zero positions.
    expect(conv(f32(1, 6, 6, 1), f32(3, 3, 1, 1), { window: [win(3, { padLow: -2 }), win(3, { padHigh: -4 })] })).toEqual(f32(1, 2, 0, 1));
  });
  it("divides the batch by batch_group_count and checks feature groups", () => {
    expect(conv(f32(4, 5, 5, 2), f32(3, 3, 2, 6), { bgc: 2 })).toEqual(f32(2, 3, 3, 6));
    expect(conv(f32(1, 5, 5, 6), f32(3, 3, 2, 9), { fgc: 3 })).toEqual(f32(1, 3, 3, 9));
  });
  it("takes a preferred element type; an integer one may not be narrower", () => {
    expect(conv(shape("s8", [1, 3, 3, 1]), shape("s8", [3, 3, 1, 1]), { preferred: "s32" })).toEqual(shape("s32", [1, 1, 1, 1]));
    expect(conv(shape("bf16", [1, 3, 3, 1]), shape("bf16", [3, 3, 1, 1]), { preferred: "f32" })).toEqual(shape("f32", [1, 1, 1, 1]));
    expect(conv(shape("f32", [1, 3, 3, 1]), shape("bf16", [3, 3, 1, 1]))).toEqual(shape("f32", [1, 1, 1, 1]));
    expect(message(() => conv(shape("s32", [1, 3, 3, 1]), shape("s32", [3, 3, 1, 1]), { preferred: "s8" }))).toBe(
      "convolution: `preferred_element_type` must not be narrower than the original type.",
    );
  });
  it("handles a convolution without spatial dimensions and zero-sized dimensions", () => {
    const dn: ConvolutionDimensionNumbers = {
      inputBatchDimension: 0, inputFeatureDimension: 1, inputSpatialDimensions: [],
      kernelInputFeatureDimension: 0, kernelOutputFeatureDimension: 1, kernelSpatialDimensions: [],
      outputBatchDimension: 1, outputFeatureDimension: 0, outputSpatialDimensions: [],
    };
    expect(conv(f32(3, 4), f32(4, 5), { window: [], dnums: dn })).toEqual(f32(5, 3));
    expect(conv(f32(0, 7, 7, 0), f32(3, 3, 0, 5))).toEqual(f32(0, 5, 5, 5));
  });
  it("words its errors as XLA does", () => {
    const l = f32(1, 7, 7, 4);
    const r = f32(3, 3, 4, 5);
    const got = "got <conv>(f32[1,7,7,4], f32[3,3,4,5])\nDimension numbers: {" + DEBUG + "}.";
    expect(message(() => conv(tupleShape([l]), r))).toBe("convolution: Expected array argument for lhs of convolution, but got (f32[1,7,7,4]).");
    expect(message(() => conv(l, r, { fgc: 0 }))).toBe("convolution: feature_group_count must be a positive number, got 0");
    expect(message(() => conv(l, r, { bgc: -1 }))).toBe("convolution: batch_group_count must be a positive number, got -1");
    expect(message(() => conv(l, r, { bgc: 2, fgc: 2 }))).toBe("convolution: both batch_group_count 2 and feature_group_count 2 cannot be greater than 1");
    expect(message(() => conv(l, r, { dnums: { ...NHWC, kernelSpatialDimensions: [0] } }))).toBe(
      "convolution: Both arguments to convolution must have same number of dimensions.\nNumbers: " + DEBUG.replace(" kernel_spatial_dimensions: 1", ""),
    );
    expect(message(() => conv(l, r, { dnums: { ...NHWC, outputSpatialDimensions: [1] } }))).toBe(
      "convolution: Both input and output of convolution must have same number of dimensions.\nNumbers: " + DEBUG.replace(" output_spatial_dimensions: 2", ""),
    );
    expect(message(() => conv(l, r, { window: [win(3)] }))).toBe(
      `convolution: Window must have same number of dimensions as dimension numbers.\nWindow: {size=3 stride=1 pad=0_0}\nDimension numbers: ${DEBUG}.`,
    );
    expect(message(() => conv(f32(1, 7, 7), r))).toBe("convolution: The LHS argument to a convolution should have rank 4; lhs: f32[1,7,7].");
    expect(message(() => conv(l, f32(3, 3, 4)))).toBe("convolution: The RHS argument to a convolution should have rank 4; rhs: f32[3,3,4].");
    expect(message(() => conv(l, r, { dnums: { ...NHWC, inputBatchDimension: 4 } }))).toBe(
      `convolution: A dimension number is out of range in convolution: ${DEBUG.replace(" input_feature_dimension: 3", " input_batch_dimension: 4 input_feature_dimension: 3")}.`,
    );
    expect(message(() => conv(l, r, { dnums: { ...NHWC, inputBatchDimension: 3 } }))).toMatch(/^convolution: Input dimensions of convolution must contain each dimension exactly once: /);
    expect(message(() => conv(l, r, { dnums: { ...NHWC, kernelInputFeatureDimension: 3 } }))).toMatch(/^convolution: Window dimensions of convolution must contain each dimension exactly once: /);
    expect(message(() => conv(l, r, { dnums: { ...NHWC, outputFeatureDimension: 1 } }))).toMatch(/^convolution: Output dimensions of convolution must contain each dimension exactly once: /);
    expect(message(() => conv(l, f32(3, 3, 4, 5), { bgc: 2 }))).toBe(
      `convolution: Expected output feature dimension size (value 5) to be a multiple of batch group count 2; ${got}`,
    );
    expect(message(() => conv(l, f32(3, 3, 3, 5)))).toBe(
      "convolution: Expected LHS feature dimension (value 4) to be a multiple of feature_group_count (value 1), and LHS feature dimension / " +
        `feature_group_count = RHS feature dimension (value 3); got <conv>(f32[1,7,7,4], f32[3,3,3,5])\nDimension numbers: {${DEBUG}}.`,
    );
    expect(message(() => conv(l, f32(3, 3, 2, 5), { fgc: 2 }))).toBe(
      "convolution: Expected output feature dimension (value 5) to be divisible by feature_group_count (value 2); " +
        `got <conv>(f32[1,7,7,4], f32[3,3,2,5])\nDimension numbers: {${DEBUG}}.`,
    );
    expect(message(() => conv(l, f32(3, 3, 4, 6), { bgc: 2 }))).toBe(
      "convolution: Expected input batch dimension (value 1) to be divisible by batch_group_count (value 2); " +
        `got <conv>(f32[1,7,7,4], f32[3,3,4,6])\nDimension numbers: {${DEBUG}}.`,
    );
    expect(message(() => conv(l, r, { window: [win(3), win(2)] }))).toBe(
      `convolution: Window dimensions do not match RHS shape:\n\tRHS shape: f32[3,3,4,5]\n\tWindow: {size=3x2 stride=1x1 pad=0_0x0_0}\n\tDimension numbers: {${DEBUG}}.`,
    );
    expect(message(() => conv(l, r, { window: [win(3, { stride: 0 }), win(3)] }))).toBe(
      "convolution: Window {size=3x3 stride=0x1 pad=0_0x0_0} has a non-positive stride.",
    );
    expect(message(() => conv(l, r, { window: [win(3, { baseDilation: 0 }), win(3)] }))).toBe(
      "convolution: Window {size=3x3 stride=1x1 pad=0_0x0_0 lhs_dilate=0x1} has a non-positive base area dilation factor.",
    );
  });
});
