/**
 * The narrow types stored one float64 per element: s2, s4, u2, u4 (which
 * wrap at their width) and the 8- and 4-bit floats (computed in float64 and
 * rounded once to the format, ml_dtypes' rounding). Every expected value was
 * produced by real XLA (CPU backend) on the same inputs.
 */
import { describe, expect, it } from "vitest";
import { bin, binXlaCpu, run, un, unXlaCpu, v } from "./test_support.ts";

describe("s2, s4, u2, u4 wrap at their width", () => {
  it("add, subtract and multiply", () => {
    // from XLA CPU
    expect(bin("add", "s4", [7, -8, 5], [1, -1, 5])).toEqual([-8, 7, -6]);
    expect(bin("multiply", "s4", [7, -8, 3], [7, -1, 3])).toEqual([1, -8, -7]);
    expect(bin("subtract", "u4", [0, 3], [1, 5])).toEqual([15, 14]);
    expect(bin("add", "s2", [1, -2], [1, -1])).toEqual([-2, 1]);
    expect(bin("multiply", "s2", [1, -2, -1], [1, -1, -1])).toEqual([1, -2, 1]);
    expect(bin("add", "u2", [3, 2], [1, 3])).toEqual([0, 1]);
  });

  it("divide and remainder follow the integer rules at 4 bits", () => {
    // from XLA CPU
    expect(bin("divide", "s4", [-8, 5, -7], [-1, 0, 2])).toEqual([-8, -1, -3]);
    expect(bin("remainder", "s4", [-8, 5, -7], [-1, 0, 2])).toEqual([0, 5, -1]);
    expect(bin("divide", "u4", [7, 15], [0, 4])).toEqual([15, 3]);
  });

  it("shifts are out of range from the type's width on", () => {
    // from XLA CPU
    expect(bin("shift-left", "s4", [1, 1, 3, -1], [3, 4, -1, 2])).toEqual([-8, 0, 0, -4]);
    expect(bin("shift-right-arithmetic", "s4", [-8, -8, 7], [3, 4, 4])).toEqual([-1, -1, 0]);
    expect(bin("shift-right-logical", "s4", [-8, -1, -1], [3, 4, 1])).toEqual([1, 0, 7]);
  });

  it("power wraps, with the negative-exponent rules", () => {
    // from XLA CPU: 3^3 = 27 wraps to -5
    expect(binXlaCpu("power", "s4", [3, -1, 2, -1], [3, -1, -1, -2])).toEqual([-5, -1, 0, 1]);
    // from XLA's constant folder (reference): (-1)^-1 = 0, 3^7 = 2187 wraps to -5
    expect(bin("power", "s4", [-1, -1, 2, -3, 3], [-1, -2, -3, 3, 7])).toEqual([0, 0, 0, 5, -5]);
  });

  it("negate, abs, not, sign, maximum", () => {
    // from XLA CPU
    expect(un("negate", "s4", [-8, 7, 0])).toEqual([-8, -7, 0]);
    expect(un("abs", "s4", [-8, -7, 0])).toEqual([-8, 7, 0]);
    expect(un("not", "s4", [-8, 7, 0])).toEqual([7, -8, -1]);
    expect(un("not", "s2", [-2, -1, 0, 1])).toEqual([1, 0, -1, -2]);
    expect(un("negate", "u2", [0, 1, 2, 3])).toEqual([0, 3, 2, 1]);
    expect(un("sign", "s4", [-8, 0, 7])).toEqual([-1, 0, 1]);
    expect(bin("maximum", "s4", [-8, 7], [-7, -1])).toEqual([-7, 7]);
  });

  it("count-leading-zeros counts at the width; popcnt of s4 counts the sign-extended byte, as XLA does", () => {
    // from XLA CPU (and XLA's evaluator, through constant folding, for s4 popcnt)
    expect(unXlaCpu("count-leading-zeros", "s4", [-8, -1, 0, 1, 3])).toEqual([0, 0, 4, 3, 2]);
    // from XLA's constant folder: the evaluator widens a negative value to 64 bits first (width - 64, wrapped)
    expect(un("count-leading-zeros", "s4", [-1, -8, 0, 1, 4])).toEqual([4, 4, 4, 3, 1]);
    expect(un("count-leading-zeros", "s2", [-1, 1])).toEqual([-2, 1]);
    expect(un("popcnt", "s4", [-8, -1, 0, 3])).toEqual([5, -8, 0, 2]);
    expect(un("popcnt", "u4", [15, 8])).toEqual([4, 1]);
    expect(un("popcnt", "s2", [-2, -1, 0, 1])).toEqual([1, -2, 0, 1]);
  });

  it("convert wraps into them from wider integers and saturates from floats", () => {
    // from XLA CPU
    expect(run("convert", "s4", [v("s32", [7, 8, -9, 15, -8])])).toEqual([7, -8, 7, -1, -8]);
    expect(run("convert", "u4", [v("s32", [7, 16, -1, 17])])).toEqual([7, 0, 15, 1]);
    expect(run("convert", "s2", [v("s32", [1, 2, -3, 3])])).toEqual([1, -2, 1, -1]);
    expect(run("convert", "s4", [v("f32", [7.9, 8, -9, Number.NaN, -8.5])])).toEqual([7, 7, -8, 0, -8]);
    expect(run("convert", "u2", [v("f32", [3.9, 8, -9, Number.NaN])])).toEqual([3, 3, 0, 0]);
    expect(run("convert", "s4", [v("u4", [15, 8, 7])])).toEqual([-1, -8, 7]);
    expect(run("convert", "f32", [v("s4", [-8, 7])])).toEqual([-8, 7]);
  });
});

