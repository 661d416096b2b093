/**
 * Buffer assignment at run time, from liveness: every Float64Array a compiled
 * step writes comes from here; when the last value holding it dies it goes
 * back on a free list by length and the next step needing that length takes
 * it instead of allocating. Values can share a buffer (a reshape or a tuple
 * passes its operand's data through), so buffers are reference-counted by the
 * values that hold them. Arguments, constants and anything not taken from
 * the pool are never written and never recycled. Free buffers stay with the
 * executable between executions, so a program run many times stops
 * allocating intermediates after its first run.
 */
import { type Literal, type LiteralData, allocData, isTupleLiteral } from "@minixla/hlo";
import { RESERVE_MIN_VALUES, requestReserved, reservedBuffer } from "./threads/page_reserve.ts";

/** What one execution allocated: new arrays in total, and the most held at once by values of this execution. */
export interface ExecutionStats {
  /** Bytes of arrays created during the execution (the pool's and the fallback kernels'), outputs included. */
  readonly allocatedBytes: number;
  /** The most bytes held at once by arrays created during the execution (live values and pooled buffers), outputs included. */
  readonly peakBytes: number;
}

/** The data arrays of a value (one per array leaf; tuples walked without recursion). */
export function buffersOf(v: Literal): LiteralData[] {
  const out: LiteralData[] = [];
  const stack: Literal[] = [v];
  while (stack.length > 0) {
    const l = stack.pop() as Literal;
    if (isTupleLiteral(l)) stack.push(...l.elements);
    else out.push(l.data);
  }
  return out;
}

/** How a step's result came to be: from the pool, from a fallback kernel (new arrays), passed in (parameters, constants), or already held by the step itself (a loop holding its state). */
export type Origin = "pool" | "fresh" | "foreign" | "held";

interface Holding {
  count: number;
  readonly pooled: boolean;
}

/** A 64-bit integer array (s64 or u64 storage), pooled like the float arrays on lists of its own. */
export type WideData = BigInt64Array | BigUint64Array;

/** The free lists and the accounting of one executable; buffers stay here between executions. */
export class BufferPool {
  private readonly free = new Map<number, Float64Array[]>();
  /** Free s64 arrays by length, and u64 arrays under the bitwise complement of their length. */
  private readonly freeWide = new Map<number, WideData[]>();
  private counted = new WeakSet<LiteralData>();
  private allocated = 0;
  private held = 0;
  private peak = 0;
  private pooledBytes = 0;
  /** Lengths this pool had to allocate anew (large ones only): met again, they are a result's, made every run. */
  private readonly freshLengths = new Set<number>();
  /** Recurring lengths allocated anew in this execution: the reserve makes the next ones after it (`refill`). */
  private readonly wanted = new Set<number>();

  /** `reserve`: take recurring large fresh arrays from the page reserve (threads/page_reserve.ts). */
  constructor(private readonly reserve = false) {}

  /** Starts an execution's accounting: what the pool already holds counts as held. */
  begin(): void {
    this.counted = new WeakSet();
    this.allocated = 0;
    this.held = this.pooledBytes;
    this.peak = this.held;
  }

  stats(): ExecutionStats {
    return { allocatedBytes: this.allocated, peakBytes: this.peak };
  }

  /** Counts an array made during the execution, once. */
  made(d: LiteralData): void {
    if (this.counted.has(d)) return;
    this.counted.add(d);
    this.allocated += d.byteLength;
    this.held += d.byteLength;
    if (this.held > this.peak) this.peak = this.held;
  }

  dropped(d: LiteralData): void {
    this.held -= d.byteLength;
  }

  /** A Float64Array of length n for a step to fill completely: a free one, or a new one. */
  take(n: number): Float64Array {
    const reused = this.free.get(n)?.pop();
    if (reused !== undefined) {
      this.pooledBytes -= reused.byteLength;
      return reused;
    }
    // allocData puts large arrays on shared memory, where worker threads can write them (threads/).
    const b = this.fresh(n) ?? (allocData("f64", n) as Float64Array);
    this.made(b);
    return b;
  }

  /** A pre-touched array from the page reserve, for a large length this pool has allocated before. */
  private fresh(n: number): Float64Array | undefined {
    if (!this.reserve || n < RESERVE_MIN_VALUES) return undefined;
    if (!this.freshLengths.has(n)) {
      this.freshLengths.add(n);
      return undefined;
    }
    this.wanted.add(n);
    return reservedBuffer(n);
  }

  /** The execution is over: asks the page reserve for the next run's recurring arrays. */
  refill(): void {
    for (const n of this.wanted) requestReserved(n);
    this.wanted.clear();
  }

  /** A 64-bit integer array of length n (`unsigned`: BigUint64Array), free or new, for a step to fill completely. */
  takeWide(unsigned: boolean, n: number): WideData {
    const reused = this.freeWide.get(unsigned ? ~n : n)?.pop();
    if (reused !== undefined) {
      this.pooledBytes -= reused.byteLength;
      return reused;
    }
    const b = unsigned ? new BigUint64Array(n) : new BigInt64Array(n);
    this.made(b);
    return b;
  }

  recycleWide(b: WideData): void {
    const key = b instanceof BigUint64Array ? ~b.length : b.length;
    let list = this.freeWide.get(key);
    if (list === undefined) {
      list = [];
      this.freeWide.set(key, list);
    }
    list.push(b);
    this.pooledBytes += b.byteLength;
  }

  recycle(b: Float64Array): void {
    let list = this.free.get(b.length);
    if (list === undefined) {
      list = [];
      this.free.set(b.length, list);
    }
    list.push(b);
    this.pooledBytes += b.byteLength;
  }
}

