/**
 * Shape rules of real, imag (InferUnaryOpShape) and complex
 * (InferBinaryOpShape's kComplex case): the component type out of a complex
 * operand, a complex type out of two real ones, and XLA's messages for what
 * it refuses.
 */
import { describe, expect, it } from "vitest";
import { ShapeError } from "../errors.ts";
import { type Shape, shape, tupleShape } from "../shape.ts";
import { inferShape } from "./shape_inference.ts";

const part = (opcode: "real" | "imag", operand: Shape): Shape => inferShape({ opcode, operands: [operand], attributes: {}, called: [] });
const compose = (re: Shape, im: Shape, broadcastDimensions?: readonly number[]): Shape =>
  inferShape({ opcode: "complex", operands: [re, im], attributes: broadcastDimensions ? { broadcastDimensions } : {}, called: [] });

describe("real and imag", () => {
  it.each(["real", "imag"] as const)("%s of c64 is f32 and of c128 is f64, dimensions kept", (opcode) => {
    expect(part(opcode, shape("c64", [2, 3]))).toEqual(shape("f32", [2, 3]));
    expect(part(opcode, shape("c128", []))).toEqual(shape("f64", []));
    expect(part(opcode, shape("c64", [0]))).toEqual(shape("f32", [0]));
  });

  it.each(["real", "imag"] as const)("%s of a real float keeps its type, as in XLA", (opcode) => {
    expect(part(opcode, shape("f32", [4]))).toEqual(shape("f32", [4]));
    expect(part(opcode, shape("bf16", [1, 2]))).toEqual(shape("bf16", [1, 2]));
  });

  it.each([
    ["real", "s32", "real: Expected element type in shape to be floating or complex for real operation; got S32."],
    ["imag", "pred", "imag: Expected element type in shape to be floating or complex for imag operation; got PRED."],
    ["imag", "u64", "imag: Expected element type in shape to be floating or complex for imag operation; got U64."],
  ] as const)("rejects %s of %s with XLA's message", (opcode, type, message) => {
    expect(() => part(opcode, shape(type, [2]))).toThrow(ShapeError);
    expect(() => part(opcode, shape(type, [2]))).toThrow(message);
  });

  it("rejects a tuple operand", () => {
    expect(() => part("real", tupleShape([shape("c64", [])]))).toThrow("Expected array argument for operand of unary operation");
  });
});

describe("complex", () => {
  it("makes c64 from two f32 operands and c128 from two f64", () => {
    expect(compose(shape("f32", [2, 3]), shape("f32", [2, 3]))).toEqual(shape("c64", [2, 3]));
    expect(compose(shape("f64", []), shape("f64", []))).toEqual(shape("c128", []));
  });

  it("broadcasts as other binary element-wise ops do", () => {
    expect(compose(shape("f64", [3]), shape("f64", [2, 3]), [1])).toEqual(shape("c128", [2, 3]));
    expect(compose(shape("f32", [2, 3]), shape("f32", []))).toEqual(shape("c64", [2, 3]));
    expect(compose(shape("f32", [1, 3]), shape("f32", [2, 1]))).toEqual(shape("c64", [2, 3]));
  });

  it.each([
    [shape("s32", [2]), shape("s32", [2]), "complex: Expected element type in shape to be floating for complex compose operation; got S32."],
    [shape("c64", [2]), shape("c64", [2]), "complex: Expected element type in shape to be floating for complex compose operation; got C64."],
    // Floating, but XLA has no complex type of these components (or of mixed ones).
    [shape("f16", [2]), shape("f16", [2]), "complex: Complex component type is not implemented."],
    [shape("f32", [2]), shape("bf16", [2]), "complex: Complex component type is not implemented."],
    [shape("f32", [2]), shape("f64", [2]), "complex: Complex component type is not implemented."],
    [shape("f32", [2]), shape("f32", [3]), "complex: Binary op with incompatible shapes: f32[2] and f32[3]."],
  ])("rejects complex(%o, %o) with XLA's message", (re, im, message) => {
    expect(() => compose(re, im)).toThrow(ShapeError);
    expect(() => compose(re, im)).toThrow(message);
  });

  it("rejects integer operands before it looks at the dimensions, as XLA does", () => {
    expect(() => compose(shape("s32", [2]), shape("f32", [3]))).toThrow("floating for complex compose operation; got S32.");
  });
});
