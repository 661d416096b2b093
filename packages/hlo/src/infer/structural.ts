/**
 * Shape rules of the structural family (being written).
 */
import { type FamilyRules, fail } from "./rule.ts";

const notYet = (op: string) => (): never => fail(`shape rule for ${op} is not written yet`);

export const structuralRules: FamilyRules<"structural"> = {
  parameter: notYet("parameter"),
  constant: notYet("constant"),
  tuple: notYet("tuple"),
  "get-tuple-element": notYet("get-tuple-element"),
  call: notYet("call"),
  while: notYet("while"),
  map: notYet("map"),
  "opt-barrier": notYet("opt-barrier"),
  conditional: notYet("conditional"),
  "custom-call": notYet("custom-call"),
};
