import type { Immutable } from "immer";
import { describe, expect, it } from "vitest";
import type { AttributesOf, Opcode } from "../opcode.ts";
import { type Shape, shape, tupleShape } from "../shape.ts";
import { inferShape } from "./shape_inference.ts";
import { shapeErrorMessage } from "../test_support.ts";

const f32 = (...d: number[]) => shape("f32", d);
const f64 = (...d: number[]) => shape("f64", d);
const s32 = (...d: number[]) => shape("s32", d);
const run = <K extends Opcode>(opcode: K, operands: readonly Shape[], attributes: Immutable<AttributesOf<K>>, declared?: Shape) =>
  inferShape({ opcode, operands, attributes, called: [], declared });
const message = shapeErrorMessage;

describe("broadcast (the HLO instruction)", () => {
  it("maps operand dimensions to result dimensions of equal size, in any order", () => {
    expect(run("broadcast", [f32(3)], { dimensions: [1] }, f32(2, 3))).toEqual(f32(2, 3));
    expect(run("broadcast", [f32(2, 3)], { dimensions: [1, 0] }, f32(3, 2))).toEqual(f32(3, 2));
    expect(run("broadcast", [f32()], { dimensions: [] }, f32(0, 4))).toEqual(f32(0, 4));
  });
  it("needs a declared shape of the same element type", () => {
    expect(message(() => run("broadcast", [f32(3)], { dimensions: [0] }))).toBe("broadcast: broadcast needs a declared result shape.");
    expect(message(() => run("broadcast", [f32(3)], { dimensions: [0] }, f64(3)))).toBe(
      "broadcast: Broadcast must keep the element type; operand is f32[3], result is f64[3].",
    );
  });
  it("needs one dimension per operand dimension, in range", () => {
    expect(message(() => run("broadcast", [f32(3)], { dimensions: [] }, f32(3)))).toBe(
      "broadcast: Size of broadcast_dimensions has to match operand's rank; operand rank: 1, size of broadcast_dimensions 0.",
    );
    expect(message(() => run("broadcast", [f32(3)], { dimensions: [2] }, f32(2, 3)))).toBe("broadcast: Broadcast dimension 2 is out of bound");
  });
  it("refuses a size-1 dimension that would expand (that needs a reshape first)", () => {
    expect(message(() => run("broadcast", [f32(1)], { dimensions: [0] }, f32(3)))).toBe(
      "broadcast: Broadcast dimension 0 of operand f32[1] has size 1, but result dimension 0 of f32[3] has size 3; an HLO broadcast maps sizes exactly.",
    );
  });
  it("refuses a repeated dimension", () => {
    expect(message(() => run("broadcast", [f32(2, 2)], { dimensions: [0, 0] }, f32(2, 3)))).toBe(
      "broadcast: Broadcast dimensions {0,0} repeat a dimension.",
    );
  });
});

describe("reshape", () => {
  it("keeps the element count, zero included", () => {
    expect(run("reshape", [f32(2, 3)], {}, f32(3, 1, 2))).toEqual(f32(3, 1, 2));
    expect(run("reshape", [f32(1, 1)], {}, f32())).toEqual(f32());
    expect(run("reshape", [f32(0, 3)], {}, f32(5, 0))).toEqual(f32(5, 0));
  });
  it("refuses mismatched element counts in XLA's words", () => {
    expect(message(() => run("reshape", [f32(2, 3)], {}, f32(5)))).toBe(
      "reshape: Reshape operation has mismatched element counts: from=6 (f32[2,3]) to=5 (f32[5]).",
    );
  });
  it("refuses a change of element type and a missing declared shape", () => {
    expect(message(() => run("reshape", [f32(2)], {}, s32(2)))).toBe("reshape: Reshape must keep the element type; operand is f32[2], result is s32[2].");
    expect(message(() => run("reshape", [f32(2)], {}))).toBe("reshape: reshape needs a declared result shape.");
  });
});

describe("transpose", () => {
  it("result dimension i is operand dimension permutation[i]", () => {
    expect(run("transpose", [f32(2, 3, 4)], { dimensions: [2, 0, 1] })).toEqual(f32(4, 2, 3));
    expect(run("transpose", [f32()], { dimensions: [] })).toEqual(f32());
    expect(run("transpose", [f32(0, 5)], { dimensions: [1, 0] })).toEqual(f32(5, 0));
  });
  it("refuses a non-permutation in XLA's words", () => {
    expect(message(() => run("transpose", [f32(2, 3)], { dimensions: [0, 0] }))).toBe(
      "transpose: Transpose dimensions [0,0] are not a permutation of the operand dimensions (operand shape is f32[2,3]).",
    );
    expect(message(() => run("transpose", [f32(2, 3)], { dimensions: [0] }))).toBe(
      "transpose: Transpose dimensions [0] are not a permutation of the operand dimensions (operand shape is f32[2,3]).",
    );
  });
});

