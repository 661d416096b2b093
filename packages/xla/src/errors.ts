/**
 * The errors of the XLA bridge. Both are HloErrors, so the minixla command
 * prints their message without a stack trace: XlaUnavailableError when this
 * machine cannot run XLA at all (no Python, no jax/jaxlib, no such
 * platform), with the command that installs what is missing; XlaRunError when
 * XLA refused the module (its parser or compiler) or failed while running it.
 */
import { HloError } from "@minixla/hlo";

/** The jax/jaxlib release the bridge is tested with, which the install hint names. */
export const TESTED_JAX_VERSION = "0.10.2";

/** What is missing for the bridge to run XLA. */
export type XlaMissing = "python" | "jax" | "platform";

/** This machine cannot run XLA: `missing` says what is absent, `installHint` the command that installs it. */
export class XlaUnavailableError extends HloError {
  constructor(
    message: string,
    /** What is absent: Python itself, the jax/jaxlib modules, or the requested platform in the installed jaxlib. */
    readonly missing: XlaMissing,
    /** The exact command that installs what is missing (or says how to point the bridge at a Python that has it). */
    readonly installHint: string,
  ) {
    super(`${message}\n  install: ${installHint}\n  or point MINIXLA_XLA_PYTHON at a Python that has jax and jaxlib`);
  }
}

/** Where XLA stopped: its HLO parser or compiler ("compile"), the run ("run"), or the request itself ("request"). */
export type XlaFailureStage = "compile" | "run" | "request" | "crash";

/** XLA refused the module or failed to run it; `stage` says where, the message is XLA's own. */
export class XlaRunError extends HloError {
  constructor(
    message: string,
    /** Where XLA stopped. */
    readonly stage: XlaFailureStage,
  ) {
    super(message);
  }
}

/** The pip command that installs jax and jaxlib for `python` (the CPU wheels, or CUDA 12's for a GPU). */
export function installCommand(python: string, platform: string): string {
  const extra = platform === "cuda" || platform === "gpu" ? "[cuda12]" : "";
  return `${python} -m pip install "jax${extra}==${TESTED_JAX_VERSION}" "jaxlib==${TESTED_JAX_VERSION}"`;
}
