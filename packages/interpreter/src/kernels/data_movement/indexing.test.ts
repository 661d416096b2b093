import { describe, expect, it } from "vitest";
import { binaryComputation, f64, instruction, literal, run, s32, scalar, scalarFn, shape, testContext, values } from "../support/test_support.ts";

const grid = f64([3, 4], [0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23]);

describe("dynamic-slice", () => {
  it("reads the box at the start indices (scalar index operands)", () => {
    const i = instruction("dynamic-slice", shape("f64", [2, 2]), { sliceSizes: [2, 2] });
    expect(values(run(i, [grid, scalar(1, "s32"), scalar(1, "s32")]))).toEqual([[11, 12], [21, 22]]);
  });
  it("clamps start indices to [0, dim - size] per dimension", () => {
    const i = instruction("dynamic-slice", shape("f64", [2, 2]), { sliceSizes: [2, 2] });
    expect(values(run(i, [grid, scalar(5, "s32"), scalar(-3, "s32")]))).toEqual([[10, 11], [20, 21]]);
    expect(values(run(i, [grid, scalar(4294967295, "u32"), scalar(3, "u32")]))).toEqual([[12, 13], [22, 23]]);
  });
  it("accepts one rank-1 index vector", () => {
    const i = instruction("dynamic-slice", shape("f64", [1, 3]), { sliceSizes: [1, 3] });
    expect(values(run(i, [grid, s32([2], [2, 3])]))).toEqual([[21, 22, 23]]);
  });
  it("slices a scalar operand with no indices and a zero-sized box", () => {
    const i = instruction("dynamic-slice", shape("f64", []), { sliceSizes: [] });
    expect(values(run(i, [scalar(4)]))).toBe(4);
    const z = instruction("dynamic-slice", shape("f64", [0, 4]), { sliceSizes: [0, 4] });
    expect(values(run(z, [grid, scalar(9, "s32"), scalar(0, "s32")]))).toEqual([]);
  });
});

describe("dynamic-update-slice", () => {
  it("writes the update at clamped start indices without touching the operand", () => {
    const i = instruction("dynamic-update-slice", shape("f64", [3, 4]), {});
    const u = f64([2, 2], [-1, -2, -3, -4]);
    const r = run(i, [grid, u, scalar(7, "s32"), scalar(1, "s32")]);
    expect(values(r)).toEqual([[0, 1, 2, 3], [10, -1, -2, 13], [20, -3, -4, 23]]);
    expect(grid.data[5]).toBe(11);
  });
  it("updates a rank-1 operand from a vector of start indices", () => {
    const i = instruction("dynamic-update-slice", shape("s32", [4]), {});
    expect(values(run(i, [s32([4], [1, 2, 3, 4]), s32([2], [8, 9]), s32([1], [-5])]))).toEqual([8, 9, 3, 4]);
  });
});

describe("gather", () => {
  it("takes rows as jnp.take does (gather_take's dimension numbers)", () => {
    const a = f64([6, 3], Array.from({ length: 18 }, (_, k) => k));
    const i = instruction("gather", shape("f64", [4, 3]), {
      offsetDims: [1], collapsedSliceDims: [0], startIndexMap: [0], operandBatchingDims: [], startIndicesBatchingDims: [],
      indexVectorDim: 1, sliceSizes: [1, 3], indicesAreSorted: false,
    });
    // Index 9 is clamped to 5, -1 to 0.
    expect(values(run(i, [a, s32([4, 1], [2, 0, 9, -1])]))).toEqual([[6, 7, 8], [0, 1, 2], [15, 16, 17], [0, 1, 2]]);
  });
  it("treats index_vector_dim == rank as a trailing index vector of size 1", () => {
    const i = instruction("gather", shape("f64", [2]), {
      offsetDims: [], collapsedSliceDims: [0], startIndexMap: [0], operandBatchingDims: [], startIndicesBatchingDims: [],
      indexVectorDim: 1, sliceSizes: [1], indicesAreSorted: false,
    });
    expect(values(run(i, [f64([4], [5, 6, 7, 8]), s32([2], [3, 1])]))).toEqual([8, 6]);
  });
  it("gathers 2x2 windows with offset dims before the batch dim", () => {
    const i = instruction("gather", shape("f64", [2, 2, 2]), {
      offsetDims: [0, 1], collapsedSliceDims: [], startIndexMap: [0, 1], operandBatchingDims: [], startIndicesBatchingDims: [],
      indexVectorDim: 1, sliceSizes: [2, 2], indicesAreSorted: false,
    });
    // Starts (0,0) and (1,2); result[r][c][b] = grid[start_b + (r, c)].
    const r = run(i, [grid, s32([2, 2], [0, 0, 1, 2])]);
    expect(values(r)).toEqual([[[0, 12], [1, 13]], [[10, 22], [11, 23]]]);
  });
  it("pairs batching dimensions of operand and indices", () => {
    // operand [2 batches][3], indices [2 batches] picking one element per batch.
    const i = instruction("gather", shape("f64", [2]), {
      offsetDims: [], collapsedSliceDims: [1], startIndexMap: [1], operandBatchingDims: [0], startIndicesBatchingDims: [0],
      indexVectorDim: 1, sliceSizes: [1, 1], indicesAreSorted: false,
    });
    expect(values(run(i, [f64([2, 3], [1, 2, 3, 4, 5, 6]), s32([2], [2, 0])]))).toEqual([3, 4]);
  });
});

