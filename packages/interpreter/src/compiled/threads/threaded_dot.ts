/**
 * The WebAssembly dot (wasm/emit_matmul.ts) split across threads by output
 * elements: the batches are cut into one range per thread where there are
 * at least as many batches as threads, else the rows of a single batch.
 * Each range is a matmul of its own, emitted for the range's sizes, so each
 * output element is the same chain of the same steps over the same values
 * as in the unsplit dot (the steps settle lanes and redo tiles per output
 * element, never across them), and the bits are the same. The caller's
 * thread runs the first range in its own module instance; each worker gets
 * its range's compiled module once (and, for XLA CPU's f64 steps, the
 * source of the host fma64 they call for the lanes they cannot settle,
 * portable_fma64.ts), instantiates it in its own memory, and per job copies
 * its A and B from shared memory (an operand that stays, a constant, only
 * when it changes) and writes its output rows there. Operands not on shared
 * memory are copied there first (only the workers' parts; a staying operand
 * once), as is the output. A worker's part it has not started by the time
 * the caller's is done runs on the caller's thread (worker_pool.ts runSplit's
 * steal), so a late wake-up costs at most the single thread's time. Only
 * dots of at least dotThreadMinProducts split, and those always do: with
 * that bound, splitting every time measured faster on a shared machine than
 * timing both ways as the loop nests do (split_choice.ts), whose medians of
 * a few runs flip with the load, and to which a split probed while the
 * workers sleep looks slow.
 */
import type { MatmulArithmetic, MatmulSizes } from "../wasm/emit_matmul.ts";
import { type Matmul, type StayingOperands, compileWasmMatmul, matmulModule } from "../wasm/wasm_kernel.ts";
import { portableSource } from "./portable_function.ts";
import { fma64Portable } from "./portable_fma64.ts";
import { dotThreadMinProducts } from "./settings.ts";
import { isShared } from "./threaded_loop.ts";
import { type Share, type ThreadKernel, newKernelId, runSplit, threadsSupported } from "./worker_pool.ts";

/** Element ranges [from, to) of one part's A, B and output in the whole dot's arrays. */
interface Part {
  readonly sizes: MatmulSizes;
  readonly a: readonly [number, number];
  readonly b: readonly [number, number];
  readonly out: readonly [number, number];
}

/** The parts of a dot cut `threads` ways, or undefined where it has neither enough batches nor a single batch of enough rows. */
export function dotParts({ batches, m, k, n }: MatmulSizes, threads: number): Part[] | undefined {
  const byBatch = batches >= threads;
  if (!byBatch && (batches !== 1 || m < threads)) return undefined;
  const count = byBatch ? batches : m;
  const parts: Part[] = [];
  for (let t = 0; t < threads; t++) {
    const lo = Math.floor((count * t) / threads);
    const hi = Math.floor((count * (t + 1)) / threads);
    parts.push(
      byBatch
        ? { sizes: { batches: hi - lo, m, k, n }, a: [lo * m * k, hi * m * k], b: [lo * k * n, hi * k * n], out: [lo * m * n, hi * m * n] }
        : { sizes: { batches: 1, m: hi - lo, k, n }, a: [lo * k, hi * k], b: [0, k * n], out: [lo * n, hi * n] },
    );
  }
  return parts;
}

/** A view of [from, to) of the array last given, made again only when another array comes (so a staying operand keeps its identity). */
function viewer(from: number, to: number): (a: Float64Array) => Float64Array {
  let source: Float64Array | undefined;
  let view: Float64Array | undefined;
  return (a) => {
    if (a !== source || view === undefined) {
      source = a;
      view = a.subarray(from, to);
    }
    return view;
  };
}

/**
 * One operand as the workers read it: the caller's array where it is on
 * shared memory, else a shared copy of [from, length) of it (the workers'
 * parts), made every run, or for a staying operand only when another array
 * comes; and its version (-1 where it does not stay: copied by the worker
 * every job).
 */
