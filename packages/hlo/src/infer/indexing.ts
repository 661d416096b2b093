/**
 * Shape rules of the indexing family (being written).
 */
import { type FamilyRules, fail } from "./rule.ts";

const notYet = (op: string) => (): never => fail(`shape rule for ${op} is not written yet`);

export const indexingRules: FamilyRules<"indexing"> = {
  gather: notYet("gather"),
  "dynamic-slice": notYet("dynamic-slice"),
  "dynamic-update-slice": notYet("dynamic-update-slice"),
  scatter: notYet("scatter"),
};
