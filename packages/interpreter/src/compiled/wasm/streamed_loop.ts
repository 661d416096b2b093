/**
 * A large kernel plan run as WebAssembly in blocks of rows: the plan's
 * outermost kept dimension (every dimension before it of size 1) is cut
 * into blocks of a few rows, and each block's slice of every array it reads
 * is copied into the module's memory, the block computed, and its rows of
 * the result copied out. The module is the plan's own (emit_plan.ts) over
 * one block's rows, its reads rebased on the slices, so every output element
 * takes the same operations in the same order as in the whole plan, and the
 * bits are the same. A whole-array copy of megabytes misses the cache on
 * its way in and again when the kernel reads it; a block's slices stay in
 * cache between the copy and the kernel, so the copies cost about what the
 * JavaScript loop's own reads cost, and a kernel whose lanes beat the
 * JavaScript loop (V8's tanh, XLA CPU's flushed ops) pays above the cache
 * too (wasm_kernel.ts streamPays).
 *
 * The blocks also travel to worker threads (threads/threaded_stream.ts):
 * each thread has its own instance and takes blocks off a shared counter.
 */
import type { Numerics } from "../../kernel.ts";
import type { KernelPlan, PlanNode } from "../kernel_plan.ts";
import { resultAffine } from "../kernel_plan.ts";
import type { LoopKernel } from "../loop_codegen.ts";
import { emitPlan } from "./emit_plan.ts";
import { type WasmInstance, compileModule, exportedBuffer, wasmApi } from "./runtime.ts";

/** Bytes of slices and result one block moves: well inside a core's cache (this machine's L2 holds 4 MiB). */
const BLOCK_BYTES = 192 * 1024;

/** One module of the stream (a full block's or the last block's), compiled, and where its arrays lie in its memory. */
export interface StreamModule {
  readonly module: object;
  /** Per slice, its first element in memory. */
  readonly slots: Int32Array;
  readonly out: number;
  readonly outLength: number;
  /** The host functions it imports (XLA CPU's slow-lane fma64, log1p), if any: such a stream stays on the caller's thread. */
  readonly host?: { readonly [name: string]: (...args: number[]) => number };
}

/**
 * A plan cut into blocks: `sources[v]` is the plan array (input, then
 * constant) slice v is cut from; `blocks` holds BLOCK_WORDS numbers a block
 * (module index, its first row, its rows), and for slice v of the block at
 * row lo with r rows the elements [from + lo·step, from + lo·step + extent + (r - 1)·step).
 * A slice with step 0 (a row-invariant read, such as a broadcast row) is
 * the same in every block and copied once per run and thread.
 */
export interface StreamPlan {
  readonly modules: readonly StreamModule[];
  readonly sources: Int32Array;
  readonly from: Int32Array;
  readonly step: Int32Array;
  readonly extent: Int32Array;
  readonly blocks: Int32Array;
  /** Result elements per row. */
  readonly outStride: number;
  /** Applied to each result element after the copy out, where the module does not round a sum itself. */
  readonly round: ((x: number) => number) | undefined;
}

export const BLOCK_WORDS = 3;

/** The dimension to cut: the first of size > 1, when it is kept (not reduced). */
function cutDimension(plan: KernelPlan): number | undefined {
  const d = plan.iteration.findIndex((n) => n > 1);
  if (d < 0 || plan.reduce?.reduced[d] === true) return undefined;
  return d;
}

/**
 * The stream of a plan, or undefined where the plan has no lane form, an
 * iota varies along the cut, a read walks backwards or its rows overlap
 * (a transposed operand), or the host has no WebAssembly. `rows`: rows
 * per block (chosen from BLOCK_BYTES when not given; tests pass small ones).
 */
