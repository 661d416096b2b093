/**
 * How many threads the compiled engine may use, and the size from which a
 * loop nest is split across them. `compile` resolves CompileOptions.threads
 * once (the environment variable MINIXLA_THREADS can turn threads off: "0",
 * "1" or "false"; a number caps them) and plans its computations inside
 * `withThreads`, which the fused-loop compiler reads through `plannedThreads`:
 * a setting scoped to the synchronous planning calls, so the planning
 * functions between the two keep their signatures.
 */

/** Below this many iteration points a loop nest runs on one thread: posting a job and waking a worker costs about 0.1 ms, about what 50,000 additions take. */
export const THREAD_MIN_POINTS = 1 << 17;

/** The machine's cores as Node reports them (1 where there is no Node). */
function cores(): number {
  const os = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.("node:os") as
    | { availableParallelism?: () => number; cpus?: () => readonly unknown[] }
    | undefined;
  return os?.availableParallelism?.() ?? os?.cpus?.().length ?? 1;
}

/** The environment's cap on threads (MINIXLA_THREADS), or undefined when unset or unreadable. */
function environmentCap(): number | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const v = env?.MINIXLA_THREADS?.trim().toLowerCase();
  if (v === undefined || v === "") return undefined;
  if (v === "false" || v === "off" || v === "no") return 1;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? Math.max(n, 1) : undefined;
}

/**
 * Threads a compiled executable uses: `false` or 1 is one (the caller's);
 * a number is that many (more than the cores only costs switching);
 * undefined is every core. Capped by MINIXLA_THREADS.
 */
export function resolveThreads(option: number | false | undefined): number {
  if (option === false) return 1;
  const wanted = option === undefined ? cores() : Math.max(1, Math.floor(option));
  const cap = environmentCap();
  return Math.max(1, Math.min(wanted, cap ?? wanted));
}

let planned = 1;

/** Runs `plan` with `threads` as the thread count the loop compilers see. */
export function withThreads<T>(threads: number, plan: () => T): T {
  const before = planned;
  planned = threads;
  try {
    return plan();
  } finally {
    planned = before;
  }
}

/** The thread count of the executable being planned (1 outside `compile`). */
export function plannedThreads(): number {
  return planned;
}
