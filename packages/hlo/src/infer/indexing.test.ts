import { describe, expect, it } from "vitest";
import type { AttributesOf } from "../opcode.ts";
import { type ProgramShape, type Shape, shape, tupleShape } from "../shape.ts";
import { inferShape } from "./shape_inference.ts";
import { shapeErrorMessage } from "../test_support.ts";

const f32 = (...d: number[]) => shape("f32", d);
const s32 = (...d: number[]) => shape("s32", d);
const prog = (parameters: readonly Shape[], result: Shape): ProgramShape => ({ parameters, result });
const message = shapeErrorMessage;

describe("dynamic-slice", () => {
  const ds = (operands: Shape[], sliceSizes: number[]) => inferShape({ opcode: "dynamic-slice", operands, attributes: { sliceSizes }, called: [] });
  it("has the slice sizes, with scalar indices or one index vector", () => {
    expect(ds([f32(4, 5), s32(), s32()], [2, 5])).toEqual(f32(2, 5));
    expect(ds([f32(4, 5), s32(2)], [0, 3])).toEqual(f32(0, 3));
    expect(ds([f32()], [])).toEqual(f32());
  });
  it("checks the index vector form in XLA's words", () => {
    expect(message(() => ds([f32(4, 5), s32(2), s32(2)], [1, 1]))).toBe("dynamic-slice: Dynamic slice should have exactly 1 index operand, has 2.");
    expect(message(() => ds([f32(4, 5), f32(2)], [1, 1]))).toBe("dynamic-slice: Dynamic slice start indices must be of integral type.");
    expect(message(() => ds([f32(4, 5), s32(3)], [1, 1]))).toBe(
      "dynamic-slice: Dynamic slice start number of dimensions 3 (s32[3]) must match rank 2 of slice input (f32[4,5]).",
    );
  });
  it("checks the scalar form in XLA's words", () => {
    expect(message(() => ds([f32(4, 5), s32()], [1, 1]))).toBe(
      "dynamic-slice: Dynamic slice start number of dimensions 1 must match rank 2 of slice input (f32[4,5]).",
    );
    expect(message(() => ds([f32(4, 5), s32(1, 1), s32(1, 1)], [1, 1]))).toBe("dynamic-slice: Dynamic slice indices must be scalar, not s32[1,1].");
    expect(message(() => ds([f32(4, 5), f32(), f32()], [1, 1]))).toBe("dynamic-slice: Dynamic slice start indices must be of integral type.");
    expect(message(() => ds([f32(4, 5), s32(), shape("s64", [])], [1, 1]))).toBe(
      "dynamic-slice: Dynamic slice start indices must all have the same shape, got mismatching indices with shapes s32[] and s64[].",
    );
  });
  it("checks the slice sizes", () => {
    expect(message(() => ds([f32(4, 5), s32(), s32()], [1]))).toBe("dynamic-slice: Dynamic slice index count does not match argument rank: 1 vs 2.");
    expect(message(() => ds([f32(4, 5), s32(), s32()], [1, -1]))).toBe("dynamic-slice: Negative size index to dynamic slice: -1.");
    expect(message(() => ds([f32(4, 5), s32(), s32()], [5, 1]))).toBe("dynamic-slice: Slice dim size 5 greater than dynamic slice dimension: 4.");
  });
});

describe("dynamic-update-slice", () => {
  const dus = (operands: Shape[]) => inferShape({ opcode: "dynamic-update-slice", operands, attributes: {}, called: [] });
  it("has the operand's shape", () => {
    expect(dus([f32(4, 5), f32(2, 5), s32(), s32()])).toEqual(f32(4, 5));
    expect(dus([f32(4, 5), f32(0, 0), s32(2)])).toEqual(f32(4, 5));
    expect(dus([f32(), f32()])).toEqual(f32());
  });
  it("checks indices, rank, element type and sizes in XLA's words", () => {
    expect(message(() => dus([f32(4, 5), f32(2, 5), s32()]))).toBe(
      "dynamic-update-slice: Dynamic update slice start number of dimensions 1 must match rank 2 of slice input (f32[4,5]).",
    );
    expect(message(() => dus([f32(4, 5), f32(2), s32(), s32()]))).toBe(
      "dynamic-update-slice: Dynamic update slice update rank does not match argument rank: 1 vs 2.",
    );
    expect(message(() => dus([f32(4, 5), s32(2, 5), s32(), s32()]))).toBe(
      "dynamic-update-slice: Dynamic update slice update element type does not match argument. operand.element_type: F32 vs update.element_type: S32.",
    );
    expect(message(() => dus([f32(4, 5), f32(2, 6), s32(), s32()]))).toBe(
      "dynamic-update-slice: Update dim size 6 greater than dynamic slice dimension: 5.",
    );
    expect(message(() => dus([f32(4, 5), f32(2, 5), s32(2), s32(2)]))).toBe(
      "dynamic-update-slice: Dynamic update slice should have exactly 1 index operand, has 2.",
    );
  });
});

