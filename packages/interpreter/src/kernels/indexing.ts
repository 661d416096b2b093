/**
 * Kernels of the indexing family (being written).
 */
import { EvalError } from "@minixla/hlo";
import type { FamilyKernels } from "../kernel.ts";

const notYet = (op: string) => (): never => {
  throw new EvalError(`kernel for ${op} is not written yet`);
};

export const indexingKernels: FamilyKernels<"indexing"> = {
  "dynamic-slice": notYet("dynamic-slice"),
  "dynamic-update-slice": notYet("dynamic-update-slice"),
  gather: notYet("gather"),
  scatter: notYet("scatter"),
};
