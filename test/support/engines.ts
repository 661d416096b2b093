/**
 * The check that ties the two engines together: run a module on the
 * reference evaluator and on the compiled engine, and say where they
 * disagree — a bit of a result (firstBitDifference: -0 differs from +0), or
 * one throwing and the other not, or the two throwing errors of different
 * classes or messages. Shared by the cross-checking setup file
 * (test/setup/cross_check.ts) and the engine tests.
 *
 * A host (EvalOptions.host) is met by the reference run alone: its outfeed,
 * send and recv calls are recorded (test/support/host_replay.ts), and the
 * compiled run gets a host that replays them — recv returns the value the
 * reference received, outfeed and send must hand out the same values in the
 * same order per stream — so no host callback runs twice.
 *
 * NaNs compare equal whatever their sign and payload: V8 itself does not
 * keep a NaN's sign stable — `x % 0` gives 0xfff8... in one JIT tier and
 * 0x7ff8... in another, so the reference alone, run cold and then warm,
 * differs in NaN bits. Everything else is compared bit for bit.
 *
 * One refusal may differ: where the reference refuses a result for the
 * memory budget (EvalOptions.maxBytes), the compiled engine may return the
 * value, since fusion does not materialize the intermediate that passed the
 * budget (a broadcast to 2^31 elements that is only sliced). The reverse —
 * the compiled engine refusing what the reference runs — is a disagreement.
 * Error messages agree when they are equal once the entry point's own name
 * (evaluate / compile, which prefix a module check's message) is set aside,
 * and, in two budget refusals, the opcode after the instruction's name: the
 * compiled engine refuses the fusion that holds the instruction, under the
 * instruction's name ("b (fusion): result f32[...] needs ..." for the
 * reference's "b (broadcast): ...").
 */
import { EvalError, type HloModule, type Literal, firstBitDifference } from "@minixla/hlo";
import type { CompileOptions, EvalOptions, Executable } from "@minixla/interpreter";
import { recordHost } from "./host_replay.ts";

/** What running one engine gave: a value, or what it threw. */
export type Outcome = { readonly ok: true; readonly value: Literal } | { readonly ok: false; readonly error: unknown };

export function attempt(f: () => Literal): Outcome {
  try {
    return { ok: true, value: f() };
  } catch (error) {
    return { ok: false, error };
  }
}

function describeThrown(e: unknown): string {
  if (!(e instanceof Error)) return `a non-error (${typeof e}) ${String(e).slice(0, 200)}`;
  return `${e.constructor.name}: ${e.message.split("\n")[0].slice(0, 300)}`;
}

/** firstBitDifference, which takes all NaNs as one value (see above). */
export const firstDifference = firstBitDifference;

/** The reference's refusal of a result for the memory budget (memory_budget.ts checkBudget). */
function isBudgetRefusal(e: unknown): boolean {
  return e instanceof EvalError && /passes the memory budget of \d+ bytes|more than the memory budget of \d+ bytes/.test(e.message);
}

/** The message with the entry point's name (evaluate, compile), which prefixes a module check's message, set aside. */
function messageOf(e: Error): string {
  const m = e.message.replace(/\b(evaluate|compile)\b/g, "<entry>");
  return isBudgetRefusal(e) ? m.replace(/^(\S+) \([\w-]+\):/, "$1 (<op>):") : m;
}

/** Why the compiled outcome is not the reference's, or undefined when they agree (same bits, or the same error class and message). */
export function disagreement(reference: Outcome, compiled: Outcome): string | undefined {
  if (reference.ok && compiled.ok) {
    const d = firstDifference(compiled.value, reference.value);
    return d === undefined ? undefined : `results differ: ${d.message} (compiled vs reference)`;
  }
  if (!reference.ok && compiled.ok && isBudgetRefusal(reference.error)) return undefined;
  if (reference.ok && !compiled.ok) return `the compiled engine throws ${describeThrown(compiled.error)}; the reference returns a value`;
  if (!reference.ok && compiled.ok) return `the reference throws ${describeThrown(reference.error)}; the compiled engine returns a value`;
  const r = (reference as { readonly error: unknown }).error;
  const c = (compiled as { readonly error: unknown }).error;
  const same = r instanceof Error && c instanceof Error ? r.constructor === c.constructor && messageOf(r) === messageOf(c) : typeof r === typeof c && String(r) === String(c);
  return same ? undefined : `the engines throw different errors: compiled ${describeThrown(c)}; reference ${describeThrown(r)}`;
}

export type EvaluateFn = (m: HloModule, args: readonly Literal[], options?: EvalOptions) => Literal;
export type CompileFn = (m: HloModule, options?: CompileOptions) => Executable;

/** Runs `m` on both engines (compile errors count as the compiled engine's outcome). */
export function runBoth(
  evaluate: EvaluateFn,
  compile: CompileFn,
  m: HloModule,
  args: readonly Literal[],
  options: EvalOptions = {},
  compileOptions: CompileOptions = {},
): { readonly reference: Outcome; readonly compiled: Outcome; readonly problem: string | undefined } {
  if (options.host === undefined) {
    const reference = attempt(() => evaluate(m, args, options));
    const compiled = attempt(() => compile(m, { ...options, ...compileOptions }).execute(args));
    return { reference, compiled, problem: disagreement(reference, compiled) };
  }
  const recording = recordHost(options.host);
  const reference = attempt(() => evaluate(m, args, { ...options, host: recording.host }));
  const replay = recording.replay();
  const compiled = attempt(() => compile(m, { ...options, ...compileOptions, host: replay.host }).execute(args));
  const problem = disagreement(reference, compiled) ?? (reference.ok && compiled.ok ? replay.unconsumed() : undefined);
  return { reference, compiled, problem };
}
