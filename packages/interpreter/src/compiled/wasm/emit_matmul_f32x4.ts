/**
 * The fma32 matmul's (emit_matmul.ts) columns in f32x4 lanes, where the
 * host's f32x4.relaxed_madd is fused (hardware_fma.ts), or where every
 * product a·b is an f32 value (f16 operands): each step is
 * acc = a·b + acc rounded once to f32 (the fused instruction, or the exact
 * product then one rounded add), then a denormal result flushed to
 * zero of its sign — XLA CPU's fma32 exactly, four output columns per
 * instruction. The operands, flushed in place, are copied once more as f32
 * (copyAsF32, run by the preparation); the accumulators are f32x4 and the
 * results are widened to f64 as they are stored. Tiles of 4 rows × 8
 * columns walk the whole contracting dimension, with 4-column and 1-row
 * tiles at the edges; the caller runs the last n mod 4 columns.
 */
import { type FunctionBody, I32, Op, Simd, V128 } from "./encoder.ts";

/** How a step computes a·b + acc rounded once: the host's fused relaxed_madd, or a multiply (exact for these operands) then an add. */
export type F32x4Step = "fused" | "exactProducts";

/** Byte offsets: the f32 copies of A and B, a 16-byte scratch word, and the (f64) output. */
export interface F32x4Layout {
  readonly a32: number;
  readonly b32: number;
  readonly scratch: number;
  readonly out: number;
}

const SIGN_F32 = 0x80000000;
const MIN_NORMAL_F32_BITS = 0x00800000;

/**
 * Emits into `f` the columns [0, n - n mod 4) of batch `bt` (an i32 local
 * the caller's loop sets) for A [batches, m, k] and B [batches, k, n];
 * `start` is each chain's first value (+0, or -0 for a chain of one step).
 */
export function f32x4Columns(f: FunctionBody, { m, k, n }: { readonly m: number; readonly k: number; readonly n: number }, at: F32x4Layout, bt: number, start: number, step: F32x4Step): void {
  const i = f.local(I32);
  const j = f.local(I32);
  const pa = f.local(I32);
  const pb = f.local(I32);
  const po = f.local(I32);
  const p4 = f.local(I32);
  const acc = Array.from({ length: 8 }, () => f.local(V128));
  const bv = [f.local(V128), f.local(V128)];
  const x = f.local(V128);
  const t = f.local(V128);
  const sign = f.local(V128);
  const minNormal = f.local(V128);
  f.i32Const(SIGN_F32).simd(Simd.i32x4Splat).opU(Op.localSet, sign);
  f.i32Const(MIN_NORMAL_F32_BITS).simd(Simd.i32x4Splat).opU(Op.localSet, minNormal);
  const get = (l: number): void => void f.opU(Op.localGet, l);

  const tile = (rows: number, vectors: 1 | 2): void => {
    // pa = (bt·m·k + i·k)·4, pb = (bt·k·n + j)·4, po = (bt·m·n + i·n + j)·8
    get(bt); f.i32Const(m * k).op(Op.i32Mul); get(i); f.i32Const(k).op(Op.i32Mul).op(Op.i32Add).i32Const(4).op(Op.i32Mul).opU(Op.localSet, pa);
    get(bt); f.i32Const(k * n).op(Op.i32Mul); get(j); f.op(Op.i32Add).i32Const(4).op(Op.i32Mul).opU(Op.localSet, pb);
    get(bt); f.i32Const(m * n).op(Op.i32Mul); get(i); f.i32Const(n).op(Op.i32Mul).op(Op.i32Add); get(j); f.op(Op.i32Add).i32Const(8).op(Op.i32Mul).opU(Op.localSet, po);
    for (let r = 0; r < rows; r++) for (let v = 0; v < vectors; v++) f.i32Const(Object.is(start, -0) ? SIGN_F32 : 0).simd(Simd.i32x4Splat).opU(Op.localSet, acc[r * 2 + v]!);
    f.forRange(p4, 0, k * 4, 4, () => {
      for (let v = 0; v < vectors; v++) {
        get(pb); f.simdMem(Simd.v128Load, 2, at.b32 + v * 16).opU(Op.localSet, bv[v]!);
      }
      for (let r = 0; r < rows; r++) {
        get(pa); get(p4); f.op(Op.i32Add).simdMem(Simd.v128Load32Splat, 2, at.a32 + r * k * 4).opU(Op.localSet, x);
        for (let v = 0; v < vectors; v++) {
          const c = acc[r * 2 + v]!;
          // c = x·b + c rounded once; |c| < 2^-126 (not zero) becomes zero of its sign.
          get(x); get(bv[v]!);
          if (step === "fused") {
            get(c); f.simd(Simd.f32x4RelaxedMadd);
          } else {
            f.simd(Simd.f32x4Mul); get(c); f.simd(Simd.f32x4Add);
          }
          f.opU(Op.localTee, t);
          get(sign); f.simd(Simd.v128And);
          get(t);
          get(t); f.simd(Simd.f32x4Abs); get(minNormal); f.simd(Simd.f32x4Lt);
          f.simd(Simd.v128Bitselect).opU(Op.localSet, c);
        }
      }
      get(pb); f.i32Const(n * 4).op(Op.i32Add).opU(Op.localSet, pb);
    });
    // Each accumulator's four f32 lanes, widened to f64, through the scratch word: lanes 0-1, then 2-3.
    for (let r = 0; r < rows; r++) {
      for (let v = 0; v < vectors; v++) {
        f.i32Const(0); get(acc[r * 2 + v]!); f.simdMem(Simd.v128Store, 4, at.scratch);
        for (const half of [0, 1]) {
          get(po); f.i32Const(0).simdMem(Simd.v128Load64Splat, 3, at.scratch + half * 8).simd(Simd.f64x2PromoteLowF32x4);
          f.simdMem(Simd.v128Store, 3, at.out + r * n * 8 + v * 32 + half * 16);
        }
      }
    }
  };
  const m4 = m - (m % 4);
  const n8 = n - (n % 8);
  const n4 = n - (n % 4);
  const panel = (vectors: 1 | 2): void => {
    f.forRange(i, 0, m4, 4, () => tile(4, vectors));
    f.forRange(i, m4, m, 1, () => tile(1, vectors));
  };
  f.forRange(j, 0, n8, 8, () => panel(2));
  f.forRange(j, n8, n4, 4, () => panel(1));
}

/**
 * Emits into `g` the copy of `length` f64 values at byte `from` (16-byte
 * aligned, one spare value after an odd length) as f32 at byte `to`: two
 * values a step, each already an f32 value, so the narrowing is exact.
 */
export function copyAsF32(g: FunctionBody, from: number, length: number, to: number): void {
  const p8 = g.local(I32);
  const q = g.local(I32);
  g.i32Const(to).opU(Op.localSet, q);
  g.forRange(p8, from, from + (length + (length % 2)) * 8, 16, () => {
    g.opU(Op.localGet, q).opU(Op.localGet, p8).simdMem(Simd.v128Load, 3, 0).simd(Simd.f32x4DemoteF64x2Zero);
    g.simdMemLane(Simd.v128Store64Lane, 3, 0, 0);
    g.opU(Op.localGet, q).i32Const(8).op(Op.i32Add).opU(Op.localSet, q);
  });
}
