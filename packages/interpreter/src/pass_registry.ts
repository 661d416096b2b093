/**
 * The pass registry minixla runs: @minixla/hlo's, extended with constant
 * folding (listed, and run inside the default pipeline's "simplify" step).
 * The CLI, the default pipeline and the pass-equivalence test read it.
 */
import { HLO_PASS_REGISTRY, type HloPass, type PassRegistry } from "@minixla/hlo";
import { constantFolding } from "./constant_folding.ts";

/** Every pass minixla offers by name, and its default pipeline. */
export const PASS_REGISTRY: PassRegistry = HLO_PASS_REGISTRY.extend({ passes: [constantFolding], simplifiers: [constantFolding] });

/** Every pass minixla ships that keeps results: the standard ones from @minixla/hlo plus constant folding. */
export const ALL_PASSES: readonly HloPass[] = PASS_REGISTRY.passes;

/** The default pipeline with constant folding in its simplification loop. */
export function defaultPipelineWithFolding(): readonly HloPass[] {
  return PASS_REGISTRY.defaultPipeline();
}
