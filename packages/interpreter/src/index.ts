/** @minixla/interpreter: the reference evaluator. */
export { evaluate } from "./evaluate.ts";
export type { EvalContext, EvalOptions, Kernel, FamilyKernels } from "./kernel.ts";
export { evaluateComputation } from "./evaluate.ts";
export { KERNELS } from "./kernels/kernel_table.ts";
