/**
 * The compiled dot's batched matmul (dot_kernel.ts: A [batch, m, k] times
 * B [batch, k, n]) as one WebAssembly SIMD function, bitwise equal to its
 * JavaScript tiles (dot_tiles.ts): each output element is one chain of
 * additions over the contracting index, ascending from +0, each step
 * acc + a·b (f64), or fround(acc + fround(a·b)) for f32 accumulation (a
 * demote to f32 and a promote back after the product and after the sum).
 * In "fma32" (XLA CPU's f32 dot in numerics "xla-cpu", dot_fma_rows.ts)
 * each step is one fused multiply-add acc = fma(a, b, acc) rounded once to
 * f32 and flushed (fma32 of numerics/xla_cpu/arith.ts), computed exactly in
 * f64x2 lanes: the product of two f32 values is exact in f64, the sum is
 * rounded to odd at 53 bits (TwoSum's error term decides the last bit), and
 * that rounds correctly to f32; a chain of one step starts from -0; the
 * operands' f32 denormals are flushed to zero in memory before the chains.
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

/** Each chain step: f64 acc + a·b; f32 fround(acc + fround(a·b)); or XLA CPU's fused f32 step. */
export type MatmulArithmetic = "f64" | "f32" | "fma32";

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
export function emitMatmul({ batches, m, k, n }: MatmulSizes, arithmetic: MatmulArithmetic): EmittedMatmul | undefined {
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
    f.simd(Simd.f32x4DemoteF64x2Zero).simd(Simd.f64x2PromoteLowF32x4);
  };
  const fused = arithmetic === "fma32" ? fusedStep(f) : undefined;
  /** acc = step(acc, x, b): x and b on locals, acc read from and written to its local. */
  const step = (c: number, x: number, b: number): void => {
    if (fused !== undefined) return fused(c, x, b);
    f.opU(Op.localGet, c).opU(Op.localGet, x).opU(Op.localGet, b).simd(Simd.f64x2Mul);
    if (arithmetic === "f32") round();
    f.simd(Simd.f64x2Add);
    if (arithmetic === "f32") round();
    f.opU(Op.localSet, c);
  };

  /** One tile of `rows` rows and `cols` columns (4: two vectors, 2: one, 1: lane 0) at rows i, columns j of batch bt. */
  const tile = (rows: number, cols: 4 | 2 | 1): void => {
    const vectors = cols === 4 ? 2 : 1;
    // pa = (bt·m·k + i·k)·8, pb = (bt·k·n + j)·8, po = (bt·m·n + i·n + j)·8
    f.opU(Op.localGet, bt).i32Const(m * k).op(Op.i32Mul).opU(Op.localGet, i).i32Const(k).op(Op.i32Mul).op(Op.i32Add).i32Const(8).op(Op.i32Mul).opU(Op.localSet, pa);
    f.opU(Op.localGet, bt).i32Const(k * n).op(Op.i32Mul).opU(Op.localGet, j).op(Op.i32Add).i32Const(8).op(Op.i32Mul).opU(Op.localSet, pb);
    f.opU(Op.localGet, bt).i32Const(m * n).op(Op.i32Mul).opU(Op.localGet, i).i32Const(n).op(Op.i32Mul).op(Op.i32Add).opU(Op.localGet, j).op(Op.i32Add).i32Const(8).op(Op.i32Mul).opU(Op.localSet, po);
    // Every chain starts at +0 (a fused chain of one step at -0: the product itself).
    const start = arithmetic === "fma32" && k === 1 ? -0 : 0;
    for (let r = 0; r < rows; r++) for (let v = 0; v < vectors; v++) f.f64Const(start).simd(Simd.f64x2Splat).opU(Op.localSet, acc[r * 2 + v]);
    if (k > 0) {
      f.i32Const(0).opU(Op.localSet, p8);
      f.structured(Op.loop);
      for (let v = 0; v < vectors; v++) {
        f.opU(Op.localGet, pb).simdMem(cols === 1 ? Simd.v128Load64Splat : Simd.v128Load, 3, bStart * 8 + v * 16).opU(Op.localSet, bv[v]);
      }
      for (let r = 0; r < rows; r++) {
        f.opU(Op.localGet, pa).opU(Op.localGet, p8).op(Op.i32Add).simdMem(Simd.v128Load64Splat, 3, (aStart + r * k) * 8).opU(Op.localSet, xv);
        for (let v = 0; v < vectors; v++) step(acc[r * 2 + v], xv, bv[v]);
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
  if (arithmetic === "fma32") {
    // XLA CPU reads a denormal f32 operand as zero of its sign: flush A and B in place first.
    const v = f.local(V128);
    const flushRegion = (start: number, length: number): void =>
      forLoop(p8, start * 8, (start + length + (length % 2)) * 8, 16, () => {
        f.opU(Op.localGet, p8).opU(Op.localGet, p8).simdMem(Simd.v128Load, 3, 0).opU(Op.localSet, v);
        flushLanes(f, v);
        f.simdMem(Simd.v128Store, 3, 0);
      });
    flushRegion(aStart, aLen);
    flushRegion(bStart, bLen);
  }
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

/** Bit patterns as f64 constants (f64.const carries its 8 bytes as they are). */
const bitsOf = (hi: number, lo: number): number => {
  const w = new Uint32Array([lo, hi]);
  return new Float64Array(w.buffer)[0];
};
const ONE_BIT = bitsOf(0, 1);
const SIGN_BIT = -0;
const MIN_NORMAL_F32 = 2 ** -126;

/**
 * The emitter of one fused f32 step over two lanes, with its scratch
 * locals: p = a·b (exact), s = p + c and TwoSum's error e; where e is not
 * zero, s finite and its last bit even, s moves one ulp towards e (rounding
 * to odd: +1 on the bit pattern when s and e have one sign, -1 otherwise);
 * then one rounding to f32 and the flush of an f32 denormal to zero of its
 * sign. Bits as fma32's (numerics/xla_cpu/arith.ts) lane by lane.
 */
function fusedStep(f: FunctionBody): (c: number, x: number, b: number) => void {
  const p = f.local(V128);
  const sum = f.local(V128);
  const bb = f.local(V128);
  const e = f.local(V128);
  const get = (l: number): void => void f.opU(Op.localGet, l);
  const splat = (x: number): void => void f.f64Const(x).simd(Simd.f64x2Splat);
  return (c, x, b) => {
    get(x); get(b); f.simd(Simd.f64x2Mul).opU(Op.localSet, p);
    get(p); get(c); f.simd(Simd.f64x2Add).opU(Op.localSet, sum);
    get(sum); get(p); f.simd(Simd.f64x2Sub).opU(Op.localSet, bb);
    // e = (p - (s - bb)) + (c - bb)
    get(p); get(sum); get(bb); f.simd(Simd.f64x2Sub).simd(Simd.f64x2Sub);
    get(c); get(bb); f.simd(Simd.f64x2Sub).simd(Simd.f64x2Add).opU(Op.localSet, e);
    // s + (delta & adjust): delta = ((s ^ e) >> 63) << 1 | 1 is +1 or -1
    get(sum);
    get(sum); get(e); f.simd(Simd.v128Xor).i32Const(63).simd(Simd.i64x2ShrS).i32Const(1).simd(Simd.i64x2Shl);
    splat(ONE_BIT); f.simd(Simd.v128Or);
    // adjust = e != 0 & |s| < inf & (s & 1) == 0
    get(e); splat(0); f.simd(Simd.f64x2Ne);
    get(sum); f.simd(Simd.f64x2Abs); splat(Infinity); f.simd(Simd.f64x2Lt).simd(Simd.v128And);
    get(sum); splat(ONE_BIT); f.simd(Simd.v128And); splat(0); f.simd(Simd.i64x2Eq).simd(Simd.v128And);
    f.simd(Simd.v128And).simd(Simd.i64x2Add);
    f.simd(Simd.f32x4DemoteF64x2Zero).simd(Simd.f64x2PromoteLowF32x4).opU(Op.localSet, sum);
    flushLanes(f, sum);
    f.opU(Op.localSet, c);
  };
}

/** Pushes the lanes of local v with each f32 denormal made zero of its sign (|v| < 2^-126 keeps only the sign bit). */
function flushLanes(f: FunctionBody, v: number): void {
  f.opU(Op.localGet, v).f64Const(SIGN_BIT).simd(Simd.f64x2Splat).simd(Simd.v128And);
  f.opU(Op.localGet, v);
  f.opU(Op.localGet, v).simd(Simd.f64x2Abs).f64Const(MIN_NORMAL_F32).simd(Simd.f64x2Splat).simd(Simd.f64x2Lt);
  f.simd(Simd.v128Bitselect);
}