/**
 * One invocation of a computation: which arrays its live values hold. Only
 * arrays made during the invocation are ever recycled; its parameters'
 * arrays and constants' arrays (and anything aliasing them) are foreign and
 * left alone, and its result leaves with the caller.
 */
export class Frame {
  private readonly holders = new Map<LiteralData, Holding>();
  // Made on first need: many invocations hold no foreign array.
  private foreign: Set<LiteralData> | undefined;
  // Buffers taken over from the caller's dying arguments (adoptFrom), made on first need.
  private adopted: Set<LiteralData> | undefined;

  constructor(private readonly pool: BufferPool) {}

  /** A Float64Array of length n for a step to fill completely. */
  take(n: number): Float64Array {
    const b = this.pool.take(n);
    this.holders.set(b, { count: 0, pooled: true });
    return b;
  }

  /** A 64-bit integer array of length n for a step to fill completely (`unsigned`: BigUint64Array). */
  takeWide(unsigned: boolean, n: number): WideData {
    const b = this.pool.takeWide(unsigned, n);
    this.holders.set(b, { count: 0, pooled: true });
    return b;
  }

  /** A buffer for a step's own temporary, given back with `recycle` before the step ends. */
  scratch(n: number): Float64Array {
    return this.pool.take(n);
  }

  recycle(b: Float64Array): void {
    this.pool.recycle(b);
  }

  /** Whether `d` is a buffer this invocation took from the pool and exactly one live value holds (a step may then write it when that value dies there). */
  exclusive(d: LiteralData): boolean {
    const h = this.holders.get(d);
    return h !== undefined && h.pooled && h.count === 1;
  }

  /**
   * An argument that dies at the call starting this invocation: the buffers
   * of `v` that the caller's frame took from the pool and only `v` holds move
   * to this frame, held by nothing yet (this invocation's parameter holds
   * them), so steps here may reuse them (a dynamic-update-slice in place) and
   * they return to the pool when this invocation's last value holding them
   * dies, or pass back with the result (handOver), held again by the dying
   * argument, which the caller releases next.
   */
  adoptFrom(parent: Frame, v: Literal): void {
    // A loop's state is a flat tuple run once per iteration: its elements are walked without listing them.
    if (!isTupleLiteral(v)) {
      this.adoptData(parent, v.data);
      return;
    }
    for (const e of v.elements) {
      if (isTupleLiteral(e)) for (const d of buffersOf(e)) this.adoptData(parent, d);
      else this.adoptData(parent, e.data);
    }
  }

  private adoptData(parent: Frame, d: LiteralData): void {
    const h = parent.holders.get(d);
    if (h === undefined || !h.pooled || h.count !== 1 || this.holders.has(d)) return;
    parent.holders.delete(d);
    // The caller's record moves over, its count reset: no new record per buffer and iteration.
    h.count = 0;
    this.holders.set(d, h);
    (this.adopted ??= new Set()).add(d);
  }

  /** A new value holds its arrays. */
  hold(v: Literal, origin: Origin): void {
    // An array value (the common case) is held without listing its buffers.
    if (isTupleLiteral(v)) {
      for (const e of v.elements) {
        if (isTupleLiteral(e)) for (const d of buffersOf(e)) this.holdData(d, origin);
        else this.holdData(e.data, origin);
      }
    } else {
      this.holdData(v.data, origin);
    }
  }

  private holdData(d: LiteralData, origin: Origin): void {
    let h = this.holders.get(d);
    if (h === undefined) {
      if (origin === "foreign") {
        (this.foreign ??= new Set()).add(d);
        return;
      }
      if (this.foreign?.has(d) === true) return;
      h = { count: 0, pooled: false };
      this.holders.set(d, h);
      this.pool.made(d);
    }
    h.count++;
  }

  /**
   * This invocation is over and `result` leaves it for `parent`: the buffers
   * of the result that this invocation took from the pool become the
   * parent's pooled buffers (held by nothing yet; the parent's `hold` of the
   * result counts them), so they are recycled when the parent's last value
   * holding them dies instead of being left to the garbage collector.
   */
  handOver(result: Literal, parent: Frame): void {
    if (!isTupleLiteral(result)) {
      this.handOverData(result.data, parent);
      return;
    }
    for (const e of result.elements) {
      if (isTupleLiteral(e)) for (const d of buffersOf(e)) this.handOverData(d, parent);
      else this.handOverData(e.data, parent);
    }
  }

  private handOverData(d: LiteralData, parent: Frame): void {
    const h = this.holders.get(d);
    if (h === undefined || !h.pooled || parent.holders.has(d)) return;
    this.holders.delete(d);
    // An adopted buffer comes back still held by the caller's dying argument (its one holder when adopted).
    // The record itself moves to the caller (it is pooled, and no other map holds it).
    h.count = this.adopted?.has(d) === true ? 1 : 0;
    parent.holders.set(d, h);
  }

  /** A value died: arrays no live value holds any more are recycled (pool) or dropped (fallback). */
  release(v: Literal): void {
    if (isTupleLiteral(v)) {
      for (const e of v.elements) {
        if (isTupleLiteral(e)) for (const d of buffersOf(e)) this.releaseData(d);
        else this.releaseData(e.data);
      }
    } else {
      this.releaseData(v.data);
    }
  }

  private releaseData(d: LiteralData): void {
    const h = this.holders.get(d);
    if (h === undefined || --h.count > 0) return;
    this.holders.delete(d);
    if (h.pooled && d instanceof Float64Array) this.pool.recycle(d);
    else if (h.pooled && (d instanceof BigInt64Array || d instanceof BigUint64Array)) this.pool.recycleWide(d);
    else this.pool.dropped(d);
  }
}
