/**
 * The engine's worker threads: started on first need (where Node's
 * worker_threads exists; a page has none and every kernel runs on the
 * caller's thread), unref'd so they never keep a process alive, and shared
 * by every executable of the process. `runSplit` posts one job per worker,
 * runs the caller's own share, then blocks on each worker's status word with
 * Atomics.wait, bounded by a timeout, so `execute` stays synchronous. A
 * worker still starting is simply not used: its share runs on the caller's
 * thread, which gives the same bits.
 */
import { EvalError } from "@minixla/hlo";
import type { MessagePort, Worker } from "node:worker_threads";
import type { MatmulModule } from "../wasm/wasm_kernel.ts";
import type { StreamPlan } from "../wasm/streamed_loop.ts";
import { WORKER_KERNELS, WORKER_SOURCE } from "./worker_source.ts";

type WorkerThreads = typeof import("node:worker_threads");

/** One compiled WebAssembly matmul module as a worker gets it: the host fma64 travels as source, once per kernel. */
export type ThreadMatmulModule = Omit<MatmulModule, "hostFma64">;

/**
 * A WebAssembly matmul cut into blocks that threads take one at a time
 * (threaded_dot.ts): its modules (one per block size), `blocks` as 7
 * numbers a block (module index, A's range, B's range, the output's
 * start), whether B stays in a module's memory while its version number
 * is unchanged, and the source of the host fma64 import ("" where there is none).
 */
export interface ThreadMatmul {
  readonly modules: readonly ThreadMatmulModule[];
  readonly blocks: Int32Array;
  readonly keepB: boolean;
  readonly fma64: string;
}

/** A kernel a worker can compile: its factory body and its scalar functions, as text; or a WebAssembly matmul (`matmul`, then source is ""). */
export interface ThreadKernel {
  readonly id: number;
  readonly source: string;
  readonly functions: readonly string[];
  readonly matmul?: ThreadMatmul;
  /** A streamed WebAssembly loop (threaded_stream.ts; then source is ""). */
  readonly stream?: ThreadStream;
}

/** A streamed loop as a worker gets it (wasm/streamed_loop.ts StreamPlan without its rounding, which the caller applies). */
export type ThreadStream = Omit<StreamPlan, "round">;

/**
 * One share of a split kernel: the arrays it reads (shared memory) and the
 * view of the output it writes; for a matmul, `version` numbers B's values
 * (a module whose copy of B has that number keeps it), and `counter` is the
 * shared word from which each thread takes the next block.
 */
export interface Share {
  readonly kernel: ThreadKernel;
  readonly arrays: readonly Float64Array[];
  readonly out: Float64Array;
  readonly version?: number;
  readonly counter?: Int32Array;
}

interface Slot {
  readonly worker: Worker;
  /** [0]: job state (0 running, 1 done, 2 failed); [1]: 1 once the worker listens; [2]: jobs posted; [3]: the job on offer (worker_source.ts). */
  readonly status: Int32Array;
  readonly errors: MessagePort;
  readonly sent: Set<number>;
  /** The number of the last job posted (its claim ticket, worker_source.ts). */
  ticket: number;
  dead: boolean;
}

/** How long the caller waits for one worker's share before giving up on it (ms). */
let waitLimitMs = 60_000;

/** Sets the wait limit (tests); returns the previous one. */
export function setThreadWaitLimit(ms: number): number {
  const before = waitLimitMs;
  waitLimitMs = ms;
  return before;
}

let threadsModule: WorkerThreads | undefined | null = null;

function workerThreads(): WorkerThreads | undefined {
  if (threadsModule === null) {
    try {
      const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
      threadsModule = proc?.getBuiltinModule?.("node:worker_threads") as WorkerThreads | undefined;
    } catch {
      threadsModule = undefined;
    }
    if (typeof SharedArrayBuffer !== "function" || typeof Atomics?.wait !== "function") threadsModule = undefined;
  }
  return threadsModule;
}

/** Whether this runtime can run kernels on worker threads at all. */
export function threadsSupported(): boolean {
  return workerThreads() !== undefined;
}

const slots: Slot[] = [];
let nextKernelId = 0;

/** A fresh kernel number (kernels are sent to each worker once, by number). */
export function newKernelId(): number {
  return nextKernelId++;
}

function startWorker(wt: WorkerThreads): Slot | undefined {
  try {
    const status = new Int32Array(new SharedArrayBuffer(16));
    const { port1, port2 } = new wt.MessageChannel();
    // No inherited loader flags: the worker runs plain JavaScript.
    const worker = new wt.Worker(WORKER_SOURCE, { eval: true, execArgv: [], workerData: { status, errors: port2 }, transferList: [port2] });
    worker.unref();
    port1.unref();
    const slot: Slot = { worker, status, errors: port1, sent: new Set(), ticket: 0, dead: false };
    worker.on("error", () => {
      slot.dead = true;
    });
    worker.on("exit", () => {
      slot.dead = true;
    });
    return slot;
  } catch {
    return undefined;
  }
}

/** Starts workers up to `count` (those that died are replaced) and returns the ones ready now. */
function readyWorkers(count: number): Slot[] {
  const wt = workerThreads();
  if (wt === undefined) return [];
  for (let i = slots.length - 1; i >= 0; i--) if (slots[i].dead) slots.splice(i, 1);
  while (slots.length < count) {
    const s = startWorker(wt);
    if (s === undefined) break;
    slots.push(s);
  }
  return slots.slice(0, count).filter((s) => !s.dead && Atomics.load(s.status, 1) === 1);
}

