/**
 * Kernel of dynamic-reshape. Values are held at the bound (dynamic_sizes.ts):
 * the operand's row-major data is read as the bounded result shape, as XLA's
 * dynamic padder rewrites the op into a static reshape, and each dynamic
 * result dimension records the runtime size its s32 operand gives. A size
 * operand of a static dimension is not read. As on XLA CPU, a size outside
 * [0, bound] is not refused: get-dimension-size reports it as given (XLA CPU
 * returns -3 and 9 for f32[<=6] with sizes -3 and 9), the values stay at the bound.
 */
import { EvalError, type Literal, shapeToString } from "@minixla/hlo";
import { recordDynamicSize } from "../../dynamic_sizes.ts";
import type { FamilyKernels } from "../../kernel.ts";
import { arrayOperand, arrayResult, indexValue, product } from "../support/view.ts";

export const dynamicReshapeKernels: FamilyKernels<"dynamic_reshape"> = {
  "dynamic-reshape": (inst, operands) => {
    const x = arrayOperand(inst, operands[0], 0);
    const out = arrayResult(inst);
    if (product(out.dimensions) !== product(x.shape.dimensions)) {
      throw new EvalError(
        `${inst.name} (dynamic-reshape): cannot reshape ${product(x.shape.dimensions)} elements into ${shapeToString(out)}`,
      );
    }
    const result: Literal = { shape: out, data: x.data };
    out.dynamicDimensions?.forEach((isDynamic, d) => {
      if (!isDynamic) return;
      recordDynamicSize(result, d, indexValue(arrayOperand(inst, operands[d + 1], d + 1).data, 0));
    });
    return result;
  },
};
