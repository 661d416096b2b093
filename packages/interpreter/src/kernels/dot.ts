/**
 * Kernels of the dot family (being written).
 */
import { EvalError } from "@minixla/hlo";
import type { FamilyKernels } from "../kernel.ts";

const notYet = (op: string) => (): never => {
  throw new EvalError(`kernel for ${op} is not written yet`);
};

export const dotKernels: FamilyKernels<"dot"> = {
  dot: notYet("dot"),
};
