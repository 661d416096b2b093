/** The record of each numerics mode, by EvalOptions.numerics. */
import type { HloModule } from "@minixla/hlo";
import type { Numerics } from "../kernel.ts";
import type { NumericsRecord } from "./record.ts";
import { REFERENCE_NUMERICS } from "./reference.ts";
import { XLA_CPU_NUMERICS } from "./xla_cpu/record.ts";

export const NUMERICS: { readonly [K in Numerics]: NumericsRecord } = {
  reference: REFERENCE_NUMERICS,
  "xla-cpu": XLA_CPU_NUMERICS,
};

/** The record of a mode (default "reference"). */
export function numericsOf(mode: Numerics = "reference"): NumericsRecord {
  return NUMERICS[mode];
}

/**
 * The module as a mode evaluates it: its whole-graph rewrites applied in
 * order (none for "reference"). Callers that let users choose the mode run
 * this before evaluate or compile, so no caller names the mode's passes.
 */
export function applyNumericsRewrites(module: HloModule, mode: Numerics = "reference"): HloModule {
  let m = module;
  for (const pass of numericsOf(mode).rewrites) m = pass.run(m);
  return m;
}
