/**
 * Whether this machine can run real XLA for the tests: the Python named by
 * $MINIXLA_XLA_PYTHON, else the venv /work/shared/conformance/xla_env.sh makes
 * (/tmp/minixla-xla-venv). Tests that need it skip, with this file's message,
 * where neither exists (CI has no jaxlib).
 */
import { existsSync } from "node:fs";

const VENV_PYTHON = "/tmp/minixla-xla-venv/bin/python";

/** The Python with jax and jaxlib, or undefined when this machine has none. */
export function testXlaPython(): string | undefined {
  const env = process.env.MINIXLA_XLA_PYTHON;
  if (env !== undefined && env !== "") return existsSync(env) ? env : undefined;
  return existsSync(VENV_PYTHON) ? VENV_PYTHON : undefined;
}

/** Why XLA tests are skipped here. */
export const NO_XLA_MESSAGE = "skipped: no Python with jax/jaxlib (set MINIXLA_XLA_PYTHON, or make /tmp/minixla-xla-venv with xla_env.sh)";
