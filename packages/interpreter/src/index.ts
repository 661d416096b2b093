/** @minixla/interpreter: the reference evaluator. */
export { evaluate } from "./evaluate.ts";
export type { EvalContext, Kernel, FamilyKernels } from "./kernel.ts";
export { KERNELS } from "./kernels/kernel_table.ts";
