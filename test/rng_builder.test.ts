/**
 * The random-number builder methods end to end: rngBitGenerator records the
 * (state, bits) tuple XlaBuilder::RngBitGenerator makes (bits of the unsigned
 * type of the asked width), prints as XLA and evaluates to XLA's bits;
 * rngUniform and rngNormal record rng with its distribution.
 */
import { XlaBuilder } from "@minixla/builder";
import { type ArrayLiteral, type TupleLiteral, ShapeError, cse, literal, parseHloModule, printHloModule, scalar, shape, tupleShape } from "@minixla/hlo";
import { constantFolding, evaluate } from "@minixla/interpreter";
import { describe, expect, it } from "vitest";

const hex = (l: ArrayLiteral): string[] => [...l.data].map((v) => `0x${v.toString(16)}`);

describe("XlaBuilder.rngBitGenerator", () => {
  it("gives bits of the unsigned type of the asked width, as XlaBuilder does", () => {
    const b = new XlaBuilder("rbg");
    const state = b.parameter(0, shape("u64", [2]), "state");
    expect(b.rngBitGenerator("rng_three_fry", state, shape("f32", [2, 3])).shape).toEqual(tupleShape([shape("u64", [2]), shape("u32", [2, 3])]));
    expect(b.rngBitGenerator("rng_philox", state, shape("s64", [4])).shape).toEqual(tupleShape([shape("u64", [2]), shape("u64", [4])]));
    expect(b.rngBitGenerator("rng_default", state, shape("bf16", [])).shape).toEqual(tupleShape([shape("u64", [2]), shape("u16", [])]));
  });

  it("refuses bits without an unsigned type of their width, and a bad state, naming the op", () => {
    const b = new XlaBuilder("rbg");
    const state = b.parameter(0, shape("u64", [2]), "state");
    expect(() => b.rngBitGenerator("rng_three_fry", state, shape("pred", [2]))).toThrow("rng-bit-generator: Unsupported shape for RngBitGenerator: PRED");
    expect(() => b.rngBitGenerator("rng_three_fry", state, shape("c128", [2]))).toThrow(ShapeError);
    const s1 = b.parameter(1, shape("u64", [1]), "s1");
    expect(() => b.rngBitGenerator("rng_three_fry", s1, shape("u32", [2]))).toThrow("rng_three_fry takes a state of at least 2 u64 values, but got u64[1].");
  });

  it("verifies a longer state, as XLA's verifier does, but refuses to run what XLA's expander cannot", () => {
    const b = new XlaBuilder("rbg");
    const s4 = b.parameter(0, shape("u64", [4]), "s4");
    const m = b.build(b.rngBitGenerator("rng_three_fry", s4, shape("u32", [2])));
    expect(() => evaluate(m, [literal("u64", [4], [9n, 10n, 11n, 12n])])).toThrow(
      "rng_three_fry with a state of 4 u64 values cannot run; XLA's RngBitGeneratorExpander takes 2",
    );
  });

  it("prints algorithm=rng_three_fry and evaluates to XLA's bits (corpus case rng_bit_generator_three_fry)", () => {
    const b = new XlaBuilder("rbg");
    const state = b.parameter(0, shape("u64", [2]), "state");
    const m = b.build(b.rngBitGenerator("rng_three_fry", state, shape("u32", [2, 3])));
    expect(printHloModule(m)).toContain("(u64[2]{0}, u32[2,3]{1,0}) rng-bit-generator(state), algorithm=rng_three_fry");
    // In and out of test/corpus/xla-ops/rng_bit_generator_three_fry, from XLA's CPU.
    const out = evaluate(m, [literal("u64", [2], [0x4a499fca83e35c1fn, 0x52bb6685925b3463n])]) as TupleLiteral;
    expect(hex(out.elements[0] as ArrayLiteral)).toEqual(["0x4a499fca83e35c1f", "0x52bb6685925b3466"]);
    expect(hex(out.elements[1] as ArrayLiteral)).toEqual(["0xd5315197", "0xdcbb2c99", "0xd6fddc33", "0xf034e8ac", "0xc26481d6", "0x18a7302b"]);
  });
});

describe("XlaBuilder.rngUniform and rngNormal", () => {
  it("record rng with the distribution, the asked shape, and draw in range", () => {
    const b = new XlaBuilder("rng");
    const lo = b.parameter(0, shape("f32", []), "lo");
    const hi = b.parameter(1, shape("f32", []), "hi");
    const u = b.rngUniform(lo, hi, shape("f32", [4, 5]));
    const n = b.rngNormal(lo, hi, shape("f32", [4, 5]));
    const m = b.build(b.tuple([u, n]));
    const text = printHloModule(m);
    expect(text).toContain("f32[4,5]{1,0} rng(lo, hi), distribution=rng_uniform");
    expect(text).toContain("f32[4,5]{1,0} rng(lo, hi), distribution=rng_normal");
    const out = evaluate(m, [scalar(1, "f32"), scalar(2, "f32")]) as TupleLiteral;
    expect([...(out.elements[0] as ArrayLiteral).data].every((v) => (v as number) >= 1 && (v as number) < 2)).toBe(true);
    expect(() => b.rngNormal(b.constantR0(0, "s32"), b.constantR0(1, "s32"), shape("s32", [2]))).toThrow("Expected element to be FloatingPointType for RngNormal");
  });
});

describe("rng through the passes", () => {
  const text = `HloModule m
ENTRY main {
  a = f32[] constant(0)
  b = f32[] constant(1)
  r1 = f32[8] rng(a, b), distribution=rng_uniform
  r2 = f32[8] rng(a, b), distribution=rng_uniform
  ROOT t = (f32[8], f32[8]) tuple(r1, r2)
}`;
  it("draws different values for two rng instructions, and others for another seed", () => {
    const m = parseHloModule(text);
    const [x, y] = (evaluate(m, []) as TupleLiteral).elements.map((e) => [...(e as ArrayLiteral).data]);
    expect(x).not.toEqual(y);
    const [x7] = (evaluate(m, [], { rngSeed: 7 }) as TupleLiteral).elements.map((e) => [...(e as ArrayLiteral).data]);
    expect(x7).not.toEqual(x);
  });

  it("is neither merged by cse nor folded into constants (XLA treats rng as side-effecting)", () => {
    const m = parseHloModule(text);
    expect(cse.run(m)).toBe(m);
    const folded = constantFolding.run(m);
    expect(folded.computations[0].instructions.filter((i) => i.opcode === "rng")).toHaveLength(2);
  });
});
