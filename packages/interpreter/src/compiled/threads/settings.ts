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

/** A dot's step kind, as the WebAssembly matmul names it (wasm/emit_matmul.ts MatmulArithmetic). */
export type DotStepKind = "f64" | "f32" | "fma32" | "fma64";

/**
 * Products (batches·m·k·n) from which a WebAssembly dot is split across
 * threads (threaded_dot.ts), per step kind: a split pays where half the
 * dot's time is well above a worker's round trip (post, wake, wait: a
 * median 18 µs on a 2-core machine, more when the worker slept). Measured:
 * XLA CPU's fused f64 step about 2 ns a product, 16x64 by 64x64 (65,536
 * products) 108 µs on one thread, 75 split; its fused f32 step 0.7 to 0.85
 * ns, 16x64 by 64x64 42 µs, 36 split (too little to pay for a second core),
 * 16x64 by 64x256 175 µs, 116 split; the batched 4x16x16 by 4x16x16 (16,384
 * products) lost split in both; the plain f64 and f32 sums of the reference
 * numerics run well under 0.3 ns a product. In whole models (an
 * interleaved A/B of split against unsplit dots) only the fused f64 step
 * gained (transformer f64 about 0.9 of its time); the f32 transformer and
 * the f16 dense model lost 2 to 3% with fused f32 dots of 2^17 products
 * split, so that step splits only from 2^19.
 */
const DOT_MIN_PRODUCTS: { readonly [K in DotStepKind]: number } = { fma64: 1 << 16, fma32: 1 << 19, f64: 1 << 19, f32: 1 << 19 };

let dotMinOverride: number | undefined;

/** The products from which a dot of step kind `kind` is split across threads. */
export function dotThreadMinProducts(kind: DotStepKind): number {
  return dotMinOverride ?? DOT_MIN_PRODUCTS[kind];
}

/** Sets one threshold for every step kind (tests: small dots take the threaded path), undefined for the measured ones; returns the previous override. */
export function setDotThreadMinProducts(products: number | undefined): number | undefined {
  const before = dotMinOverride;
  dotMinOverride = products;
  return before;
}
