/**
 * Shape rule of dynamic-reshape: operand, then one s32 scalar per result
 * dimension giving its runtime size. The result (bounds and which dimensions
 * are dynamic) is the declared shape, as XlaBuilder::DynamicReshape records
 * it. Messages follow shape_inference.cc's InferDynamicReshapeShape; the
 * operand-count and element-type checks are hlo_verifier.cc's
 * HandleDynamicReshape.
 */
import { elementCount, expectArray, shapeToString } from "../shape.ts";
import { type FamilyRules, fail } from "./rule.ts";

export const dynamicReshapeRules: FamilyRules<"dynamic_reshape"> = {
  "dynamic-reshape": ({ operands, declared }) => {
    const operand = expectArray(operands[0], "operand of dynamic-reshape");
    if (declared === undefined) fail("dynamic-reshape needs a declared result shape.");
    const out = expectArray(declared, "result of dynamic-reshape");
    const sizes = operands.slice(1);
    if (sizes.length !== out.dimensions.length) {
      fail(
        `DynamicReshape needs one dim size per result dimension: ${shapeToString(out)} has ${out.dimensions.length}, got ${sizes.length}.`,
      );
    }
    for (const s of sizes) {
      // XLA's text says "scalar S32"; its verifier checks the type, and the size is read as a scalar.
      if (s.elementType !== "s32" || s.dimensions.length !== 0) fail(`DynamicReshape's dim size has to be scalar S32, got (${shapeToString(s)}): `);
    }
    if (out.elementType !== operand.elementType) {
      fail(`DynamicReshape must keep the element type; operand is ${shapeToString(operand)}, result is ${shapeToString(out)}.`);
    }
    if (elementCount(operand) !== elementCount(out)) {
      fail(
        `Reshape operation has mismatched element counts: from=${elementCount(operand)} (${shapeToString(operand)}) to=${elementCount(out)} (${shapeToString(out)}).`,
      );
    }
    return out;
  },
};
