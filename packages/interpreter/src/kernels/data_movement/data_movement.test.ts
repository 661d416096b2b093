import { describe, expect, it } from "vitest";
import { f64, instruction, literal, run, s32, scalar, shape, values } from "../support/test_support.ts";

describe("broadcast", () => {
  it("maps operand dimension i to result dimension dimensions[i]", () => {
    const i = instruction("broadcast", shape("f64", [2, 3]), { dimensions: [1] });
    expect(values(run(i, [f64([3], [1, 2, 3])]))).toEqual([[1, 2, 3], [1, 2, 3]]);
    const j = instruction("broadcast", shape("f64", [2, 3]), { dimensions: [0] });
    expect(values(run(j, [f64([2], [7, 8])]))).toEqual([[7, 7, 7], [8, 8, 8]]);
  });
  it("broadcasts a scalar, keeps NaN and -0, and handles a zero-sized result", () => {
    const i = instruction("broadcast", shape("f64", [2, 2]), { dimensions: [] });
    expect(values(run(i, [scalar(Number.NaN)]))).toEqual([[NaN, NaN], [NaN, NaN]]);
    expect(Object.is((run(i, [scalar(-0)]) as { data: Float64Array }).data[3], -0)).toBe(true);
    const z = instruction("broadcast", shape("f64", [0, 3]), { dimensions: [1] });
    expect(values(run(z, [f64([3], [1, 2, 3])]))).toEqual([]);
  });
  it("permutes dimensions when dimensions are not increasing (rank 3)", () => {
    const i = instruction("broadcast", shape("f64", [3, 2, 2]), { dimensions: [2, 0] });
    // Operand dims (2,3) go to result dims 2 and 0: result[a][b][c] = x[c][a].
    const x = f64([2, 3], [1, 2, 3, 4, 5, 6]);
    expect(values(run(i, [x]))).toEqual([
      [[1, 4], [1, 4]],
      [[2, 5], [2, 5]],
      [[3, 6], [3, 6]],
    ]);
  });
});

describe("reshape and transpose", () => {
  it("reshape keeps row-major order", () => {
    const i = instruction("reshape", shape("f64", [3, 2]), {});
    expect(values(run(i, [f64([2, 3], [1, 2, 3, 4, 5, 6])]))).toEqual([[1, 2], [3, 4], [5, 6]]);
  });
  it("transpose puts operand dimension permutation[i] at result dimension i", () => {
    const i = instruction("transpose", shape("f64", [3, 2]), { dimensions: [1, 0] });
    expect(values(run(i, [f64([2, 3], [1, 2, 3, 4, 5, 6])]))).toEqual([[1, 4], [2, 5], [3, 6]]);
    const r3 = instruction("transpose", shape("f64", [2, 2, 2]), { dimensions: [2, 0, 1] });
    // result[a][b][c] = x[b][c][a]
    expect(values(run(r3, [f64([2, 2, 2], [0, 1, 2, 3, 4, 5, 6, 7])]))).toEqual([
      [[0, 2], [4, 6]],
      [[1, 3], [5, 7]],
    ]);
  });
});

describe("reverse and slice", () => {
  it("reverses the listed dimensions only", () => {
    const i = instruction("reverse", shape("f64", [2, 3]), { dimensions: [1] });
    expect(values(run(i, [f64([2, 3], [1, 2, 3, 4, 5, 6])]))).toEqual([[3, 2, 1], [6, 5, 4]]);
    const both = instruction("reverse", shape("f64", [2, 3]), { dimensions: [0, 1] });
    expect(values(run(both, [f64([2, 3], [1, 2, 3, 4, 5, 6])]))).toEqual([[6, 5, 4], [3, 2, 1]]);
    const empty = instruction("reverse", shape("f64", [0]), { dimensions: [0] });
    expect(values(run(empty, [f64([0], [])]))).toEqual([]);
  });
  it("slices with starts, limits and strides", () => {
    const i = instruction("slice", shape("f64", [2, 2]), { starts: [0, 1], limits: [3, 5], strides: [2, 2] });
    const x = f64([3, 5], Array.from({ length: 15 }, (_, k) => k));
    expect(values(run(i, [x]))).toEqual([[1, 3], [11, 13]]);
  });
});

