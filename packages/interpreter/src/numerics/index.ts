/** The record of each numerics mode, by EvalOptions.numerics. */
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
