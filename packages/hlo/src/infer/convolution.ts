/**
 * Shape rule of convolution (XLA's ShapeInference::InferConvolveShape), with
 * its messages. The dimension numbers must name each dimension of lhs, rhs and
 * result exactly once; the window has one entry per spatial dimension, sized
 * as the kernel's spatial dimensions. Result: batch = lhs batch /
 * batch_group_count, feature = kernel output features, each spatial size as a
 * window of the (padded, dilated) input would give. Its element type is the
 * declared (preferred) one if given, else the higher precision of the operands;
 * a preferred integer type may not be narrower than the operands'.
 */
import type { Immutable } from "immer";
import type { ConvolutionDimensionNumbers, WindowDimension } from "../attributes.ts";
import { ELEMENT_TYPE_INFO, type ElementType, higherPrecisionType } from "../element_type.ts";
import { expectArray, isTupleShape, shape, shapeToString } from "../shape.ts";
import { windowOutputShape, windowToString } from "./window.ts";
import { type FamilyRules, fail } from "./rule.ts";
import { isPermutation } from "./data_movement.ts";

type Dnums = Immutable<ConvolutionDimensionNumbers>;

/**
 * ConvolutionDimensionNumbers as protobuf's one-line text form prints them:
 * fields in field-number order, zero scalars omitted (proto3).
 */
export function convolutionDnumsDebugString(d: Dnums): string {
  const parts: string[] = [];
  const one = (name: string, v: number) => {
    if (v !== 0) parts.push(`${name}: ${v}`);
  };
  const many = (name: string, vs: readonly number[]) => vs.forEach((v) => parts.push(`${name}: ${v}`));
  one("kernel_input_feature_dimension", d.kernelInputFeatureDimension);
  one("kernel_output_feature_dimension", d.kernelOutputFeatureDimension);
  many("kernel_spatial_dimensions", d.kernelSpatialDimensions);
  one("input_batch_dimension", d.inputBatchDimension);
  one("input_feature_dimension", d.inputFeatureDimension);
  one("output_batch_dimension", d.outputBatchDimension);
  one("output_feature_dimension", d.outputFeatureDimension);
  many("input_spatial_dimensions", d.inputSpatialDimensions);
  many("output_spatial_dimensions", d.outputSpatialDimensions);
  return parts.join(" ");
}

/** XLA's MaybeUpcast: a preferred type replaces the inferred one, but an integer result may not narrow. */
function maybeUpcast(from: ElementType, preferred: ElementType | undefined): ElementType {
  if (preferred === undefined || preferred === from) return from;
  if (ELEMENT_TYPE_INFO[from].kind !== "float" && ELEMENT_TYPE_INFO[preferred].bitWidth < ELEMENT_TYPE_INFO[from].bitWidth) {
    fail("`preferred_element_type` must not be narrower than the original type.");
  }
  return preferred;
}

