/**
 * Shape rules of cholesky and triangular-solve: batched square matrices in
 * the two minor dimensions, float or complex. Messages follow
 * shape_inference.cc (InferCholeskyShape, InferTriangularSolveShape).
 */
import { isComplexType, isFloatType, upperTypeName } from "../element_type.ts";
import { expectArray, sameDimensions, shapeToString } from "../shape.ts";
import { type FamilyRules, fail } from "./rule.ts";

export const linalgRules: FamilyRules<"linalg"> = {
  cholesky: ({ operands }) => {
    const a = expectArray(operands[0], "operand of cholesky");
    const t = a.elementType;
    if (!isFloatType(t) && !isComplexType(t)) {
      fail(`Expected element type in shape to be floating or complex for Cholesky; got ${upperTypeName(t)}.`);
    }
    const r = a.dimensions.length;
    if (r < 2) fail(`The 'a' argument to Cholesky must have rank >= 2, got shape ${shapeToString(a)}`);
    if (a.dimensions[r - 2] !== a.dimensions[r - 1]) fail(`The two minor dimensions of 'a' must have equal size, got ${shapeToString(a)}.`);
    return a;
  },

  "triangular-solve": ({ operands, attributes }) => {
    const a = expectArray(operands[0], "operand 'a' of triangular-solve");
    const b = expectArray(operands[1], "operand 'b' of triangular-solve");
    const t = a.elementType;
    if ((!isFloatType(t) && !isComplexType(t)) || t !== b.elementType) {
      fail(
        `Expected element types in shape to be floating or complex and identical for TriangularSolve; got ${upperTypeName(t)} and ${upperTypeName(b.elementType)}.`,
      );
    }
    const r = a.dimensions.length;
    if (r < 2) fail(`The 'a' argument to TriangularSolve must have rank >= 2, got shape ${shapeToString(a)}`);
    if (b.dimensions.length !== r) fail(`Arguments to triangular solve must have equal rank; got ${shapeToString(b)} and ${shapeToString(a)}.`);
    if (a.dimensions[r - 2] !== a.dimensions[r - 1]) fail(`The two minor dimensions of 'a' must have equal size, got ${shapeToString(a)}.`);
    if (a.dimensions[r - 1] !== b.dimensions[r - (attributes.leftSide ? 2 : 1)]) {
      fail(`The shared dimension of 'a' and 'b' does not match, got shapes ${shapeToString(a)} and ${shapeToString(b)}`);
    }
    if (!sameDimensions(a.dimensions.slice(0, -2), b.dimensions.slice(0, -2))) {
      fail(`The leading batch dimensions of the arguments to triangular solve must be equal; got ${shapeToString(b)} and ${shapeToString(a)}.`);
    }
    // Text without transpose_a leaves XLA's TRANSPOSE_INVALID (0).
    if (attributes.transposeA === undefined) fail("Invalid transpose option value for triangular solve (0).");
    return b;
  },
};
