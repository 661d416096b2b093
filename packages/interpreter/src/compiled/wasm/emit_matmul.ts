/**
 * The compiled dot's batched matmul (dot_kernel.ts: A [batch, m, k] times
 * B [batch, k, n]) as one WebAssembly SIMD function, bitwise equal to its
 * JavaScript loops: each output element is one chain over the contracting
 * index, ascending from +0, each step acc + a·b (f64, as dot_tiles.ts), or
 * fround(acc + fround(a·b)) for f32 accumulation (a demote to f32 and a
 * promote back after the product and after the sum), or — "fma32" and
 * "fma64", XLA CPU's dot in numerics "xla-cpu" (dot_fma_rows.ts) — one
 * fused multiply-add acc = fma(a, b, acc) rounded once (fused_steps.ts),
 * a chain of one step starting from -0, the operands' denormals flushed to
 * zero in memory before the chains (and B split for the f64 products).
 * fma32 runs each step's common case (fused_steps.ts fma32FastStep) and
 * redoes a tile's chains with the full step where a lane raised its flag.
 * Lanes run across output columns only, never across the chain: tiles of
 * 4 rows × 4 columns (eight f64x2 accumulators) walk the whole contracting
 * dimension, with 2- and 1-column and 1-row tiles at the edges; for each
 * 4-column panel of B the row tiles run down A, so the panel stays in cache.
 *
 * Memory holds A, B, then the output, at offsets fixed here from the sizes.
 */
import { F64, FunctionBody, type FunctionType, I32, Op, Simd, V128, encodeModule } from "./encoder.ts";
import {
  F32_MIN_NORMAL,
  F64_MIN_NORMAL,
  SLOW_LANES_PARAMS,
  fma32FastConstants,
  fma32FastStep,
  fma32Step,
  fma64Step,
  plainStep,
  pushFlushed,
  pushSplit,
  slowLanesBody,
} from "./fused_steps.ts";

export interface MatmulSizes {
  readonly batches: number;
  readonly m: number;
  readonly k: number;
  readonly n: number;
}

