/**
 * A WRONG rewrite, planted on purpose: (a * c) / c -> a for integers. It
 * holds in mathematics, but a * c wraps around: for s32, (2^30 * 2) / 2 is
 * -2^30. ((a + b) - b -> a, by contrast, is exact under wrap-around.)
 */
import { type HloPass, isIntegralType, rewritePass, uniformValue } from "@minixla/hlo";

export const pass: HloPass = rewritePass("multiply-divide", "WRONG on purpose: (a * c) / c -> a for integers (a * c wraps)", [
  {
    name: "multiply-divide",
    apply(i, ctx) {
      if (i.opcode !== "divide" || i.shape.elementType === "tuple" || !isIntegralType(i.shape.elementType)) return undefined;
      const product = ctx.get(i.operands[0]);
      if (product?.opcode !== "multiply") return undefined;
      const c = uniformValue(ctx, i.operands[1]);
      if (c === undefined || c === 0 || uniformValue(ctx, product.operands[1]) !== c) return undefined;
      return product.operands[0];
    },
  },
]);
export default pass;