export const convolutionRules: FamilyRules<"convolution"> = {
  convolution: ({ operands, attributes, declared }) => {
    const lhs = expectArray(operands[0], "lhs of convolution");
    const rhs = expectArray(operands[1], "rhs of convolution");
    const { featureGroupCount, batchGroupCount, dimensionNumbers: d } = attributes;
    const window = attributes.window as readonly WindowDimension[];
    const debug = convolutionDnumsDebugString(d);
    if (featureGroupCount <= 0) fail(`feature_group_count must be a positive number, got ${featureGroupCount}`);
    if (batchGroupCount <= 0) fail(`batch_group_count must be a positive number, got ${batchGroupCount}`);
    if (batchGroupCount > 1 && featureGroupCount > 1) {
      fail(`both batch_group_count ${batchGroupCount} and feature_group_count ${featureGroupCount} cannot be greater than 1`);
    }
    if (d.inputSpatialDimensions.length !== d.kernelSpatialDimensions.length) {
      fail(`Both arguments to convolution must have same number of dimensions.\nNumbers: ${debug}`);
    }
    if (d.inputSpatialDimensions.length !== d.outputSpatialDimensions.length) {
      fail(`Both input and output of convolution must have same number of dimensions.\nNumbers: ${debug}`);
    }
    const spatial = d.inputSpatialDimensions.length;
    if (window.length !== spatial) {
      fail(`Window must have same number of dimensions as dimension numbers.\nWindow: ${windowToString(window)}\nDimension numbers: ${debug}.`);
    }
    const rank = spatial + 2;
    if (lhs.dimensions.length !== rank) fail(`The LHS argument to a convolution should have rank ${rank}; lhs: ${shapeToString(lhs)}.`);
    if (rhs.dimensions.length !== rank) fail(`The RHS argument to a convolution should have rank ${rank}; rhs: ${shapeToString(rhs)}.`);

    const input = [d.inputBatchDimension, d.inputFeatureDimension, ...d.inputSpatialDimensions];
    const kernel = [d.kernelInputFeatureDimension, d.kernelOutputFeatureDimension, ...d.kernelSpatialDimensions];
    const output = [d.outputBatchDimension, d.outputFeatureDimension, ...d.outputSpatialDimensions];
    const inRange = (xs: readonly number[]) => xs.every((x) => x >= 0 && x < rank);
    if (!inRange(input) || !inRange(kernel) || !inRange(output)) fail(`A dimension number is out of range in convolution: ${debug}.`);
    if (!isPermutation(input, rank)) fail(`Input dimensions of convolution must contain each dimension exactly once: ${debug}.`);
    if (!isPermutation(kernel, rank)) fail(`Window dimensions of convolution must contain each dimension exactly once: ${debug}.`);
    if (!isPermutation(output, rank)) fail(`Output dimensions of convolution must contain each dimension exactly once: ${debug}.`);

    const inputFeatures = lhs.dimensions[d.inputFeatureDimension];
    const inputBatch = lhs.dimensions[d.inputBatchDimension];
    const kernelInputFeatures = rhs.dimensions[d.kernelInputFeatureDimension];
    const kernelOutputFeatures = rhs.dimensions[d.kernelOutputFeatureDimension];
    const got = `got <conv>(${shapeToString(lhs)}, ${shapeToString(rhs)})\nDimension numbers: {${debug}}.`;
    if (kernelOutputFeatures % batchGroupCount !== 0) {
      fail(`Expected output feature dimension size (value ${kernelOutputFeatures}) to be a multiple of batch group count ${batchGroupCount}; ${got}`);
    }
    if (inputFeatures % featureGroupCount !== 0 || inputFeatures / featureGroupCount !== kernelInputFeatures) {
      fail(
        `Expected LHS feature dimension (value ${inputFeatures}) to be a multiple of feature_group_count (value ${featureGroupCount}), ` +
          `and LHS feature dimension / feature_group_count = RHS feature dimension (value ${kernelInputFeatures}); ${got}`,
      );
    }
    if (kernelOutputFeatures % featureGroupCount > 0) {
      fail(`Expected output feature dimension (value ${kernelOutputFeatures}) to be divisible by feature_group_count (value ${featureGroupCount}); ${got}`);
    }
    if (inputBatch % batchGroupCount !== 0) {
      fail(`Expected input batch dimension (value ${inputBatch}) to be divisible by batch_group_count (value ${batchGroupCount}); ${got}`);
    }
    const kernelSpatial = d.kernelSpatialDimensions.map((k) => rhs.dimensions[k]);
    if (kernelSpatial.some((s, i) => s !== window[i].size)) {
      fail(
        `Window dimensions do not match RHS shape:\n\tRHS shape: ${shapeToString(rhs)}\n\tWindow: ${windowToString(window)}\n\tDimension numbers: {${debug}}.`,
      );
    }
    const base = shape(lhs.elementType, d.inputSpatialDimensions.map((i) => lhs.dimensions[i]));
    const spatialOut = windowOutputShape(base, window, lhs.elementType).dimensions;

    const dims = new Array<number>(rank).fill(0);
    dims[d.outputBatchDimension] = inputBatch / batchGroupCount;
    dims[d.outputFeatureDimension] = kernelOutputFeatures;
    d.outputSpatialDimensions.forEach((o, i) => {
      dims[o] = spatialOut[i];
    });
    if (declared && isTupleShape(declared)) fail(`convolution's preferred element type must be an array type; got ${shapeToString(declared)}.`);
    const elementType = maybeUpcast(higherPrecisionType(lhs.elementType, rhs.elementType), declared?.elementType);
    return shape(elementType, dims);
  },
};
