/**
 * Shape rules of the data_movement family (being written).
 */
import { type FamilyRules, fail } from "./rule.ts";

const notYet = (op: string) => (): never => fail(`shape rule for ${op} is not written yet`);

export const dataMovementRules: FamilyRules<"data_movement"> = {
  broadcast: notYet("broadcast"),
  reshape: notYet("reshape"),
  transpose: notYet("transpose"),
  reverse: notYet("reverse"),
  slice: notYet("slice"),
  pad: notYet("pad"),
  iota: notYet("iota"),
  "get-dimension-size": notYet("get-dimension-size"),
  concatenate: notYet("concatenate"),
};
