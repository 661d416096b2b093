/**
 * Fresh shared buffers whose pages a helper thread has already touched.
 *
 * An executable's result leaves with the caller, so every run needs a new
 * array for it; a new array of megabytes is memory the operating system maps
 * page by page on its first write, and that first touch (a fault and a page
 * zeroed per 4 KiB) costs as much as a whole broadcast add or transpose over
 * it (a [1000,1000] f64 result: about 2,000 faults). Recycling a result's
 * buffer would break the contract that a result never aliases a later run's,
 * so instead one worker thread makes the next buffer of each size a run keeps
 * asking for, writes a zero into each of its pages (the pages are new and
 * already zero, so the contents do not change), and posts it back; the
 * caller takes it, without waiting, at its next run (`receiveMessageOnPort`).
 * The fault work then runs on another core, between runs. Each buffer is
 * handed out once and never again: it is as fresh as `allocData`'s, only its
 * pages are already there.
 *
 * The next buffer is asked for when a run ends (`requestReserved`), so the
 * worker's touching does not compete with the run's own threads.
 *
 * Bounded: at most RESERVE_PER_SIZE buffers of one size are made ahead, and
 * RESERVE_BYTES in all (older sizes give way); a buffer not taken within
 * RESERVE_AGE_MS is dropped (an unref'd timer sees to it when no run comes).
 * Only where Node's worker_threads exist (a page has none: allocation stays
 * as it was); MINIXLA_PAGE_RESERVE=0 turns it off.
 */
import type { MessagePort, Worker } from "node:worker_threads";

/** Buffers of fewer values are not worth it (and allocData keeps them off shared memory). */
export const RESERVE_MIN_VALUES = 1 << 16;
const RESERVE_PER_SIZE = 1;
const RESERVE_BYTES = 128 * 2 ** 20;
const RESERVE_AGE_MS = 10_000;

type WorkerThreads = typeof import("node:worker_threads");

/**
 * The worker: for each requested byte length, a new SharedArrayBuffer with
 * every page written once; where the allocation fails, the length itself
 * comes back, so the request is no longer counted as on its way.
 */
const TOUCHER_SOURCE = `"use strict";
const { workerData } = require("node:worker_threads");
const port = workerData.port;
port.on("message", (bytes) => {
  let b;
  try {
    b = new SharedArrayBuffer(bytes);
  } catch {
    port.postMessage(bytes);
    return;
  }
  const v = new Uint8Array(b);
  for (let i = 0; i < bytes; i += 4096) v[i] = 0;
  port.postMessage(b);
});
`;

interface Ready {
  readonly data: Float64Array;
  readonly at: number;
}

interface Reserve {
  readonly worker: Worker;
  readonly port: MessagePort;
  readonly receive: WorkerThreads["receiveMessageOnPort"];
  /** Buffers back from the worker, by length in values, oldest first. */
  readonly ready: Map<number, Ready[]>;
  /** Requests posted and not yet back, by length in values. */
  readonly pending: Map<number, number>;
  /** Bytes ready and pending. */
  bytes: number;
  dead: boolean;
}

let reserve: Reserve | undefined | null = null;

/** Whether executables compiled now may use the reserve: not where MINIXLA_PAGE_RESERVE is "0" (read at each compile). */
export function pageReserveEnabled(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.MINIXLA_PAGE_RESERVE?.trim() !== "0";
}

/** Buffers handed out since the process started (tests read it to know the reserve was used). */
let handedOut = 0;
export function reservedCount(): number {
  return handedOut;
}

function start(): Reserve | undefined {
  try {
    const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    const wt = proc?.getBuiltinModule?.("node:worker_threads") as WorkerThreads | undefined;
    if (wt === undefined || typeof SharedArrayBuffer !== "function") return undefined;
    const { port1, port2 } = new wt.MessageChannel();
    const worker = new wt.Worker(TOUCHER_SOURCE, { eval: true, execArgv: [], workerData: { port: port2 }, transferList: [port2] });
    worker.unref();
    port1.unref();
    const r: Reserve = { worker, port: port1, receive: wt.receiveMessageOnPort, ready: new Map(), pending: new Map(), bytes: 0, dead: false };
    const stop = (): void => {
      r.dead = true;
    };
    worker.on("error", stop);
    worker.on("exit", stop);
    return r;
  } catch {
    return undefined;
  }
}

