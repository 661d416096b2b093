/**
 * Shape rule of topk: (values, s32 indices), both the operand's shape with
 * the last dimension k. Messages follow shape_inference.cc's InferTopKShape.
 */
import { expectArray, shape, shapeToString, tupleShape } from "../shape.ts";
import { type FamilyRules, fail } from "./rule.ts";

export const topkRules: FamilyRules<"topk"> = {
  topk: ({ operands, attributes }) => {
    const input = expectArray(operands[0], "operand of top-k operation");
    const { k } = attributes;
    const dims = input.dimensions;
    // XLA assumes rank >= 1 (its check would index dimension -1).
    if (dims.length === 0) fail(`top-k needs an operand of rank at least 1, but got ${shapeToString(input)}.`);
    const last = dims[dims.length - 1];
    if (last < k) fail(`k=${k} is larger than the last dimension of size=${last}`);
    const outDims = [...dims.slice(0, -1), k];
    return tupleShape([shape(input.elementType, outDims), shape("s32", outDims)]);
  },
};
