/**
 * Shape results and ShapeErrors of XlaBuilder's data-movement and indexing
 * methods: the builder runs the same rules as the verifier, so a bad call
 * throws at once with "opcode: <XLA's message>".
 */
import { type ElementType, type Shape, literal, shape, tupleShape } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { XlaBuilder } from "./builder.ts";
import { shapeErrorMessage } from "@minixla/hlo/test_support";

const f32 = (...d: number[]) => shape("f32", d);
const s32 = (...d: number[]) => shape("s32", d);

/** A builder with one parameter per shape, named p0, p1, .... */
function withParams(...shapes: Shape[]) {
  const b = new XlaBuilder("t");
  return { b, p: shapes.map((s, i) => b.parameter(i, s, `p${i}`)) };
}
const message = shapeErrorMessage;
function adder(t: ElementType = "f32") {
  const b = new XlaBuilder(`add_${t}`);
  b.add(b.parameter(0, shape(t, []), "a"), b.parameter(1, shape(t, []), "b"));
  return b.build();
}

describe("XlaBuilder leaves", () => {
  it("parameter and constant have their declared and literal shapes", () => {
    const b = new XlaBuilder("t");
    expect(b.parameter(0, f32(2, 0), "x").shape).toEqual(f32(2, 0));
    expect(b.constant(literal("s32", [2], [1, 2])).shape).toEqual(s32(2));
    expect(b.constantR0(true, "pred").shape).toEqual(shape("pred", []));
  });
  it("iota has the requested shape and refuses a scalar", () => {
    const b = new XlaBuilder("t");
    expect(b.iota(s32(3, 4), 1).shape).toEqual(s32(3, 4));
    expect(message(() => b.iota(s32(), 0))).toBe("iota: Iota does not support scalars.");
    expect(message(() => b.iota(s32(3), 1))).toBe("iota: The iota dimension cannot go beyond the operation rank or be negative.");
  });
});

describe("XlaBuilder broadcast, reshape, transpose", () => {
  it("broadcast adds major dimensions", () => {
    const { b, p } = withParams(f32(3));
    expect(b.broadcast(p[0], [2, 0]).shape).toEqual(f32(2, 0, 3));
  });
  it("broadcastInDim expands size-1 dimensions and checks XLA's InDim rules", () => {
    const { b, p } = withParams(f32(1, 3));
    expect(b.broadcastInDim(p[0], [2, 4, 3], [0, 2]).shape).toEqual(f32(2, 4, 3));
    expect(message(() => b.broadcastInDim(p[0], [2, 4, 3], [0, 1]))).toBe(
      "broadcast: Input dimension should be either 1 or equal to the output dimension it is broadcasting into; the 1th operand dimension is 3, the 1th output dimension is 4. (operand shape f32[1,3]; out_dim_sizes=[2,4,3]; broadcast_dimensions={0,1})",
    );
    expect(message(() => b.broadcastInDim(p[0], [3, 2], [1, 0]))).toBe("broadcast: Broadcast dimensions order is wrong: 0 comes after 1. (operand shape f32[1,3]; out_dim_sizes=[3,2]; broadcast_dimensions={1,0})");
  });
  it("reshape keeps the element count", () => {
    const { b, p } = withParams(f32(2, 3));
    expect(b.reshape(p[0], [3, 2]).shape).toEqual(f32(3, 2));
    expect(b.reshape(b.reshape(p[0], [6, 1]), [6]).shape).toEqual(f32(6));
    expect(message(() => b.reshape(p[0], [4]))).toBe("reshape: Reshape operation has mismatched element counts: from=6 (f32[2,3]) to=4 (f32[4]).");
  });
  it("transpose permutes dimensions", () => {
    const { b, p } = withParams(f32(2, 3, 0));
    expect(b.transpose(p[0], [2, 0, 1]).shape).toEqual(f32(0, 2, 3));
    expect(message(() => b.transpose(p[0], [0, 1]))).toBe(
      "transpose: Transpose dimensions [0,1] are not a permutation of the operand dimensions (operand shape is f32[2,3,0]).",
    );
  });
});

