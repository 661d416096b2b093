/**
 * stochastic-convert against XLA's CPU backend (run_hlo.py, jaxlib 0.10.2,
 * which runs it through StochasticConvertDecomposer): eleven operand /
 * result pairs (f32, f16, bf16, f64, f8e4m3fn, f8e5m2 into s2 ... s64), each
 * on specials (±0, halves at the rounding edge, the result type's bounds,
 * ±inf, NaN, values past every bound) and random values with random bits,
 * including 0, 2^(W-1) and 2^W - 1. The shape rule's messages are
 * shape_inference.cc's InferStochasticConvertShape.
 */
import { XlaBuilder } from "@minixla/builder";
import { type ElementType, EvalError, ShapeError, inferShape, literal, parseHloModule, shape, toNested } from "@minixla/hlo";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { evaluate } from "../../evaluate.ts";

interface GoldenCase {
  readonly from: ElementType;
  readonly random: ElementType;
  readonly to: ElementType;
  /** Operand values as Python's repr prints them ("nan", "inf", "-0.0"). */
  readonly x: readonly string[];
  readonly r: readonly string[];
  readonly xla: readonly string[];
}
const golden = JSON.parse(readFileSync(new URL("../../../testdata/stochastic_convert_goldens.json", import.meta.url), "utf8")) as Record<string, GoldenCase>;
const num = (s: string): number => (s === "nan" ? Number.NaN : s === "inf" ? Infinity : s === "-inf" ? -Infinity : Number(s));

describe("stochastic-convert", () => {
  it.each(Object.entries(golden))("%s gives XLA CPU's values", (_name, c) => {
    const n = c.x.length;
    const m = parseHloModule(`HloModule sc
ENTRY main {
  a = ${c.from}[${n}] parameter(0)
  r = ${c.random}[${n}] parameter(1)
  ROOT sc = ${c.to}[${n}] stochastic-convert(a, r)
}
`);
    const rs = c.r.map((v) => (c.random === "u64" ? BigInt(v) : Number(v)));
    const out = toNested(evaluate(m, [literal(c.from, [n], c.x.map(num)), literal(c.random, [n], rs)]) as never) as unknown[];
    expect(out.map(String)).toEqual(c.xla);
  });

  it("is recorded by the builder", () => {
    const b = new XlaBuilder("sc");
    const x = b.parameter(0, shape("f32", [3]), "x");
    const r = b.parameter(1, shape("u32", [3]), "r");
    const op = b.stochasticConvertType(x, r, "s8");
    expect(op.shape).toEqual(shape("s8", [3]));
    // XLA: 1.5 with bits 0 rounds up, -2.75 with 2^31 (below 0.75 * 2^32) rounds to -3, 127.5 saturates.
    const out = evaluate(b.build(op), [literal("f32", [3], [1.5, -2.75, 127.5]), literal("u32", [3], [0, 2 ** 31, 4294967295])]);
    expect(toNested(out as never)).toEqual([2, -3, 127]);
  });

  it("refuses result types XLA cannot convert to, with XLA CPU's message", () => {
    const m = parseHloModule("HloModule m\nENTRY e {\n  a = f32[2] parameter(0)\n  r = u32[2] parameter(1)\n  ROOT c = u8[2] stochastic-convert(a, r)\n}\n");
    expect(() => evaluate(m, [literal("f32", [2], [1, 2]), literal("u32", [2], [0, 0])])).toThrow(EvalError);
    expect(() => evaluate(m, [literal("f32", [2], [1, 2]), literal("u32", [2], [0, 0])])).toThrow("Unsupported stochastic convert: from F32 to U8");
  });

  it("checks operand and random shapes with XLA's messages", () => {
    const infer = (a: ElementType, r: ElementType, dims: number[] = [4, 3]) =>
      inferShape({ opcode: "stochastic-convert", operands: [shape(a, [4, 3]), shape(r, dims)], attributes: {}, called: [], declared: shape("s8", [4, 3]) });
    expect(infer("f32", "u32")).toEqual(shape("s8", [4, 3]));
    expect(() => infer("f32", "s32")).toThrow(ShapeError);
    expect(() => infer("f32", "s32")).toThrow("stochastic-convert: Random numbers for stochastic convert must be unsigned integers, but got: s32[4,3]");
    expect(() => infer("s32", "u32")).toThrow("stochastic-convert: Stochastic convert supports only floating point operand conversion, but got: u32[4,3]");
    expect(() => infer("f32", "u16")).toThrow("stochastic-convert: The random number is required to have same bits as the operand. But got random bits: 16, operand bits: 32");
    expect(() => infer("f32", "u32", [3, 4])).toThrow("stochastic-convert: Stochastic convert operand shape does not match random tensor shape: f32[4,3] vs u32[3,4].");
  });
});
