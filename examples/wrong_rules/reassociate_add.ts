/**
 * A WRONG rewrite, planted on purpose: (a + b) + c -> a + (b + c) for f32.
 * Real addition is associative; f32 addition rounds after each add, so the
 * two orders can differ in the last bits (and by far more near cancellation).
 */
import { type HloInstruction, type HloPass, rewritePass } from "@minixla/hlo";

export const pass: HloPass = rewritePass("reassociate-add", "WRONG on purpose: (a + b) + c -> a + (b + c) in f32 (rounding)", [
  {
    name: "reassociate-add",
    apply(i, ctx): readonly HloInstruction[] | undefined {
      if (i.opcode !== "add" || i.shape.elementType !== "f32") return undefined;
      const inner = ctx.get(i.operands[0]);
      if (inner?.opcode !== "add") return undefined;
      const [a, b] = inner.operands;
      const c = i.operands[1];
      const bc = ctx.fresh("reassociated");
      return [
        { name: bc, opcode: "add", operands: [b, c], shape: i.shape, attributes: {}, called: [] },
        { name: i.name, opcode: "add", operands: [a, bc], shape: i.shape, attributes: {}, called: [] },
      ];
    },
  },
]);
export default pass;
