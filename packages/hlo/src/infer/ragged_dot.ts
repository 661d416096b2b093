/**
 * Shape rule of ragged-dot (XLA's InferRaggedDotOpShape): a dot whose lhs has
 * one ragged dimension, split into groups by group_sizes. Three modes, by the
 * kind of the ragged dimension:
 *   1. non-contracting (m): [b,m,k], [g,b,k,n], [b,g] -> [b,m,n]; the rhs has one group dimension.
 *   2. contracting (k):     [b,m,k], [b,k,n],   [b,g] -> [g,b,m,n].
 *   3. batch (b):           [b,m,k], [b,k,n],   [g]   -> [b,m,n].
 * group_sizes is [g] (broadcast) or [prefix..., g], prefix the sizes of the lhs
 * batch dimensions before the ragged one (mode 3), or all lhs batch dimensions then
 * the lhs non-contracting (mode 1) or contracting (mode 2) dimensions before it.
 * Messages follow XLA's (shape_inference_test.cc pins them).
 */
import type { Immutable } from "immer";
import { ELEMENT_TYPE_INFO, higherPrecisionType } from "../element_type.ts";
import type { AttributesOf } from "../opcode.ts";
import { type ArrayShape, expectArray, isTupleShape, shape, shapeToString } from "../shape.ts";
import { checkConstraints, validateDimensionNumbers } from "./dot.ts";
import { type FamilyRules, fail } from "./rule.ts";

/** Which kind of dimension of ragged-dot's lhs the group sizes split (XLA's three ragged-dot modes). */
export type RaggedDotMode = "non_contracting" | "contracting" | "batch";

type RaggedDotAttributes = Immutable<AttributesOf<"ragged-dot">>;

/** The mode of a ragged-dot, from where its (single) lhs ragged dimension lies. */
export function raggedDotMode(a: RaggedDotAttributes): RaggedDotMode {
  const ragged = a.lhsRaggedDimensions[0];
  if (a.lhsBatchDimensions.includes(ragged)) return "batch";
  if (a.lhsContractingDimensions.includes(ragged)) return "contracting";
  return "non_contracting";
}

/** The lhs dimensions whose indices select a row of a group_sizes of rank > 1, outer to inner. */
export function groupSizesPrefixDimensions(a: RaggedDotAttributes): number[] {
  const ragged = a.lhsRaggedDimensions[0];
  const batch = a.lhsBatchDimensions;
  const mode = raggedDotMode(a);
  switch (mode) {
    case "batch":
      return batch.slice(0, batch.indexOf(ragged));
    case "contracting":
      return [...batch, ...a.lhsContractingDimensions.slice(0, a.lhsContractingDimensions.indexOf(ragged))];
    case "non_contracting": {
      const before = Array.from({ length: ragged }, (_, i) => i).filter((i) => !batch.includes(i) && !a.lhsContractingDimensions.includes(i));
      return [...batch, ...before];
    }
    default:
      return mode satisfies never;
  }
}

function checkGroupSizes(lhs: ArrayShape, groupSizes: ArrayShape, a: RaggedDotAttributes): void {
  if (groupSizes.dimensions.length === 1) return; // [g] is broadcast
  const expected = groupSizesPrefixDimensions(a).map((d) => lhs.dimensions[d]);
  const rank = groupSizes.dimensions.length;
  if (rank !== expected.length + 1) fail(`expected group_sizes to have rank ${expected.length + 1}, got ${rank}`);
  if (expected.some((size, i) => groupSizes.dimensions[i] !== size)) {
    fail(`group_sizes is expected to have shape [${[...expected, groupSizes.dimensions[rank - 1]].join(", ")}], got [${groupSizes.dimensions.join(", ")}]`);
  }
}

function checkRhsGroup(rhs: ArrayShape, numGroups: number, a: RaggedDotAttributes): void {
  const rank = rhs.dimensions.length;
  for (const d of a.rhsGroupDimensions) {
    if (d < 0 || d >= rank) fail(`rhs group dimension ${d} is out of range [0, ${rank})`);
    if (a.rhsBatchDimensions.includes(d) || a.rhsContractingDimensions.includes(d)) {
      fail("rhs group dimension cannot be a batch or contracting dimension");
    }
  }
  if (raggedDotMode(a) !== "non_contracting") {
    if (a.rhsGroupDimensions.length !== 0) {
      fail("There must be zero group dimensions in the rhs when the ragged dimension is batch or contracting.");
    }
    return;
  }
  if (a.rhsGroupDimensions.length !== 1) {
    fail("There must be exactly one group dimension in the rhs when the lhs ragged dimension is non-contracting.");
  }
  const size = rhs.dimensions[a.rhsGroupDimensions[0]];
  if (size !== numGroups) fail(`rhs group dimension is expected to have size=${numGroups}, got ${size}`);
}

export const raggedDotRules: FamilyRules<"ragged_dot"> = {
  "ragged-dot": ({ operands, attributes: a, declared }) => {
    const lhs = expectArray(operands[0], "lhs of ragged-dot");
    const rhs = expectArray(operands[1], "rhs of ragged-dot");
    const groupSizes = expectArray(operands[2], "group_sizes of ragged-dot");
    validateDimensionNumbers(lhs, rhs, a);
    checkConstraints(lhs, rhs, a);
    if (a.lhsRaggedDimensions.length !== 1) fail("There must be exactly one ragged dimension in the lhs.");
    const ragged = a.lhsRaggedDimensions[0];
    if (ragged < 0 || ragged >= lhs.dimensions.length) fail(`lhs ragged dimension ${ragged} is out of range [0, ${lhs.dimensions.length})`);
    const kind = ELEMENT_TYPE_INFO[groupSizes.elementType].kind;
    if (groupSizes.dimensions.length === 0 || (kind !== "signed" && kind !== "unsigned")) {
      fail(`group_sizes must be an integer array of rank at least 1, got ${shapeToString(groupSizes)}`);
    }
    checkGroupSizes(lhs, groupSizes, a);
    const numGroups = groupSizes.dimensions[groupSizes.dimensions.length - 1];
    checkRhsGroup(rhs, numGroups, a);
    const free = (s: ArrayShape, exclude: readonly number[]) => s.dimensions.filter((_, i) => !exclude.includes(i));
    const dims = [
      ...(raggedDotMode(a) === "contracting" ? [numGroups] : []),
      ...a.lhsBatchDimensions.map((d) => lhs.dimensions[d]),
      ...free(lhs, [...a.lhsContractingDimensions, ...a.lhsBatchDimensions]),
      ...free(rhs, [...a.rhsContractingDimensions, ...a.rhsBatchDimensions, ...a.rhsGroupDimensions]),
    ];
    if (declared && isTupleShape(declared)) fail(`ragged-dot's preferred element type must be an array type; got ${shapeToString(declared)}.`);
    return shape(declared ? declared.elementType : higherPrecisionType(lhs.elementType, rhs.elementType), dims);
  },
};
