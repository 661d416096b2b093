import { describe, expect, it } from "vitest";
import { type Shape, shape, tupleShape } from "../shape.ts";
import { shapeErrorMessage as message } from "../test_support.ts";
import { inferShape } from "./shape_inference.ts";

const topk = (operand: Shape, k: number) => inferShape({ opcode: "topk", operands: [operand], attributes: { k, largest: true, isStable: false }, called: [] });

describe("topk shape inference (InferTopKShape)", () => {
  it("gives (values, s32 indices) with the last dimension k", () => {
    expect(topk(shape("f32", [2, 6]), 2)).toEqual(tupleShape([shape("f32", [2, 2]), shape("s32", [2, 2])]));
    expect(topk(shape("bf16", [3, 4, 5]), 5)).toEqual(tupleShape([shape("bf16", [3, 4, 5]), shape("s32", [3, 4, 5])]));
    expect(topk(shape("s64", [4]), 0)).toEqual(tupleShape([shape("s64", [0]), shape("s32", [0])]));
  });
  it("refuses k beyond the last dimension, a scalar and a tuple", () => {
    expect(message(() => topk(shape("f32", [2, 6]), 7))).toBe("topk: k=7 is larger than the last dimension of size=6");
    expect(message(() => topk(shape("f32", []), 0))).toBe("topk: top-k needs an operand of rank at least 1, but got f32[].");
    expect(message(() => topk(tupleShape([shape("f32", [2])]), 1))).toBe("topk: Expected array argument for operand of top-k operation, but got (f32[2]).");
  });
});