describe("XlaBuilder slice, concatInDim, pad, reverse, getDimensionSize", () => {
  it("slice and sliceInDim", () => {
    const { b, p } = withParams(f32(4, 6));
    expect(b.slice(p[0], [1, 0], [4, 6], [2, 3]).shape).toEqual(f32(2, 2));
    expect(b.sliceInDim(p[0], 2, 5, 1, 1).shape).toEqual(f32(4, 3));
    expect(message(() => b.slice(p[0], [0, 0], [4, 6], [1, 0]))).toBe("slice: Stride (0) must be positive. (operand shapes f32[4,6])");
  });
  it("concatInDim", () => {
    const { b, p } = withParams(f32(2, 3), f32(2, 1));
    expect(b.concatInDim([p[0], p[1]], 1).shape).toEqual(f32(2, 4));
    expect(message(() => b.concatInDim([p[0], p[1]], 0))).toBe(
      "concatenate: Cannot concatenate arrays that differ in dimensions other than the one being concatenated. Dimension 1 in both shapes must be equal (or compatible): f32[2,3] vs f32[2,1].",
    );
  });
  it("pad, with negative edge padding", () => {
    const { b, p } = withParams(f32(3), f32());
    expect(b.pad(p[0], p[1], [{ low: -1, high: 2, interior: 1 }]).shape).toEqual(f32(6));
    expect(message(() => b.pad(p[0], p[0], [{ low: 0, high: 0, interior: 0 }]))).toBe("pad: Pad operation does not support non-scalar padding values. (operand shapes f32[3], f32[3])");
  });
  it("reverse", () => {
    const { b, p } = withParams(f32(3, 2));
    expect(b.reverse(p[0], [1]).shape).toEqual(f32(3, 2));
    expect(message(() => b.reverse(p[0], [2]))).toBe("reverse: One of the reverse dimensions (2) is out-of-bounds in shape f32[3,2].");
  });
  it("getDimensionSize", () => {
    const { b, p } = withParams(f32(3, 2));
    expect(b.getDimensionSize(p[0], 1).shape).toEqual(s32());
    expect(message(() => b.getDimensionSize(p[0], 2))).toBe("get-dimension-size: GetDimensionSize dimension out of bounds: 2. (operand shapes f32[3,2])");
  });
});

describe("XlaBuilder dynamicSlice, dynamicUpdateSlice, gather, scatter", () => {
  it("dynamicSlice with scalar start indices", () => {
    const { b, p } = withParams(f32(4, 5), s32(), s32());
    expect(b.dynamicSlice(p[0], [p[1], p[2]], [2, 2]).shape).toEqual(f32(2, 2));
    expect(message(() => b.dynamicSlice(p[0], [p[1]], [2, 2]))).toBe(
      "dynamic-slice: Dynamic slice start number of dimensions 1 must match rank 2 of slice input (f32[4,5]). (operand shapes f32[4,5], s32[])",
    );
    expect(message(() => b.dynamicSlice(p[0], [p[1], p[2]], [5, 2]))).toBe("dynamic-slice: Slice dim size 5 greater than dynamic slice dimension: 4. (operand shapes f32[4,5], s32[], s32[])");
  });
  it("dynamicUpdateSlice", () => {
    const { b, p } = withParams(f32(4, 5), f32(2, 5), s32(), s32());
    expect(b.dynamicUpdateSlice(p[0], p[1], [p[2], p[3]]).shape).toEqual(f32(4, 5));
    expect(message(() => b.dynamicUpdateSlice(p[1], p[0], [p[2], p[3]]))).toBe(
      "dynamic-update-slice: Update dim size 4 greater than dynamic slice dimension: 2. (operand shapes f32[2,5], f32[4,5], s32[], s32[])",
    );
  });
  it("gather rows by index", () => {
    const { b, p } = withParams(f32(5, 3), s32(4));
    const dims = { offsetDims: [1], collapsedSliceDims: [0], startIndexMap: [0], indexVectorDim: 1 };
    expect(b.gather(p[0], p[1], dims, [1, 3]).shape).toEqual(f32(4, 3));
    expect(message(() => b.gather(p[0], p[1], dims, [2, 3]))).toBe(
      "gather: Gather op can only collapse slice dims with bound 1 or 0, but bound is 2 for index 0 at position 0. (operand shapes f32[5,3], s32[4])",
    );
  });
  it("scatter-add rows by index, and variadic scatter", () => {
    const { b, p } = withParams(f32(5, 3), s32(4), f32(4, 3), s32(5, 3), s32(4, 3));
    const dims = { updateWindowDims: [1], insertedWindowDims: [0], scatterDimsToOperandDims: [0], indexVectorDim: 1 };
    expect(b.scatter(p[0], p[1], p[2], adder(), dims).shape).toEqual(f32(5, 3));
    const both = new XlaBuilder("both");
    const [a0, a1, u0, u1] = [f32(), s32(), f32(), s32()].map((s, i) => both.parameter(i, s, `x${i}`));
    both.tuple([both.add(a0, u0), both.add(a1, u1)]);
    expect(b.scatter([p[0], p[3]], p[1], [p[2], p[4]], both.build(), dims).shape).toEqual(tupleShape([f32(5, 3), s32(5, 3)]));
    expect(message(() => b.scatter(p[0], p[1], p[2], adder("s32"), dims))).toBe(
      "scatter: Reduction function's accumulator shape at index 0 differs from the init_value shape: s32[] vs f32[] (operand shapes f32[5,3], s32[4], f32[4,3])",
    );
  });
});

describe("a failed builder call records nothing", () => {
  it("drops the broadcast of a scalar operand when select itself is rejected", () => {
    const b = new XlaBuilder("atomic_select");
    const p = b.parameter(0, shape("f32", [3]), "p"); // not pred: select must fail
    const x = b.parameter(1, shape("f32", [3]), "x");
    expect(() => b.select(p, b.constantR0(1, "f32"), x)).toThrow("Select's pred operand must have PRED element type");
    const m = b.build(x);
    expect(m.computations[0].instructions.map((i) => i.opcode)).toEqual(["parameter", "parameter", "constant"]);
  });
});
