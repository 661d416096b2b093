/**
 * Shape rules of the reduction family (being written).
 */
import { type FamilyRules, fail } from "./rule.ts";

const notYet = (op: string) => (): never => fail(`shape rule for ${op} is not written yet`);

export const reductionRules: FamilyRules<"reduction"> = {
  reduce: notYet("reduce"),
  "select-and-scatter": notYet("select-and-scatter"),
  sort: notYet("sort"),
  "reduce-window": notYet("reduce-window"),
};
