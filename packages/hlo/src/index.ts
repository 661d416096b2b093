/**
 * `@minixla/hlo`: the IR, shape inference, verifier, passes and HLO text.
 *
 * @module @minixla/hlo
 */
export * from "./errors.ts";
export * from "./element_type.ts";
export * from "./float_formats.ts";
export * from "./shape.ts";
export * from "./literal.ts";
export * from "./literal_access.ts";
export { formatArray, formatLiteral, type FormatOptions } from "./literal_format.ts";
export * from "./attributes.ts";
export * from "./opcode.ts";
export * from "./instruction.ts";
export * from "./module.ts";
export * from "./names.ts";
export { type ShapeRule, type ShapeRuleInput, type FamilyRules } from "./infer/rule.ts";
export { SHAPE_RULES, inferShape } from "./infer/shape_inference.ts";
export { planBinaryBroadcast, type BinaryBroadcastPlan, type OperandBroadcast } from "./infer/broadcast_rules.ts";
export { inferBinaryShape } from "./infer/elementwise.ts";
export { type RaggedDotMode, raggedDotMode, groupSizesPrefixDimensions } from "./infer/ragged_dot.ts";
export { lowerBroadcasts } from "./passes/lower_broadcasts.ts";
export { type HloPass, type FixpointOptions, type InnerPassRun, type PassObserver, fixpoint, sequence, mapComputations, withComputations } from "./passes/pass.ts";
export { type PipelineOptions, type PipelineStep, runPipeline } from "./passes/pipeline.ts";
export { type RewriteRule, type RewriteContext, type Replacement, rewritePass, rewriteComputation } from "./passes/rewrite.ts";
export { uniformValue } from "./passes/rule_helpers.ts";
export { lowerBroadcastsPass } from "./passes/lower_broadcasts_pass.ts";
export { dce } from "./passes/dce.ts";
export { cse } from "./passes/cse.ts";
export { algsimp, ALGSIMP_RULES } from "./passes/algsimp.ts";
export { inline } from "./passes/inline.ts";
export { fuse } from "./passes/fuse.ts";
export { tupleSimplify, TUPLE_RULES } from "./passes/tuple_simplify.ts";
export { STANDARD_PASSES, passByName, defaultPipeline, simplifyPass } from "./passes/registry.ts";
export { type PassMeaning, type PassRegistry, type PassRegistryParts, HLO_PASS_REGISTRY, passRegistry } from "./passes/registry.ts";
export { verifyModule, verificationProblems, hasImplicitBroadcast, implicitBroadcastProblems, VERIFY_RULES, type VerifyOptions, type VerifyRule } from "./verify/verifier.ts";
export { parseHloModule, parseShape } from "./text/parser.ts";
export { printHloModule } from "./text/printer.ts";
export { replicaGroupsToString } from "./text/collective_text.ts";
export { expandReplicaGroups, meshGroupSize } from "./replica_groups.ts";
export { escapeControls, quoteString } from "./text/string_escape.ts";
export { type ReadNpyOptions, readNpy, writeNpy } from "./io/npy/npy.ts";
export * from "./rename.ts";
export { XLA_CPU_FMA_TARGET, xlaCpuNumerics } from "./passes/xla_cpu_numerics.ts";
export * from "./literal_bits.ts";
export * from "./literal_compare.ts";
export * from "./testcase_reduction/index.ts";
export { printStableHlo, StableHloPrintError } from "./stablehlo/printer.ts";
export { parseModule, parseStableHlo, moduleTextKind, readStableHloTests, splitTestFile, hasChecks, type ModuleTextKind, type StableHloCheck, type StableHloTest } from "./stablehlo/read.ts";
export type { ParallelProgram, ParallelRun } from "./stablehlo/run_parallel.ts";
export { judgeCheck, type CheckVerdict } from "./stablehlo/checks.ts";
