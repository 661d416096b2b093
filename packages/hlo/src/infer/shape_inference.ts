/**
 * The table of shape rules, one per opcode, assembled from the family files,
 * and `inferShape`, the single entry point the builder, parser and verifier use.
 */
import type { Opcode } from "../opcode.ts";
import type { Shape } from "../shape.ts";
import { asyncRules } from "./async.ts";
import { batchNormRules } from "./batch_norm.ts";
import { collectiveRules } from "./collective.ts";
import { dotRules } from "./dot.ts";
import { dynamicReshapeRules } from "./dynamic_reshape.ts";
import { convolutionRules } from "./convolution.ts";
import { elementwiseRules } from "./elementwise.ts";
import { dataMovementRules } from "./data_movement.ts";
import { fftRules } from "./fft.ts";
import { hostTransferRules } from "./host_transfer.ts";
import { indexingRules } from "./indexing.ts";
import { linalgRules } from "./linalg.ts";
import { reductionRules } from "./reduce.ts";
import { randomRules } from "./random.ts";
import { raggedDotRules } from "./ragged_dot.ts";
import { scaledDotRules } from "./scaled_dot.ts";
import { type ShapeRule, type ShapeRuleInput, runRule } from "./rule.ts";
import { structuralRules } from "./structural.ts";
import { tokenRules } from "./token.ts";
import { topkRules } from "./topk.ts";

/** The shape rule of every opcode; typed by `Opcode` so a new opcode needs one. */
export const SHAPE_RULES: { readonly [K in Opcode]: ShapeRule<K> } = {
  ...elementwiseRules,
  ...dataMovementRules,
  ...indexingRules,
  ...reductionRules,
  ...dotRules,
  ...dynamicReshapeRules,
  ...raggedDotRules,
  ...scaledDotRules,
  ...convolutionRules,
  ...randomRules,
  ...structuralRules,
  ...fftRules,
  ...topkRules,
  ...linalgRules,
  ...batchNormRules,
  ...collectiveRules,
  ...tokenRules,
  ...asyncRules,
  ...hostTransferRules,
};

/** Infers the result shape of one instruction; a broken rule throws ShapeError "opcode: message". */
export function inferShape<K extends Opcode>(input: ShapeRuleInput<K>): Shape {
  const rule = SHAPE_RULES[input.opcode] as ShapeRule<K>;
  return runRule(rule, input);
}
