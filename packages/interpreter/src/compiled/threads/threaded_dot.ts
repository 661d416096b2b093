/**
 * The WebAssembly dot (wasm/emit_matmul.ts) split across threads by output
 * elements: cut into blocks of whole batches where there are several,
 * else of rows of the one batch (a multiple of the matmul's row tile), each
 * block a matmul of its own, emitted for the block's sizes. Each output
 * element is so the same chain of the same steps over the same values as in
 * the unsplit dot (the steps settle lanes and redo tiles per output
 * element, never across them), and the bits are the same.
 *
 * The threads take blocks one at a time off a shared counter until none are
 * left: the caller's thread in its own module instances, each worker in
 * its own, made from the compiled modules sent with its first job (with,
 * for XLA CPU's f64 steps, the source of the host fma64 they call for the
 * lanes they cannot settle, portable_fma64.ts). A worker copies each
 * block's rows of A in from shared memory, and B unless its module holds B
 * of that version already (a constant operand keeps its version while the
 * same array comes), and writes its blocks' results to shared memory; the
 * caller's arrays are copied there when they are not on it (A whole, B only
 * when its version changes, the output's workers' blocks back). A worker
 * that wakes late finds fewer blocks or none (worker_pool.ts runSplit's
 * steal takes its job back if it has not started), and one preempted costs
 * the block it holds until it runs again; a dot whose workers keep being
 * preempted (the cores are busy with other processes) runs on one thread
 * for a while (BusyCores). Otherwise every dot above dotThreadMinProducts
 * splits: timing both ways as the loop nests do (split_choice.ts) measured
 * worse here, as its medians of a few runs flip with the machine's load,
 * and a split probed while the workers sleep looks slow.
 */
import { fma64 } from "../../numerics/xla_cpu/arith.ts";
import type { MatmulArithmetic, MatmulOperands, MatmulSizes } from "../wasm/emit_matmul.ts";
import { hardwareFma64 } from "../wasm/hardware_fma.ts";
import { exportedBuffer, wasmApi } from "../wasm/runtime.ts";
import { type Matmul, type MatmulModule, type StayingOperands, matmulModule } from "../wasm/wasm_kernel.ts";
import { portableSource } from "./portable_function.ts";
import { fma64Portable } from "./portable_fma64.ts";
import { dotThreadMinProducts } from "./settings.ts";
import { isShared } from "./threaded_loop.ts";
import { type Share, type ThreadKernel, newKernelId, runSplit, threadsSupported } from "./worker_pool.ts";

/** Blocks a dot is cut into at most: enough that a late or preempted thread leaves little to wait for, few enough that each pays its calls and copies. */
const MAX_BLOCKS = 16;

/** One block: its module's index, and its ranges of A and B and its output's start in the whole dot's arrays. */
export interface DotBlock {
  readonly module: number;
  readonly a: readonly [number, number];
  readonly b: readonly [number, number];
  readonly out: number;
}

/** A dot's blocks, the sizes of their modules, and whether every block reads all of B (row blocks: B stays in a module's memory). */
export interface DotBlocks {
  readonly sizes: readonly MatmulSizes[];
  readonly blocks: readonly DotBlock[];
  readonly wholeB: boolean;
}

/**
 * The blocks of a dot: batches where there are at least two, else rows in
 * multiples of `unitRows`; undefined where that gives a single block.
 */
export function dotBlocks({ batches, m, k, n }: MatmulSizes, unitRows: number): DotBlocks | undefined {
  const byBatch = batches >= 2;
  const count = byBatch ? batches : m;
  const unit = byBatch ? 1 : unitRows;
  const per = Math.max(unit, Math.ceil(count / MAX_BLOCKS / unit) * unit);
  if (per >= count) return undefined;
  const sizes: MatmulSizes[] = [];
  const blocks: DotBlock[] = [];
  for (let lo = 0; lo < count; lo += per) {
    const len = Math.min(per, count - lo);
    const s: MatmulSizes = byBatch ? { batches: len, m, k, n } : { batches: 1, m: len, k, n };
    let module = sizes.findIndex((x) => x.batches === s.batches && x.m === s.m);
    if (module < 0) module = sizes.push(s) - 1;
    blocks.push(
      byBatch
        ? { module, a: [lo * m * k, (lo + len) * m * k], b: [lo * k * n, (lo + len) * k * n], out: lo * m * n }
        : { module, a: [lo * k, (lo + len) * k], b: [0, k * n], out: lo * n },
    );
  }
  return { sizes, blocks, wholeB: !byBatch };
}

