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
 * zero in memory before the chains (and A and B split for the f64 products).
 * The fused kinds run each step's settled case (fused_steps.ts
 * fma32FastStep, fma64FastStep, or fma64DotStep where both operands are
 * moderate, which the preparation notes) and redo a tile's chains with the
 * full step where a lane was left unsettled.
 * Lanes run across output columns only, never across the chain: tiles of
 * 4 rows (fma64: 2, its moderate steps 1) × 4 columns (eight f64x2 accumulators) walk the whole
 * contracting dimension, with 2- and 1-column and 1-row tiles at the edges;
 * for each 4-column panel of B the row tiles run down A, so the panel stays
 * in cache.
 *
 * Memory holds A, B, then the output, at offsets fixed here from the sizes.
 * The fused kinds' operands are made ready (flushed, split, checked for
 * moderate values) by their own functions, prepareA and prepareB, run after
 * each copy in: an operand that stays in memory between runs (a constant)
 * is copied and made ready once.
 */
import { F64, FunctionBody, type FunctionType, I32, Op, Simd, V128, encodeModule } from "./encoder.ts";
import {
  F32_MIN_NORMAL,
  F64_MIN_NORMAL,
  SLOW_LANES_PARAMS,
  fma32FastConstants,
  fma32FastStep,
  fma32Step,
  MODERATE_HI,
  MODERATE_LO,
  fma64Constants,
  fma64DotConstants,
  fma64DotStep,
  fma64FastStep,
  fma64Step,
  plainStep,
  pushFlushed,
  pushSplit,
  slowLanesBody,
} from "./fused_steps.ts";
import { type F32x4Layout, copyAsF32, f32x4Columns } from "./emit_matmul_f32x4.ts";

export interface MatmulSizes {
  readonly batches: number;
  readonly m: number;
  readonly k: number;
  readonly n: number;
}

/** Each chain step: f64 acc + a·b; f32 fround(acc + fround(a·b)); or XLA CPU's fused f32 or f64 step. */
export type MatmulArithmetic = "f64" | "f32" | "fma32" | "fma64";

/**
 * What fma32's operands hold: any f32 values ("f32"); values of at most 12
 * significant bits ("narrow": f16, bf16), whose steps need no midpoint check
 * (fma32FastStep); or only values f16 holds ("f16": f16, and the f8 formats
 * inside its range), whose products f32 holds exactly (at most 22 bits,
 * between 2^-48 and 2^32), so that fma32 is an f32 multiply then an f32 add,
 * run in f32x4 lanes (emit_matmul_f32x4.ts).
 */
export type MatmulOperands = "f32" | "narrow" | "f16";

export interface EmittedMatmul {
  readonly bytes: Uint8Array;
  /** Offsets (in float64 elements) of A, B and the output. */
  readonly a: number;
  readonly b: number;
  readonly out: number;
  /** Whether the module exports prepareA and prepareB, to call after copying A or B in (the fused kinds). */
  readonly prepared: boolean;
}

const MAX_BYTES = 256 * 1024 * 1024;
const PAGE = 65536;

/** Byte offsets of the arrays in memory, and the sizes the loops run over. */
interface Layout {
  readonly k: number;
  readonly n: number;
  readonly bStart: number;
  readonly hiStart: number;
  readonly loStart: number;
}

/** fma64: where A's split lies, and the two f64 words where prepareA and prepareB note whether their operand is moderate (1) or not (0). */
interface Fma64Layout {
  readonly aStart: number;
  readonly aHiStart: number;
  readonly aLoStart: number;
  readonly moderate: number;
}

/**
 * The module, or undefined where its memory would pass MAX_BYTES.
 * `operands`: what A and B hold, for fma32 (MatmulOperands).
 * `hardwareFma`: the host's relaxed_madd is fused (hardware_fma.ts), and
 * each step is that one exact instruction, its result flushed: no split,
 * check or redo; for fma32 in f32x4 lanes (emit_matmul_f32x4.ts), all
 * columns but the last n mod 4.
 */
