import { describe, expect, it } from "vitest";
import { firstBitDifference } from "./literal_bits.ts";
import { literal, tupleLiteral } from "./literal.ts";

describe("firstBitDifference", () => {
  it("finds nothing between equal literals, tuples included", () => {
    const a = tupleLiteral([literal("f32", [2], [1, -0]), literal("s64", [1], [2n ** 62n])]);
    const b = tupleLiteral([literal("f32", [2], [1, -0]), literal("s64", [1], [2n ** 62n])]);
    expect(firstBitDifference(a, b)).toBeUndefined();
  });

  it("tells -0 from +0 and names the index and tuple path", () => {
    const d = firstBitDifference(tupleLiteral([literal("f64", [3], [1, 2, -0])]), tupleLiteral([literal("f64", [3], [1, 2, 0])]));
    expect(d).toEqual({ path: "0", index: 2, message: "value 2 at tuple index 0 differs: -0 vs 0" });
  });

  it("treats NaNs of any sign and payload as equal, and NaN unequal to a number", () => {
    const bits = new DataView(new ArrayBuffer(8));
    bits.setBigUint64(0, 0xfff8000000000001n, true);
    const odd = bits.getFloat64(0, true);
    expect(firstBitDifference(literal("f64", [2], [NaN, 1]), literal("f64", [2], [odd, 1]))).toBeUndefined();
    expect(firstBitDifference(literal("f64", [1], [NaN]), literal("f64", [1], [0]))?.index).toBe(0);
  });

  it("reports different shapes and 64-bit integers past 2^53", () => {
    expect(firstBitDifference(literal("f64", [2], [1, 2]), literal("f64", [1, 2], [1, 2]))?.message).toBe("shapes differ: f64[2] vs f64[1,2]");
    expect(firstBitDifference(literal("u64", [1], [2n ** 63n + 1n]), literal("u64", [1], [2n ** 63n]))?.index).toBe(0);
  });
});
