/**
 * A WRONG rewrite, planted on purpose for `minixla compare` and `minixla reduce`:
 * x - x -> 0. It holds for finite x, but inf - inf and NaN - NaN are NaN.
 *
 *   minixla opt m.hlo --plugin examples/wrong_rules/subtract_self.ts --passes=subtract-self
 */
import { type HloInstruction, type HloPass, isFloatType, rewritePass } from "@minixla/hlo";

export const pass: HloPass = rewritePass("subtract-self", "WRONG on purpose: x - x -> 0 (NaN and inf give NaN)", [
  {
    name: "subtract-self-to-zero",
    apply(i, ctx): readonly HloInstruction[] | undefined {
      if (i.opcode !== "subtract" || i.operands[0] !== i.operands[1] || i.shape.elementType === "tuple" || !isFloatType(i.shape.elementType)) return undefined;
      const zero = ctx.fresh("zero");
      const scalarShape = { elementType: i.shape.elementType, dimensions: [] };
      return [
        { name: zero, opcode: "constant", operands: [], shape: scalarShape, attributes: { literal: { shape: scalarShape, data: new Float64Array(1) } }, called: [] },
        { name: i.name, opcode: "broadcast", operands: [zero], shape: i.shape, attributes: { dimensions: [] }, called: [] },
      ];
    },
  },
]);
export default pass;