type Gather = AttributesOf<"gather">;
const gatherDims = (o: Partial<Gather>): Gather => ({
  offsetDims: [1], collapsedSliceDims: [0], startIndexMap: [0], operandBatchingDims: [], startIndicesBatchingDims: [],
  indexVectorDim: 1, sliceSizes: [1, 3], indicesAreSorted: false, ...o,
});

describe("gather", () => {
  const gather = (operand: Shape, indices: Shape, o: Partial<Gather> = {}) =>
    inferShape({ opcode: "gather", operands: [operand, indices], attributes: gatherDims(o), called: [] });
  it("gathers rows: batch dims from the indices, offset dims from the slice", () => {
    expect(gather(f32(3, 3), s32(2, 1))).toEqual(f32(2, 3));
    // index_vector_dim == rank(indices): an implicit trailing 1.
    expect(gather(f32(3, 3), s32(2))).toEqual(f32(2, 3));
    expect(gather(f32(3, 3), s32(0, 1))).toEqual(f32(0, 3));
  });
  it("offset dims may come before the batch dims", () => {
    expect(gather(f32(3, 3), s32(2, 1), { offsetDims: [0] })).toEqual(f32(3, 2));
  });
  it("explicit batching dims drop out of the slice like collapsed ones", () => {
    const o = { operandBatchingDims: [0], startIndicesBatchingDims: [0], collapsedSliceDims: [1], startIndexMap: [1], offsetDims: [2], indexVectorDim: 2, sliceSizes: [1, 1, 4] };
    expect(gather(f32(2, 5, 4), s32(2, 3, 1), o)).toEqual(f32(2, 3, 4));
  });
  it("checks the indices operand", () => {
    expect(message(() => gather(f32(3, 3), f32(2, 1)))).toBe("gather: Gather indices parameter must be an integral tensor; got f32[2,1].");
    expect(message(() => gather(f32(3, 3), s32(2, 1), { indexVectorDim: 3 }))).toBe(
      "gather: Gather index leaf dimension must be within [0, rank(start_indices) + 1). rank(start_indices) is 2 and gather index leaf dimension is 3.",
    );
  });
  it("checks offset_dims, start_index_map and collapsed_slice_dims in XLA's words", () => {
    const g = (o: Partial<Gather>) => message(() => gather(f32(3, 3), s32(2, 1), o));
    expect(g({ offsetDims: [1, 0], collapsedSliceDims: [] })).toBe("gather: Output window dimensions in gather op must be ascending; got: 1, 0.");
    expect(g({ offsetDims: [1, 1], collapsedSliceDims: [] })).toBe("gather: Output window dimensions in gather op must not repeat; got: 1, 1.");
    expect(g({ offsetDims: [2] })).toBe("gather: Offset dimension 0 in gather op is out of bounds; got 2, but should have been in [0,2).");
    expect(g({ startIndexMap: [0, 1] })).toBe(
      "gather: Gather op has 2 elements in start_index_map and the bound of dimension index_vector_dim=1 of start_indices is 1. These two numbers must be equal.",
    );
    expect(g({ startIndexMap: [2] })).toBe("gather: Invalid start_index_map; domain is [0, 2), got: 0->2.");
    expect(message(() => gather(f32(3, 3), s32(2, 2), { startIndexMap: [0, 0] }))).toBe(
      "gather: Repeated dimensions are not allowed in start_index_map; got: 0, 0.",
    );
    expect(g({ collapsedSliceDims: [2] })).toBe("gather: Invalid collapsed_slice_dims set in gather op; valid range is [0, 2), got: 2.");
    expect(g({ collapsedSliceDims: [1, 0], offsetDims: [] })).toBe("gather: collapsed_slice_dims in gather op must be sorted; got: 1, 0");
    expect(g({ collapsedSliceDims: [0, 0], offsetDims: [] })).toBe("gather: Repeated dimensions not allowed in collapsed_slice_dims in gather op; got: 0, 0.");
  });
  it("checks the batching dims in XLA's words", () => {
    const g = (o: Partial<Gather>) => message(() => gather(f32(3, 3), s32(2, 1), o));
    expect(g({ operandBatchingDims: [1] })).toBe(
      "gather: operand_batching_dims and start_indices_batching_dims in gather op must be of the same size; got: 1 and 0.",
    );
    expect(g({ operandBatchingDims: [2], startIndicesBatchingDims: [0] })).toBe(
      "gather: Invalid operand_batching_dims set in gather op; valid range is [0, 2), got: 2.",
    );
    expect(g({ operandBatchingDims: [1, 0], startIndicesBatchingDims: [0, 1] })).toBe("gather: operand_batching_dims in gather op must be sorted; got: 1, 0");
    expect(g({ operandBatchingDims: [1, 1], startIndicesBatchingDims: [0, 1] })).toBe(
      "gather: Repeated dimensions not allowed in operand_batching_dims in gather op; got: 1, 1.",
    );
    expect(g({ operandBatchingDims: [1], startIndicesBatchingDims: [2] })).toBe("gather: Invalid start_indices_batching_dims; domain is [0, 2), got: 0->2.");
    expect(message(() => gather(f32(3, 3, 3), s32(2, 2, 1), { operandBatchingDims: [1, 2], startIndicesBatchingDims: [0, 0], sliceSizes: [1, 1, 1], offsetDims: [], indexVectorDim: 2 }))).toBe(
      "gather: Repeated dimensions are not allowed in start_indices_batching_dims; got: 0, 0.",
    );
  });
  it("checks the slice sizes in XLA's words", () => {
    const g = (o: Partial<Gather>) => message(() => gather(f32(3, 3), s32(2, 1), o));
    expect(g({ sliceSizes: [1] })).toBe("gather: Gather op must have one slice size for every input dimension; got: len(slice_sizes)=1, input_shape.rank=2.");
    expect(g({ offsetDims: [] })).toBe(
      "gather: All components of the offset index in a gather op must either be a offset dimension or explicitly collapsed or explicitly batched; got len(slice_sizes)=2, output_slice_sizes=, collapsed_slice_dims=0, operand_batching_dims=.",
    );
    expect(g({ sliceSizes: [1, 4] })).toBe("gather: Slice size at index 1 in gather op is out of range, must be within [0, 4), got 4.");
    expect(g({ sliceSizes: [2, 3] })).toBe("gather: Gather op can only collapse slice dims with bound 1 or 0, but bound is 2 for index 0 at position 0.");
    expect(message(() => gather(f32(2, 5, 4), s32(2, 3, 1), {
      operandBatchingDims: [0], startIndicesBatchingDims: [0], collapsedSliceDims: [1], startIndexMap: [1], offsetDims: [2], indexVectorDim: 2, sliceSizes: [2, 1, 4],
    }))).toBe("gather: Gather op can only have operand_batching_dims with bound 1 or 0, but bound is 2 for index 0 at position 0.");
  });
});

