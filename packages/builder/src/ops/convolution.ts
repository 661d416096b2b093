/** XlaBuilder's Conv family, each form filling in defaults and calling the next, down to convGeneralDilated. */
import { type ConvolutionDimensionNumbers, type ElementType, shape } from "@minixla/hlo";
import { type Padding, defaultConvDimensionNumbers, makeConvWindow, makePadding, verifyConvolution } from "../convolution_options.ts";
import type { XlaOp } from "../op.ts";
import type { Recorder } from "../recorder.ts";
import { arrayOf } from "./operand_shapes.ts";

type Pads = readonly (readonly [number, number])[];

export function convGeneralDilated(
  r: Recorder,
  lhs: XlaOp,
  rhs: XlaOp,
  windowStrides: readonly number[],
  padding: Pads,
  lhsDilation: readonly number[],
  rhsDilation: readonly number[],
  dimensionNumbers: ConvolutionDimensionNumbers,
  featureGroupCount: number,
  batchGroupCount: number,
  precisionConfig?: readonly string[],
  preferredElementType?: ElementType,
  windowReversal?: readonly boolean[],
): XlaOp {
  const rs = arrayOf(rhs, "convolution");
  verifyConvolution(arrayOf(lhs, "convolution"), rs, dimensionNumbers);
  const windowSizes = dimensionNumbers.kernelSpatialDimensions.map((d) => rs.dimensions[d]);
  const window = makeConvWindow(windowSizes, windowStrides, padding, lhsDilation, rhsDilation, windowReversal);
  const d = dimensionNumbers;
  return r.add("convolution", [lhs, rhs], {
    window,
    dimensionNumbers: {
      ...d,
      inputSpatialDimensions: [...d.inputSpatialDimensions],
      kernelSpatialDimensions: [...d.kernelSpatialDimensions],
      outputSpatialDimensions: [...d.outputSpatialDimensions],
    },
    featureGroupCount,
    batchGroupCount,
    ...(precisionConfig === undefined ? {} : { operandPrecision: precisionConfig.map((p) => p.toLowerCase()) }),
  }, { declared: preferredElementType ? shape(preferredElementType, []) : undefined });
}

export function convGeneral(
  r: Recorder, lhs: XlaOp, rhs: XlaOp, windowStrides: readonly number[], padding: Pads,
  dimensionNumbers: ConvolutionDimensionNumbers, featureGroupCount: number, batchGroupCount: number,
  precisionConfig?: readonly string[], preferredElementType?: ElementType,
): XlaOp {
  return convGeneralDilated(r, lhs, rhs, windowStrides, padding, [], [], dimensionNumbers, featureGroupCount, batchGroupCount, precisionConfig, preferredElementType);
}

export function convWithGeneralDimensions(
  r: Recorder, lhs: XlaOp, rhs: XlaOp, windowStrides: readonly number[], padding: Padding,
  dimensionNumbers: ConvolutionDimensionNumbers, featureGroupCount: number, batchGroupCount: number,
  precisionConfig?: readonly string[], preferredElementType?: ElementType,
): XlaOp {
  const l = arrayOf(lhs, "convolution");
  const rs = arrayOf(rhs, "convolution");
  verifyConvolution(l, rs, dimensionNumbers);
  const pads = makePadding(
    dimensionNumbers.inputSpatialDimensions.map((d) => l.dimensions[d]),
    dimensionNumbers.kernelSpatialDimensions.map((d) => rs.dimensions[d]),
    windowStrides.length === 0 ? dimensionNumbers.inputSpatialDimensions.map(() => 1) : windowStrides,
    padding,
  );
  return convGeneral(r, lhs, rhs, windowStrides, pads, dimensionNumbers, featureGroupCount, batchGroupCount, precisionConfig, preferredElementType);
}

export function conv(
  r: Recorder, lhs: XlaOp, rhs: XlaOp, windowStrides: readonly number[], padding: Padding, featureGroupCount: number, batchGroupCount: number,
  precisionConfig?: readonly string[], preferredElementType?: ElementType,
): XlaOp {
  const dnums = defaultConvDimensionNumbers(windowStrides.length);
  return convWithGeneralDimensions(r, lhs, rhs, windowStrides, padding, dnums, featureGroupCount, batchGroupCount, precisionConfig, preferredElementType);
}

export function convWithGeneralPadding(
  r: Recorder, lhs: XlaOp, rhs: XlaOp, windowStrides: readonly number[], padding: Pads,
  featureGroupCount: number, batchGroupCount: number, precisionConfig?: readonly string[], preferredElementType?: ElementType,
): XlaOp {
  const dnums = defaultConvDimensionNumbers(windowStrides.length);
  return convGeneral(r, lhs, rhs, windowStrides, padding, dnums, featureGroupCount, batchGroupCount, precisionConfig, preferredElementType);
}