describe("reverse", () => {
  it("keeps the operand shape", () => {
    expect(run("reverse", [f32(2, 0)], { dimensions: [0, 1] })).toEqual(f32(2, 0));
    expect(run("reverse", [f32()], { dimensions: [] })).toEqual(f32());
  });
  it("refuses repeated and out-of-range dimensions", () => {
    expect(message(() => run("reverse", [f32(2)], { dimensions: [0, 0] }))).toBe("reverse: a dimension number is duplicated in reverse");
    expect(message(() => run("reverse", [f32(2)], { dimensions: [1] }))).toBe("reverse: One of the reverse dimensions (1) is out-of-bounds in shape f32[2].");
  });
});

describe("slice", () => {
  const arg = f32(4, 6);
  const slice = (starts: number[], limits: number[], strides: number[], s: Shape = arg) => run("slice", [s], { starts, limits, strides });
  const tail = "in slice operation; argument shape: f32[4,6];";
  it("has ceil((limit - start) / stride) elements per dimension", () => {
    expect(slice([1, 0], [3, 6], [1, 4])).toEqual(f32(2, 2));
    expect(slice([0, 5], [4, 6], [3, 1])).toEqual(f32(2, 1));
    expect(slice([2, 3], [2, 3], [1, 1])).toEqual(f32(0, 0));
    expect(slice([], [], [], f32())).toEqual(f32());
  });
  it("refuses mismatched attribute lengths, wrapped as XLA wraps them", () => {
    expect(message(() => slice([0], [1, 1], [1, 1]))).toBe(`slice: slice start and limit sizes differ: 1 vs 2 ${tail} starts: {0}; limits: {1,1}; strides: {1,1}.`);
    expect(message(() => slice([0, 0], [1, 1], [1]))).toBe(`slice: slice start and strides sizes differ: 2 vs 1 ${tail} starts: {0,0}; limits: {1,1}; strides: {1}.`);
    expect(message(() => slice([0], [1], [1]))).toBe("slice: Slice index count does not match argument rank: 1 vs 2.");
  });
  it("refuses negative starts, limits past the end, start past limit and non-positive strides", () => {
    expect(message(() => slice([-1, 0], [1, 1], [1, 1]))).toBe("slice: Negative start index to slice: -1.");
    expect(message(() => slice([0, 0], [5, 1], [1, 1]))).toBe(
      `slice: limit index (5) must be less than or equal to dimension size (4) ${tail} starts: {0,0}; limits: {5,1}; strides: {1,1}.`,
    );
    expect(message(() => slice([3, 0], [2, 1], [1, 1]))).toBe(
      `slice: limit index (2) must be greater or equal to start index (3) in slice with positive stride ${tail} starts: {3,0}; limits: {2,1}; strides: {1,1}.`,
    );
    expect(message(() => slice([0, 0], [1, 1], [1, 0]))).toBe("slice: Stride (0) must be positive.");
  });
});

describe("concatenate", () => {
  it("sums the sizes along the dimension, zero-sized operands included", () => {
    expect(run("concatenate", [f32(2, 3), f32(2, 0), f32(2, 4)], { dimension: 1 })).toEqual(f32(2, 7));
    expect(run("concatenate", [f32(5)], { dimension: 0 })).toEqual(f32(5));
  });
  it("mixes float precisions to the higher one, as XLA does", () => {
    expect(run("concatenate", [shape("bf16", [1]), f32(2)], { dimension: 0 })).toEqual(f32(3));
  });
  it("refuses an out-of-range dimension (scalars have none)", () => {
    expect(message(() => run("concatenate", [f32(2)], { dimension: 1 }))).toBe("concatenate: Concatenate dimension out of bounds: 1.");
    expect(message(() => run("concatenate", [f32(), f32()], { dimension: 0 }))).toBe("concatenate: Concatenate dimension out of bounds: 0.");
  });
  it("refuses different ranks, element types and other dimensions in XLA's words", () => {
    expect(message(() => run("concatenate", [f32(2), f32(2, 1)], { dimension: 0 }))).toBe(
      "concatenate: Cannot concatenate arrays with different ranks: 1 (f32[2]) vs 2 (f32[2,1]).",
    );
    expect(message(() => run("concatenate", [f32(2), s32(2)], { dimension: 0 }))).toBe(
      "concatenate: Cannot concatenate arrays with different element types: F32 vs S32.",
    );
    expect(message(() => run("concatenate", [f32(2, 3), f32(3, 3)], { dimension: 1 }))).toBe(
      "concatenate: Cannot concatenate arrays that differ in dimensions other than the one being concatenated. Dimension 0 in both shapes must be equal (or compatible): f32[2,3] vs f32[3,3].",
    );
  });
  it("refuses tuple operands", () => {
    expect(message(() => run("concatenate", [tupleShape([f32(1)])], { dimension: 0 }))).toBe(
      "concatenate: Expected array argument for operand of concatenation, but got (f32[1]).",
    );
  });
});

