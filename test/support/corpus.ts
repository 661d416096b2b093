/**
 * Where the tests find the XLA-computed corpus: the copy kept in the
 * repository (test/corpus/xla-jax, see its README.md), so that the tests pass
 * in a clone of the repository alone.
 */
import { join } from "node:path";

export const XLA_JAX_CORPUS = join(import.meta.dirname, "../corpus/xla-jax");