export function emitMatmul({ batches, m, k, n }: MatmulSizes, arithmetic: MatmulArithmetic, operands: MatmulOperands = "f32", hardwareFma = false): EmittedMatmul | undefined {
  const aLen = batches * m * k;
  const bLen = batches * k * n;
  const outLen = batches * m * n;
  const aStart = 0;
  const bStart = aStart + aLen + 2 + (aLen % 2);
  const outStart = bStart + bLen + 2 + (bLen % 2);
  // fma64: B's split into high and low parts after the output, then A's, then the two moderate-operand words.
  const hiStart = outStart + outLen + 2 + (outLen % 2);
  const loStart = hiStart + bLen + 2 + (bLen % 2);
  const aHiStart = loStart + bLen + 2 + (bLen % 2);
  const aLoStart = aHiStart + aLen + 2 + (aLen % 2);
  const moderateAt = aLoStart + aLen + 2 + (aLen % 2);
  const end = arithmetic === "fma64" ? moderateAt + 2 : outStart + outLen + 2;
  const split: Fma64Layout = { aStart, aHiStart, aLoStart, moderate: moderateAt };
  // fma32 in f32x4 lanes: A and B as f32 after everything else, then a scratch word (bytes, 16-byte aligned).
  const hardware32 = arithmetic === "fma32" && (hardwareFma || operands === "f16");
  const align16 = (bytes: number): number => bytes + ((16 - (bytes % 16)) % 16);
  const a32 = align16(end * 8);
  const b32 = a32 + align16(aLen * 4) + 16;
  const lanes32: F32x4Layout = { a32, b32, scratch: b32 + align16(bLen * 4) + 16, out: outStart * 8 };
  const endBytes = hardware32 ? lanes32.scratch + 16 : end * 8;
  if (endBytes > MAX_BYTES) return undefined;
  const fused = arithmetic === "fma32" || arithmetic === "fma64";
  const layout: Layout = { k, n, bStart, hiStart, loStart };

  const f = new FunctionBody();
  // fma32 and fma64 run each step's settled case (fused_steps.ts) and note in `flag` the lanes it may not
  // have settled; a tile with one is redone chain by chain with the full step (fullChain, functions chain2
  // and chain1), so the full step's cost is paid only where it is needed.
  const flag = f.local(V128);
  const fast32 = arithmetic === "fma32" ? fma32FastStep(f, fma32FastConstants(f), flag, operands === "f32") : undefined;
  const hardware64 = arithmetic === "fma64" && hardwareFma;
  const fast64 = arithmetic === "fma64" && !hardware64 ? fma64FastStep(f, fma64Constants(f), flag) : undefined;
  // The moderate steps note their doubts in `bad` (a lane with any bit set) rather than in `flag`.
  const bad = f.local(V128);
  const moderate64 = arithmetic === "fma64" && !hardware64 ? fma64DotStep(f, fma64DotConstants(f), bad) : undefined;
  const fused64 = f.local(V128);
  // Which f64 step the loops being emitted take: the moderate one where prepareA and prepareB found both operands moderate.
  let useModerate = false;
  const bt = f.local(I32);
  const i = f.local(I32);
  const j = f.local(I32);
  const pa = f.local(I32);
  const pb = f.local(I32);
  const pb0 = f.local(I32);
  const po = f.local(I32);
  const p8 = f.local(I32);
  // Rows per tile: fma64's steps hold many values each, and two rows (four accumulators) measured faster than
  // four; the moderate steps', fewer but with more values live, one row (two accumulators: 0.77 of two rows'
  // time on a transformer's dots, where four columns of two rows, or eight of one, spilled more).
  const generalRows = arithmetic === "fma64" && !hardware64 ? 2 : 4;
  const moderateRows = 1;
  const acc = Array.from({ length: 2 * generalRows }, () => f.local(V128));
  const bv = [f.local(V128), f.local(V128)];
  const xv = f.local(V128);
  const bhv = [f.local(V128), f.local(V128)];
  const blv = [f.local(V128), f.local(V128)];
  const xh = f.local(V128);
  const xl = f.local(V128);

  const forLoop = f.forRange.bind(f);
  const round = (): void => {
    f.simd(Simd.f32x4DemoteF64x2Zero).simd(Simd.f64x2PromoteLowF32x4);
  };
  // Function indices: with fma64, 0 is the host's fma64 (imported), 1 this one, 2 the slow-lane function,
  // 3 and 4 the full chains of two columns and one; with fma32, 0 this one, 1 and 2 the full chains.
  const chainFunction = (cols: 4 | 2 | 1): number => (arithmetic === "fma64" ? 3 : 1) + (cols === 1 ? 1 : 0);
  /** acc = step(acc, x, b) for column vector v: x and b on locals, acc read from and written to its local. */
  const step = (c: number, x: number, v: number): void => {
    const b = bv[v]!;
    if (fast32 !== undefined) return fast32(c, x, b);
    // A moderate chain of one step from -0 is the product itself (x·y + -0, normal or zero: nothing to flush);
    // fma64DotStep takes chains from +0 only.
    if (useModerate && k === 1) return plainStep(f, c, x, b);
    if (fast64 !== undefined) return (useModerate ? moderate64! : fast64)(c, { x, xh, xl, y: b, yh: bhv[v]!, yl: blv[v]! });
    if (hardware64) {
      // acc = x·b + acc rounded once, a denormal result flushed to zero of its sign (operands were flushed before).
      f.opU(Op.localGet, x).opU(Op.localGet, b).opU(Op.localGet, c).simd(Simd.f64x2RelaxedMadd).opU(Op.localSet, fused64);
      pushFlushed(f, fused64, F64_MIN_NORMAL);
      f.opU(Op.localSet, c);
      return;
    }
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
    f.opU(Op.localGet, bt).i32Const(k * n).op(Op.i32Mul).opU(Op.localGet, j).op(Op.i32Add).i32Const(8).op(Op.i32Mul).opU(Op.localTee, pb).opU(Op.localSet, pb0);
    f.opU(Op.localGet, bt).i32Const(m * n).op(Op.i32Mul).opU(Op.localGet, i).i32Const(n).op(Op.i32Mul).op(Op.i32Add).opU(Op.localGet, j).op(Op.i32Add).i32Const(8).op(Op.i32Mul).opU(Op.localSet, po);
    // Every chain starts at +0 (a fused chain of one step at -0: the product itself).
    const start = fused && k === 1 ? -0 : 0;
    for (let r = 0; r < rows; r++) for (let v = 0; v < vectors; v++) f.f64Const(start).simd(Simd.f64x2Splat).opU(Op.localSet, acc[r * 2 + v]);
    // The flag: no lane raised (fma32: all zeros), or every lane settled (fma64: all ones).
    if (fast32 !== undefined) f.f64Const(0).simd(Simd.f64x2Splat).opU(Op.localSet, flag);
    if (fast64 !== undefined && !useModerate) f.opU(Op.localGet, flag).opU(Op.localGet, flag).simd(Simd.i64x2Eq).opU(Op.localSet, flag);
    // The moderate steps' doubts: none yet (all zeros).
    if (useModerate) f.f64Const(0).simd(Simd.f64x2Splat).opU(Op.localSet, bad);
    if (k > 0) {
      f.i32Const(0).opU(Op.localSet, p8);
      f.structured(Op.loop);
      const load = cols === 1 ? Simd.v128Load64Splat : Simd.v128Load;
      for (let v = 0; v < vectors; v++) {
        f.opU(Op.localGet, pb).simdMem(load, 3, bStart * 8 + v * 16).opU(Op.localSet, bv[v]);
        if (fast64 !== undefined) {
          f.opU(Op.localGet, pb).simdMem(load, 3, hiStart * 8 + v * 16).opU(Op.localSet, bhv[v]);
          f.opU(Op.localGet, pb).simdMem(load, 3, loStart * 8 + v * 16).opU(Op.localSet, blv[v]);
        }
      }
      for (let r = 0; r < rows; r++) {
        f.opU(Op.localGet, pa).opU(Op.localGet, p8).op(Op.i32Add).simdMem(Simd.v128Load64Splat, 3, (aStart + r * k) * 8).opU(Op.localSet, xv);
        if (fast64 === undefined) {
          for (let v = 0; v < vectors; v++) step(acc[r * 2 + v], xv, v);
          continue;
        }
        if (useModerate) {
          // The moderate step takes zero row values too (fma64DotStep): no branch, and one basic block for the tile.
          const at = (start: number): number => (start + r * k) * 8;
          f.opU(Op.localGet, pa).opU(Op.localGet, p8).op(Op.i32Add).simdMem(Simd.v128Load64Splat, 3, at(split.aHiStart)).opU(Op.localSet, xh);
          f.opU(Op.localGet, pa).opU(Op.localGet, p8).op(Op.i32Add).simdMem(Simd.v128Load64Splat, 3, at(split.aLoStart)).opU(Op.localSet, xl);
          for (let v = 0; v < vectors; v++) step(acc[r * 2 + v], xv, v);
          continue;
        }
        // A zero row value adds its signed-zero products plainly (dot_fma_rows.ts); the others fuse.
        f.opU(Op.localGet, xv).simdLane(Simd.f64x2ExtractLane, 0).f64Const(0).op(Op.f64Eq).structured(Op.if);
        for (let v = 0; v < vectors; v++) plainStep(f, acc[r * 2 + v], xv, bv[v]);
        f.op(Op.else);
        const at = (start: number): number => (start + r * k) * 8;
        f.opU(Op.localGet, pa).opU(Op.localGet, p8).op(Op.i32Add).simdMem(Simd.v128Load64Splat, 3, at(split.aHiStart)).opU(Op.localSet, xh);
        f.opU(Op.localGet, pa).opU(Op.localGet, p8).op(Op.i32Add).simdMem(Simd.v128Load64Splat, 3, at(split.aLoStart)).opU(Op.localSet, xl);
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
    if (fused && !hardware64 && k > 0) {
      // A lane not settled: every chain of the tile again, with the full step.
      if (useModerate) f.opU(Op.localGet, bad).f64Const(0).simd(Simd.f64x2Splat).simd(Simd.i64x2Eq);
      else f.opU(Op.localGet, flag);
      if (fast32 !== undefined) f.f64Const(0).simd(Simd.f64x2Splat).simd(Simd.i64x2Eq);
      f.simd(Simd.i64x2AllTrue).op(Op.i32Eqz).structured(Op.if);
      for (let r = 0; r < rows; r++) {
        for (let v = 0; v < vectors; v++) {
          f.opU(Op.localGet, pa).i32Const((aStart + r * k) * 8).op(Op.i32Add);
          f.opU(Op.localGet, pb0).i32Const(bStart * 8 + v * 16).op(Op.i32Add);
          f.opU(Op.localGet, po).i32Const((outStart + r * n) * 8 + v * 16).op(Op.i32Add);
          f.opU(Op.call, chainFunction(cols));
        }
      }
      f.op(Op.end);
    }
  };
  /** Every row tile of columns j..j+cols. */
  const columnPanel = (cols: 4 | 2 | 1): void => {
    const tileRows = useModerate ? moderateRows : generalRows;
    const mTiled = m - (m % tileRows);
    forLoop(i, 0, mTiled, tileRows, () => tile(tileRows, cols));
    forLoop(i, mTiled, m, 1, () => tile(1, cols));
  };
  const n4 = n - (n % 4);
  const n2 = n - (n % 2);
  const loops = (): void => {
    forLoop(bt, 0, batches, 1, () => {
      if (hardware32) f32x4Columns(f, { m, k, n }, lanes32, bt, k === 1 ? -0 : 0, hardwareFma ? "fused" : "exactProducts");
      else forLoop(j, 0, n4, 4, () => columnPanel(4));
      forLoop(j, n4, n2, 2, () => columnPanel(2));
      forLoop(j, n2, n, 1, () => columnPanel(1));
    });
  };
  if (arithmetic === "fma64" && !hardware64) {
    // Both operands moderate (the two words sum to 2): the moderate steps; else the general ones.
    f.i32Const(0).mem(Op.f64Load, 3, moderateAt * 8).i32Const(0).mem(Op.f64Load, 3, moderateAt * 8 + 8).op(Op.f64Add).f64Const(2).op(Op.f64Eq).structured(Op.if);
    useModerate = true;
    loops();
    f.op(Op.else);
    useModerate = false;
    loops();
    f.op(Op.end);
  } else {
    loops();
  }

  const withHost = arithmetic === "fma64";
  const hostFma: FunctionType = { params: [F64, F64, F64], results: [F64] };
  const slowLanes: FunctionType = { params: SLOW_LANES_PARAMS, results: [V128] };
  const chain: FunctionType = { params: [I32, I32, I32], results: [] };
  const types: FunctionType[] = [{ params: [], results: [] }, ...(withHost ? [hostFma, slowLanes] : []), ...(fused ? [chain] : [])];
  const functions: { type: number; body: FunctionBody }[] = [{ type: 0, body: f }];
  if (withHost) {
    const slow = new FunctionBody(SLOW_LANES_PARAMS.length);
    slowLanesBody(slow, 0);
    functions.push({ type: 2, body: slow });
  }
  if (fused) for (const pair of [true, false]) functions.push({ type: withHost ? 3 : 1, body: fullChain(layout, arithmetic, pair) });
  // The fused kinds' operand preparation, run after each copy of A or B in (not before every run when an operand stays).
  const prepare = fused
    ? [
        prepareOperand(arithmetic, aStart, aLen, hardware64 ? undefined : { hiStart: aHiStart, loStart: aLoStart, moderateAt }, hardware32 ? lanes32.a32 : undefined),
        prepareOperand(arithmetic, bStart, bLen, hardware64 ? undefined : { hiStart, loStart, moderateAt: moderateAt + 1 }, hardware32 ? lanes32.b32 : undefined),
      ]
    : [];
  const firstPrepare = functions.length + (withHost ? 1 : 0);
  for (const body of prepare) functions.push({ type: 0, body });
  const bytes = encodeModule({
    types,
    ...(withHost ? { imports: [{ name: "fma64", type: 1 }] } : {}),
    functions,
    memoryPages: Math.max(1, Math.ceil(endBytes / PAGE)),
    exports: [
      { name: "run", kind: "function", index: withHost ? 1 : 0 },
      ...(fused
        ? [
            { name: "prepareA", kind: "function" as const, index: firstPrepare },
            { name: "prepareB", kind: "function" as const, index: firstPrepare + 1 },
          ]
        : []),
      { name: "memory", kind: "memory", index: 0 },
    ],
  });
  return { bytes, a: aStart, b: bStart, out: outStart, prepared: fused };
}

/**
 * The preparation of one operand of `length` values at element offset
 * `start` for the fused steps: XLA CPU reads a denormal operand as zero of
 * its sign, so each is flushed in place; with `split` (fma64), each value's
 * Veltkamp split is stored at the offsets given, made once as each value
 * serves many steps, and the word at `moderateAt` set to 1 where every
 * value is zero or of a magnitude in [MODERATE_LO, MODERATE_HI]
 * (fused_steps.ts), else 0; with `f32Copy`, the flushed values are copied
 * as f32 to that byte offset (copyAsF32).
 */
function prepareOperand(
  arithmetic: "fma32" | "fma64",
  start: number,
  length: number,
  split?: { readonly hiStart: number; readonly loStart: number; readonly moderateAt: number },
  f32Copy?: number,
): FunctionBody {
  const g = new FunctionBody();
  const p8 = g.local(I32);
  const v = g.local(V128);
  const scratch = g.local(V128);
  const moderate = g.local(V128);
  const minNormal = arithmetic === "fma32" ? F32_MIN_NORMAL : F64_MIN_NORMAL;
  const stop = (start + length + (length % 2)) * 8;
  g.forRange(p8, start * 8, stop, 16, () => {
    g.opU(Op.localGet, p8).opU(Op.localGet, p8).simdMem(Simd.v128Load, 3, 0).opU(Op.localSet, v);
    pushFlushed(g, v, minNormal);
    g.simdMem(Simd.v128Store, 3, 0);
  });
  if (split !== undefined && arithmetic === "fma64") {
    g.opU(Op.localGet, moderate).opU(Op.localGet, moderate).simd(Simd.i64x2Eq).opU(Op.localSet, moderate);
    g.forRange(p8, start * 8, stop, 16, () => {
      g.opU(Op.localGet, p8).simdMem(Simd.v128Load, 3, 0).opU(Op.localSet, v);
      g.opU(Op.localGet, p8);
      pushSplit(g, v, "hi", scratch);
      g.simdMem(Simd.v128Store, 3, (split.hiStart - start) * 8);
      g.opU(Op.localGet, p8);
      pushSplit(g, v, "lo", scratch);
      g.simdMem(Simd.v128Store, 3, (split.loStart - start) * 8);
      // moderate &= v == 0 | (|v| >= MODERATE_LO & |v| <= MODERATE_HI); NaN is neither.
      g.opU(Op.localGet, moderate);
      g.opU(Op.localGet, v).f64Const(0).simd(Simd.f64x2Splat).simd(Simd.f64x2Eq);
      g.opU(Op.localGet, v).simd(Simd.f64x2Abs).f64Const(MODERATE_LO).simd(Simd.f64x2Splat).simd(Simd.f64x2Ge);
      g.opU(Op.localGet, v).simd(Simd.f64x2Abs).f64Const(MODERATE_HI).simd(Simd.f64x2Splat).simd(Simd.f64x2Le);
      g.simd(Simd.v128And).simd(Simd.v128Or).simd(Simd.v128And).opU(Op.localSet, moderate);
    });
    g.i32Const(0);
    g.opU(Op.localGet, moderate).simd(Simd.i64x2AllTrue).op(Op.f64ConvertI32S);
    g.mem(Op.f64Store, 3, split.moderateAt * 8);
  }
  if (f32Copy !== undefined) copyAsF32(g, start * 8, length, f32Copy);
  return g;
}

/**
 * One row's chains over two adjacent columns (`pair`) or one, with the full
 * fused step (fused_steps.ts fma32Step, or fma64Step with its host calls and
 * a zero row value's plain step), from the byte addresses of the row's first
 * A value, the first column's first B value and its output: the redo of a
 * tile whose settled-case steps left a lane unsettled.
 */
function fullChain({ k, n, bStart, hiStart, loStart }: Layout, arithmetic: "fma32" | "fma64", pair: boolean): FunctionBody {
  const g = new FunctionBody(3);
  const [pa, pb, po] = [0, 1, 2];
  const k64 = arithmetic === "fma64" ? fma64Constants(g) : undefined;
  const p = g.local(I32);
  const c = g.local(V128);
  const x = g.local(V128);
  const y = g.local(V128);
  const yh = g.local(V128);
  const yl = g.local(V128);
  const xh = g.local(V128);
  const xl = g.local(V128);
  const xs = g.local(F64);
  const scratch = g.local(V128);
  // Function 2 is the slow-lane function of an fma64 module.
  const step32 = k64 === undefined ? fma32Step(g) : undefined;
  const step64 = k64 !== undefined ? fma64Step(g, 2, k64) : undefined;
  const load = pair ? Simd.v128Load : Simd.v128Load64Splat;
  g.f64Const(k === 1 ? -0 : 0).simd(Simd.f64x2Splat).opU(Op.localSet, c);
  g.forRange(p, 0, k, 1, () => {
    g.opU(Op.localGet, pa).simdMem(Simd.v128Load64Splat, 3, 0).opU(Op.localSet, x);
    g.opU(Op.localGet, pb).simdMem(load, 3, 0).opU(Op.localSet, y);
    if (step32 !== undefined) step32(c, x, y);
    if (step64 !== undefined) {
      g.opU(Op.localGet, pb).simdMem(load, 3, (hiStart - bStart) * 8).opU(Op.localSet, yh);
      g.opU(Op.localGet, pb).simdMem(load, 3, (loStart - bStart) * 8).opU(Op.localSet, yl);
      g.opU(Op.localGet, x).simdLane(Simd.f64x2ExtractLane, 0).opU(Op.localTee, xs).f64Const(0).op(Op.f64Eq).structured(Op.if);
      plainStep(g, c, x, y);
      g.op(Op.else);
      pushSplit(g, x, "hi", scratch);
      g.opU(Op.localSet, xh);
      pushSplit(g, x, "lo", scratch);
      g.opU(Op.localSet, xl);
      step64(c, { x, xh, xl, y, yh, yl }, xs);
      g.op(Op.end);
    }
    g.opU(Op.localGet, pa).i32Const(8).op(Op.i32Add).opU(Op.localSet, pa);
    g.opU(Op.localGet, pb).i32Const(n * 8).op(Op.i32Add).opU(Op.localSet, pb);
  });
  g.opU(Op.localGet, po).opU(Op.localGet, c);
  if (pair) g.simdMem(Simd.v128Store, 3, 0);
  else g.simdMemLane(Simd.v128Store64Lane, 3, 0, 0);
  return g;
}
