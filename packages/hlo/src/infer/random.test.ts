/**
 * Shape rules, parsing and printing of rng-bit-generator and rng: the result
 * is the declared shape, checked as hlo_verifier.cc (HandleRngBitGenerator,
 * HandleRng) and xla_builder.cc do, with the state sizes XLA's expander
 * takes; the text is XLA's (`algorithm=rng_three_fry`, `distribution=rng_uniform`).
 */
import { describe, expect, it } from "vitest";
import type { RngAlgorithm, RngDistribution } from "../attributes.ts";
import { ShapeError } from "../errors.ts";
import { type Shape, shape, tupleShape } from "../shape.ts";
import { parseHloModule } from "../text/parser.ts";
import { printHloModule } from "../text/printer.ts";
import { inferShape } from "./shape_inference.ts";

const rbg = (state: Shape, algorithm: RngAlgorithm, declared?: Shape): Shape =>
  inferShape({ opcode: "rng-bit-generator", operands: [state], attributes: { algorithm }, called: [], declared });
const rng = (a: Shape, b: Shape, distribution: RngDistribution, declared?: Shape): Shape =>
  inferShape({ opcode: "rng", operands: [a, b], attributes: { distribution }, called: [], declared });

const u64 = (n: number) => shape("u64", [n]);

describe("rng-bit-generator's shape rule", () => {
  it("gives the declared (state, bits) tuple for every unsigned bits type and any dimensions", () => {
    for (const t of ["u8", "u16", "u32", "u64", "u4"] as const) {
      const declared = tupleShape([u64(2), shape(t, [3, 5])]);
      expect(rbg(u64(2), "rng_three_fry", declared)).toEqual(declared);
    }
    const scalarBits = tupleShape([u64(3), shape("u32", [])]);
    expect(rbg(u64(3), "rng_philox", scalarBits)).toEqual(scalarBits);
    expect(rbg(u64(2), "rng_default", tupleShape([u64(2), shape("u64", [0])]))).toEqual(tupleShape([u64(2), shape("u64", [0])]));
  });

  it.each([
    [u64(2), "rng_three_fry", tupleShape([u64(2), shape("f32", [4])]), "rng-bit-generator: Unsupported shape for RngBitGenerator: F32"],
    [u64(2), "rng_philox", tupleShape([u64(2), shape("s32", [4])]), "Unsupported shape for RngBitGenerator: S32"],
    [u64(2), "rng_philox", shape("u32", [4]), "Expected tuple shape with 2 elements for RngBitGenerator. Got: u32[4]"],
    [u64(2), "rng_philox", tupleShape([u64(2)]), "Expected tuple shape with 2 elements for RngBitGenerator. Got: (u64[2])"],
    [u64(2), "rng_philox", tupleShape([u64(3), shape("u32", [4])]),
      "Expected state shape to match between input and output for RngBitGenerator. Got u64[2] vs. u64[3]"],
    [u64(1), "rng_three_fry", tupleShape([u64(1), shape("u32", [4])]), "rng_three_fry takes a state of at least 2 u64 values, but got u64[1]."],
    [u64(1), "rng_default", tupleShape([u64(1), shape("u32", [4])]), "rng_default takes a state of at least 2 u64 values, but got u64[1]."],
    [shape("s64", [2]), "rng_three_fry", tupleShape([shape("s64", [2]), shape("u32", [4])]),
      "The initial state of RngBitGenerator must be a u64 vector, but got s64[2]."],
    [shape("u64", [2, 1]), "rng_three_fry", tupleShape([shape("u64", [2, 1]), shape("u32", [4])]),
      "The initial state of RngBitGenerator must be a u64 vector, but got u64[2,1]."],
  ] as const)("refuses state %o by %s with declared %o", (state, algorithm, declared, message) => {
    expect(() => rbg(state, algorithm, declared)).toThrow(ShapeError);
    expect(() => rbg(state, algorithm, declared)).toThrow(message);
  });

  it("needs a declared shape", () => {
    expect(() => rbg(u64(2), "rng_philox")).toThrow("needs a declared result shape");
  });
});