function sharedOperand(length: number, from: number, stays: boolean): (a: Float64Array) => { readonly array: Float64Array; readonly version: number } {
  let buffer: Float64Array | undefined;
  let source: Float64Array | undefined;
  let version = 0;
  return (a) => {
    if (stays && a === source) return { array: isShared(a) ? a : (buffer as Float64Array), version };
    source = a;
    version++;
    if (isShared(a)) return { array: a, version: stays ? version : -1 };
    buffer ??= new Float64Array(new SharedArrayBuffer(8 * length));
    buffer.set(a.subarray(from), from);
    return { array: buffer, version: stays ? version : -1 };
  };
}

const FMA64_SOURCE = portableSource(fma64Portable);


/**
 * `single` (the dot's WebAssembly matmul for `sizes`) split across
 * `threads` threads where the dot is large enough and the host has workers;
 * `single` itself otherwise. `narrowOperands` and `stay` as compileWasmMatmul's.
 */
export function threadedMatmul(
  sizes: MatmulSizes,
  arithmetic: MatmulArithmetic,
  narrowOperands: boolean,
  stay: StayingOperands,
  threads: number,
  single: Matmul,
): Matmul {
  if (threads <= 1 || !threadsSupported()) return single;
  const { batches, m, k, n } = sizes;
  if (batches * m * k * n < dotThreadMinProducts(arithmetic)) return single;
  const parts = dotParts(sizes, threads);
  if (parts === undefined || (arithmetic === "fma64" && FMA64_SOURCE === undefined)) return single;
  const first = compileWasmMatmul(parts[0].sizes, arithmetic, narrowOperands, stay);
  if (first === undefined) return single;
  const kernels: ThreadKernel[] = [];
  for (const part of parts) {
    const compiled = matmulModule(part.sizes, arithmetic, narrowOperands);
    if (compiled === undefined) return single;
    const { module, a, b, out, outLength, prepared, hostFma64 } = compiled;
    kernels.push({ id: newKernelId(), source: "", functions: [], matmul: { module, a, b, out, outLength, prepared, fma64: hostFma64 ? (FMA64_SOURCE as string) : "" } });
  }
  // Part 0 on this thread, from the caller's arrays (views kept per array, for the operands that stay).
  const [p0] = parts;
  const a0 = viewer(...p0.a);
  const b0 = viewer(...p0.b);
  const o0 = viewer(...p0.out);
  // A worker's part that runs here (its worker not started yet) gets a module instance of its own, made when first needed.
  const fallback = new Map<ThreadKernel, Matmul>();
  const runHere = (s: Share): void => {
    if (s.kernel === kernels[0]) {
      first(a0(s.arrays[0]), b0(s.arrays[1]), o0(s.out));
      return;
    }
    let mm = fallback.get(s.kernel);
    if (mm === undefined) {
      const part = parts[kernels.indexOf(s.kernel)];
      mm = compileWasmMatmul(part.sizes, arithmetic, narrowOperands) as Matmul;
      fallback.set(s.kernel, mm);
    }
    mm(s.arrays[0], s.arrays[1], s.out);
  };
  const outLength = batches * m * n;
  const sharedA = sharedOperand(batches * m * k, parts[1].a[0], stay.a);
  const sharedB = sharedOperand(batches * k * n, parts[1].b[0], stay.b);
  const outFrom = parts[1].out[0];
  let outBuffer: Float64Array | undefined;
  const split = (a: Float64Array, b: Float64Array, out: Float64Array): void => {
    const sa = sharedA(a);
    const sb = sharedB(b);
    const target = isShared(out) ? out : (outBuffer ??= new Float64Array(new SharedArrayBuffer(8 * outLength)));
    const versions = [sa.version, sb.version];
    const shares: Share[] = parts.map((p, t) =>
      t === 0
        ? { kernel: kernels[0], arrays: [a, b], out }
        : { kernel: kernels[t], arrays: [sa.array.subarray(...p.a), sb.array.subarray(...p.b)], out: target.subarray(...p.out), versions },
    );
    runSplit(shares, runHere, true);
    if (target !== out) out.set(target.subarray(outFrom), outFrom);
  };
  return split;
}