export function streamPlan(plan: KernelPlan, numerics: Numerics, rows?: number): StreamPlan | undefined {
  if (wasmApi === undefined) return undefined;
  const d = cutDimension(plan);
  if (d === undefined) return undefined;
  const size = plan.iteration[d];
  const sources: number[] = [];
  const from: number[] = [];
  const step: number[] = [];
  const extent: number[] = [];
  // Every read becomes a read of its own slice, rebased to the block's first element.
  for (const n of plan.nodes) {
    if (n.kind === "iota" && n.at.strides[d] !== 0) return undefined;
    if (n.kind !== "read") continue;
    if (n.at.strides.some((s) => s < 0)) return undefined;
    let span = 0;
    n.at.strides.forEach((s, e) => {
      if (e !== d) span += s * (plan.iteration[e] - 1);
    });
    // A read whose rows overlap (a transposed operand: each row spans the whole array) would copy most of the array per block.
    if (n.at.strides[d] !== 0 && span + 1 > n.at.strides[d]) return undefined;
    sources.push(n.array);
    from.push(n.at.base);
    step.push(n.at.strides[d]);
    extent.push(span + 1);
  }
  const outStride = resultAffine(plan).strides[d];
  // The result's dimension for d: the kept dimensions before d come first (a reduce's result holds only kept ones).
  const outDim = plan.iteration.slice(0, d).filter((_, e) => plan.reduce?.reduced[e] !== true).length;
  const perRow = 8 * (step.reduce((a, s) => a + s, 0) + outStride);
  const blockRows = Math.max(1, Math.min(size, rows ?? Math.floor(BLOCK_BYTES / Math.max(perRow, 1))));
  const blockPlan = (r: number): KernelPlan => {
    let v = 0;
    const nodes = plan.nodes.map((n): PlanNode => (n.kind === "read" ? { kind: "read", array: v++, at: { base: 0, strides: n.at.strides } } : n));
    return {
      ...plan,
      iteration: plan.iteration.map((n, e) => (e === d ? r : n)),
      result: { ...plan.result, dimensions: plan.result.dimensions.map((n, e) => (e === outDim ? r : n)) },
      inputCount: sources.length,
      inputLengths: extent.map((x, k) => x + (r - 1) * step[k]),
      constants: [],
      nodes,
    };
  };
  const full = Math.floor(size / blockRows);
  const tail = size - full * blockRows;
  const modules: StreamModule[] = [];
  let round: ((x: number) => number) | undefined;
  for (const r of tail > 0 && full > 0 ? [blockRows, tail] : [full > 0 ? blockRows : tail]) {
    const emitted = emitPlan(blockPlan(r), numerics);
    if (emitted === undefined) return undefined;
    const module = compileModule(emitted.bytes);
    if (module === undefined) return undefined;
    const slots = Int32Array.from(sources, (_, v) => emitted.layout.arrays[v]);
    modules.push({ module, slots, out: emitted.layout.out, outLength: emitted.layout.outLength, ...(emitted.host === undefined ? {} : { host: emitted.host }) });
    round = plan.reduce?.kind === "sum" && emitted.roundsSum !== true ? plan.reduce.round : undefined;
  }
  const blocks = new Int32Array(BLOCK_WORDS * (full + (tail > 0 ? 1 : 0)));
  for (let b = 0; b < full; b++) blocks.set([0, b * blockRows, blockRows], BLOCK_WORDS * b);
  if (tail > 0) blocks.set([full > 0 ? 1 : 0, full * blockRows, tail], BLOCK_WORDS * full);
  return {
    modules,
    sources: Int32Array.from(sources),
    from: Int32Array.from(from),
    step: Int32Array.from(step),
    extent: Int32Array.from(extent),
    blocks,
    outStride,
    round,
  };
}

/** One instance of each of the stream's modules, with views of their memories. */
export interface StreamUnit {
  readonly exports: WasmInstance["exports"];
  readonly heap: Float64Array;
  readonly result: Float64Array;
}

/** Instances of the stream's modules on this thread, or undefined where one cannot be made. */
export function streamUnits(stream: StreamPlan): StreamUnit[] | undefined {
  if (wasmApi === undefined) return undefined;
  const units: StreamUnit[] = [];
  for (const m of stream.modules) {
    let instance: WasmInstance;
    try {
      instance = new wasmApi.Instance(m.module, m.host === undefined ? undefined : { host: m.host });
    } catch (e) {
      if (e instanceof RangeError) return undefined;
      throw e;
    }
    const buffer = exportedBuffer(instance, "memory");
    if (buffer === undefined || typeof instance.exports.run !== "function") return undefined;
    const heap = new Float64Array(buffer);
    units.push({ exports: instance.exports, heap, result: heap.subarray(m.out, m.out + m.outLength) });
  }
  return units;
}

/**
 * Runs the blocks `next` hands out (block numbers; from `count` on, none
 * left) on `units`, reading plan array k from arrays[k] and writing their
 * rows of `out` (the whole result); the caller applies `round`.
 */
export function runBlocks(stream: StreamPlan, units: readonly StreamUnit[], arrays: readonly Float64Array[], out: Float64Array, next: () => number): void {
  const { modules, sources, from, step, extent, blocks, outStride } = stream;
  const count = blocks.length / BLOCK_WORDS;
  const slices = sources.length;
  // Row-invariant slices are copied into each module once per call.
  const invariantDone = modules.map(() => false);
  for (;;) {
    const b = next();
    if (b >= count) break;
    const o = BLOCK_WORDS * b;
    const u = blocks[o];
    const lo = blocks[o + 1];
    const r = blocks[o + 2];
    const unit = units[u];
    const heap = unit.heap;
    const slots = modules[u].slots;
    for (let v = 0; v < slices; v++) {
      const s = step[v];
      if (s === 0 && invariantDone[u]) continue;
      const start = from[v] + lo * s;
      heap.set(arrays[sources[v]].subarray(start, start + extent[v] + (r - 1) * s), slots[v]);
    }
    invariantDone[u] = true;
    (unit.exports.run as () => void)();
    out.set(unit.result, lo * outStride);
  }
}

/** The stream as a LoopKernel on this thread alone (the caller applies nothing more), or undefined where its modules cannot be instantiated. */
export function streamedLoop(stream: StreamPlan): LoopKernel | undefined {
  const units = streamUnits(stream);
  if (units === undefined) return undefined;
  const count = stream.blocks.length / BLOCK_WORDS;
  const round = stream.round;
  return (arrays, out) => {
    let b = 0;
    runBlocks(stream, units, arrays, out, () => (b < count ? b++ : count));
    if (round !== undefined) for (let j = 0; j < out.length; j++) out[j] = round(out[j]);
  };
}

