/**
 * Shape rules of the dot family (being written).
 */
import { type FamilyRules, fail } from "./rule.ts";

const notYet = (op: string) => (): never => fail(`shape rule for ${op} is not written yet`);

export const dotRules: FamilyRules<"dot"> = {
  dot: notYet("dot"),
};
