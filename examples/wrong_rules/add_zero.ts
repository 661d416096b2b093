/**
 * A WRONG rewrite, planted on purpose: x + 0 -> x for floats. It holds for
 * every x but -0: -0 + 0 is +0. (x + (-0) -> x is the exact rule.)
 */
import { type HloPass, isFloatType, rewritePass, uniformValue } from "@minixla/hlo";

export const pass: HloPass = rewritePass("add-zero", "WRONG on purpose: x + 0 -> x (-0 + 0 is +0)", [
  {
    name: "add-zero",
    apply(i, ctx) {
      if (i.opcode !== "add" || i.shape.elementType === "tuple" || !isFloatType(i.shape.elementType)) return undefined;
      if (uniformValue(ctx, i.operands[1]) === 0) return i.operands[0];
      if (uniformValue(ctx, i.operands[0]) === 0) return i.operands[1];
      return undefined;
    },
  },
]);
export default pass;