type Scatter = AttributesOf<"scatter">;
const scatterDims = (o: Partial<Scatter>): Scatter => ({
  updateWindowDims: [1], insertedWindowDims: [0], inputBatchingDims: [], scatterIndicesBatchingDims: [], scatterDimsToOperandDims: [0],
  indexVectorDim: 1, indicesAreSorted: false, uniqueIndices: false, ...o,
});

describe("scatter", () => {
  const add = prog([f32(), f32()], f32());
  const scatter = (operands: Shape[], o: Partial<Scatter> = {}, computation = add) =>
    inferShape({ opcode: "scatter", operands, attributes: scatterDims(o), called: [computation] });
  it("has the operand's shape", () => {
    expect(scatter([f32(3, 3), s32(2, 1), f32(2, 3)])).toEqual(f32(3, 3));
    expect(scatter([f32(3, 3), s32(2), f32(2, 3)])).toEqual(f32(3, 3));
    expect(scatter([f32(3, 3), s32(0, 1), f32(0, 3)])).toEqual(f32(3, 3));
    // Update windows may be smaller than the operand's dimensions.
    expect(scatter([f32(3, 3), s32(2, 1), f32(2, 2)])).toEqual(f32(3, 3));
  });
  it("variadic scatter gives a tuple of the operand shapes", () => {
    const both = prog([f32(), s32(), f32(), s32()], tupleShape([f32(), s32()]));
    expect(scatter([f32(3, 3), s32(3, 3), s32(2, 1), f32(2, 3), s32(2, 3)], {}, both)).toEqual(tupleShape([f32(3, 3), s32(3, 3)]));
  });
  it("explicit batching dims", () => {
    const o = { inputBatchingDims: [0], scatterIndicesBatchingDims: [0], insertedWindowDims: [1], scatterDimsToOperandDims: [1], updateWindowDims: [2], indexVectorDim: 2 };
    expect(scatter([f32(2, 5, 4), s32(2, 3, 1), f32(2, 3, 4)], o)).toEqual(f32(2, 5, 4));
  });
  it("checks counts, indices and the updates' rank and bounds in XLA's words", () => {
    expect(message(() => scatter([f32(3, 3), s32(2, 1), f32(2, 3), f32(2, 3)]))).toBe("scatter: Invalid argument count of scatter op: Expected 5, saw 4");
    expect(message(() => scatter([f32(3, 3), f32(2, 1), f32(2, 3)]))).toBe("scatter: Scatter indices parameter must be an integral tensor; got f32[2,1].");
    expect(message(() => scatter([f32(3, 3), s32(2, 1), f32(2, 3)], { indexVectorDim: 3 }))).toBe(
      "scatter: Scatter index leaf dimension must be within [0, rank(scatter_indices) + 1). rank(scatter_indices) is 2 and scatter index leaf dimension is 3.",
    );
    expect(message(() => scatter([f32(3, 3), s32(2, 1), f32(2, 3, 1)]))).toBe("scatter: Updates tensor must be of rank 2; got 3.");
    expect(message(() => scatter([f32(3, 3), s32(2, 1), f32(2, 4)]))).toBe(
      "scatter: Bounds of the window dimensions of updates must not exceed the bounds of the corresponding dimensions of operand. For dimension 1, updates bound is 4, operand bound is 3.",
    );
    expect(message(() => scatter([f32(3, 3), s32(2, 1), f32(5, 3)]))).toBe(
      "scatter: Bounds of the scatter dimensions of updates must be same as the bounds of the corresponding dimensions of scatter indices. For scatter dimension 0, updates bound is 5, scatter_indices bound is 2.",
    );
  });
  it("checks the dimension numbers in XLA's words", () => {
    const s = (o: Partial<Scatter>, operands = [f32(3, 3), s32(2, 1), f32(2, 3)]) => message(() => scatter(operands, o));
    expect(s({ updateWindowDims: [1, 0], insertedWindowDims: [], indexVectorDim: 0 }, [f32(3, 3), s32(1), f32(3, 3)])).toBe(
      "scatter: update_window_dims in scatter op must be sorted; got: 1, 0.",
    );
    expect(s({ updateWindowDims: [1, 1], insertedWindowDims: [], indexVectorDim: 0 }, [f32(3, 3), s32(1), f32(3, 3)])).toBe(
      "scatter: update_window_dims in scatter op must not repeat; got: 1, 1.",
    );
    expect(s({ updateWindowDims: [2], insertedWindowDims: [0] }, [f32(3, 3), s32(2, 1), f32(2, 3)])).toBe(
      "scatter: Invalid update_window_dims set in scatter op; valid range is [0, 2). got: 2.",
    );
    expect(s({ insertedWindowDims: [1, 0], updateWindowDims: [] }, [f32(3, 3), s32(2, 1), f32(2)])).toBe(
      "scatter: inserted_window_dims in scatter op must be sorted; got: 1, 0.",
    );
    expect(s({ insertedWindowDims: [0, 0], updateWindowDims: [] }, [f32(3, 3), s32(2, 1), f32(2)])).toBe(
      "scatter: inserted_window_dims in scatter op must not repeat; got: 0, 0.",
    );
    expect(s({ insertedWindowDims: [2] })).toBe("scatter: Invalid inserted_window_dims set in scatter op; valid range is [0, 2), got: 2.");
    expect(s({ insertedWindowDims: [] })).toBe("scatter: Scatter op has window of size 1; doesn't match operand of rank 2.");
    expect(s({ scatterDimsToOperandDims: [0, 1] })).toBe(
      "scatter: Scatter op has 2 elements in scatter_dims_to_operand_dims and the bound of dimension index_vector_dim=1 of scatter_indices is 1. These two numbers must be equal.",
    );
    expect(s({ scatterDimsToOperandDims: [2] })).toBe("scatter: Invalid scatter_dims_to_operand_dims mapping; domain is [0, 2), got: 0->2.");
    expect(s({ scatterDimsToOperandDims: [0, 0] }, [f32(3, 3), s32(2, 2), f32(2, 3)])).toBe(
      "scatter: Repeated dimensions not allowed in scatter_dims_to_operand_dims; got: 0, 0.",
    );
  });
  it("checks the batching dims in XLA's words", () => {
    const s = (o: Partial<Scatter>, operands: Shape[]) => message(() => scatter(operands, o));
    const ops3 = [f32(2, 5, 4), s32(2, 3, 1), f32(2, 3, 4)];
    const base = { insertedWindowDims: [1], scatterDimsToOperandDims: [1], updateWindowDims: [2], indexVectorDim: 2 };
    expect(s({ ...base, inputBatchingDims: [0] }, ops3)).toBe(
      "scatter: input_batching_dims and scatter_indices_batching_dims in scatter op must be of the same size; got: 1 and 0.",
    );
    expect(s({ ...base, inputBatchingDims: [3], scatterIndicesBatchingDims: [0] }, ops3)).toBe(
      "scatter: Invalid input_batching_dims set in scatter op; valid range is [0, 3), got: 3.",
    );
    expect(s({ ...base, inputBatchingDims: [0], scatterIndicesBatchingDims: [3] }, ops3)).toBe(
      "scatter: Invalid scatter_indices_batching_dims set in scatter op; valid range is [0, 3), got: 3.",
    );
    const ops4 = [f32(2, 2, 5), s32(2, 2, 1), f32(2, 2)];
    const base4 = { insertedWindowDims: [2], scatterDimsToOperandDims: [2], updateWindowDims: [], indexVectorDim: 2 };
    expect(s({ ...base4, inputBatchingDims: [1, 0], scatterIndicesBatchingDims: [0, 1] }, ops4)).toBe(
      "scatter: input_batching_dims in scatter op must be sorted; got: 1, 0.",
    );
    expect(s({ ...base4, inputBatchingDims: [0, 0], scatterIndicesBatchingDims: [0, 1] }, ops4)).toBe(
      "scatter: input_batching_dims in scatter op must not repeat; got: 0, 0.",
    );
    expect(s({ ...base4, inputBatchingDims: [0, 1], scatterIndicesBatchingDims: [1, 1] }, ops4)).toBe(
      "scatter: scatter_indices_batching_dims in scatter op must not repeat; got: 1, 1.",
    );
  });
  it("checks the update computation as a reducer", () => {
    expect(message(() => scatter([f32(3, 3), s32(2, 1), f32(2, 3)], {}, prog([f32()], f32())))).toBe(
      "scatter: Reduction function must take 2 parameters, but takes 1 parameter(s).",
    );
    expect(message(() => scatter([f32(3, 3), s32(2, 1), s32(2, 3)]))).toBe(
      "scatter: Reduction function's 1-th parameter shape differs from the input type element type: f32[] vs s32[]",
    );
  });
});