function active(): Reserve | undefined {
  if (reserve === null) reserve = start();
  return reserve === undefined || reserve.dead ? undefined : reserve;
}

/** Moves every buffer the worker has posted into `ready`, and drops buffers left untaken too long. */
function drain(r: Reserve, now: number): void {
  for (;;) {
    const m = r.receive(r.port) as { message: unknown } | undefined;
    if (m === undefined) break;
    if (typeof m.message === "number") {
      // The worker could not allocate it: no longer on its way.
      const failed = m.message / 8;
      r.pending.set(failed, (r.pending.get(failed) ?? 1) - 1);
      r.bytes -= m.message;
      continue;
    }
    if (!(m.message instanceof SharedArrayBuffer)) continue;
    const data = new Float64Array(m.message);
    const n = data.length;
    r.pending.set(n, (r.pending.get(n) ?? 1) - 1);
    let list = r.ready.get(n);
    if (list === undefined) r.ready.set(n, (list = []));
    list.push({ data, at: now });
  }
  for (const [n, list] of r.ready) {
    while (list.length > 0 && now - list[0].at > RESERVE_AGE_MS) {
      list.shift();
      r.bytes -= n * 8;
    }
    if (list.length === 0 && (r.pending.get(n) ?? 0) === 0) {
      r.ready.delete(n);
      r.pending.delete(n);
    }
  }
}

/** Makes room for `bytes` more by dropping ready buffers of other sizes, oldest size first; false when it cannot. */
function room(r: Reserve, bytes: number, keep: number): boolean {
  for (const [n, list] of r.ready) {
    if (r.bytes + bytes <= RESERVE_BYTES) break;
    if (n === keep) continue;
    r.bytes -= n * 8 * list.length;
    list.length = 0;
  }
  return r.bytes + bytes <= RESERVE_BYTES;
}

/**
 * A new Float64Array of n values on shared memory with its pages already
 * touched, or undefined when none is ready (then the caller allocates as
 * usual).
 */
export function reservedBuffer(n: number): Float64Array | undefined {
  if (n < RESERVE_MIN_VALUES) return undefined;
  const r = active();
  if (r === undefined) return undefined;
  drain(r, performance.now());
  const taken = r.ready.get(n)?.shift();
  if (taken === undefined) return undefined;
  r.bytes -= n * 8;
  handedOut++;
  return taken.data;
}

let sweep: ReturnType<typeof setTimeout> | undefined;

/** Drops buffers left untaken past RESERVE_AGE_MS while no run comes to do it. */
function armSweep(r: Reserve): void {
  if (sweep !== undefined || typeof setTimeout !== "function") return;
  sweep = setTimeout(() => {
    sweep = undefined;
    drain(r, performance.now());
    if (r.bytes > 0) armSweep(r);
  }, RESERVE_AGE_MS);
  (sweep as { unref?: () => void }).unref?.();
}

/** Asks the worker for the next buffer of n values, unless one is already ready or on its way (or there is no room). */
export function requestReserved(n: number): void {
  if (n < RESERVE_MIN_VALUES) return;
  const r = active();
  if (r === undefined) return;
  drain(r, performance.now());
  const outstanding = (r.ready.get(n)?.length ?? 0) + (r.pending.get(n) ?? 0);
  if (outstanding >= RESERVE_PER_SIZE || !room(r, n * 8, n)) return;
  try {
    r.port.postMessage(n * 8);
  } catch {
    r.dead = true;
    return;
  }
  r.pending.set(n, (r.pending.get(n) ?? 0) + 1);
  r.bytes += n * 8;
  if (!r.ready.has(n)) r.ready.set(n, []);
  armSweep(r);
}
