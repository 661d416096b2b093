/**
 * Shape rule of scaled-dot(lhs, rhs, lhs_scale, rhs_scale): a dot (same
 * dimension numbers and result, infer/dot.ts) of operands each multiplied by a
 * block scale. A scale is a scalar (ignored, as XLA's ScaledDotRewriter does)
 * or has the operand's rank with each dimension dividing the operand's: scale
 * element i covers operand elements [i * block, (i + 1) * block) per dimension.
 * Messages follow ScaledDotRewriter's CheckOperandAndScaleShapes.
 */
import { type ArrayShape, expectArray } from "../shape.ts";
import { dotRules } from "./dot.ts";
import { type FamilyRules, fail } from "./rule.ts";

function checkScale(side: "LHS" | "RHS", operand: ArrayShape, scale: ArrayShape): void {
  const rank = scale.dimensions.length;
  if (rank === 0) return;
  if (operand.dimensions.length !== rank) fail(`${side}: operand and scale must have the same rank: ${operand.dimensions.length} vs ${rank}`);
  operand.dimensions.forEach((size, i) => {
    const s = scale.dimensions[i];
    if (s === 0 ? size !== 0 : size % s !== 0) {
      fail(`${side}: operand and scale dimensions must match or scale dimension must be divider of operand dimension: ${size} vs ${s} at index ${i}`);
    }
  });
}

export const scaledDotRules: FamilyRules<"scaled_dot"> = {
  "scaled-dot": ({ operands, attributes, declared }) => {
    const lhs = expectArray(operands[0], "lhs of scaled-dot");
    const rhs = expectArray(operands[1], "rhs of scaled-dot");
    checkScale("LHS", lhs, expectArray(operands[2], "lhs_scale of scaled-dot"));
    checkScale("RHS", rhs, expectArray(operands[3], "rhs_scale of scaled-dot"));
    return dotRules.dot({ opcode: "dot", operands: [lhs, rhs], attributes, called: [], declared });
  },
};
