import { describe, expect, it } from "vitest";
import type { TransposeKind } from "../attributes.ts";
import { type Shape, shape } from "../shape.ts";
import { shapeErrorMessage as message } from "../test_support.ts";
import { inferShape } from "./shape_inference.ts";

const cholesky = (a: Shape) => inferShape({ opcode: "cholesky", operands: [a], attributes: { lower: true }, called: [] });
const solve = (a: Shape, b: Shape, leftSide = true, transposeA: TransposeKind | "absent" = "NO_TRANSPOSE") =>
  inferShape({
    opcode: "triangular-solve",
    operands: [a, b],
    attributes: { leftSide, lower: true, unitDiagonal: false, ...(transposeA === "absent" ? {} : { transposeA }) },
    called: [],
  });

describe("cholesky shape inference (InferCholeskyShape)", () => {
  it("keeps the batch of square float or complex matrices", () => {
    expect(cholesky(shape("f32", [3, 3]))).toEqual(shape("f32", [3, 3]));
    expect(cholesky(shape("c128", [2, 5, 4, 4]))).toEqual(shape("c128", [2, 5, 4, 4]));
  });
  it("refuses integers, rank < 2 and non-square matrices", () => {
    expect(message(() => cholesky(shape("s32", [2, 2])))).toBe("cholesky: Expected element type in shape to be floating or complex for Cholesky; got S32.");
    expect(message(() => cholesky(shape("f32", [3])))).toBe("cholesky: The 'a' argument to Cholesky must have rank >= 2, got shape f32[3]");
    expect(message(() => cholesky(shape("f32", [2, 3])))).toBe("cholesky: The two minor dimensions of 'a' must have equal size, got f32[2,3].");
  });
});

describe("triangular-solve shape inference (InferTriangularSolveShape)", () => {
  it("gives b's shape; the shared dimension is b's rows (left side) or columns (right side)", () => {
    expect(solve(shape("f64", [2, 3, 3]), shape("f64", [2, 3, 5]))).toEqual(shape("f64", [2, 3, 5]));
    expect(solve(shape("c64", [3, 3]), shape("c64", [5, 3]), false, "ADJOINT")).toEqual(shape("c64", [5, 3]));
  });
  it("refuses what XLA refuses, in its words", () => {
    expect(message(() => solve(shape("f32", [3, 3]), shape("f64", [3, 1])))).toBe(
      "triangular-solve: Expected element types in shape to be floating or complex and identical for TriangularSolve; got F32 and F64.",
    );
    expect(message(() => solve(shape("f32", [3]), shape("f32", [3])))).toBe("triangular-solve: The 'a' argument to TriangularSolve must have rank >= 2, got shape f32[3]");
    expect(message(() => solve(shape("f32", [3, 3]), shape("f32", [1, 3, 1])))).toBe("triangular-solve: Arguments to triangular solve must have equal rank; got f32[1,3,1] and f32[3,3].");
    expect(message(() => solve(shape("f32", [3, 2]), shape("f32", [3, 1])))).toBe("triangular-solve: The two minor dimensions of 'a' must have equal size, got f32[3,2].");
    expect(message(() => solve(shape("f32", [3, 3]), shape("f32", [3, 2]), false))).toBe("triangular-solve: The shared dimension of 'a' and 'b' does not match, got shapes f32[3,3] and f32[3,2]");
    expect(message(() => solve(shape("f32", [2, 3, 3]), shape("f32", [4, 3, 1])))).toBe(
      "triangular-solve: The leading batch dimensions of the arguments to triangular solve must be equal; got f32[4,3,1] and f32[2,3,3].",
    );
    expect(message(() => solve(shape("f32", [3, 3]), shape("f32", [3, 1]), true, "absent"))).toBe("triangular-solve: Invalid transpose option value for triangular solve (0).");
  });
});
