/**
 * Weakly typed constants, function reducers and the result helpers, end to
 * end: the values evaluate gives for f32 and s32 programs built with
 * constants that carry no element type, and function reducers against
 * hand-built ones.
 */
import { describe, expect, it } from "vitest";
import { XlaBuilder, maxReducer, minReducer, productReducer, sumReducer } from "@minixla/builder";
import { type HloModule, asArray, asTuple, literal, lowerBroadcasts, parseHloModule, printHloModule, shape, toNested, toTypedArray } from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";

describe("weak constants keep an f32 program f32", () => {
  it("1.1f32 * 2 is Math.fround(Math.fround(1.1) * 2), in an f32 result", () => {
    const b = new XlaBuilder("scale");
    const x = b.parameter(0, shape("f32", [2]), "x");
    b.mul(x, b.constantR0(2));
    const m = lowerBroadcasts(b.build());
    const out = asArray(evaluate(m, [literal("f32", [2], [1.1, -3])]));
    expect(out.shape).toEqual(shape("f32", [2]));
    const got = toTypedArray(out);
    expect(got).toBeInstanceOf(Float32Array);
    expect(got[0]).toBe(Math.fround(Math.fround(1.1) * 2));
    expect(got[0]).not.toBe(2.2); // f64 would give 2.2000000476837158
    expect(got[1]).toBe(-6);
  });

  it("the printed module parses back and gives the same f32 values", () => {
    const b = new XlaBuilder("affine");
    const x = b.parameter(0, shape("f32", [3]), "x");
    b.add(b.mul(x, b.constantR0(0.1)), b.constantR0(1));
    const m = lowerBroadcasts(b.build());
    const text = printHloModule(m);
    expect(text).toContain("f32[] constant(0.1)");
    const arg = literal("f32", [3], [1, 2, 3]);
    const want = [1, 2, 3].map((v) => Math.fround(Math.fround(v * Math.fround(0.1)) + 1));
    expect(Array.from(toTypedArray(evaluate(parseHloModule(text), [arg])) as Float32Array)).toEqual(want);
    expect(Array.from(toTypedArray(evaluate(m, [arg])) as Float32Array)).toEqual(want);
  });
});

describe("weak constants in s32 programs", () => {
  it("multiplication by a weak 2 wraps at 32 bits", () => {
    const b = new XlaBuilder("wrap");
    const i = b.parameter(0, shape("s32", [3]), "i");
    b.add(b.mul(i, b.constantR0(2)), b.constantR0(1));
    const out = asArray(evaluate(lowerBroadcasts(b.build()), [literal("s32", [3], [2 ** 30, -(2 ** 30) - 1, 5])]));
    expect(out.shape).toEqual(shape("s32", [3]));
    const got = toTypedArray(out);
    expect(got).toBeInstanceOf(Int32Array);
    expect(Array.from(got as Int32Array)).toEqual([-(2 ** 31) + 1, 2 ** 31 - 1, 11]);
  });

  it("a weak reduce init and a function reducer give an s32 sum", () => {
    const b = new XlaBuilder("sum");
    const i = b.parameter(0, shape("s32", [2, 2]), "i");
    b.reduce(i, b.constantR0(0), (sb, a, c) => sb.add(a, c), [1]);
    const out = evaluate(b.build(), [literal("s32", [2, 2], [2 ** 31 - 1, 1, 3, 4])]);
    expect(toNested(asArray(out))).toEqual([-(2 ** 31), 7]);
  });
});

describe("function reducers and ready-made ones evaluate like hand-built modules", () => {
  const x = literal("f32", [2, 3], [1.1, -2, 3.5, 0.25, 8, -1]);

  function reduceWith(reducer: (b: XlaBuilder) => Parameters<XlaBuilder["reduce"]>[2], init: number): HloModule {
    const b = new XlaBuilder("r");
    const p = b.parameter(0, shape("f32", [2, 3]), "x");
    b.reduce(p, b.constantR0(init), reducer(b), [1]);
    return b.build();
  }

  function handBuilt(op: "add" | "max" | "min" | "mul"): HloModule {
    const sb = new XlaBuilder(`h_${op}`);
    const l = sb.parameter(0, shape("f32", []), "l");
    const r = sb.parameter(1, shape("f32", []), "r");
    return sb.build(sb[op](l, r));
  }

  it.each([
    ["add", sumReducer, 0],
    ["max", maxReducer, -Infinity],
    ["min", minReducer, Infinity],
    ["mul", productReducer, 1],
  ] as const)("%s", (op, ready, init) => {
    const want = toNested(asArray(evaluate(reduceWith(() => handBuilt(op), init), [x])));
    expect(toNested(asArray(evaluate(reduceWith(() => ready("f32"), init), [x])))).toEqual(want);
    expect(toNested(asArray(evaluate(reduceWith(() => (sb, a, c) => sb[op](a, c), init), [x])))).toEqual(want);
  });

  it("an argmax by a variadic function reducer", () => {
    const b = new XlaBuilder("argmax");
    const v = b.parameter(0, shape("f32", [5]), "v");
    const r = b.reduce([v, b.iota(shape("s32", [5]), 0)], [b.constantR0(-Infinity), b.constantR0(0)], (sb, av, ai, xv, xi) => {
      const take = sb.gt(xv, av);
      return [sb.select(take, xv, av), sb.select(take, xi, ai)];
    }, [0]);
    const out = asTuple(evaluate(b.build(r), [literal("f32", [5], [3, 9, -1, 9, 2])]));
    expect(out.elements.map((e) => toNested(asArray(e)))).toEqual([9, 1]);
  });
});
