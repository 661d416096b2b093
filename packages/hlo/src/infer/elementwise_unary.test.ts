import { describe, expect, it } from "vitest";
import { ShapeError } from "../errors.ts";
import type { UnaryOpcode } from "../opcode.ts";
import { type Shape, shape, tupleShape } from "../shape.ts";
import { inferShape } from "./shape_inference.ts";

const infer = (opcode: UnaryOpcode, operand: Shape): Shape => inferShape({ opcode, operands: [operand], attributes: {}, called: [] });

describe("InferUnaryOpShape", () => {
  it("keeps the operand's shape, and gives pred for is-finite", () => {
    expect(infer("exponential", shape("f32", [2, 3]))).toEqual(shape("f32", [2, 3]));
    expect(infer("is-finite", shape("bf16", [4]))).toEqual(shape("pred", [4]));
    expect(infer("popcnt", shape("u8", []))).toEqual(shape("u8", []));
    expect(infer("abs", shape("s32", [0]))).toEqual(shape("s32", [0]));
  });

  it("passes any shape through copy, tuples included", () => {
    const t = tupleShape([shape("f32", [1]), shape("s32", [])]);
    expect(infer("copy", t)).toEqual(t);
  });

  it.each([
    ["floor", "s32", "floor: Expected element type in shape to be floating for floor operation; got S32."],
    ["erf", "u8", "erf: Expected element type in shape to be floating for erf operation; got U8."],
    ["round-nearest-even", "pred", "round-nearest-even: Expected element type in shape to be floating for round-nearest-even operation; got PRED."],
    ["exponential", "s32", "exponential: Expected element type in shape to be floating or complex for exponential operation; got S32."],
    ["tan", "s64", "tan: Expected element type in shape to be floating or complex for tan operation; got S64."],
    ["is-finite", "s32", "is-finite: Expected element type in shape to be floating point for IsFinite operation; got S32."],
    ["not", "f32", "not: Expected pred or an integral element type in argument to Not operation; got F32."],
    ["popcnt", "f32", "popcnt: Expected an integral element type in argument to PopulationCount operation; got F32."],
    ["count-leading-zeros", "pred", "count-leading-zeros: Expected an integral element type in argument to Clz operation; got PRED."],
    ["negate", "pred", "negate: Expected element type in shape to be integral, floating or complex for negate operation; got PRED."],
    ["abs", "u32", "abs: Expected element type in shape to be floating or complex for abs operation; got U32."],
    ["sign", "u16", "sign: Expected element type in shape to be signed or complex for sign operation; got U16."],
  ] as const)("rejects %s of %s with XLA's message", (opcode, type, message) => {
    expect(() => infer(opcode, shape(type, [2]))).toThrow(ShapeError);
    expect(() => infer(opcode, shape(type, [2]))).toThrow(message);
  });

  it("rejects a tuple operand", () => {
    expect(() => infer("negate", tupleShape([]))).toThrow(/operand of unary operation/);
  });
});
