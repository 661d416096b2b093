/**
 * Tools for pass experimenters: compare two modules (or two engines) on the
 * same inputs, and shrink a module while a condition holds.
 */
export {
  type CompareInputs,
  type CompareOptions,
  type EngineName,
  type ModuleComparison,
  type OutputComparison,
  type SideOutcome,
  checkSameParameters,
  compareModules,
  compareOutputs,
  randomInputSet,
  runSide,
} from "./compare_modules.ts";
export { type ReduceOptions, type ReduceProgress, type ReduceResult, reduceModule } from "./testcase_reduction.ts";
export { type ConditionOptions, enginesDiffer, errorContains, passChangesResult } from "./conditions.ts";
