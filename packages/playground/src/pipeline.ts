/**
 * A pass spec (`lower-broadcasts,fixpoint(simplify)`) run over a module: the
 * command line's grammar and names (pass_spec.ts of the CLI, the names of
 * `minixla opt --passes`), every pass run reported as a step.
 */
import { type HloModule, type HloPass, type PipelineStep, runPipeline } from "@minixla/hlo";
import { PASS_REGISTRY } from "@minixla/interpreter";
import { stepNumber } from "@minixla/viz";
import { parsePassSpec } from "../../cli/src/pass_spec.ts";

/** The pass registry's passes, as `minixla opt --list` offers them. */
const AVAILABLE: readonly HloPass[] = PASS_REGISTRY.available();

/** The names a spec may use, as `minixla opt --list` gives them. */
export const PASS_NAMES: readonly string[] = [...AVAILABLE.map((p) => p.name), "simplify", "default"];

/** The passes `spec` names (a UsageError quoting the spec with a caret on a mistake). */
export function passesOf(spec: string): HloPass[] {
  return parsePassSpec(
    spec,
    (name) => PASS_REGISTRY.lookup(name),
    AVAILABLE.map((p) => p.name),
  );
}

/** The input (step 0) and every pass run, inner runs of fixpoint/sequence included, in order. */
export function runSteps(m: HloModule, spec: string): PipelineStep[] {
  const steps: PipelineStep[] = [];
  runPipeline(m, passesOf(spec), { dump: (s) => steps.push(s), innerSteps: true });
  return steps;
}

/** The steps a table lists: the input, then each pass run (a composite's own row only when it has no inner rows). */
export function listedSteps(steps: readonly PipelineStep[]): PipelineStep[] {
  const composite = new Set(steps.filter((s) => s.inner !== undefined).map((s) => s.index));
  return steps.filter((s) => s.index === 0 || s.inner !== undefined || !composite.has(s.index));
}

export { stepNumber };
