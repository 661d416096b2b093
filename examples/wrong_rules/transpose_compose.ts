/**
 * A WRONG rewrite, planted on purpose: transpose(transpose(x, p), q) ->
 * transpose(x, r) with r[k] = q[p[k]], the composition taken in the wrong
 * order (the right one is r[k] = p[q[k]], as algsimp's transpose-transpose
 * has it). The two agree when p and q commute, e.g. in rank 2.
 */
import { type HloPass, rewritePass, shapesEqual } from "@minixla/hlo";

export const pass: HloPass = rewritePass("transpose-compose", "WRONG on purpose: transpose(transpose(x, p), q) -> transpose(x, q∘p)", [
  {
    name: "transpose-compose",
    apply(i, ctx) {
      if (i.opcode !== "transpose") return undefined;
      const inner = ctx.get(i.operands[0]);
      if (inner?.opcode !== "transpose") return undefined;
      const x = ctx.get(inner.operands[0]);
      if (x === undefined || x.shape.elementType === "tuple") return undefined;
      const p = inner.attributes.dimensions;
      const q = i.attributes.dimensions;
      const wrong = p.map((pk) => q[pk]);
      const dims = wrong.map((d) => (x.shape as { readonly dimensions: readonly number[] }).dimensions[d]);
      // Only where the wrong permutation still gives the right shape, so the mistake is in the values alone.
      if (!shapesEqual({ ...i.shape, dimensions: dims } as typeof i.shape, i.shape)) return undefined;
      return { ...i, operands: [inner.operands[0]], attributes: { dimensions: wrong } };
    },
  },
]);
export default pass;
