/**
 * Shape rule of dot with general dimension numbers (XLA's InferDotOpShape):
 * dimension numbers in range and unique, as many contracting and batch
 * dimensions on each side, with equal sizes. The result is the batch dimensions
 * (in lhs_batch_dims order), then lhs's free dimensions, then rhs's, each in
 * ascending order. Its element type is the declared (preferred) one if given,
 * else the higher precision of the two operands.
 */
import type { Immutable } from "immer";
import type { AttributesOf } from "../opcode.ts";
import { higherPrecisionType } from "../element_type.ts";
import { type ArrayShape, expectArray, isTupleShape, shape, shapeToString } from "../shape.ts";
import { type FamilyRules, fail } from "./rule.ts";

type DotAttributes = Immutable<AttributesOf<"dot">>;

/** DotDimensionNumbers in protobuf text form, as XLA's DebugString prints them (one line). */
function dimensionNumbersToString(a: DotAttributes): string {
  const fields: [string, readonly number[]][] = [
    ["lhs_contracting_dimensions", a.lhsContractingDimensions],
    ["rhs_contracting_dimensions", a.rhsContractingDimensions],
    ["lhs_batch_dimensions", a.lhsBatchDimensions],
    ["rhs_batch_dimensions", a.rhsBatchDimensions],
  ];
  return fields.flatMap(([name, dims]) => dims.map((d) => `${name}: ${d}`)).join(" ");
}

export function validateDimensionNumbers(lhs: ArrayShape, rhs: ArrayShape, a: DotAttributes): void {
  const inRange = (rank: number, dims: readonly number[]) => dims.every((d) => d >= 0 && d < rank);
  if (
    !inRange(lhs.dimensions.length, a.lhsContractingDimensions) || !inRange(lhs.dimensions.length, a.lhsBatchDimensions) ||
    !inRange(rhs.dimensions.length, a.rhsContractingDimensions) || !inRange(rhs.dimensions.length, a.rhsBatchDimensions)
  ) {
    fail(`A dimension number is out of range in Dot: ${dimensionNumbersToString(a)}. ${shapeToString(lhs)} ${shapeToString(rhs)}`);
  }
  const unique = (contracting: readonly number[], batch: readonly number[]) => new Set([...contracting, ...batch]).size === contracting.length + batch.length;
  if (!unique(a.lhsContractingDimensions, a.lhsBatchDimensions) || !unique(a.rhsContractingDimensions, a.rhsBatchDimensions)) {
    fail(`A dimension number is not unique in Dot: ${dimensionNumbersToString(a)}.`);
  }
}

export function checkConstraints(lhs: ArrayShape, rhs: ArrayShape, a: DotAttributes): void {
  const failDot = (addendum: string): never =>
    fail(`Cannot infer shape for dot operation: ${shapeToString(lhs)} <dot> ${shapeToString(rhs)}. ${addendum}`);
  if (a.lhsContractingDimensions.length !== a.rhsContractingDimensions.length) {
    failDot("Must specify the same number of contracting dimensions for lhs and rhs.");
  }
  a.lhsContractingDimensions.forEach((l, i) => {
    if (lhs.dimensions[l] !== rhs.dimensions[a.rhsContractingDimensions[i]]) failDot("Contracting dimension sizes are not compatible.");
  });
  if (a.lhsBatchDimensions.length !== a.rhsBatchDimensions.length) {
    failDot("Must the same number of batch dimensions for lhs and rhs.");
  }
  a.lhsBatchDimensions.forEach((l, i) => {
    if (lhs.dimensions[l] !== rhs.dimensions[a.rhsBatchDimensions[i]]) failDot("Batch dimension sizes are not compatible.");
  });
}

export const dotRules: FamilyRules<"dot"> = {
  dot: ({ operands, attributes, declared }) => {
    const lhs = expectArray(operands[0], "lhs of dot");
    const rhs = expectArray(operands[1], "rhs of dot");
    validateDimensionNumbers(lhs, rhs, attributes);
    checkConstraints(lhs, rhs, attributes);
    const free = (s: ArrayShape, contracting: readonly number[], batch: readonly number[]) =>
      s.dimensions.filter((_, i) => !contracting.includes(i) && !batch.includes(i));
    const dims = [
      ...attributes.lhsBatchDimensions.map((d) => lhs.dimensions[d]),
      ...free(lhs, attributes.lhsContractingDimensions, attributes.lhsBatchDimensions),
      ...free(rhs, attributes.rhsContractingDimensions, attributes.rhsBatchDimensions),
    ];
    if (declared && isTupleShape(declared)) fail(`dot's preferred element type must be an array type; got ${shapeToString(declared)}.`);
    const elementType = declared ? declared.elementType : higherPrecisionType(lhs.elementType, rhs.elementType);
    return shape(elementType, dims);
  },
};