describe("rng's shape rule", () => {
  const f32 = shape("f32", []);
  it("gives the declared shape for scalar operands of its element type", () => {
    expect(rng(f32, f32, "rng_uniform", shape("f32", [3, 4]))).toEqual(shape("f32", [3, 4]));
    expect(rng(f32, f32, "rng_normal", shape("f32", [0]))).toEqual(shape("f32", [0]));
    expect(rng(shape("s32", []), shape("s32", []), "rng_uniform", shape("s32", [2]))).toEqual(shape("s32", [2]));
    expect(rng(shape("pred", []), shape("pred", []), "rng_uniform", shape("pred", [2]))).toEqual(shape("pred", [2]));
  });

  it.each([
    [shape("f32", [1]), f32, "rng_uniform", shape("f32", [2]),
      "rng: Expected scalar types for the two operands of Rng instruction: f32[2] rng(f32[1], f32[]), distribution=rng_uniform"],
    [f32, shape("f64", []), "rng_uniform", shape("f32", [2]),
      "Expected compatible element types for the result and the two operands of Rng instruction: f32[2] rng(f32[], f64[]), distribution=rng_uniform"],
    [f32, f32, "rng_normal", shape("s32", [2]), "Expected compatible element types for the result and the two operands of Rng instruction"],
    [shape("s32", []), shape("s32", []), "rng_normal", shape("s32", [2]),
      "Element type not supported. Expected element to be FloatingPointType for RngNormal: s32[2] rng(s32[], s32[]), distribution=rng_normal"],
    [shape("c64", []), shape("c64", []), "rng_uniform", shape("c64", [2]),
      "Element type not supported. Expected element to be of floating point type, integral type or predicate type for RngUniform"],
  ] as const)("refuses %o, %o (%s) -> %o with XLA's message", (a, b, distribution, declared, message) => {
    expect(() => rng(a, b, distribution, declared)).toThrow(ShapeError);
    expect(() => rng(a, b, distribution, declared)).toThrow(message);
  });
});

describe("rng text", () => {
  it("prints rng-bit-generator and rng as XLA does, and reads its own output back", () => {
    // XLA's printing of the same modules (HloModule::ToString), minus the % sigils.
    const text =
      "HloModule m, entry_computation_layout={(u64[2]{0}, f32[], f32[])->(u64[2]{0}, u32[5]{0}, f32[3,4]{1,0})}\n\n" +
      "ENTRY main {\n" +
      "  p0 = u64[2]{0} parameter(0)\n" +
      "  r = (u64[2]{0}, u32[5]{0}) rng-bit-generator(p0), algorithm=rng_default\n" +
      "  t = (u64[2]{0}, u64[2,3]{1,0}) rng-bit-generator(p0), algorithm=rng_three_fry\n" +
      "  a = f32[] parameter(1)\n" +
      "  b = f32[] parameter(2)\n" +
      "  u = f32[3,4]{1,0} rng(a, b), distribution=rng_uniform\n" +
      "  n = f32[3,4]{1,0} rng(a, b), distribution=rng_normal\n" +
      "  s = u64[2]{0} get-tuple-element(t), index=0\n" +
      "  bits = u32[5]{0} get-tuple-element(r), index=1\n" +
      "  sum = f32[3,4]{1,0} add(u, n)\n" +
      "  ROOT out = (u64[2]{0}, u32[5]{0}, f32[3,4]{1,0}) tuple(s, bits, sum)\n" +
      "}\n";
    expect(printHloModule(parseHloModule(text))).toBe(text);
  });

  it("needs the algorithm and the distribution, as XLA's parser does", () => {
    expect(() => parseHloModule("HloModule m\nENTRY e {\n  p = u64[2] parameter(0)\n  ROOT r = (u64[2], u32[5]) rng-bit-generator(p)\n}\n"))
      .toThrow("attribute algorithm is expected but not seen for rng-bit-generator");
    expect(() => parseHloModule("HloModule m\nENTRY e {\n  a = f32[] parameter(0)\n  ROOT r = f32[3] rng(a, a)\n}\n"))
      .toThrow("attribute distribution is expected but not seen for rng");
    expect(() => parseHloModule("HloModule m\nENTRY e {\n  p = u64[2] parameter(0)\n  ROOT r = (u64[2], u32[5]) rng-bit-generator(p), algorithm=rng_mersenne\n}\n"))
      .toThrow("expects a random algorithm (one of rng_default, rng_three_fry, rng_philox)");
  });
});