describe("8- and 4-bit floats round each result to the format", () => {
  it("f8e4m3fn has no infinity: overflow is NaN", () => {
    // from XLA CPU
    expect(bin("add", "f8e4m3fn", [448, 448, 1, 17], [32, 16, 0.0625, 1])).toEqual([Number.NaN, 448, 1, 16]);
    expect(bin("multiply", "f8e4m3fn", [3, 0.0078125, 1.125], [3, 0.0078125, 1.125])).toEqual([9, 0, 1.25]);
  });

  it("f8e5m2 overflows to infinity; f8e4m3 divides to nearest", () => {
    // from XLA CPU
    expect(bin("add", "f8e5m2", [57344, 57344, 1], [4096, 8192, 0.125])).toEqual([Infinity, Infinity, 1]);
    expect(bin("divide", "f8e4m3", [1, 1], [3, 0])).toEqual([0.34375, Infinity]);
    expect(un("sqrt", "f8e5m2", [2, 57344])).toEqual([1.5, 224]);
  });

  it("f8e4m3fnuz overflows to NaN; f4e2m1fn ties to even", () => {
    // from XLA CPU
    expect(bin("subtract", "f8e4m3fnuz", [1, 240], [1, -16])).toEqual([0, Number.NaN]);
    expect(bin("add", "f4e2m1fn", [6, 3, 0.5], [6, 1.5, 0.5])).toEqual([6, 4, 1]);
    expect(bin("multiply", "f4e2m1fn", [6, 1.5, 0.5], [2, 1.5, 0.5])).toEqual([6, 2, 0]);
  });

  it("convert from f64 rounds once into the format", () => {
    // from XLA CPU
    expect(run("convert", "f8e4m3fn", [v("f64", [1e6, -1e6, 465, 464, Number.NaN, Infinity])])).toEqual([NaN, NaN, NaN, 448, NaN, NaN]);
    expect(run("convert", "f8e5m2", [v("f64", [1e6, -1e6, 61440, 57344, Number.NaN, Infinity])])).toEqual([
      Infinity, -Infinity, Infinity, 57344, NaN, Infinity,
    ]);
    expect(run("convert", "f8e5m2", [v("f8e4m3fn", [448, 0.013671875, -3.5])])).toEqual([448, 0.013671875, -3.5]);
    expect(run("convert", "s64", [v("f8e4m3fn", [448, -448, 1.5])])).toEqual([448n, -448n, 1n]);
  });
});
