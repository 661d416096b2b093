import { describe, expect, it } from "vitest";
import { scalarOp, simpleReducer } from "./reducer.ts";
import { binaryComputation, testContext } from "./test_support.ts";

describe("scalarOp (the fast path's scalar functions)", () => {
  it("follows XLA's NaN-propagating max/min that keep the lhs on ties", () => {
    const max = scalarOp("maximum", "f64");
    const min = scalarOp("minimum", "f64");
    expect(max(Number.NaN, 1)).toBeNaN();
    expect(max(1, Number.NaN)).toBeNaN();
    expect(Object.is(max(-0, 0), -0)).toBe(true);
    expect(Object.is(min(0, -0), 0)).toBe(true);
    expect(max(-Infinity, 3)).toBe(3);
  });
  it("wraps integer products and sums at the type's width", () => {
    expect(scalarOp("multiply", "s32")(65536, 65536)).toBe(0);
    expect(scalarOp("add", "s32")(2147483647, 1)).toBe(-2147483648);
    expect(scalarOp("add", "u8")(255, 2)).toBe(1);
    expect(scalarOp("multiply", "u32")(4294967295, 4294967295)).toBe(1);
    // 2^32 * 2^32 = 2^64 wraps to 0 in s64, exactly.
    expect(scalarOp("multiply", "s64")(2 ** 32, 2 ** 32)).toBe(0);
  });
  it("computes and/or bitwise on integers and logically on pred", () => {
    expect(scalarOp("and", "u32")(4294967295, 2147483648)).toBe(2147483648);
    expect(scalarOp("or", "s32")(-2147483648, 1)).toBe(-2147483647);
    expect(scalarOp("and", "pred")(1, 0)).toBe(0);
    expect(scalarOp("or", "pred")(1, 0)).toBe(1);
  });
  it("rounds f32 and f16 results to their type", () => {
    expect(scalarOp("add", "f32")(1, 1e-8)).toBe(1);
    expect(scalarOp("multiply", "f16")(300, 300)).toBe(Infinity);
  });
});

describe("simpleReducer", () => {
  it("recognises a lone binary op of the two parameters, in either order", () => {
    const ctx = testContext({}, {}, { a: binaryComputation("a", "add", "f64"), b: binaryComputation("b", "maximum", "f64", true) });
    expect(simpleReducer(ctx, "a")?.op).toBe("add");
    const b = simpleReducer(ctx, "b");
    expect(b?.op).toBe("maximum");
    // root = maximum(p1, p0): apply(p0, p1) keeps p1 on ties.
    expect(Object.is(b?.apply(-0, 0), 0)).toBe(true);
  });
  it("declines other computations and a context without computations", () => {
    const ctx = testContext({}, {}, { s: binaryComputation("s", "subtract", "f64") });
    expect(simpleReducer(ctx, "s")).toBeUndefined();
    expect(simpleReducer(testContext(), "s")).toBeUndefined();
  });
});