describe("pad", () => {
  const p = (low: number, high: number, interior: number) => ({ low, high, interior });
  it("has d + low + high + max(d-1, 0) * interior elements per dimension; edges may be negative", () => {
    expect(run("pad", [f32(3, 2), f32()], { padding: [p(1, 2, 1), p(0, 0, 0)] })).toEqual(f32(8, 2));
    expect(run("pad", [f32(5), f32()], { padding: [p(-2, -1, 0)] })).toEqual(f32(2));
    expect(run("pad", [f32(0), f32()], { padding: [p(1, 1, 5)] })).toEqual(f32(2));
    expect(run("pad", [f32(), f32()], { padding: [] })).toEqual(f32());
  });
  it("checks operand, padding value, rank, element types and interior in XLA's words", () => {
    expect(message(() => run("pad", [tupleShape([]), f32()], { padding: [] }))).toBe("pad: Pad operation does not support tuple-shape operands.");
    expect(message(() => run("pad", [f32(2), f32(1)], { padding: [p(0, 0, 0)] }))).toBe("pad: Pad operation does not support non-scalar padding values.");
    expect(message(() => run("pad", [f32(2), f32()], { padding: [p(1, 0, 0), p(0, 0, 0)] }))).toBe(
      "pad: The rank of the operand and the padding configuration do not match: f32[2] vs dimensions { edge_padding_low: 1 } dimensions { }.",
    );
    expect(message(() => run("pad", [f32(2), s32()], { padding: [p(0, 0, 0)] }))).toBe("pad: The element types of the operands to Pad do not match.");
    expect(message(() => run("pad", [f32(2), f32()], { padding: [p(0, 0, -1)] }))).toBe(
      "pad: Interior padding cannot be negative: dimensions { interior_padding: -1 }",
    );
    expect(message(() => run("pad", [f32(2), f32()], { padding: [p(-2, -1, 0)] }))).toBe("pad: Padding result in negative size for dimension 0");
  });
});

describe("iota", () => {
  it("has its declared shape", () => {
    expect(run("iota", [], { iotaDimension: 1 }, s32(2, 0))).toEqual(s32(2, 0));
  });
  it("refuses tuples, scalars, an out-of-range dimension and pred, as XLA's verifier does", () => {
    expect(message(() => run("iota", [], { iotaDimension: 0 }, tupleShape([s32(2)])))).toBe("iota: Iota does not support non-array result.");
    expect(message(() => run("iota", [], { iotaDimension: 0 }, s32()))).toBe("iota: Iota does not support scalars.");
    expect(message(() => run("iota", [], { iotaDimension: 1 }, s32(2)))).toBe(
      "iota: The iota dimension cannot go beyond the operation rank or be negative.",
    );
    expect(message(() => run("iota", [], { iotaDimension: 0 }, shape("pred", [2])))).toBe(
      "iota: Only support iota of integral, floating point or complex primitive types, got PRED",
    );
    expect(message(() => run("iota", [], { iotaDimension: 0 }))).toBe("iota: iota needs a declared result shape.");
  });
});

describe("get-dimension-size", () => {
  it("is an s32 scalar", () => {
    expect(run("get-dimension-size", [f32(0, 7)], { dimension: 1 })).toEqual(s32());
  });
  it("refuses an out-of-range dimension", () => {
    expect(message(() => run("get-dimension-size", [f32()], { dimension: 0 }))).toBe("get-dimension-size: GetDimensionSize dimension out of bounds: 0.");
  });
});
