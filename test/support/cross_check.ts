/**
 * The wrappers the cross-checking setup file (test/setup/cross_check.ts) puts
 * around the reference `evaluate` and `evaluateSpmd`: every call also
 * compiles the module and executes it, and throws CrossCheckError when the
 * compiled engine disagrees (a bit of the result, one engine throwing and the
 * other not, errors of different classes or messages, or other host calls).
 * The reference's own result or error is what the caller sees. A call with
 * options.host is checked too: the reference run meets the host, the
 * compiled run replays its calls (test/support/host_replay.ts).
 *
 * Calls that are not checked are counted by reason, after the fact
 * (crossCheckTally): MINIXLA_CROSSCHECK=0, a call before the compiler is
 * loaded, a call inside a cross-check, and an evaluateSpmd of a module whose
 * devices talk to each other (SPMD_UNCHECKED says why).
 */
import { type HloModule, type Literal, OPCODES } from "@minixla/hlo";
import type { EvalOptions, SpmdOptions } from "@minixla/interpreter";
import { type CompileFn, type EvaluateFn, type Outcome, attempt, disagreement, runBoth } from "./engines.ts";
import { type Replay, recordHost } from "./host_replay.ts";

/**
 * Not an HloError on purpose: a test that expects evaluate to throw
 * EvalError must not pass because the engines disagree.
 */
export class CrossCheckError extends Error {
  override readonly name = "CrossCheckError";
}

let compileImpl: CompileFn | undefined;
let depth = 0;

/** What the wrappers did in this test file: calls checked (by kind) and calls not checked (by reason). */
export interface CrossCheckTally {
  /** evaluate calls checked against the compiled engine, host calls included. */
  readonly checked: number;
  /** Of those, the calls with options.host (checked with the host replayed). */
  readonly checkedWithHost: number;
  /** evaluateSpmd calls checked device by device against the compiled engine. */
  readonly spmdChecked: number;
  /** Calls not checked, by reason. */
  readonly skipped: ReadonlyMap<string, number>;
}

const tally = { checked: 0, checkedWithHost: 0, spmdChecked: 0, skipped: new Map<string, number>() };

/**
 * Why evaluateSpmd is checked only for modules whose devices never talk to
 * each other: the compiled engine runs one device, and there is no compiled
 * SPMD engine to run collectives in lockstep.
 */
export const SPMD_UNCHECKED = "evaluateSpmd of a module with collectives or device ids: no compiled SPMD engine runs devices in lockstep";

function skip(reason: string): void {
  tally.skipped.set(reason, (tally.skipped.get(reason) ?? 0) + 1);
}

export function crossCheckTally(): CrossCheckTally {
  return { ...tally, skipped: new Map(tally.skipped) };
}

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

/** How many evaluate calls were cross-checked, for the tests that show the wrapper is in place. */
export function crossCheckCount(): number {
  return tally.checked;
}

/** Why a call is not cross-checked now, or undefined when it is. */
function skipReason(): string | undefined {
  if (process.env.MINIXLA_CROSSCHECK === "0") return "MINIXLA_CROSSCHECK=0";
  if (depth > 0) return "called inside a cross-check";
  if (compileImpl === undefined) return "called before the compiler was loaded (while the test file is collected)";
  return undefined;
}

export function crossCheckEnabled(): boolean {
  return skipReason() === undefined;
}

/** `reference`, checked against the compiled engine on every call. */
export function crossChecked(reference: EvaluateFn): EvaluateFn {
  const wrapped = (m: HloModule, args: readonly Literal[], options?: EvalOptions): Literal => {
    const compile = compileImpl;
    const why = skipReason();
    if (compile === undefined || why !== undefined) {
      skip(why ?? "no compiler");
      return reference(m, args, options);
    }
    depth++;
    let run: ReturnType<typeof runBoth>;
    try {
      run = runBoth(reference, compile, m, args, options ?? {});
    } finally {
      depth--;
    }
    tally.checked++;
    if (options?.host !== undefined) tally.checkedWithHost++;
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

export type EvaluateSpmdFn = (m: HloModule, argsPerDevice: readonly (readonly Literal[])[], options?: SpmdOptions) => Literal[];

/** Whether a device of `m` can tell itself from the others (a collective, replica-id, partition-id). */
function talksToOtherDevices(m: HloModule): boolean {
  return m.computations.some((c) => c.instructions.some((i) => OPCODES[i.opcode].family === "collective"));
}

/**
 * `reference` (evaluateSpmd), checked device by device against the compiled
 * engine when no device depends on another: then device d's result is
 * `compile(m).execute(argsPerDevice[d])` with d's host. Other modules are
 * counted as skipped (SPMD_UNCHECKED).
 */
export function crossCheckedSpmd(reference: EvaluateSpmdFn): EvaluateSpmdFn {
  return (m, argsPerDevice, options = {}) => {
    const compile = compileImpl;
    const why = skipReason() ?? (m !== null && typeof m === "object" && Array.isArray(m.computations) && talksToOtherDevices(m) ? SPMD_UNCHECKED : undefined);
    if (compile === undefined || why !== undefined) {
      skip(why ?? "no compiler");
      return reference(m, argsPerDevice, options);
    }
    const { replicaCount: _r, numPartitions: _p, deviceHost, ...single } = options;
    // The reference asks for each device's host once, in device order (d = replica * partitions + partition).
    const recorders = new Map<number, ReturnType<typeof recordHost>>();
    let nextDevice = 0;
    const recordedHost = (replica: number, partition: number): EvalOptions["host"] => {
      const d = nextDevice++;
      const host = deviceHost?.(replica, partition) ?? options.host;
      if (host === undefined) return undefined;
      const rec = recordHost(host);
      recorders.set(d, rec);
      return rec.host;
    };
    const replays = new Map<number, Replay>();
    depth++;
    let ref: { readonly ok: true; readonly value: Literal[] } | { readonly ok: false; readonly error: unknown };
    const problems: string[] = [];
    try {
      try {
        ref = { ok: true, value: reference(m, argsPerDevice, { ...options, deviceHost: recordedHost }) };
      } catch (error) {
        ref = { ok: false, error };
      }
      const compiled: Outcome[] = argsPerDevice.map((args, d) => {
        const replay = recorders.get(d)?.replay();
        if (replay !== undefined) replays.set(d, replay);
        return attempt(() => compile(m, { ...single, ...(replay !== undefined && { host: replay.host }) }).execute(args));
      });
      if (ref.ok) {
        const value = ref.value;
        compiled.forEach((c, d) => {
          const p = disagreement({ ok: true, value: value[d] }, c) ?? (c.ok ? replays.get(d)?.unconsumed() : undefined);
          if (p !== undefined) problems.push(`device ${d}: ${p}`);
        });
      } else {
        const error = ref.error;
        const alike = compiled.some((c) => !c.ok && c.error instanceof Error && error instanceof Error && c.error.constructor === error.constructor);
        if (!alike) problems.push(`the reference throws ${error instanceof Error ? `${error.constructor.name}: ${error.message.split("\n")[0]}` : String(error)}; no device's compiled run throws that class`);
      }
    } finally {
      depth--;
    }
    tally.spmdChecked++;
    if (problems.length > 0) {
      throw new CrossCheckError(`compile(m).execute(args of device d) disagrees with evaluateSpmd(m, ...) on module ${String(m?.name)}: ${problems[0]}`);
    }
    if (!ref.ok) throw ref.error;
    return ref.value;
  };
}
