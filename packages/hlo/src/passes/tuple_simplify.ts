/**
 * tuple-simplify: get-tuple-element(tuple(a0, a1, ...), i) -> a_i, and
 * tuple(gte(t, 0), ..., gte(t, n-1)) rebuilding all of t -> t.
 */
import { isTupleShape, shapesEqual } from "../shape.ts";
import { type RewriteRule, rewritePass } from "./rewrite.ts";

/** Rules that fold tuple construction and get-tuple-element. */
export const TUPLE_RULES: readonly RewriteRule[] = [
  // gte(tuple(a0, ..., an), i) -> ai.
  {
    name: "gte-of-tuple",
    apply: (i, c) => {
      if (i.opcode !== "get-tuple-element") return undefined;
      const t = c.get(i.operands[0]);
      return t?.opcode === "tuple" ? t.operands[i.attributes.index] : undefined;
    },
  },
  // tuple(gte(t, 0), ..., gte(t, n-1)) -> t when t has exactly n elements and the same shape.
  {
    name: "tuple-of-gtes",
    apply: (i, c) => {
      if (i.opcode !== "tuple" || i.operands.length === 0) return undefined;
      let source: string | undefined;
      for (let k = 0; k < i.operands.length; k++) {
        const g = c.get(i.operands[k]);
        if (g?.opcode !== "get-tuple-element" || g.attributes.index !== k) return undefined;
        if (source !== undefined && g.operands[0] !== source) return undefined;
        source = g.operands[0];
      }
      const t = source === undefined ? undefined : c.get(source);
      return t !== undefined && isTupleShape(t.shape) && t.shape.tupleShapes.length === i.operands.length && shapesEqual(t.shape, i.shape)
        ? t.name
        : undefined;
    },
  },
];

/** TUPLE_RULES run to a fixed point. */
export const tupleSimplify = rewritePass("tuple-simplify", "folds get-tuple-element of tuple, and a tuple rebuilding a whole tuple", TUPLE_RULES);
