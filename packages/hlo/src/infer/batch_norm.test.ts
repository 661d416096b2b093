import { describe, expect, it } from "vitest";
import type { Opcode } from "../opcode.ts";
import { type Shape, shape, tupleShape } from "../shape.ts";
import { shapeErrorMessage as message } from "../test_support.ts";
import { inferShape } from "./shape_inference.ts";

type BatchNorm = Extract<Opcode, "batch-norm-training" | "batch-norm-inference" | "batch-norm-grad">;
const bn = (opcode: BatchNorm, operands: Shape[], featureIndex = 1) => inferShape({ opcode, operands, attributes: { epsilon: 0.001, featureIndex }, called: [] });
const x = shape("f32", [4, 3, 2]);
const v3 = shape("f32", [3]);

describe("batch norm shape inference (InferBatchNorm*Shape)", () => {
  it("training and grad give (operand, feature vector, feature vector); inference the operand", () => {
    expect(bn("batch-norm-training", [x, v3, v3])).toEqual(tupleShape([x, v3, v3]));
    expect(bn("batch-norm-inference", [x, v3, v3, v3, v3])).toEqual(x);
    expect(bn("batch-norm-grad", [x, v3, v3, v3, x])).toEqual(tupleShape([x, v3, v3]));
  });
  it("refuses what XLA refuses, in its words (and its spacing)", () => {
    expect(message(() => bn("batch-norm-training", [x, v3, v3], 3))).toBe(
      "batch-norm-training: Expected feature_index of batch-norm-training to be smaller than the rank of operand_shape; got feature_index 3, and rank 3.",
    );
    expect(message(() => bn("batch-norm-training", [x, v3, shape("f32", [3, 1])]))).toBe("batch-norm-training: Offset input of batch-norm-training must have rank 1, but has rank 2.");
    expect(message(() => bn("batch-norm-training", [shape("s32", [4, 3]), v3, v3]))).toBe(
      "batch-norm-training: The operand to batch-norm-training must have a floating point element type, but the shape is S32.",
    );
    expect(message(() => bn("batch-norm-training", [x, shape("f32", [2]), v3]))).toBe(
      "batch-norm-training: The size of scale factor should be the same as feature count,but the size of scale factor is 2 and the feature count is 3.",
    );
    expect(message(() => bn("batch-norm-inference", [x, v3, shape("s32", [3]), v3, v3]))).toBe(
      "batch-norm-inference: The inputs should have the same element type for batch-norm-inference, but the shape of offset factor is S32 and the shape of operand is F32.",
    );
    expect(message(() => bn("batch-norm-inference", [x, v3, v3, v3, shape("f32", [4])]))).toBe(
      "batch-norm-inference: The size of variance should be the same as feature count,but the size of variance is 4 and the feature count is 3.",
    );
    expect(message(() => bn("batch-norm-grad", [x, v3, v3, v3, shape("f32", [4, 3])]))).toBe(
      "batch-norm-grad: Expected operand_shape of batch-norm-grad to have the same rank as output_grad_shape; got rank(oprand_shape) 3, and rank(output_grad_shape) 2.",
    );
    expect(message(() => bn("batch-norm-grad", [x, v3, v3, v3, shape("f32", [4, 3, 5])]))).toBe(
      "batch-norm-grad: The bounds of operand shape should be the same as output_grad's,but the bound of operand_shape at dimension 2 is 2 and the bound of output_grad_shape is 5.",
    );
  });
});
