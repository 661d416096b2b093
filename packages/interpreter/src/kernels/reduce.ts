/**
 * Kernels of the reduction family (being written).
 */
import { EvalError } from "@minixla/hlo";
import type { FamilyKernels } from "../kernel.ts";

const notYet = (op: string) => (): never => {
  throw new EvalError(`kernel for ${op} is not written yet`);
};

export const reductionKernels: FamilyKernels<"reduction"> = {
  reduce: notYet("reduce"),
  "reduce-window": notYet("reduce-window"),
  "select-and-scatter": notYet("select-and-scatter"),
  sort: notYet("sort"),
};