/** Starts `count` workers and waits (up to the wait limit) until they listen: for tests and warm-ups. */
export function startThreads(count: number): number {
  readyWorkers(count);
  const deadline = Date.now() + waitLimitMs;
  for (const s of slots.slice(0, count)) {
    while (!s.dead && Atomics.load(s.status, 1) !== 1) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      Atomics.wait(s.status, 1, 0, Math.min(left, 50));
    }
  }
  return readyWorkers(count).length;
}

/** Jobs run on workers since the process started (tests read it to know threads were used). */
let workerJobs = 0;
export function threadedJobCount(): number {
  return workerJobs;
}

/**
 * Runs shares[0] on the caller's thread and the others on ready workers (any
 * without one run on the caller's thread too), and returns once all are
 * done. With `steal`, a share whose worker has not claimed it by the time
 * the caller's own are done runs on the caller's thread as well (same
 * bits; `runHere` must then run any share). A worker's
 * failure or a wait past the limit is an EvalError.
 */
export function runSplit(shares: readonly Share[], runHere: (share: Share) => void, steal = false): void {
  const ready = readyWorkers(shares.length - 1);
  const posted: { slot: Slot; share: Share }[] = [];
  for (let k = 1; k < shares.length && posted.length < ready.length; k++) {
    const slot = ready[posted.length];
    const share = shares[k];
    const { kernel } = share;
    Atomics.store(slot.status, 0, 0);
    // Tickets are positive and never repeat within the 2^30 jobs a slot may take before they wrap.
    slot.ticket = (slot.ticket % 0x3fffffff) + 1;
    Atomics.store(slot.status, 3, slot.ticket);
    const first = !slot.sent.has(kernel.id);
    const matmul = first ? kernel.matmul : undefined;
    const stream = first ? kernel.stream : undefined;
    slot.worker.postMessage({ id: kernel.id, ticket: slot.ticket, source: first ? kernel.source : "", functions: first ? kernel.functions : [], matmul, stream, arrays: share.arrays, out: share.out, version: share.version, counter: share.counter });
    if (first) {
      slot.sent.add(kernel.id);
      // The worker drops its oldest kernel at the same point (worker_source.ts).
      if (slot.sent.size > WORKER_KERNELS) slot.sent.delete(slot.sent.values().next().value as number);
    }
    Atomics.add(slot.status, 2, 1);
    posted.push({ slot, share });
  }
  workerJobs += posted.length;
  let failure: unknown;
  try {
    runHere(shares[0]);
    for (let k = 1 + posted.length; k < shares.length; k++) runHere(shares[k]);
  } catch (e) {
    failure = e;
  }
  // A share its worker has not claimed yet runs here instead (its wake-up, or a preemption, costs more than the
  // share); every share a worker claimed is waited for: the output must not be written after this returns.
  for (const { slot, share } of posted) {
    if (failure === undefined && steal && stealing && Atomics.compareExchange(slot.status, 3, slot.ticket, STOLEN) === slot.ticket) {
      stolenJobs++;
      try {
        runHere(share);
      } catch (e) {
        failure = e;
      }
      continue;
    }
    const err = awaitShare(slot);
    failure ??= err;
  }
  if (failure !== undefined) throw failure;
}

/** The claim word's value once the caller took a job back (worker_source.ts). */
const STOLEN = -2;

let stealing = true;
let stolenJobs = 0;

/** Whether the caller runs a share whose worker has not started it (tests turn it off, so that the workers run every share); returns the previous setting. */
export function setShareStealing(on: boolean): boolean {
  const before = stealing;
  stealing = on;
  return before;
}

/** Shares the caller took back from workers that had not started them. */
export function stolenJobCount(): number {
  return stolenJobs;
}

/**
 * How long the caller polls a worker's status word before it sleeps on it
 * (ms): a thread woken from Atomics.wait after a few hundred microseconds
 * asleep took about 0.1 ms more to resume (a virtual machine's idle core),
 * while the shares of a split kernel end within a fraction of a
 * millisecond of each other.
 */
const SPIN_MS = 1;

function awaitShare(slot: Slot): EvalError | undefined {
  const spinUntil = performance.now() + SPIN_MS;
  while (Atomics.load(slot.status, 0) === 0 && performance.now() < spinUntil);
  const deadline = Date.now() + waitLimitMs;
  while (Atomics.load(slot.status, 0) === 0) {
    const left = deadline - Date.now();
    if (left <= 0 || slot.dead) {
      slot.dead = true;
      void slot.worker.terminate();
      return new EvalError(`a worker thread did not finish its share of a loop nest within ${String(waitLimitMs)} ms; it was stopped`);
    }
    Atomics.wait(slot.status, 0, 0, Math.min(left, 1000));
  }
  if (Atomics.load(slot.status, 0) === 2) {
    const wt = workerThreads();
    const msg = wt?.receiveMessageOnPort(slot.errors)?.message as { name?: string; message?: string } | undefined;
    return new EvalError(`a worker thread failed running its share of a loop nest: ${msg?.name ?? "Error"}: ${msg?.message ?? "no message"}`);
  }
  return undefined;
}
