/**
 * The wrapper the cross-checking setup file (test/setup/cross_check.ts) puts
 * around the reference `evaluate`: every call also compiles the module and
 * executes it, and throws CrossCheckError when the compiled engine disagrees
 * (a bit of the result, or one engine throwing and the other not, or errors
 * of different classes). The reference's own result or error is what the
 * caller sees. Skipped when options.host is given (host callbacks must not
 * run twice), under MINIXLA_CROSSCHECK=0, and inside a cross-check.
 */
import type { HloModule, Literal } from "@minixla/hlo";
import type { EvalOptions } from "@minixla/interpreter";
import { type CompileFn, type EvaluateFn, runBoth } from "./engines.ts";

/**
 * Not an HloError on purpose: a test that expects evaluate to throw
 * EvalError must not pass because the engines disagree.
 */
export class CrossCheckError extends Error {
  override readonly name = "CrossCheckError";
}

let compileImpl: CompileFn | undefined;
let depth = 0;
/** How many calls were cross-checked, for the tests that show the wrapper is in place. */
let checked = 0;

/** Marks a function as the cross-checking wrapper. */
export const CROSS_CHECKED: unique symbol = Symbol("minixla.crossChecked");
const REFERENCE: unique symbol = Symbol("minixla.reference");

let loading: Promise<unknown> | undefined;

/** Installs the compiler once `pending` resolves (the setup file's lazy import of compile.ts). */
export function loadCompiler(pending: Promise<CompileFn>): void {
  loading = pending.then((c) => {
    compileImpl ??= c;
  });
}

/** Resolves when the compiler being loaded is installed (at once when none is loading). */
export async function compilerReady(): Promise<void> {
  await loading;
}

/** Sets the compiler the wrapper checks against (the setup file loads the real `compile`); returns the one before. */
export function installCompile(c: CompileFn | undefined): CompileFn | undefined {
  const before = compileImpl;
  compileImpl = c;
  return before;
}

export function crossCheckCount(): number {
  return checked;
}

export function crossCheckEnabled(options: EvalOptions | undefined): boolean {
  return compileImpl !== undefined && depth === 0 && options?.host === undefined && process.env.MINIXLA_CROSSCHECK !== "0";
}

/** `reference`, checked against the compiled engine on every call. */
export function crossChecked(reference: EvaluateFn): EvaluateFn {
  const wrapped = (m: HloModule, args: readonly Literal[], options?: EvalOptions): Literal => {
    const compile = compileImpl;
    if (compile === undefined || !crossCheckEnabled(options)) return reference(m, args, options);
    depth++;
    let run: ReturnType<typeof runBoth>;
    try {
      run = runBoth(reference, compile, m, args, options ?? {});
    } finally {
      depth--;
    }
    checked++;
    if (run.problem !== undefined) {
      throw new CrossCheckError(`compile(m).execute(args) disagrees with evaluate(m, args) on module ${String(m?.name)}: ${run.problem}`);
    }
    if (!run.reference.ok) throw run.reference.error;
    return run.reference.value;
  };
  return Object.assign(wrapped, { [CROSS_CHECKED]: true, [REFERENCE]: reference });
}

/** The unwrapped reference behind `evaluate` (itself when it is not wrapped): for tests that compare the engines themselves. */
export function referenceOf(evaluate: EvaluateFn): EvaluateFn {
  return (evaluate as EvaluateFn & { readonly [REFERENCE]?: EvaluateFn })[REFERENCE] ?? evaluate;
}
