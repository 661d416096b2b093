/**
 * The table of shape rules, one per opcode, assembled from the family files,
 * and `inferShape`, the single entry point the builder, parser and verifier use.
 */
import type { Opcode } from "../opcode.ts";
import type { Shape } from "../shape.ts";
import { dotRules } from "./dot.ts";
import { elementwiseRules } from "./elementwise.ts";
import { dataMovementRules } from "./data_movement.ts";
import { indexingRules } from "./indexing.ts";
import { reductionRules } from "./reduce.ts";
import { type ShapeRule, type ShapeRuleInput, runRule } from "./rule.ts";
import { structuralRules } from "./structural.ts";

export const SHAPE_RULES: { readonly [K in Opcode]: ShapeRule<K> } = {
  ...elementwiseRules,
  ...dataMovementRules,
  ...indexingRules,
  ...reductionRules,
  ...dotRules,
  ...structuralRules,
};

/** Infers the result shape of one instruction; a broken rule throws ShapeError "opcode: message". */
export function inferShape<K extends Opcode>(input: ShapeRuleInput<K>): Shape {
  const rule = SHAPE_RULES[input.opcode] as ShapeRule<K>;
  return runRule(rule, input);
}