describe("concatenate", () => {
  it("joins along the given dimension, including a zero-sized operand", () => {
    const i = instruction("concatenate", shape("f64", [2, 3]), { dimension: 1 });
    expect(values(run(i, [f64([2, 1], [1, 4]), f64([2, 0], []), f64([2, 2], [2, 3, 5, 6])]))).toEqual([[1, 2, 3], [4, 5, 6]]);
    const j = instruction("concatenate", shape("f64", [3]), { dimension: 0 });
    expect(values(run(j, [f64([1], [9]), f64([2], [8, 7])]))).toEqual([9, 8, 7]);
  });
});

describe("pad", () => {
  it("adds low, high and interior padding", () => {
    const i = instruction("pad", shape("f64", [6]), { padding: [{ low: 1, high: 2, interior: 1 }] });
    expect(values(run(i, [f64([2], [1, 2]), scalar(0)]))).toEqual([0, 1, 0, 2, 0, 0]);
  });
  it("crops with negative low and high padding", () => {
    // [1,2,3] interior 1 -> [1,0,2,0,3]; low -1 drops the 1, high -1 drops the 3.
    const i = instruction("pad", shape("f64", [3]), { padding: [{ low: -1, high: -1, interior: 1 }] });
    expect(values(run(i, [f64([3], [1, 2, 3]), scalar(9)]))).toEqual([9, 2, 9]);
    const j = instruction("pad", shape("f64", [1]), { padding: [{ low: -2, high: 0, interior: 0 }] });
    expect(values(run(j, [f64([3], [1, 2, 3]), scalar(9)]))).toEqual([3]);
  });
  it("pads a rank-2 operand and a zero-sized operand", () => {
    const i = instruction("pad", shape("f64", [3, 3]), { padding: [{ low: 1, high: 0, interior: 0 }, { low: 0, high: 1, interior: 0 }] });
    expect(values(run(i, [f64([2, 2], [1, 2, 3, 4]), scalar(-1)]))).toEqual([[-1, -1, -1], [1, 2, -1], [3, 4, -1]]);
    const z = instruction("pad", shape("f64", [2]), { padding: [{ low: 1, high: 1, interior: 5 }] });
    expect(values(run(z, [f64([0], []), scalar(7)]))).toEqual([7, 7]);
  });
});

describe("iota and get-dimension-size", () => {
  it("counts along iota_dimension in the element type", () => {
    const i = instruction("iota", shape("s32", [2, 3]), { iotaDimension: 1 });
    expect(values(run(i, []))).toEqual([[0, 1, 2], [0, 1, 2]]);
    const j = instruction("iota", shape("f32", [3, 2]), { iotaDimension: 0 });
    expect(values(run(j, []))).toEqual([[0, 0], [1, 1], [2, 2]]);
    const u8 = instruction("iota", shape("u8", [258]), { iotaDimension: 0 });
    expect((run(u8, []) as { data: Float64Array }).data[257]).toBe(1);
  });
  it("returns an s32 scalar dimension size", () => {
    const i = instruction("get-dimension-size", shape("s32", []), { dimension: 1 });
    const r = run(i, [s32([2, 5], Array(10).fill(0))]);
    expect(r.shape).toEqual({ elementType: "s32", dimensions: [] });
    expect(values(r)).toBe(5);
  });
  it("keeps pred values in literals it moves", () => {
    const i = instruction("reverse", shape("pred", [3]), { dimensions: [0] });
    expect(values(run(i, [literal("pred", [3], [true, false, false])]))).toEqual([false, false, true]);
  });
});
