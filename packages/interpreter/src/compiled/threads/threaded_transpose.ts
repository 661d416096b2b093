/**
 * A large transpose split across threads by rows of its result: after the
 * permutation is simplified (transpose_kernel.ts: size-1 dimensions dropped,
 * adjacent runs merged), the result's outermost dimension is cut into one
 * range per thread, and each thread copies its range — a contiguous run of
 * the result — in tiles from the operand. A transpose is a copy, so the bits
 * are the operand's whatever the split; what the split buys is the other
 * core's memory traffic and page faults of its half of a new result. Like
 * the split loop nests (threaded_loop.ts) it runs only when the operand and
 * the result live on shared memory, and only while timing shows it pays
 * (split_choice.ts); otherwise the single-thread copy runs.
 *
 * The copy each thread runs is the text below (a worker compiles it once per
 * kernel); it holds numbers computed here and nothing from the module.
 */
import { EvalError } from "@minixla/hlo";
import { simplify, tileFor, transposeInto } from "../transpose_kernel.ts";
import { THREAD_MIN_POINTS } from "./settings.ts";
import { SplitChoice } from "./split_choice.ts";
import { isShared } from "./threaded_loop.ts";
import { type Share, type ThreadKernel, newKernelId, runSplit, threadsSupported } from "./worker_pool.ts";

/** Copies `src` into `out` transposed: out (row-major over dims `od`) at position p reads src[s0 + Σ p_d·ss[d]]. */
export type TransposeKernel = (src: Float64Array, out: Float64Array) => void;

/**
 * The range copy as a factory body (`new Function(body)()` returns
 * `(arrays, out) => void`): result dimensions OD with operand strides SS,
 * starting at operand offset S0, written row-major from out[0] — the copy
 * transposeInto makes (the same tiles, TILE as it picks for the whole plane, eight operand rows at a time), as
 * text a worker can compile.
 */
function rangeSource(s0: number, od: readonly number[], ss: readonly number[], tile: number): string {
  const list = (xs: readonly number[]): string => `[${xs.map((x) => String(x)).join(", ")}]`;
  return `const TILE = ${String(tile)};
function plane(src, s0, sR, out, o0, oC, nR, nC) {
  for (let r0 = 0; r0 < nR; r0 += TILE) {
    const r1 = Math.min(r0 + TILE, nR);
    const r8 = r0 + ((r1 - r0) & ~7);
    for (let c0 = 0; c0 < nC; c0 += TILE) {
      const c1 = Math.min(c0 + TILE, nC);
      let r = r0;
      for (; r < r8; r += 8) {
        const a = s0 + r * sR;
        for (let j = c0, o = o0 + c0 * oC + r; j < c1; j++, o += oC) {
          const k = a + j;
          out[o] = src[k];
          out[o + 1] = src[k + sR];
          out[o + 2] = src[k + 2 * sR];
          out[o + 3] = src[k + 3 * sR];
          out[o + 4] = src[k + 4 * sR];
          out[o + 5] = src[k + 5 * sR];
          out[o + 6] = src[k + 6 * sR];
          out[o + 7] = src[k + 7 * sR];
        }
      }
      for (; r < r1; r++) {
        const a = s0 + r * sR;
        for (let j = c0, o = o0 + c0 * oC + r; j < c1; j++, o += oC) out[o] = src[a + j];
      }
    }
  }
}
const od = ${list(od)};
const ss = ${list(ss)};
const rank = od.length;
const os = new Array(rank);
for (let d = rank - 1, acc = 1; d >= 0; d--) { os[d] = acc; acc *= od[d]; }
const minor = rank - 1;
const rowCopy = ss[minor] === 1;
const q = rowCopy ? minor : ss.indexOf(1);
const outer = [];
for (let d = 0; d < minor; d++) if (d !== q) outer.push(d);
return function (arrays, out) {
  const src = arrays[0];
  const count = new Array(outer.length).fill(0);
  let s = ${String(s0)};
  let o = 0;
  for (;;) {
    if (rowCopy) {
      const len = od[minor];
      for (let j = 0; j < len; j++) out[o + j] = src[s + j];
    } else {
      plane(src, s, ss[minor], out, o, os[q], od[minor], od[q]);
    }
    let t = outer.length - 1;
    for (; t >= 0; t--) {
      const d = outer[t];
      count[t]++;
      s += ss[d];
      o += os[d];
      if (count[t] < od[d]) break;
      s -= ss[d] * od[d];
      o -= os[d] * od[d];
      count[t] = 0;
    }
    if (t < 0) return;
  }
};`;
}

interface Range {
  readonly kernel: ThreadKernel;
  readonly here: (arrays: readonly Float64Array[], out: Float64Array) => void;
  readonly from: number;
  readonly to: number;
}

/** The ranges of one split: result dimension 0 of the simplified transpose cut into `threads` runs. */
function ranges(od: readonly number[], ss: readonly number[], threads: number): Range[] {
  const rowLength = od.slice(1).reduce((a, b) => a * b, 1);
  const minor = od.length - 1;
  const q = ss[minor] === 1 ? minor : ss.indexOf(1);
  const tile = tileFor(od[minor], od[q]);
  const out: Range[] = [];
  for (let t = 0; t < threads; t++) {
    const lo = Math.floor((od[0] * t) / threads);
    const hi = Math.floor((od[0] * (t + 1)) / threads);
    const source = rangeSource(lo * ss[0], [hi - lo, ...od.slice(1)], ss, tile);
    const here = new Function(`"use strict";\n${source}`)() as Range["here"];
    out.push({ kernel: { id: newKernelId(), source, functions: [] }, here, from: lo * rowLength, to: hi * rowLength });
  }
  return out;
}

/**
 * The transpose of arrays of dimensions `dims` by `permutation` as a kernel:
 * split across `threads` threads where it has at least THREAD_MIN_POINTS
 * elements and a result dimension to cut, transposeInto otherwise.
 */
export function compileTranspose(dims: readonly number[], permutation: readonly number[], threads: number): TransposeKernel {
  const single: TransposeKernel = (src, out) => {
    transposeInto(src, dims, permutation, out);
  };
  const n = dims.reduce((a, b) => a * b, 1);
  if (threads <= 1 || n < THREAD_MIN_POINTS || !threadsSupported() || permutation.length !== dims.length) return single;
  const { dims: od, srcStrides: ss } = simplify(dims, permutation);
  if (od.length < 2 || od[0] < threads) return single;
  let split: Range[] | undefined;
  const choice = new SplitChoice();
  return (src, out) => {
    if (src.length !== n || out.length !== n) throw new EvalError(`transpose: operand and result must hold ${n} elements, got ${src.length} and ${out.length}`);
    if (src === out) throw new EvalError("transpose: the result buffer must not be the operand");
    if (!isShared(src) || !isShared(out)) {
      single(src, out);
      return;
    }
    // Made on the first run that can split, so executables that never do compile no range sources.
    split ??= ranges(od, ss, threads);
    const parts = split;
    choice.run(
      () => single(src, out),
      () =>
        runSplit(
          parts.map((r) => ({ kernel: r.kernel, arrays: [src], out: out.subarray(r.from, r.to) })),
          (s: Share) => (parts.find((r) => r.kernel === s.kernel) as Range).here(s.arrays, s.out),
        ),
    );
  };
}

