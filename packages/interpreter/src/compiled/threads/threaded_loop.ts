/**
 * A loop nest split across threads by output elements: the plan's outermost
 * kept dimension (every dimension before it of size 1) is cut into one
 * range per thread, each range a plan of its own (its reads and iota
 * counters start `lo` rows further, its output is the range's rows), so
 * every output element is computed by the same statements in the same order
 * as in the unsplit loop, and the bits are the same. A split runs only when
 * every array it reads and the output live on shared memory (small ones are
 * copied there), and where timing shows it pays (split_choice.ts);
 * otherwise, and where threads are off, the single-thread loop runs.
 */
import type { KernelPlan, PlanNode } from "../kernel_plan.ts";
import { resultAffine } from "../kernel_plan.ts";
import { type LoopKernel, compileLoopNest, generate } from "../loop_codegen.ts";
import { portableSource } from "./portable_function.ts";
import { THREAD_MIN_POINTS } from "./settings.ts";
import { SplitChoice } from "./split_choice.ts";
import { type Share, type ThreadKernel, newKernelId, runSplit, threadsSupported } from "./worker_pool.ts";

/** An unshared input is copied for a split when the loop has at least this many points per element copied. */
const COPY_RATIO = 16;

/** Whether `a` is a view of shared memory (so a worker can read and write it). */
export function isShared(a: Float64Array): boolean {
  return typeof SharedArrayBuffer === "function" && a.buffer instanceof SharedArrayBuffer;
}

function shared(a: Float64Array): Float64Array {
  if (isShared(a)) return a;
  const s = new Float64Array(new SharedArrayBuffer(a.byteLength));
  s.set(a);
  return s;
}

/** The dimension to cut: the first of size > 1, when it is kept (not reduced) and at least `threads` long. */
function splitDimension(plan: KernelPlan, threads: number): number | undefined {
  const d = plan.iteration.findIndex((n) => n > 1);
  if (d < 0 || plan.iteration[d] < threads || plan.reduce?.reduced[d] === true) return undefined;
  return d;
}

/** The plan of rows [lo, hi) of dimension d. */
function rangePlan(plan: KernelPlan, d: number, lo: number, hi: number): KernelPlan {
  const shift = (n: PlanNode): PlanNode => (n.kind === "op" ? n : { ...n, at: { base: n.at.base + lo * n.at.strides[d], strides: n.at.strides } });
  return { ...plan, iteration: plan.iteration.map((n, e) => (e === d ? hi - lo : n)), nodes: plan.nodes.map(shift) };
}

interface Range {
  readonly here: LoopKernel;
  readonly kernel: ThreadKernel;
  readonly from: number;
  readonly to: number;
}

/**
 * `single` as a loop split across `threads` threads where the plan is large
 * enough and its scalar functions can travel to a worker; `single` itself
 * otherwise.
 */
export function threadedLoop(plan: KernelPlan, threads: number, single: LoopKernel): LoopKernel {
  if (threads <= 1 || !threadsSupported()) return single;
  const points = plan.iteration.reduce((a, b) => a * b, 1);
  if (points < THREAD_MIN_POINTS) return single;
  const d = splitDimension(plan, threads);
  if (d === undefined) return single;
  const outStride = resultAffine(plan).strides[d];
  const size = plan.iteration[d];
  const ranges: Range[] = [];
  for (let t = 0; t < threads; t++) {
    const lo = Math.floor((size * t) / threads);
    const hi = Math.floor((size * (t + 1)) / threads);
    const part = rangePlan(plan, d, lo, hi);
    const { source, functions } = generate(part);
    const texts = functions.map(portableSource);
    if (texts.some((s) => s === undefined)) return single;
    ranges.push({ here: compileLoopNest(part), kernel: { id: newKernelId(), source, functions: texts as string[] }, from: lo * outStride, to: hi * outStride });
  }
  // Constants are the module's: copied to shared memory once.
  const constants = plan.constants.map(shared);
  const here = new Map(ranges.map((r) => [r.kernel, r.here]));
  const runHere = (s: Share): void => (here.get(s.kernel) as LoopKernel)(s.arrays, s.out);
  // An input (or output) not on shared memory is copied when it is small next to the work (a broadcast row), else the loop runs on one thread.
  const copyLimit = Math.floor(points / COPY_RATIO);
  const choice = new SplitChoice();
  return (arrays, out) => {
    // A small unshared output (a reduction's) is written on shared memory and copied back.
    let eligible = isShared(out) || out.length <= copyLimit;
    for (let k = 0; k < plan.inputCount && eligible; k++) eligible = isShared(arrays[k]) || arrays[k].length <= copyLimit;
    if (!eligible) {
      single(arrays, out);
      return;
    }
    choice.run(
      () => single(arrays, out),
      () => {
        const target = isShared(out) ? out : new Float64Array(new SharedArrayBuffer(out.byteLength));
        const all = [...arrays.slice(0, plan.inputCount).map(shared), ...constants];
        runSplit(
          ranges.map((r) => ({ kernel: r.kernel, arrays: all, out: target.subarray(r.from, r.to) })),
          runHere,
        );
        if (target !== out) out.set(target);
      },
    );
  };
}
