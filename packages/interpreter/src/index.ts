/**
 * `@minixla/interpreter`: the reference evaluator, and the compiled engine checked against it.
 *
 * @module @minixla/interpreter
 */
export { evaluate } from "./evaluate.ts";
export { applyNumericsRewrites } from "./numerics/index.ts";
export { type ElidedConstantsChoice, elidedConstantNames, randomLiteralOfShape, resolveElidedConstants } from "./elided_constants.ts";
export { type SpecialValue, type RandomSpecialsOptions, specialValues, randomLiteralWithSpecials } from "./random_literal.ts";
export * from "./tools/index.ts";
export type { EvalContext, EvalOptions, Kernel, FamilyKernels, Numerics, ProgressEvent } from "./kernel.ts";
export { evaluateComputation } from "./evaluate.ts";
export { KERNELS } from "./kernels/kernel_table.ts";
export { isEvaluableCustomCall } from "./custom_calls/targets.ts";
export { constantFolding, MAX_FOLDED_ELEMENTS } from "./constant_folding.ts";
export { PASS_REGISTRY, ALL_PASSES, defaultPipelineWithFolding } from "./pass_registry.ts";
export { compile, type CompileOptions, type Executable } from "./compiled/compile.ts";
export type { ExecutionStats } from "./compiled/buffer_pool.ts";
export { evaluateSpmd, type SpmdOptions } from "./spmd/evaluate_spmd.ts";
export { inferDeviceCounts, headerDeviceCounts, type HeaderDeviceCounts } from "./spmd/device_counts.ts";
