/**
 * The compiled dot's batched matmul (dot_kernel.ts: A [batch, m, k] times
 * B [batch, k, n]) as one WebAssembly SIMD function, bitwise equal to its
 * JavaScript tiles (dot_tiles.ts): each output element is one chain of
 * additions over the contracting index, ascending from +0, each step
 * acc + a·b (f64), or fround(acc + fround(a·b)) for f32 accumulation (a
 * demote to f32 and a promote back after the product and after the sum).
 * Lanes run across output columns only, never across the chain: tiles of
 * 4 rows × 4 columns (eight f64x2 accumulators) walk the whole contracting
 * dimension, with 2- and 1-column and 1-row tiles at the edges; for each
 * 4-column panel of B the row tiles run down A, so the panel stays in cache.
 *
 * Memory holds A, B, then the output, at offsets fixed here from the sizes.
 */
import { FunctionBody, I32, Op, Simd, V128, encodeModule } from "./encoder.ts";

export interface MatmulSizes {
  readonly batches: number;
  readonly m: number;
  readonly k: number;
  readonly n: number;
}

export interface EmittedMatmul {
  readonly bytes: Uint8Array;
  /** Offsets (in float64 elements) of A, B and the output. */
  readonly a: number;
  readonly b: number;
  readonly out: number;
}

const MAX_BYTES = 256 * 1024 * 1024;
const PAGE = 65536;

/** The module, or undefined where its memory would pass MAX_BYTES. */
export function emitMatmul({ batches, m, k, n }: MatmulSizes, f32: boolean): EmittedMatmul | undefined {
  const aLen = batches * m * k;
  const bLen = batches * k * n;
  const outLen = batches * m * n;
  const aStart = 0;
  const bStart = aStart + aLen + 2 + (aLen % 2);
  const outStart = bStart + bLen + 2 + (bLen % 2);
  const end = outStart + outLen + 2;
  if (end * 8 > MAX_BYTES) return undefined;

  const f = new FunctionBody();
  const bt = f.local(I32);
  const i = f.local(I32);
  const j = f.local(I32);
  const pa = f.local(I32);
  const pb = f.local(I32);
  const po = f.local(I32);
  const p8 = f.local(I32);
  const acc = Array.from({ length: 8 }, () => f.local(V128));
  const bv = [f.local(V128), f.local(V128)];
  const xv = f.local(V128);

  /** for (v = start; v < end; v += step) body, bounds known here (nothing when empty). */
  const forLoop = (v: number, start: number, stop: number, step: number, body: () => void): void => {
    if (start >= stop) return;
    f.i32Const(start).opU(Op.localSet, v);
    f.structured(Op.loop);
    body();
    f.opU(Op.localGet, v).i32Const(step).op(Op.i32Add).opU(Op.localTee, v).i32Const(stop).op(Op.i32LtS).opU(Op.brIf, 0);
    f.op(Op.end);
  };
  const round = (): void => {
    if (f32) f.simd(Simd.f32x4DemoteF64x2Zero).simd(Simd.f64x2PromoteLowF32x4);
  };

  /** One tile of `rows` rows and `cols` columns (4: two vectors, 2: one, 1: lane 0) at rows i, columns j of batch bt. */
  const tile = (rows: number, cols: 4 | 2 | 1): void => {
    const vectors = cols === 4 ? 2 : 1;
    // pa = (bt·m·k + i·k)·8, pb = (bt·k·n + j)·8, po = (bt·m·n + i·n + j)·8
    f.opU(Op.localGet, bt).i32Const(m * k).op(Op.i32Mul).opU(Op.localGet, i).i32Const(k).op(Op.i32Mul).op(Op.i32Add).i32Const(8).op(Op.i32Mul).opU(Op.localSet, pa);
    f.opU(Op.localGet, bt).i32Const(k * n).op(Op.i32Mul).opU(Op.localGet, j).op(Op.i32Add).i32Const(8).op(Op.i32Mul).opU(Op.localSet, pb);
    f.opU(Op.localGet, bt).i32Const(m * n).op(Op.i32Mul).opU(Op.localGet, i).i32Const(n).op(Op.i32Mul).op(Op.i32Add).opU(Op.localGet, j).op(Op.i32Add).i32Const(8).op(Op.i32Mul).opU(Op.localSet, po);
    // Every chain starts at +0.
    for (let r = 0; r < rows; r++) for (let v = 0; v < vectors; v++) f.f64Const(0).simd(Simd.f64x2Splat).opU(Op.localSet, acc[r * 2 + v]);
    if (k > 0) {
      f.i32Const(0).opU(Op.localSet, p8);
      f.structured(Op.loop);
      for (let v = 0; v < vectors; v++) {
        f.opU(Op.localGet, pb).simdMem(cols === 1 ? Simd.v128Load64Splat : Simd.v128Load, 3, bStart * 8 + v * 16).opU(Op.localSet, bv[v]);
      }
      for (let r = 0; r < rows; r++) {
        f.opU(Op.localGet, pa).opU(Op.localGet, p8).op(Op.i32Add).simdMem(Simd.v128Load64Splat, 3, (aStart + r * k) * 8).opU(Op.localSet, xv);
        for (let v = 0; v < vectors; v++) {
          const c = acc[r * 2 + v];
          f.opU(Op.localGet, c).opU(Op.localGet, xv).opU(Op.localGet, bv[v]).simd(Simd.f64x2Mul);
          round();
          f.simd(Simd.f64x2Add);
          round();
          f.opU(Op.localSet, c);
        }
      }
      f.opU(Op.localGet, pb).i32Const(n * 8).op(Op.i32Add).opU(Op.localSet, pb);
      f.opU(Op.localGet, p8).i32Const(8).op(Op.i32Add).opU(Op.localTee, p8).i32Const(k * 8).op(Op.i32LtS).opU(Op.brIf, 0);
      f.op(Op.end);
    }
    for (let r = 0; r < rows; r++) {
      for (let v = 0; v < vectors; v++) {
        f.opU(Op.localGet, po).opU(Op.localGet, acc[r * 2 + v]);
        const offset = (outStart + r * n) * 8 + v * 16;
        if (cols === 1) f.simdMemLane(Simd.v128Store64Lane, 3, offset, 0);
        else f.simdMem(Simd.v128Store, 3, offset);
      }
    }
  };
  const m4 = m - (m % 4);
  /** Every row tile of columns j..j+cols. */
  const columnPanel = (cols: 4 | 2 | 1): void => {
    forLoop(i, 0, m4, 4, () => tile(4, cols));
    forLoop(i, m4, m, 1, () => tile(1, cols));
  };
  const n4 = n - (n % 4);
  const n2 = n - (n % 2);
  forLoop(bt, 0, batches, 1, () => {
    forLoop(j, 0, n4, 4, () => columnPanel(4));
    forLoop(j, n4, n2, 2, () => columnPanel(2));
    forLoop(j, n2, n, 1, () => columnPanel(1));
  });

  const bytes = encodeModule({
    types: [{ params: [], results: [] }],
    functions: [{ type: 0, body: f }],
    memoryPages: Math.max(1, Math.ceil((end * 8) / PAGE)),
    exports: [
      { name: "run", kind: "function", index: 0 },
      { name: "memory", kind: "memory", index: 0 },
    ],
  });
  return { bytes, a: aStart, b: bStart, out: outStart };
}
