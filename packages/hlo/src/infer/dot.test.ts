import { describe, expect, it } from "vitest";
import type { AttributesOf } from "../opcode.ts";
import { type Shape, shape, tupleShape } from "../shape.ts";
import { inferShape } from "./shape_inference.ts";
import { shapeErrorMessage } from "../test_support.ts";

const f32 = (...d: number[]) => shape("f32", d);
const dims = (lc: number[], rc: number[], lb: number[] = [], rb: number[] = []): AttributesOf<"dot"> => ({
  lhsContractingDimensions: lc,
  rhsContractingDimensions: rc,
  lhsBatchDimensions: lb,
  rhsBatchDimensions: rb,
});
const dot = (lhs: Shape, rhs: Shape, attributes: AttributesOf<"dot">, declared?: Shape) =>
  inferShape({ opcode: "dot", operands: [lhs, rhs], attributes, called: [], declared });
const message = shapeErrorMessage;

describe("dot shape inference (InferDotOpShape)", () => {
  it("matrix times matrix, matrix times vector, vector times vector", () => {
    expect(dot(f32(2, 3), f32(3, 4), dims([1], [0]))).toEqual(f32(2, 4));
    expect(dot(f32(2, 3), f32(3), dims([1], [0]))).toEqual(f32(2));
    expect(dot(f32(3), f32(3), dims([0], [0]))).toEqual(f32());
  });
  it("puts batch dims first (in lhs_batch order), then lhs free dims, then rhs free dims", () => {
    expect(dot(f32(5, 2, 3, 7), f32(7, 3, 4, 5), dims([2], [1], [3, 0], [0, 3]))).toEqual(f32(7, 5, 2, 4));
  });
  it("an outer product has no contracting dimensions; scalars contribute nothing", () => {
    expect(dot(f32(2), f32(3), dims([], []))).toEqual(f32(2, 3));
    expect(dot(f32(), f32(), dims([], []))).toEqual(f32());
  });
  it("zero-sized contracting dimensions are fine", () => {
    expect(dot(f32(2, 0), f32(0, 4), dims([1], [0]))).toEqual(f32(2, 4));
  });
  it("takes the higher precision of the operand types, or the preferred type", () => {
    expect(dot(shape("bf16", [2, 3]), f32(3), dims([1], [0]))).toEqual(f32(2));
    expect(dot(shape("s8", [2, 3]), shape("s8", [3]), dims([1], [0]), shape("s32", []))).toEqual(shape("s32", [2]));
  });
  it("refuses out-of-range dimension numbers in XLA's words", () => {
    expect(message(() => dot(f32(2, 3), f32(3, 4), dims([2], [0])))).toBe(
      "dot: A dimension number is out of range in Dot: lhs_contracting_dimensions: 2 rhs_contracting_dimensions: 0. f32[2,3] f32[3,4]",
    );
  });
  it("refuses repeated dimension numbers", () => {
    expect(message(() => dot(f32(3, 3), f32(3, 3), dims([0], [0], [0], [1])))).toBe(
      "dot: A dimension number is not unique in Dot: lhs_contracting_dimensions: 0 rhs_contracting_dimensions: 0 lhs_batch_dimensions: 0 rhs_batch_dimensions: 1.",
    );
  });
  it("refuses unequal numbers and sizes of contracting and batch dimensions", () => {
    const prefix = "dot: Cannot infer shape for dot operation: f32[2,3] <dot> f32[4,3].";
    expect(message(() => dot(f32(2, 3), f32(4, 3), dims([1], [])))).toBe(`${prefix} Must specify the same number of contracting dimensions for lhs and rhs.`);
    expect(message(() => dot(f32(2, 3), f32(4, 3), dims([1], [0])))).toBe(`${prefix} Contracting dimension sizes are not compatible.`);
    expect(message(() => dot(f32(2, 3), f32(4, 3), dims([1], [1], [0], [])))).toBe(`${prefix} Must the same number of batch dimensions for lhs and rhs.`);
    expect(message(() => dot(f32(2, 3), f32(4, 3), dims([1], [1], [0], [0])))).toBe(`${prefix} Batch dimension sizes are not compatible.`);
  });
  it("refuses tuple operands", () => {
    expect(message(() => dot(tupleShape([]), f32(2), dims([], [])))).toBe("dot: Expected array argument for lhs of dot, but got ().");
  });
});
