/**
 * Kernels of the data_movement family (being written).
 */
import { EvalError } from "@minixla/hlo";
import type { FamilyKernels } from "../kernel.ts";

const notYet = (op: string) => (): never => {
  throw new EvalError(`kernel for ${op} is not written yet`);
};

export const dataMovementKernels: FamilyKernels<"data_movement"> = {
  broadcast: notYet("broadcast"),
  concatenate: notYet("concatenate"),
  "get-dimension-size": notYet("get-dimension-size"),
  iota: notYet("iota"),
  pad: notYet("pad"),
  reshape: notYet("reshape"),
  reverse: notYet("reverse"),
  slice: notYet("slice"),
  transpose: notYet("transpose"),
};
