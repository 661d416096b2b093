/**
 * Kernel of ragged-dot, computed as XLA's RaggedDotRewriter lowers it to a
 * dense dot: the ragged operand gets a leading group dimension, each group's
 * copy zeroed outside the group's rows [start, start + size) (start the sum of
 * the sizes before it; rows in no group stay zero), then
 *   1. non-contracting: the dot also contracts that group dimension with the rhs group dimension;
 *   2. contracting: the rhs is expanded the same way along its matching contracting
 *      dimension, and the group dimension is a leading batch dimension;
 *   3. batch: a plain dot (group_sizes does not change the values).
 * The dot kernel then gives XLA's accumulation types and rounding.
 */
import { type ArrayLiteral, type InstructionOf, type Literal, raggedDotMode, groupSizesPrefixDimensions } from "@minixla/hlo";
import type { FamilyKernels } from "../../kernel.ts";
import { dotKernels } from "./dot.ts";
import { allocLike, arrayOperand, arrayResult, copySlots, forEachIndex, indexValue, lanesOf, product, stridesOf } from "../support/view.ts";

/**
 * `x` with a leading group dimension: copy g keeps the elements whose index along
 * `raggedDim` lies in group g, for the group_sizes row that `prefixDims` of the index select.
 */
function densify(x: ArrayLiteral, groupSizes: ArrayLiteral, raggedDim: number, prefixDims: readonly number[]): ArrayLiteral {
  const gsDims = groupSizes.shape.dimensions;
  const groups = gsDims[gsDims.length - 1];
  const rows = product(gsDims) / Math.max(groups, 1);
  // starts[row * (groups + 1) + g]: the first index of group g in that row; g = groups gives the end of the last.
  const starts = new Float64Array(rows * (groups + 1));
  for (let r = 0; r < rows; r++) {
    for (let g = 0; g < groups; g++) {
      starts[r * (groups + 1) + g + 1] = starts[r * (groups + 1) + g] + indexValue(groupSizes.data, r * groups + g);
    }
  }
  const gsStrides = gsDims.length === 1 ? [] : stridesOf(gsDims.slice(0, -1));
  const dims = x.shape.dimensions;
  const n = product(dims);
  const lanes = lanesOf(x);
  const data = allocLike(x.data, groups * n * lanes);
  let i = 0;
  forEachIndex(dims, (index) => {
    let row = 0;
    prefixDims.forEach((d, j) => (row += index[d] * gsStrides[j]));
    const at = index[raggedDim];
    for (let g = 0; g < groups; g++) {
      if (starts[row * (groups + 1) + g] <= at && at < starts[row * (groups + 1) + g + 1]) {
        copySlots(data, (g * n + i) * lanes, x.data, i * lanes, lanes);
      }
    }
    i++;
  });
  return { shape: { elementType: x.shape.elementType, dimensions: [groups, ...dims] }, data };
}

const shifted = (dims: readonly number[]): number[] => dims.map((d) => d + 1);

export const raggedDotKernels: FamilyKernels<"ragged_dot"> = {
  "ragged-dot": (inst, operands, ctx) => {
    const lhs = arrayOperand(inst, operands[0], 0);
    const rhs = arrayOperand(inst, operands[1], 1);
    const groupSizes = arrayOperand(inst, operands[2], 2);
    arrayResult(inst);
    const a = inst.attributes;
    const ragged = a.lhsRaggedDimensions[0];
    // group_sizes of rank 1 is broadcast: every row uses it.
    const prefix = groupSizes.shape.dimensions.length === 1 ? [] : groupSizesPrefixDimensions(a);
    const dot = (attributes: InstructionOf<"dot">["attributes"], l: Literal, r: Literal): Literal =>
      dotKernels.dot({ name: inst.name, opcode: "dot", operands: inst.operands.slice(0, 2), shape: inst.shape, attributes, called: [] }, [l, r], ctx);
    const precision = a.operandPrecision === undefined ? {} : { operandPrecision: a.operandPrecision };
    const mode = raggedDotMode(a);
    switch (mode) {
      case "non_contracting":
        return dot({
          lhsBatchDimensions: shifted(a.lhsBatchDimensions),
          lhsContractingDimensions: [0, ...shifted(a.lhsContractingDimensions)],
          rhsBatchDimensions: a.rhsBatchDimensions,
          rhsContractingDimensions: [a.rhsGroupDimensions[0], ...a.rhsContractingDimensions],
          ...precision,
        }, densify(lhs, groupSizes, ragged, prefix), rhs);
      case "contracting": {
        // The rhs dimension paired with the ragged one, and the rhs dimensions paired with the prefix.
        const pair = (d: number): number => {
          const b = a.lhsBatchDimensions.indexOf(d);
          return b >= 0 ? a.rhsBatchDimensions[b] : a.rhsContractingDimensions[a.lhsContractingDimensions.indexOf(d)];
        };
        return dot({
          lhsBatchDimensions: [0, ...shifted(a.lhsBatchDimensions)],
          lhsContractingDimensions: shifted(a.lhsContractingDimensions),
          rhsBatchDimensions: [0, ...shifted(a.rhsBatchDimensions)],
          rhsContractingDimensions: shifted(a.rhsContractingDimensions),
          ...precision,
        }, densify(lhs, groupSizes, ragged, prefix), densify(rhs, groupSizes, pair(ragged), prefix.map(pair)));
      }
      case "batch":
        return dot({
          lhsBatchDimensions: a.lhsBatchDimensions,
          lhsContractingDimensions: a.lhsContractingDimensions,
          rhsBatchDimensions: a.rhsBatchDimensions,
          rhsContractingDimensions: a.rhsContractingDimensions,
          ...precision,
        }, lhs, rhs);
      default:
        return mode satisfies never;
    }
  },
};
