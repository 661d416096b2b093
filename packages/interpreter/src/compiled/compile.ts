/**
 * The compiled engine's entry point. `compile` checks a module as `evaluate`
 * does, fuses it (the `fuse` pass of @minixla/hlo), and plans every
 * computation once; `execute` then runs it as many times as wanted, with the
 * same argument checks and errors as `evaluate` and results bitwise equal
 * to it. Intermediate buffers come from a pool kept between executions.
 * Every computation a step can call is planned (and its loops generated)
 * here, so the first execution is not slower for planning.
 */
import { type HloModule, type Literal, entryComputation, fuse, getComputation } from "@minixla/hlo";
import { argumentChecker, prepareModule } from "../evaluate.ts";
import type { EvalOptions } from "../kernel.ts";
import { resolveMaxBytes } from "../memory_budget.ts";
import { inlineSingleCalls } from "./inline_calls.ts";
import { BufferPool, type ExecutionStats } from "./buffer_pool.ts";
import { type Program, type Runner, planComputation, runProgram } from "./program.ts";
import { resolveThreads, withThreads } from "./threads/settings.ts";
import { pageReserveEnabled } from "./threads/page_reserve.ts";

/** Options of `compile`: evaluate's options, and switches to take the compiled engine apart. */
export interface CompileOptions extends EvalOptions {
  /** Run the fusion pass first (default true). Without it every instruction is its own step. */
  readonly fuse?: boolean;
  /** Use compiled loops where they exist (default true); false runs every step through the reference kernels. */
  readonly compiledLoops?: boolean;
  /** Run fused loops as WebAssembly SIMD where that is exact and expected to pay (default true); false keeps to the JavaScript loops. */
  readonly wasm?: boolean;
  /** Inline each call whose callee nothing else calls before fusing (default true; never with onProgress, or with fuse false). */
  readonly inlineCalls?: boolean;
  /** Threads for large loop nests (default: every core; false or 1: the caller's thread only). MINIXLA_THREADS=0 turns them off. */
  readonly threads?: number | false;
}

/** A compiled module, executed as often as needed. */
export interface Executable {
  /** The module as compiled: checked, elided constants resolved, single-use calls inlined, fused. */
  readonly module: HloModule;
  /** Runs the entry computation; arguments are never written to. The result reads as evaluate's does (`asArray`, `toTypedArray`). */
  execute(args: readonly Literal[]): Literal;
  /** What the last execution allocated (undefined before the first). */
  readonly lastStats: ExecutionStats | undefined;
}

/**
 * Compiles a lowered module for repeated execution. Refuses what `evaluate`
 * refuses (implicit broadcasts, a module that does not verify, elided
 * constants without a choice), with the same errors.
 */
export function compile(module: HloModule, options: CompileOptions = {}): Executable {
  const checked = prepareModule(module, options, "compile");
  const maxBytes = resolveMaxBytes(options.maxBytes);
  // Progress reports count each invocation's instructions, which inlining would change.
  const m = options.fuse === false ? checked : fuse.run(options.onProgress === undefined && options.inlineCalls !== false ? inlineSingleCalls(checked, maxBytes) : checked);
  const useFast = options.compiledLoops !== false;
  const programs = new Map<string, Program>();
  const threads = resolveThreads(options.threads);
  // With threads, a helper thread touches the pages of each run's new result in advance (threads/page_reserve.ts).
  const pool = new BufferPool(threads > 1 && pageReserveEnabled());
  const runner: Runner = {
    module: m,
    options: { ...options, maxBytes },
    maxBytes,
    pool,
    program(name) {
      let p = programs.get(name);
      if (p === undefined) {
        p = withThreads(threads, () => planComputation(m, getComputation(m, name), useFast, options.numerics ?? "reference", runner.program, options.wasm !== false));
        programs.set(name, p);
      }
      return p;
    },
  };
  const entry = runner.program(entryComputation(m).name);
  // Every computation a step may run is planned now (its loops generated),
  // so the first execution does no planning; a worklist, not recursion.
  const pending = [...entry.callees];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (programs.has(name)) continue;
    pending.push(...runner.program(name).callees);
  }
  let lastStats: ExecutionStats | undefined;
  // The entry's parameters are looked up once, not at every run.
  const checkArguments = argumentChecker(m);
  return {
    module: m,
    execute(args) {
      checkArguments(args);
      pool.begin();
      const result = runProgram(runner, entry, args);
      lastStats = pool.stats();
      pool.refill();
      return result;
    },
    get lastStats() {
      return lastStats;
    },
  };
}