const scatterAddAttributes = {
  updateWindowDims: [], insertedWindowDims: [0], inputBatchingDims: [], scatterIndicesBatchingDims: [],
  scatterDimsToOperandDims: [0], indexVectorDim: 1, indicesAreSorted: false, uniqueIndices: false,
};

describe("scatter", () => {
  const add = scalarFn(["f64"], (a, b) => a + b);
  it("adds updates in order, repeated indices accumulate, out-of-bounds updates are skipped", () => {
    const i = instruction("scatter", shape("f64", [5]), scatterAddAttributes, ["add"]);
    const r = run(i, [f64([5], [0, 0, 0, 0, 0]), s32([4, 1], [1, 3, 1, 5]), f64([4], [1, 2, 3, 4])], testContext({ add }));
    expect(values(r)).toEqual([0, 4, 0, 2, 0]);
  });
  it("gives the same bits on the fast path as through the called computation", () => {
    const i = instruction("scatter", shape("f32", [2]), scatterAddAttributes, ["add"]);
    const ops = [literal("f32", [2], [1, 0]), s32([3, 1], [0, 0, 0]), literal("f32", [3], [4e-8, 4e-8, 4e-8])];
    const addF32 = scalarFn(["f32"], (a, b) => Math.fround(a + b));
    const slow = run(i, ops, testContext({ add: addF32 }));
    const fastCtx = testContext({}, {}, { add: binaryComputation("add", "add", "f32") });
    const fast = run(i, ops, fastCtx);
    expect(fastCtx.calls).toBe(0);
    expect(Array.from((fast as { data: Float64Array }).data)).toEqual(Array.from((slow as { data: Float64Array }).data));
    // Rounded to f32 after each step, 1 + 4e-8 stays 1 (half an ulp is 5.96e-8);
    // summing in f64 first would have given 1 + 1.2e-7.
    expect((fast as { data: Float64Array }).data[0]).toBe(1);
  });
  it("replaces with the combiner's rhs and applies updates in order", () => {
    const i = instruction("scatter", shape("s32", [3]), { ...scatterAddAttributes }, ["set"]);
    const set = scalarFn(["s32"], (_a, b) => b);
    const r = run(i, [s32([3], [7, 7, 7]), s32([3, 1], [2, 2, 0]), s32([3], [1, 2, 3])], testContext({ set }));
    expect(values(r)).toEqual([3, 7, 2]);
  });
  it("scatters row windows and skips a window that sticks out", () => {
    const i = instruction("scatter", shape("f64", [3, 2]), {
      updateWindowDims: [1], insertedWindowDims: [0], inputBatchingDims: [], scatterIndicesBatchingDims: [],
      scatterDimsToOperandDims: [0], indexVectorDim: 1, indicesAreSorted: false, uniqueIndices: false,
    }, ["add"]);
    const r = run(i, [f64([3, 2], [0, 0, 0, 0, 0, 0]), s32([2, 1], [2, 3]), f64([2, 2], [1, 2, 3, 4])], testContext({ add }));
    expect(values(r)).toEqual([[0, 0], [0, 0], [1, 2]]);
  });
  it("scatters two operands together and returns a tuple", () => {
    const i = instruction("scatter", { elementType: "tuple", tupleShapes: [shape("f64", [2]), shape("s32", [2])] }, scatterAddAttributes, ["both"]);
    const both = scalarFn(["f64", "s32"], (a, b, c, d) => [a + c, b * d]);
    const r = run(i, [f64([2], [1, 1]), s32([2], [2, 2]), s32([2, 1], [1, 1]), f64([2], [10, 20]), s32([2], [3, 4])], testContext({ both }));
    expect(values(r)).toEqual([[1, 31], [2, 24]]);
  });
  it("uses batching dimensions to choose the operand batch", () => {
    const i = instruction("scatter", shape("f64", [2, 3]), {
      updateWindowDims: [], insertedWindowDims: [1], inputBatchingDims: [0], scatterIndicesBatchingDims: [0],
      scatterDimsToOperandDims: [1], indexVectorDim: 1, indicesAreSorted: false, uniqueIndices: false,
    }, ["add"]);
    const r = run(i, [f64([2, 3], [0, 0, 0, 0, 0, 0]), s32([2], [2, 0]), f64([2], [5, 6])], testContext({ add }));
    expect(values(r)).toEqual([[0, 0, 5], [6, 0, 0]]);
  });
});