/** A module instance on the caller's thread, and the version of B it holds (-1: none kept). */
interface Unit {
  readonly m: MatmulModule;
  readonly heap: Float64Array;
  readonly result: Float64Array;
  readonly run: () => void;
  readonly prepareA: () => void;
  readonly prepareB: () => void;
  b: number;
}

function instantiateUnit(m: MatmulModule): Unit | undefined {
  if (wasmApi === undefined) return undefined;
  const instance = new wasmApi.Instance(m.module, m.hostFma64 ? { host: { fma64 } } : undefined);
  const buffer = exportedBuffer(instance, "memory");
  const { run, prepareA, prepareB } = instance.exports;
  if (buffer === undefined || typeof run !== "function") return undefined;
  if (m.prepared && (typeof prepareA !== "function" || typeof prepareB !== "function")) return undefined;
  const heap = new Float64Array(buffer);
  const none = (): void => {};
  return {
    m,
    heap,
    result: heap.subarray(m.out, m.out + m.outLength),
    run: run as () => void,
    prepareA: m.prepared ? (prepareA as () => void) : none,
    prepareB: m.prepared ? (prepareB as () => void) : none,
    b: -1,
  };
}

let callerTakesBlocks = true;

/** Whether the caller's thread takes blocks too (tests turn it off, with worker_pool.ts setShareStealing, so that the workers run every block); returns the previous setting. */
export function setCallerTakesBlocks(on: boolean): boolean {
  const before = callerTakesBlocks;
  callerTakesBlocks = on;
  return before;
}

const FMA64_SOURCE = portableSource(fma64Portable);

/** Splits looked back on, strikes among them that make the dot back off, and the calls it then runs on one thread. */
const LOOK_BACK = 8;
const STRIKES = 2;
const BACK_OFF = 32;

/**
 * Whether the other cores are busy, judged from the splits themselves: a
 * worker still holding a block long after the caller ran out of blocks
 * was preempted (the blocks are small next to the caller's share), and a
 * worker that took few blocks started late or ran little; on a machine
 * whose cores are taken by other processes that happens on many splits,
 * each costing up to a scheduler's time slice (and the workers' polling
 * takes time from the caller where the processes share a CPU quota). After STRIKES such
 * splits among the last LOOK_BACK, the dot runs on one thread for BACK_OFF
 * calls, then splits again.
 */
export class BusyCores {
  private readonly recent: boolean[] = [];
  private off = 0;

  /**
   * Notes one split: the caller's time on its blocks and its wait for the
   * workers after them (ms), the blocks it ran and the blocks there were.
   * A strike is a split that did not pay: the caller's time per block times
   * all the blocks (the dot on one thread, as near as the split shows it)
   * is no more than the split took. Workers that woke late or were
   * preempted show up so, and only so far as they cost time.
   */
  record(own: number, waited: number, ownBlocks: number, blocks: number): void {
    const alone = ownBlocks > 0 ? (own / ownBlocks) * blocks : Number.POSITIVE_INFINITY;
    this.recent.push(own + waited >= alone);
    if (this.recent.length > LOOK_BACK) this.recent.shift();
    if (this.recent.filter((x) => x).length >= STRIKES) {
      this.off = BACK_OFF;
      this.recent.length = 0;
    }
  }

  /** Whether this call runs on one thread (counting down the back-off). */
  backingOff(): boolean {
    if (this.off === 0) return false;
    this.off--;
    return true;
  }
}

/**
 * `single` (the dot's WebAssembly matmul for `sizes`) split across
 * `threads` threads where the dot is large enough and the host has workers;
 * `single` itself otherwise. `operands` and `stay` as compileWasmMatmul's.
 */
