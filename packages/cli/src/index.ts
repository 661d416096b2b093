/**
 * `@minixla/cli`: the minixla command, and the libraries behind it (conformance runner, NumPy-style printing, the demo).
 *
 * @module @minixla/cli
 */
export { main } from "./main.ts";
export { UsageError, parseArgs, type OptionSpec, type ParsedArgs } from "./args.ts";
export type { Command, CommandIo } from "./commands/command.ts";
export { COMMANDS, findCommand } from "./commands/registry.ts";
export {
  runConformance,
  runCase,
  loadManifest,
  selectCases,
  describeFailure,
  type CaseFailure,
  type CaseResult,
  type ConformanceCase,
  type ConformanceOptions,
  type ConformanceReport,
  type Manifest,
} from "./conformance.ts";
export { compareArrays, toleranceText, type Comparison, type Mismatch, type Tolerance } from "@minixla/hlo";
export { DEMO_PROGRAMS, type DemoProgram } from "./demo.ts";
export { loadInputs, type InputSpec } from "./inputs.ts";
export { loadModule, flattenOutputs } from "./pipeline.ts";
export { runStableHloTests, stableHloFileResults, type StableHloFileResult } from "./stablehlo_tests.ts";
export { runParallel, type GridRun } from "./stablehlo_grid.ts";
