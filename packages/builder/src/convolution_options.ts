/**
 * The builder's side of convolution, as XlaBuilder does it: the default
 * dimension numbers (bf01_oi01->bf01), SAME/VALID padding (MakePadding), the
 * checks of VerifyConvolution and InferWindowFromDimensions with their
 * messages, and the window made from strides, padding and dilations.
 */
import { type ArrayShape, type AttributesOf, type ConvolutionDimensionNumbers, ShapeError, shapeToString } from "@minixla/hlo";

export type ConvolutionAttributes = AttributesOf<"convolution">;

/** XLA's Padding enum: SAME keeps ceil(input / stride) outputs, VALID pads nothing. */
export type Padding = "SAME" | "VALID";

/** CreateDefaultConvDimensionNumbers: batch, feature, then spatial dimensions; kernel output feature first. */
export function defaultConvDimensionNumbers(numSpatialDims: number): ConvolutionDimensionNumbers {
  const spatial = Array.from({ length: numSpatialDims }, (_, i) => i + 2);
  return {
    inputBatchDimension: 0,
    inputFeatureDimension: 1,
    inputSpatialDimensions: spatial,
    kernelOutputFeatureDimension: 0,
    kernelInputFeatureDimension: 1,
    kernelSpatialDimensions: [...spatial],
    outputBatchDimension: 0,
    outputFeatureDimension: 1,
    outputSpatialDimensions: [...spatial],
  };
}

/** XlaBuilder::VerifyConvolution, in XLA's words. */
export function verifyConvolution(lhs: ArrayShape, rhs: ArrayShape, d: ConvolutionDimensionNumbers): void {
  const fail = (m: string): never => {
    throw new ShapeError(`convolution: ${m}`);
  };
  if (lhs.dimensions.length !== rhs.dimensions.length) {
    fail(`Convolution arguments must have same number of dimensions. Got: ${shapeToString(lhs)} and ${shapeToString(rhs)}`);
  }
  const numDims = lhs.dimensions.length;
  if (numDims < 2) fail(`Convolution expects argument arrays with >= 3 dimensions. Got: ${shapeToString(lhs)} and ${shapeToString(rhs)}`);
  const check = (field: string, numbers: readonly number[]) => {
    if (numbers.length !== numDims - 2) fail(`Expected ${numDims - 2} elements for ${field}, but got ${numbers.length}.`);
    numbers.forEach((n, i) => {
      if (n < 0 || n >= numDims) fail(`Convolution ${field}[${i}] is out of bounds: ${n}`);
    });
  };
  check("input_spatial_dimensions", d.inputSpatialDimensions);
  check("kernel_spatial_dimensions", d.kernelSpatialDimensions);
  check("output_spatial_dimensions", d.outputSpatialDimensions);
}

/** MakePadding: [low, high] per spatial dimension for SAME or VALID. */
export function makePadding(inputSizes: readonly number[], windowSizes: readonly number[], strides: readonly number[], padding: Padding): [number, number][] {
  return inputSizes.map((input, i) => {
    if (padding === "VALID") return [0, 0];
    const output = Math.ceil(input / strides[i]);
    const needed = Math.max(0, (output - 1) * strides[i] + windowSizes[i] - input);
    const low = Math.floor(needed / 2);
    return [low, needed - low];
  });
}

/** ShapeInference::InferWindowFromDimensions: every list empty (all defaults) or one entry per window dimension. */
export function makeConvWindow(
  windowSizes: readonly number[],
  strides: readonly number[],
  padding: readonly (readonly [number, number])[],
  lhsDilation: readonly number[],
  rhsDilation: readonly number[],
  windowReversal: readonly boolean[] = [],
): ConvolutionAttributes["window"] {
  const n = windowSizes.length;
  const verify = (x: number, name: string) => {
    if (x !== 0 && x !== n) {
      throw new ShapeError(
        `convolution: Window has different number of window dimensions than of ${name}\nNumber of window dimensions: ${n}\nNumber of ${name}: ${x}\n`,
      );
    }
  };
  verify(strides.length, "window strides");
  verify(padding.length, "padding");
  verify(lhsDilation.length, "lhs dilation");
  verify(rhsDilation.length, "rhs dilation");
  verify(windowReversal.length, "window reversal");
  return windowSizes.map((size, i) => ({
    size,
    stride: strides[i] ?? 1,
    padLow: padding[i]?.[0] ?? 0,
    padHigh: padding[i]?.[1] ?? 0,
    baseDilation: lhsDilation[i] ?? 1,
    windowDilation: rhsDilation[i] ?? 1,
    windowReversal: windowReversal[i] ?? false,
  }));
}
