/**
 * Shape rules of batch-norm-training, batch-norm-inference and
 * batch-norm-grad: the operand is normalized per feature (dimension
 * feature_index); scale, offset, mean and variance are rank-1 vectors of the
 * feature count. Messages follow shape_inference.cc (InferBatchNorm*Shape),
 * their spacing included.
 */
import { type ElementType, isFloatType, sameTypeIgnoringFpPrecision, upperTypeName } from "../element_type.ts";
import { type ArrayShape, type Shape, expectArray, shape, tupleShape } from "../shape.ts";
import { type FamilyRules, fail } from "./rule.ts";

type Op = "batch-norm-training" | "batch-norm-inference" | "batch-norm-grad";

function checkFeatureIndex(op: Op, operand: ArrayShape, featureIndex: number): void {
  if (featureIndex >= operand.dimensions.length) {
    fail(`Expected feature_index of ${op} to be smaller than the rank of operand_shape; got feature_index ${featureIndex}, and rank ${operand.dimensions.length}.`);
  }
}

function checkRank1(op: Op, what: string, s: ArrayShape): void {
  if (s.dimensions.length !== 1) fail(`${what} input of ${op} must have rank 1, but has rank ${s.dimensions.length}.`);
}

function checkFloatOperand(op: Op, s: ArrayShape, what = "operand"): void {
  if (!isFloatType(s.elementType)) {
    fail(`The ${what} to ${op} must have a floating point element type, but the shape is ${upperTypeName(s.elementType)}.`);
  }
}

/** The "same element type" check; `noun` is "shape" (training, inference) or "element type" (grad), as XLA words it. */
function checkSameType(op: Op, what: string, s: ArrayShape, operand: ArrayShape, noun: string, reported: readonly [ElementType, ElementType] = [s.elementType, operand.elementType]): void {
  if (!sameTypeIgnoringFpPrecision(s.elementType, operand.elementType)) {
    fail(`The inputs should have the same element type for ${op}, but the ${noun} of ${what} is ${upperTypeName(reported[0])} and the ${noun} of operand is ${upperTypeName(reported[1])}.`);
  }
}

function checkFeatureCount(what: string, sizeWord: string, s: ArrayShape, featureCount: number): void {
  if (s.dimensions[0] !== featureCount) {
    fail(`The size of ${what} should be the same as feature count,but the size of ${sizeWord} is ${s.dimensions[0]} and the feature count is ${featureCount}.`);
  }
}

function featureShape(operand: ArrayShape, featureIndex: number): Shape {
  return shape(operand.elementType, [operand.dimensions[featureIndex]]);
}

/** The checks training and inference open with, in XLA's order: feature index, offset and scale of rank 1, a float operand, offset and scale of its type. */
function checkOffsetAndScale(op: Op, operand: ArrayShape, offset: ArrayShape, scale: ArrayShape, f: number): void {
    checkFeatureIndex(op, operand, f);
    checkRank1(op, "Offset", offset);
    checkRank1(op, "Scale", scale);
    checkFloatOperand(op, operand);
    checkSameType(op, "offset factor", offset, operand, "shape");
    checkSameType(op, "scale factor", scale, operand, "shape");
}

