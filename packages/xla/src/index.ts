/**
 * `@minixla/xla`: runs minixla's modules on real XLA, through JAX's jaxlib in
 * a long-lived Python worker process.
 *
 * @module @minixla/xla
 */
export {
  XlaSession,
  closeSharedXlaSessions,
  defaultXlaPython,
  runOnXla,
  sharedXlaSession,
  type XlaArguments,
  type XlaPlatform,
  type XlaResult,
  type XlaRunOptions,
  type XlaSessionOptions,
} from "./session.ts";
export { TESTED_JAX_VERSION, XlaRunError, XlaUnavailableError, installCommand, type XlaFailureStage, type XlaMissing } from "./errors.ts";
export type { WorkerInfo } from "./worker.ts";