/** Each chain step: f64 acc + a·b; f32 fround(acc + fround(a·b)); or XLA CPU's fused f32 or f64 step. */
export type MatmulArithmetic = "f64" | "f32" | "fma32" | "fma64";

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
  // fma64: B's split into high and low parts after the output.
  const hiStart = outStart + outLen + 2 + (outLen % 2);
  const loStart = hiStart + bLen + 2 + (bLen % 2);
  const end = arithmetic === "fma64" ? loStart + bLen + 2 : outStart + outLen + 2;
  if (end * 8 > MAX_BYTES) return undefined;
  const fused = arithmetic === "fma32" || arithmetic === "fma64";

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
  const bhv = [f.local(V128), f.local(V128)];
  const blv = [f.local(V128), f.local(V128)];
  const xh = f.local(V128);
  const xl = f.local(V128);
  const xs = f.local(F64);
  const scratch = f.local(V128);

  const forLoop = f.forRange.bind(f);
  const round = (): void => {
    f.simd(Simd.f32x4DemoteF64x2Zero).simd(Simd.f64x2PromoteLowF32x4);
  };
  // Function 0 is the imported fma64, 1 this one, 2 the slow-lane function.
  // fma32: the common case's step, a flag raised where it may not be the one rounding, and the
  // flagged tile's chains redone with the full step by functions 1 (two columns) and 2 (one).
  const flag = f.local(V128);
  const fast32 = arithmetic === "fma32" ? fma32FastStep(f, fma32FastConstants(f), flag) : undefined;
  const pb0 = f.local(I32);
  const step64 = arithmetic === "fma64" ? fma64Step(f, 2) : undefined;
  /** acc = step(acc, x, b) for column vector v: x and b on locals, acc read from and written to its local. */
  const step = (c: number, x: number, v: number): void => {
    const b = bv[v]!;
    if (fast32 !== undefined) return fast32(c, x, b);
    if (step64 !== undefined) return step64(c, { x, xh, xl, y: b, yh: bhv[v]!, yl: blv[v]! }, xs);
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
    const start = fused && k === 1 ? -0 : 0;
    for (let r = 0; r < rows; r++) for (let v = 0; v < vectors; v++) f.f64Const(start).simd(Simd.f64x2Splat).opU(Op.localSet, acc[r * 2 + v]);
    if (fast32 !== undefined) f.f64Const(0).simd(Simd.f64x2Splat).opU(Op.localSet, flag).opU(Op.localGet, pb).opU(Op.localSet, pb0);
    if (k > 0) {
      f.i32Const(0).opU(Op.localSet, p8);
      f.structured(Op.loop);
      const load = cols === 1 ? Simd.v128Load64Splat : Simd.v128Load;
      for (let v = 0; v < vectors; v++) {
        f.opU(Op.localGet, pb).simdMem(load, 3, bStart * 8 + v * 16).opU(Op.localSet, bv[v]);
        if (step64 !== undefined) {
          f.opU(Op.localGet, pb).simdMem(load, 3, hiStart * 8 + v * 16).opU(Op.localSet, bhv[v]);
          f.opU(Op.localGet, pb).simdMem(load, 3, loStart * 8 + v * 16).opU(Op.localSet, blv[v]);
        }
      }
      for (let r = 0; r < rows; r++) {
        f.opU(Op.localGet, pa).opU(Op.localGet, p8).op(Op.i32Add).simdMem(Simd.v128Load64Splat, 3, (aStart + r * k) * 8).opU(Op.localSet, xv);
        if (step64 === undefined) {
          for (let v = 0; v < vectors; v++) step(acc[r * 2 + v], xv, v);
          continue;
        }
        // A zero row value adds its signed-zero products plainly (dot_fma_rows.ts); the others fuse.
        f.opU(Op.localGet, xv).simdLane(Simd.f64x2ExtractLane, 0).opU(Op.localTee, xs).f64Const(0).op(Op.f64Eq).structured(Op.if);
        for (let v = 0; v < vectors; v++) plainStep(f, acc[r * 2 + v], xv, bv[v]);
        f.op(Op.else);
        pushSplit(f, xv, "hi", scratch);
        f.opU(Op.localSet, xh);
        pushSplit(f, xv, "lo", scratch);
        f.opU(Op.localSet, xl);
        for (let v = 0; v < vectors; v++) step(acc[r * 2 + v], xv, v);
        f.op(Op.end);
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
    if (fast32 !== undefined && k > 0) {
      // Any lane flagged: every chain of the tile again, with the full step.
      f.opU(Op.localGet, flag).f64Const(0).simd(Simd.f64x2Splat).simd(Simd.i64x2Eq).simd(Simd.i64x2AllTrue).op(Op.i32Eqz).structured(Op.if);
      for (let r = 0; r < rows; r++) {
        for (let v = 0; v < vectors; v++) {
          f.opU(Op.localGet, pa).i32Const((aStart + r * k) * 8).op(Op.i32Add);
          f.opU(Op.localGet, pb0).i32Const(bStart * 8 + v * 16).op(Op.i32Add);
          f.opU(Op.localGet, po).i32Const((outStart + r * n) * 8 + v * 16).op(Op.i32Add);
          f.opU(Op.call, cols === 1 ? 2 : 1);
        }
      }
      f.op(Op.end);
    }
  };
  const m4 = m - (m % 4);
  /** Every row tile of columns j..j+cols. */
  const columnPanel = (cols: 4 | 2 | 1): void => {
    forLoop(i, 0, m4, 4, () => tile(4, cols));
    forLoop(i, m4, m, 1, () => tile(1, cols));
  };
  if (fused) {
    // XLA CPU reads a denormal operand as zero of its sign: flush A and B in place first.
    const v = f.local(V128);
    const minNormal = arithmetic === "fma32" ? F32_MIN_NORMAL : F64_MIN_NORMAL;
    const flushRegion = (start: number, length: number): void => {
      forLoop(p8, start * 8, (start + length + (length % 2)) * 8, 16, () => {
        f.opU(Op.localGet, p8).opU(Op.localGet, p8).simdMem(Simd.v128Load, 3, 0).opU(Op.localSet, v);
        pushFlushed(f, v, minNormal);
        f.simdMem(Simd.v128Store, 3, 0);
      });
    };
    flushRegion(aStart, aLen);
    flushRegion(bStart, bLen);
    if (arithmetic === "fma64") {
      // B's Veltkamp split, made once: each column value is used m times.
      forLoop(p8, bStart * 8, (bStart + bLen + (bLen % 2)) * 8, 16, () => {
        f.opU(Op.localGet, p8).simdMem(Simd.v128Load, 3, 0).opU(Op.localSet, v);
        f.opU(Op.localGet, p8);
        pushSplit(f, v, "hi", scratch);
        f.simdMem(Simd.v128Store, 3, (hiStart - bStart) * 8);
        f.opU(Op.localGet, p8);
        pushSplit(f, v, "lo", scratch);
        f.simdMem(Simd.v128Store, 3, (loStart - bStart) * 8);
      });
    }
  }
  const n4 = n - (n % 4);
  const n2 = n - (n % 2);
  forLoop(bt, 0, batches, 1, () => {
    forLoop(j, 0, n4, 4, () => columnPanel(4));
    forLoop(j, n4, n2, 2, () => columnPanel(2));
    forLoop(j, n2, n, 1, () => columnPanel(1));
  });

  // With fma64, function 0 is the host's fma64 (imported), 1 this one, 2 the slow-lane function;
  // with fma32, 0 this one, 1 and 2 the redone chains of two columns and one.
  const slow = new FunctionBody(SLOW_LANES_PARAMS.length);
  slowLanesBody(slow, 0);
  const withHost = arithmetic === "fma64";
  const hostFma: FunctionType = { params: [F64, F64, F64], results: [F64] };
  const slowLanes: FunctionType = { params: SLOW_LANES_PARAMS, results: [V128] };
  const chain: FunctionType = { params: [I32, I32, I32], results: [] };
  const types: FunctionType[] = [{ params: [], results: [] }, ...(withHost ? [hostFma, slowLanes] : []), ...(fast32 !== undefined ? [chain] : [])];
  const chains = fast32 !== undefined ? [2, 1].map((cols) => ({ type: 1, body: fullFma32Chain(k, n, cols === 2) })) : [];
  const bytes = encodeModule({
    types,
    ...(withHost ? { imports: [{ name: "fma64", type: 1 }] } : {}),
    functions: [{ type: 0, body: f }, ...(withHost ? [{ type: 2, body: slow }] : []), ...chains],
    memoryPages: Math.max(1, Math.ceil((end * 8) / PAGE)),
    exports: [
      { name: "run", kind: "function", index: withHost ? 1 : 0 },
      { name: "memory", kind: "memory", index: 0 },
    ],
  });
  return { bytes, a: aStart, b: bStart, out: outStart };
}

/**
 * One row's chains over two adjacent columns (`pair`) or one, with the full
 * fused f32 step (fused_steps.ts fma32Step), from byte addresses of the
 * row's first A value, the first column's first B value and its output:
 * the redo of a tile whose fast steps raised a flag.
 */
function fullFma32Chain(k: number, n: number, pair: boolean): FunctionBody {
  const g = new FunctionBody(3);
  const [pa, pb, po] = [0, 1, 2];
  const p = g.local(I32);
  const c = g.local(V128);
  const x = g.local(V128);
  const y = g.local(V128);
  const step = fma32Step(g);
  g.f64Const(k === 1 ? -0 : 0).simd(Simd.f64x2Splat).opU(Op.localSet, c);
  g.forRange(p, 0, k, 1, () => {
    g.opU(Op.localGet, pa).simdMem(Simd.v128Load64Splat, 3, 0).opU(Op.localSet, x);
    g.opU(Op.localGet, pb).simdMem(pair ? Simd.v128Load : Simd.v128Load64Splat, 3, 0).opU(Op.localSet, y);
    step(c, x, y);
    g.opU(Op.localGet, pa).i32Const(8).op(Op.i32Add).opU(Op.localSet, pa);
    g.opU(Op.localGet, pb).i32Const(n * 8).op(Op.i32Add).opU(Op.localSet, pb);
  });
  g.opU(Op.localGet, po).opU(Op.localGet, c);
  if (pair) g.simdMem(Simd.v128Store, 3, 0);
  else g.simdMemLane(Simd.v128Store64Lane, 3, 0, 0);
  return g;
}
