/**
 * The verifier: every rule of structural_rules.ts and typing_rules.ts run over
 * a module; all problems are collected and thrown as one VerifyError. Passes
 * run it between steps (runPipeline) so the pass that broke an invariant is named.
 */
import { VerifyError } from "../errors.ts";
import type { HloModule } from "../module.ts";
import { STRUCTURAL_RULES } from "./structural_rules.ts";
import { TYPING_RULES, noImplicitBroadcast } from "./typing_rules.ts";
import type { VerifyOptions, VerifyRule } from "./rule.ts";

export type { VerifyOptions, VerifyRule } from "./rule.ts";

/** Every rule, structural first. */
export const VERIFY_RULES: readonly VerifyRule[] = [...STRUCTURAL_RULES, ...TYPING_RULES];

/** Every problem the rules find, in rule order; empty when the module is valid. */
export function verificationProblems(m: HloModule, opts: VerifyOptions = {}): readonly string[] {
  return VERIFY_RULES.flatMap((r) => {
    try {
      return r.check(m, opts);
    } catch (e) {
      // Data too malformed for a rule (a plugin's output, say) is a problem to report, not a crash.
      return [`module ${String(m?.name)}: rule ${r.name} could not check the module: ${e instanceof Error ? e.message : String(e)}`];
    }
  });
}

/** Throws one VerifyError listing every problem; returns normally when the module is valid. */
export function verifyModule(m: HloModule, opts: VerifyOptions = {}): void {
  const problems = verificationProblems(m, opts);
  if (problems.length > 0) throw new VerifyError(problems);
}

/** The implicit broadcasts the module still holds, one message each (empty once lowered). */
export function implicitBroadcastProblems(m: HloModule): readonly string[] {
  try {
    return noImplicitBroadcast.check(m, {});
  } catch {
    return []; // malformed data: verificationProblems reports it
  }
}

/** Whether the module holds an implicit broadcast (it verifies only with allowImplicitBroadcast). */
export function hasImplicitBroadcast(m: HloModule): boolean {
  return implicitBroadcastProblems(m).length > 0;
}