export const batchNormRules: FamilyRules<"batch_norm"> = {
  "batch-norm-training": ({ operands, attributes }) => {
    const op = "batch-norm-training";
    const operand = expectArray(operands[0], "operand of batch norm training");
    const offset = expectArray(operands[2], "offset input of batch norm training");
    const scale = expectArray(operands[1], "scale input of batch norm training");
    const f = attributes.featureIndex;
    checkOffsetAndScale(op, operand, offset, scale, f);
    const count = operand.dimensions[f];
    checkFeatureCount("offset factor", "offset factor", offset, count);
    checkFeatureCount("scale factor", "scale factor", scale, count);
    return tupleShape([operand, featureShape(operand, f), featureShape(operand, f)]);
  },

  "batch-norm-inference": ({ operands, attributes }) => {
    const op = "batch-norm-inference";
    const operand = expectArray(operands[0], "operand of batch norm inference");
    const offset = expectArray(operands[2], "offset input of batch norm inference");
    const scale = expectArray(operands[1], "scale input of batch norm inference");
    const mean = expectArray(operands[3], "mean input of batch norm inference");
    const variance = expectArray(operands[4], "variance input of batch norm inference");
    const f = attributes.featureIndex;
    checkOffsetAndScale(op, operand, offset, scale, f);
    checkSameType(op, "mean", mean, operand, "shape");
    // XLA's message names mean's and variance's types here.
    checkSameType(op, "variance", variance, operand, "shape", [mean.elementType, variance.elementType]);
    // XLA reads dimension 0 of mean and variance without checking their rank.
    checkRank1(op, "Mean", mean);
    checkRank1(op, "Variance", variance);
    const count = operand.dimensions[f];
    checkFeatureCount("offset factor", "offset factor", offset, count);
    checkFeatureCount("scale factor", "scale factor", scale, count);
    checkFeatureCount("mean", "mean", mean, count);
    checkFeatureCount("variance", "variance", variance, count);
    return operand;
  },

  "batch-norm-grad": ({ operands, attributes }) => {
    const op = "batch-norm-grad";
    const operand = expectArray(operands[0], "operand of batch norm grad");
    const scale = expectArray(operands[1], "scale input of batch norm grad");
    const mean = expectArray(operands[2], "mean input of batch norm grad");
    const variance = expectArray(operands[3], "var input of batch norm grad");
    const gradOutput = expectArray(operands[4], "output_grad input of batch norm grad");
    const f = attributes.featureIndex;
    checkFeatureIndex(op, operand, f);
    if (operand.dimensions.length !== gradOutput.dimensions.length) {
      fail(
        `Expected operand_shape of batch-norm-grad to have the same rank as output_grad_shape; got rank(oprand_shape) ${operand.dimensions.length}, and rank(output_grad_shape) ${gradOutput.dimensions.length}.`,
      );
    }
    if (mean.dimensions.length !== 1) fail(`Mean input of batch-norm-grad must have rank 1, but has rank ${mean.dimensions.length}.`);
    if (scale.dimensions.length !== 1) fail(`Scale input of batch-norm-grad must have rank 1, but has rank ${scale.dimensions.length}.`);
    if (variance.dimensions.length !== 1) fail(`Var input of batch-norm-grad must have rank 1, but has rank ${variance.dimensions.length}.`);
    checkFloatOperand(op, operand);
    checkFloatOperand(op, gradOutput, "output_grad");
    checkSameType(op, "output_grad", gradOutput, operand, "element type");
    checkSameType(op, "scale factor", scale, operand, "element type");
    checkSameType(op, "mean", mean, operand, "element type");
    // XLA's message says "mean" and names mean's type for the variance check too.
    checkSameType(op, "mean", variance, operand, "element type", [mean.elementType, operand.elementType]);
    const count = operand.dimensions[f];
    if (mean.dimensions[0] !== count) {
      fail(`The size of mean should be the same as feature count,but the size of offset factor is ${mean.dimensions[0]} and the feature count is ${count}.`);
    }
    checkFeatureCount("scale factor", "scale factor", scale, count);
    checkFeatureCount("variance", "variance", variance, count);
    for (let i = 0; i < operand.dimensions.length; i++) {
      if (operand.dimensions[i] !== gradOutput.dimensions[i]) {
        fail(
          `The bounds of operand shape should be the same as output_grad's,but the bound of operand_shape at dimension ${i} is ${operand.dimensions[i]} and the bound of output_grad_shape is ${gradOutput.dimensions[i]}.`,
        );
      }
    }
    return tupleShape([operand, featureShape(operand, f), featureShape(operand, f)]);
  },
};
