/**
 * XlaBuilder's convolution methods (XLA's Conv, ConvWithGeneralPadding,
 * ConvWithGeneralDimensions, ConvGeneral, ConvGeneralDilated): default
 * dimension numbers, SAME/VALID padding, the window they record, preferred
 * element types and precision, and the builder-side checks in XLA's words.
 */
import { type ConvolutionDimensionNumbers, printHloModule, shape } from "@minixla/hlo";
import { shapeErrorMessage as message } from "@minixla/hlo/test_support";
import { describe, expect, it } from "vitest";
import { XlaBuilder } from "./builder.ts";

const NHWC: ConvolutionDimensionNumbers = {
  inputBatchDimension: 0, inputFeatureDimension: 3, inputSpatialDimensions: [1, 2],
  kernelInputFeatureDimension: 2, kernelOutputFeatureDimension: 3, kernelSpatialDimensions: [0, 1],
  outputBatchDimension: 0, outputFeatureDimension: 3, outputSpatialDimensions: [1, 2],
};
const convLine = (b: XlaBuilder) => printHloModule(b.build()).split("\n").find((l) => l.includes(" convolution(")) as string;

describe("XlaBuilder convolution", () => {
  it("conv uses bf01_oi01->bf01 and SAME pads as TensorFlow does (the odd pixel after)", () => {
    const b = new XlaBuilder("t");
    const x = b.parameter(0, shape("f32", [1, 2, 5, 6]), "x");
    const w = b.parameter(1, shape("f32", [4, 2, 2, 3]), "w");
    const c = b.conv(x, w, [2, 2], "SAME");
    expect(b.getShape(c)).toEqual(shape("f32", [1, 4, 3, 3]));
    expect(convLine(b)).toContain("convolution(x, w), window={size=2x3 stride=2x2 pad=0_1x0_1}, dim_labels=bf01_oi01->bf01");
    const v = new XlaBuilder("v");
    const c2 = v.conv(v.parameter(0, shape("f32", [1, 2, 5, 6]), "x"), v.parameter(1, shape("f32", [4, 2, 2, 3]), "w"), [1, 1], "VALID");
    expect(v.getShape(c2)).toEqual(shape("f32", [1, 4, 4, 4]));
  });

  it("convWithGeneralPadding and convGeneralDilated record padding, dilations, groups, precision and the preferred type", () => {
    const b = new XlaBuilder("t");
    const x = b.parameter(0, shape("f32", [1, 4, 7]), "x");
    const w = b.parameter(1, shape("f32", [6, 2, 3]), "w");
    expect(b.getShape(b.convWithGeneralPadding(x, w, [1], [[-1, 2]], 2))).toEqual(shape("f32", [1, 6, 6]));
    const s = new XlaBuilder("s");
    const xi = s.parameter(0, shape("s8", [1, 5, 5, 2]), "x");
    const wi = s.parameter(1, shape("s8", [2, 2, 2, 3]), "w");
    const c = s.convGeneralDilated(xi, wi, [1, 2], [[1, 0], [0, 0]], [2, 1], [1, 2], NHWC, 1, 1, ["HIGH", "DEFAULT"], "s32");
    expect(s.getShape(c)).toEqual(shape("s32", [1, 9, 2, 3]));
    expect(convLine(s)).toContain(
      "s32[1,9,2,3]{3,2,1,0} convolution(x, w), window={size=2x2 stride=1x2 pad=1_0x0_0 lhs_dilate=2x1 rhs_dilate=1x2}, dim_labels=b01f_01io->b01f, operand_precision={high,default}",
    );
  });

  it("refuses bad calls with XLA's builder messages", () => {
    const b = new XlaBuilder("t");
    const x = b.parameter(0, shape("f32", [1, 5, 5, 2]), "x");
    const w = b.parameter(1, shape("f32", [2, 2, 2, 3]), "w");
    const w3 = b.parameter(2, shape("f32", [2, 2, 3]), "w3");
    expect(message(() => b.convGeneralDilated(x, w3, [], [], [], [], NHWC))).toBe(
      "convolution: Convolution arguments must have same number of dimensions. Got: f32[1,5,5,2] and f32[2,2,3]",
    );
    expect(message(() => b.convGeneralDilated(x, w, [], [], [], [], { ...NHWC, kernelSpatialDimensions: [0, 4] }))).toBe(
      "convolution: Convolution kernel_spatial_dimensions[1] is out of bounds: 4",
    );
    expect(message(() => b.convGeneralDilated(x, w, [], [], [], [], { ...NHWC, outputSpatialDimensions: [1] }))).toBe(
      "convolution: Expected 2 elements for output_spatial_dimensions, but got 1.",
    );
    expect(message(() => b.convGeneralDilated(x, w, [1], [], [], [], NHWC))).toBe(
      "convolution: Window has different number of window dimensions than of window strides\nNumber of window dimensions: 2\nNumber of window strides: 1\n",
    );
    expect(message(() => b.convGeneralDilated(x, w, [], [], [], [], NHWC, 2))).toMatch(
      /^convolution: Expected LHS feature dimension \(value 2\) to be a multiple of feature_group_count \(value 2\), and LHS feature dimension \/ feature_group_count = RHS feature dimension \(value 2\)/,
    );
    // XLA's MaybeUpcast lets a float operand take any preferred type, but an integer one may not narrow.
    expect(b.getShape(b.convGeneralDilated(x, w, [], [], [], [], NHWC, 1, 1, undefined, "f16"))).toEqual(shape("f16", [1, 4, 4, 3]));
    const xi = b.parameter(3, shape("s32", [1, 5, 5, 2]), "xi");
    const wi = b.parameter(4, shape("s32", [2, 2, 2, 3]), "wi");
    expect(message(() => b.convGeneralDilated(xi, wi, [], [], [], [], NHWC, 1, 1, undefined, "s8"))).toBe(
      "convolution: `preferred_element_type` must not be narrower than the original type. (operand shapes s32[1,5,5,2], s32[2,2,2,3])",
    );
  });
});