export function threadedMatmul(
  sizes: MatmulSizes,
  arithmetic: MatmulArithmetic,
  operands: MatmulOperands,
  stay: StayingOperands,
  threads: number,
  single: Matmul,
): Matmul {
  if (threads <= 1 || !threadsSupported()) return single;
  const { batches, m, k, n } = sizes;
  if (batches * m * k * n < dotThreadMinProducts(arithmetic)) return single;
  // The matmul's own row tile: 2 rows for the emulated fused f64 step, else 4 (emit_matmul.ts).
  const cut = dotBlocks(sizes, arithmetic === "fma64" && !hardwareFma64() ? 2 : 4);
  if (cut === undefined || (arithmetic === "fma64" && FMA64_SOURCE === undefined)) return single;
  const modules: MatmulModule[] = [];
  for (const s of cut.sizes) {
    const mm = matmulModule(s, arithmetic, operands);
    if (mm === undefined) return single;
    modules.push(mm);
  }
  const units: Unit[] = [];
  for (const mm of modules) {
    const u = instantiateUnit(mm);
    if (u === undefined) return single;
    units.push(u);
  }
  const { blocks, wholeB } = cut;
  const count = blocks.length;
  const flat = new Int32Array(7 * count);
  blocks.forEach((blk, i) => flat.set([blk.module, blk.a[0], blk.a[1], blk.b[0], blk.b[1], blk.out, 0], 7 * i));
  const workerKernel: ThreadKernel = {
    id: newKernelId(),
    source: "",
    functions: [],
    matmul: {
      modules: modules.map(({ module, a, b, out, outLength, prepared }) => ({ module, a, b, out, outLength, prepared })),
      blocks: flat,
      keepB: wholeB,
      fma64: arithmetic === "fma64" ? (FMA64_SOURCE as string) : "",
    },
  };
  const callerKernel: ThreadKernel = { id: -1, source: "", functions: [] };
  const counter = new Int32Array(new SharedArrayBuffer(4));
  const mine = new Uint8Array(count);

  /** Takes blocks off the counter until none are left, on this thread, from the caller's arrays. */
  const runBlocks = (a: Float64Array, b: Float64Array, out: Float64Array, version: number): void => {
    for (;;) {
      const i = Atomics.add(counter, 0, 1);
      if (i >= count) return;
      mine[i] = 1;
      const blk = blocks[i];
      const u = units[blk.module];
      u.heap.set(a.subarray(blk.a[0], blk.a[1]), u.m.a);
      u.prepareA();
      if (!wholeB || u.b !== version) {
        u.heap.set(b.subarray(blk.b[0], blk.b[1]), u.m.b);
        u.prepareB();
        u.b = wholeB ? version : -1;
      }
      u.run();
      out.set(u.result, blk.out);
    }
  };

  // Shared copies of the operands and the output, made when the caller's are not on shared memory.
  const aLength = batches * m * k;
  const bLength = batches * k * n;
  const outLength = batches * m * n;
  let aShared: Float64Array | undefined;
  let bShared: Float64Array | undefined;
  let outShared: Float64Array | undefined;
  // B's version: the same while a staying operand's array comes again, new on every other run.
  let bSource: Float64Array | undefined;
  let version = 0;
  const busy = new BusyCores();
  return (a, b, out) => {
    if (busy.backingOff()) {
      single(a, b, out);
      return;
    }
    if (!(stay.b && b === bSource)) {
      version = (version % 0x3fffffff) + 1;
      bSource = b;
      if (!isShared(b)) (bShared ??= new Float64Array(new SharedArrayBuffer(8 * bLength))).set(b);
    }
    let sa = a;
    if (!isShared(a)) {
      sa = aShared ??= new Float64Array(new SharedArrayBuffer(8 * aLength));
      sa.set(a);
    }
    const sb = isShared(b) ? b : (bShared as Float64Array);
    const target = isShared(out) ? out : (outShared ??= new Float64Array(new SharedArrayBuffer(8 * outLength)));
    Atomics.store(counter, 0, 0);
    mine.fill(0);
    const shares: Share[] = [{ kernel: callerKernel, arrays: [a, b], out }];
    for (let t = 1; t < threads; t++) shares.push({ kernel: workerKernel, arrays: [sa, sb], out: target, version, counter });
    // The caller's share takes blocks (unless a test turned that off); a worker's share run here (its worker not ready, or its job taken back) takes what is left.
    let started = 0;
    let done = 0;
    const runHere = (s: Share): void => {
      if (s.kernel === callerKernel) started = performance.now();
      if (s.kernel === workerKernel || callerTakesBlocks) runBlocks(a, b, out, version);
      if (s.kernel === callerKernel) done = performance.now();
    };
    runSplit(shares, runHere, true);
    // (With the caller taking no blocks, a test, every split would count as one.)
    if (callerTakesBlocks) {
      let own = 0;
      for (let i = 0; i < count; i++) own += mine[i];
      busy.record(done - started, performance.now() - done, own, count);
    }
    if (target !== out) {
      for (let i = 0; i < count; i++) {
        if (mine[i] === 1) continue;
        const blk = blocks[i];
        const len = modules[blk.module].outLength;
        out.set(target.subarray(blk.out, blk.out + len), blk.out);
      }
    }
  };
}
