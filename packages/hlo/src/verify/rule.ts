/**
 * The verifier's rule contract: a rule checks one concern over a whole module
 * and returns every problem it finds, each prefixed with where it was found.
 * Rules never throw on malformed input; a concern another rule owns (a missing
 * operand, bad attributes) is skipped rather than reported twice.
 */
import type { HloComputation, HloModule } from "../module.ts";
import type { HloInstruction } from "../instruction.ts";

/** Options of the verifier. */
export interface VerifyOptions {
  /** Allow element-wise ops whose operands differ from the result (modules before lowerBroadcasts). */
  readonly allowImplicitBroadcast?: boolean;
}

/** One invariant the verifier checks, by name. */
export interface VerifyRule {
  /** Kebab-case name, cited in tests and docs. */
  readonly name: string;
  readonly description: string;
  /** Every violation in the module, as messages naming computation and instruction. */
  check(m: HloModule, opts: VerifyOptions): readonly string[];
}

/** "computation main, instruction add.1: message" */
export function at(c: HloComputation, inst: HloInstruction | undefined, message: string): string {
  return inst === undefined ? `computation ${c.name}: ${message}` : `computation ${c.name}, instruction ${inst.name}: ${message}`;
}
