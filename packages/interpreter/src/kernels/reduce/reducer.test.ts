import { describe, expect, it } from "vitest";
import { bigReducer, bigScalarOp, scalarOp, simpleReducer } from "./reducer.ts";
import { binaryComputation, testContext } from "../support/test_support.ts";

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
  });
  it("wraps s64/u64 sums and products at 64 bits on bigints", () => {
    expect(bigScalarOp("multiply", "s64")(2n ** 32n, 2n ** 32n)).toBe(0n);
    expect(bigScalarOp("add", "s64")(2n ** 63n - 1n, 1n)).toBe(-(2n ** 63n));
    expect(bigScalarOp("add", "u64")(2n ** 64n - 1n, 2n)).toBe(1n);
    expect(bigScalarOp("minimum", "s64")(9007199254740993n, 9007199254740992n)).toBe(9007199254740992n);
    expect(() => scalarOp("multiply", "s64")).toThrow(/not stored one float64/);
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
  it("hands s64/u64 computations to bigReducer, not simpleReducer", () => {
    const ctx = testContext({}, {}, { m: binaryComputation("m", "minimum", "s64"), s: binaryComputation("s", "subtract", "u64", true) });
    expect(simpleReducer(ctx, "m")).toBeUndefined();
    expect(bigReducer(ctx, "m")?.apply(-(2n ** 63n), 5n)).toBe(-(2n ** 63n));
    expect(bigReducer(ctx, "s")).toBeUndefined();
  });
  it("declines other computations and a context without computations", () => {
    const ctx = testContext({}, {}, { s: binaryComputation("s", "subtract", "f64") });
    expect(simpleReducer(ctx, "s")).toBeUndefined();
    expect(simpleReducer(testContext(), "s")).toBeUndefined();
  });
});
