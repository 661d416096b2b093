/**
 * InferBitcastConvertShape: the element type comes from the declared result;
 * a type k times narrower adds a minor dimension of size k, one k times wider
 * drops the operand's minor dimension (which must be k). The verifier takes
 * such an instruction as it is: the changed dimensions are not a broadcast.
 */
import { describe, expect, it } from "vitest";
import type { ElementType } from "../element_type.ts";
import { ShapeError } from "../errors.ts";
import { type ArrayShape, type Shape, shape, tupleShape } from "../shape.ts";
import { mainOf, op, param } from "../passes/test_support.ts";
import { verificationProblems } from "../verify/verifier.ts";
import { parseHloModule } from "../text/parser.ts";
import { printHloModule } from "../text/printer.ts";
import { inferShape } from "./shape_inference.ts";

const bitcast = (operand: Shape, to: ElementType): Shape =>
  inferShape({ opcode: "bitcast-convert", operands: [operand], attributes: {}, called: [], declared: shape(to, []) });

describe("bitcast-convert's shape rule", () => {
  it("keeps the dimensions between types of one width", () => {
    expect(bitcast(shape("f32", [2, 3]), "s32")).toEqual(shape("s32", [2, 3]));
    expect(bitcast(shape("c64", [4]), "c64")).toEqual(shape("c64", [4]));
  });

  it("adds a minor dimension of the width ratio for a narrower result", () => {
    expect(bitcast(shape("f64", [3]), "u32")).toEqual(shape("u32", [3, 2]));
    expect(bitcast(shape("f64", []), "s8")).toEqual(shape("s8", [8]));
    expect(bitcast(shape("s32", [2, 0]), "u4")).toEqual(shape("u4", [2, 0, 8]));
    expect(bitcast(shape("c128", [2]), "c64")).toEqual(shape("c64", [2, 2]));
  });

  it("counts sub-byte types by their bits and pred as a byte, as XLA's BitWidth does", () => {
    expect(bitcast(shape("f32", []), "s4")).toEqual(shape("s4", [8]));
    expect(bitcast(shape("f32", [2]), "u2")).toEqual(shape("u2", [2, 16]));
    expect(bitcast(shape("f4e2m1fn", [3, 2]), "u8")).toEqual(shape("u8", [3]));
    expect(bitcast(shape("f64", []), "pred")).toEqual(shape("pred", [8]));
    expect(bitcast(shape("pred", [4]), "s8")).toEqual(shape("s8", [4]));
  });

  it("drops the minor dimension, which must be the ratio, for a wider result", () => {
    expect(bitcast(shape("u32", [3, 2]), "f64")).toEqual(shape("f64", [3]));
    expect(bitcast(shape("s8", [8]), "f64")).toEqual(shape("f64", []));
    expect(bitcast(shape("c64", [2, 2]), "c128")).toEqual(shape("c128", [2]));
  });

  it("keeps the layout and dynamic dimensions of the dimensions it keeps", () => {
    const narrower = bitcast({ ...shape("f64", [3, 4], [0, 1]), dynamicDimensions: [true, false] }, "f32") as ArrayShape;
    expect(narrower).toEqual({ ...shape("f32", [3, 4, 2], [2, 0, 1]), dynamicDimensions: [true, false, false] });
    const wider = bitcast({ ...shape("f32", [3, 4, 2], [2, 0, 1]), dynamicDimensions: [true, false, false] }, "f64");
    expect(wider).toEqual({ ...shape("f64", [3, 4], [0, 1]), dynamicDimensions: [true, false] });
  });

  it.each([
    [shape("u32", [3, 3]), "f64", "bitcast-convert: Last dimension of input shape=3 is not equal to ratio of bit-widths=2 for bitcast-convert from u32[3,3] to F64"],
    [shape("u32", []), "f64", "bitcast-convert: Last dimension of input shape=(none: a scalar) is not equal to ratio of bit-widths=2 for bitcast-convert from u32[] to F64"],
    [shape("c64", [2]), "f64", "bitcast-convert: Conversion between complex and real type c64[2] => F64."],
    [shape("f32", [2, 2]), "c64", "bitcast-convert: Conversion between complex and real type f32[2,2] => C64."],
    // XLA's words for StableHLO's bitcast_convert_op_test_i1_to_i64, whose i1 is one bit.
    [shape("pred", [64]), "s64", "bitcast-convert: Last dimension of input shape=64 is not equal to ratio of bit-widths=8 for bitcast-convert from pred[64] to S64"],
  ] as const)("rejects %o to %s with XLA's message", (operand, to, message) => {
    expect(() => bitcast(operand, to)).toThrow(ShapeError);
    expect(() => bitcast(operand, to)).toThrow(message);
  });

  it("rejects a tuple operand", () => {
    expect(() => bitcast(tupleShape([shape("f32", [])]), "s32")).toThrow(
      "Cannot convert from or to tuple type; requested conversion: (f32[]) => S32.",
    );
  });
});

describe("bitcast-convert in the verifier", () => {
  it("accepts a result with one more or one less dimension than its operand", () => {
    const m = mainOf(
      param("x", 0, "f64", [3]),
      op("u", "bitcast-convert", ["x"], shape("u32", [3, 2])),
      op("back", "bitcast-convert", ["u"], shape("f64", [3])),
    );
    expect(verificationProblems(m, { allowImplicitBroadcast: false })).toEqual([]);
  });

  it("reports a stored shape that is not the inferred one", () => {
    const m = mainOf(param("x", 0, "f64", [3]), op("u", "bitcast-convert", ["x"], shape("u32", [3])));
    expect(verificationProblems(m, { allowImplicitBroadcast: false }).join("\n")).toContain(
      "stored shape u32[3] differs from the inferred shape u32[3,2]",
    );
  });

  it("parses, verifies and prints the text unchanged", () => {
    const text = [
      "HloModule m, entry_computation_layout={(f64[3]{0})->f64[3]{0}}",
      "",
      "ENTRY e {",
      "  p0 = f64[3]{0} parameter(0)",
      "  u = u32[3,2]{1,0} bitcast-convert(p0)",
      "  ROOT back = f64[3]{0} bitcast-convert(u)",
      "}",
      "",
    ].join("\n");
    const m = parseHloModule(text);
    expect(verificationProblems(m, { allowImplicitBroadcast: false })).toEqual([]);
    expect(printHloModule(m)).toBe(text);
  });
});
