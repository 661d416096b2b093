/**
 * A streamed WebAssembly loop (wasm/streamed_loop.ts) run by several
 * threads: each has its own instance of the stream's modules and takes
 * blocks of rows off one shared counter until none are left, copying each
 * block's slices in and its rows out, so a thread that wakes late takes
 * fewer blocks. Every block computes its rows exactly as the one-thread
 * stream does, so the bits are the same. It runs split only when the
 * arrays it reads and the output live on shared memory (small ones are
 * copied there) and where timing shows the split pays (split_choice.ts).
 */
import type { LoopKernel } from "../loop_codegen.ts";
import { BLOCK_WORDS, type StreamPlan, runBlocks, streamUnits } from "../wasm/streamed_loop.ts";
import { isShared } from "./threaded_loop.ts";
import { SplitChoice } from "./split_choice.ts";
import { type Share, type ThreadKernel, newKernelId, runSplit, threadsSupported } from "./worker_pool.ts";

/** An unshared array is copied for a split when the stream has at least this many iteration points per element copied. */
const COPY_RATIO = 16;

function shared(a: Float64Array): Float64Array {
  if (isShared(a)) return a;
  const s = new Float64Array(new SharedArrayBuffer(a.byteLength));
  s.set(a);
  return s;
}

/**
 * `single` (the stream on this thread) split across `threads` threads where
 * it has blocks enough; `single` itself otherwise. `arrayCount`: the inputs
 * (the module's constants follow them); `points`: the plan's iteration points.
 */
export function threadedStream(stream: StreamPlan, threads: number, single: LoopKernel, arrayCount: number, points: number): LoopKernel {
  const count = stream.blocks.length / BLOCK_WORDS;
  // Host imports (XLA CPU's slow lanes) are the caller's functions: such a stream stays on its thread.
  if (threads <= 1 || count < 2 * threads || stream.modules.some((m) => m.host !== undefined) || !threadsSupported()) return single;
  const units = streamUnits(stream);
  if (units === undefined) return single;
  const { modules, sources, from, step, extent, blocks, outStride, round } = stream;
  const workerKernel: ThreadKernel = { id: newKernelId(), source: "", functions: [], stream: { modules: modules.map(({ module, slots, out, outLength }) => ({ module, slots, out, outLength })), sources, from, step, extent, blocks, outStride } };
  const callerKernel: ThreadKernel = { id: -1, source: "", functions: [] };
  const counter = new Int32Array(new SharedArrayBuffer(4));
  const next = (): number => Atomics.add(counter, 0, 1);
  const choice = new SplitChoice();
  const copyLimit = Math.floor(points / COPY_RATIO);
  // The module's constants (after the inputs) are copied to shared memory once.
  const sharedConstants = new WeakMap<Float64Array, Float64Array>();
  const sharedArray = (a: Float64Array, k: number): Float64Array => {
    if (k < arrayCount || isShared(a)) return shared(a);
    let s = sharedConstants.get(a);
    if (s === undefined) sharedConstants.set(a, (s = shared(a)));
    return s;
  };
  return (arrays, out) => {
    let eligible = isShared(out) || out.length <= copyLimit;
    for (let k = 0; k < arrayCount && eligible; k++) eligible = isShared(arrays[k]) || arrays[k].length <= copyLimit;
    if (!eligible) {
      single(arrays, out);
      return;
    }
    const split = (): void => {
        const target = isShared(out) ? out : new Float64Array(new SharedArrayBuffer(out.byteLength));
        const all = arrays.map(sharedArray);
        Atomics.store(counter, 0, 0);
        const shares: Share[] = [{ kernel: callerKernel, arrays, out: target }];
        for (let t = 1; t < threads; t++) shares.push({ kernel: workerKernel, arrays: all, out: target, counter });
        // The caller takes blocks; a worker's share run here (its worker not ready, or its job taken back) takes what is left.
        runSplit(shares, () => runBlocks(stream, units, arrays, target, next), true);
        if (target !== out) out.set(target);
        if (round !== undefined) for (let j = 0; j < out.length; j++) out[j] = round(out[j]);
    };
    choice.run(() => single(arrays, out), split);
  };
}
