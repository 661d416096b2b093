/**
 * The f32 matrix product of the compiled convolution (conv_kernel.ts: an
 * im2col panel A [m, k] times the packed kernel B [k, width]) as one
 * WebAssembly function on f32x4 lanes, bitwise equal to the JavaScript f32
 * tiles (dot_tiles.ts): each output is one chain over k, ascending from +0,
 * acc = fround(acc + fround(a·b)). f32x4.mul and f32x4.add round each
 * product and sum of two f32 values once to f32, which is what the tiles'
 * fround of the double product (exact) and of the double sum (53 ≥ 2·24 + 2
 * bits, so the double rounding is innocuous) give; subnormals are kept in
 * both. Lanes run across output columns only, never along a chain.
 *
 * Memory holds A (f32, row-major; each value loads into four lanes with
 * v128.load32_splat), B with its columns padded to whole
 * vectors (nv = ceil(width/4) vectors per row, and a cache line more where
 * that would alias: bRowVectors), then the output [m, nv]
 * vectors; a padded column computes a chain nobody reads. Tiles of 4 rows ×
 * 2 vectors, then 1-vector columns and single rows at the edges.
 */
import { FunctionBody, I32, Op, Simd, type SimdOp, V128, encodeModule } from "./encoder.ts";
import { exportedBuffer, instantiate, wasmApi } from "./runtime.ts";

export interface ConvGemmSizes {
  /** Rows of A (panel rows), the depth k, and output vectors per row. */
  readonly m: number;
  readonly k: number;
  readonly nv: number;
  /** Each output rounded to bf16 as it is stored (roundToBF16 of the f32 sum), for a bf16 result. */
  readonly bf16?: boolean;
  /**
   * Values of the input the module gathers A from (0: none): memory then
   * holds the input as f32 (and a zero after it) and a table of m·k input
   * offsets, and exports gather(count, base), which sets A's first count
   * values to input[base + table[q]], or zero where table[q] is negative.
   */
  readonly input?: number;
}

export interface EmittedConvGemm {
  readonly bytes: Uint8Array;
  /** Byte offsets of A, B and the output, and of the gathered input and its table (ConvGemmSizes.input). */
  readonly a: number;
  readonly b: number;
  readonly out: number;
  readonly input: number;
  readonly table: number;
}

const MAX_BYTES = 128 * 1024 * 1024;
/** v128.load32_splat (0xFD 0x09), which the shared encoder's table does not list. */
const V128_LOAD32_SPLAT = 0x09 as number as SimdOp;
const PAGE = 65536;

/**
 * B's row length in vectors: nv, and one cache line more where nv·16 bytes
 * is a multiple of 1 KB, whose rows (one column strip's loads, k of them)
 * would otherwise fall into few cache sets and evict each other (a product
 * of depth 1024 by 1024 columns ran 4.6 times slower per product than one
 * of 512 by 512).
 */
export function bRowVectors(nv: number): number {
  return nv >= 16 && (nv * 16) % 1024 === 0 ? nv + 4 : nv;
}

/**
 * Replaces the f32x4 value on the stack (local x's) with its bits rounded
 * to the nearest bf16, ties to even (adding 0x7fff and the lowest kept bit;
 * a carry into the exponent is right, up to infinity), inf and NaN as they are.
 */
export function roundToBF16(f: FunctionBody, x: number): void {
  const i32 = (v: number): void => void f.i32Const(v).simd(Simd.i32x4Splat);
  i32(0x7fff), f.simd(Simd.i32x4Add);
  f.opU(Op.localGet, x).i32Const(16).simd(Simd.i32x4ShrU), i32(1), f.simd(Simd.v128And).simd(Simd.i32x4Add);
  i32(0xffff0000 | 0), f.simd(Simd.v128And);
  // bitselect(rounded, x, x is finite), its operands in that order.
  f.opU(Op.localGet, x);
  f.opU(Op.localGet, x), i32(0x7f800000), f.simd(Simd.v128And), i32(0x7f800000), f.simd(Simd.i32x4Ne);
  f.simd(Simd.v128Bitselect);
}

/** The module, or undefined where its memory would pass MAX_BYTES. */
export function emitConvGemmF32({ m, k, nv, bf16 = false, input = 0 }: ConvGemmSizes): EmittedConvGemm | undefined {
  const aBytes = m * k * 4 + 16;
  const bs = bRowVectors(nv);
  const bBytes = k * bs * 16;
  const outBytes = m * nv * 16;
  const aStart = 0;
  const bStart = aStart + aBytes + ((16 - (aBytes % 16)) % 16);
  const outStart = bStart + bBytes;
  const inputStart = outStart + outBytes;
  const tableStart = inputStart + (input > 0 ? (input + 1) * 4 : 0);
  const end = tableStart + (input > 0 ? m * k * 4 : 0);
  if (end > MAX_BYTES || m === 0 || nv === 0) return undefined;

  const f = new FunctionBody();
  const i = f.local(I32);
  const j = f.local(I32);
  const pa = f.local(I32);
  const pb = f.local(I32);
  const po = f.local(I32);
  const p16 = f.local(I32);
  const p4 = f.local(I32);
  const acc = Array.from({ length: 8 }, () => f.local(V128));
  const bv = [f.local(V128), f.local(V128)];
  const xv = f.local(V128);

  const forLoop = f.forRange.bind(f);

  /** One tile of `rows` rows and `vectors` output vectors at row i, vector j. */
  const tile = (rows: number, vectors: 1 | 2): void => {
    // pa = i·k·4, pb = j·16, po = (i·nv + j)·16
    f.opU(Op.localGet, i).i32Const(k * 4).op(Op.i32Mul).opU(Op.localSet, pa);
    f.opU(Op.localGet, j).i32Const(16).op(Op.i32Mul).opU(Op.localSet, pb);
    f.opU(Op.localGet, i).i32Const(nv).op(Op.i32Mul).opU(Op.localGet, j).op(Op.i32Add).i32Const(16).op(Op.i32Mul).opU(Op.localSet, po);
    // Every chain starts at +0 (all-zero bits).
    for (let r = 0; r < rows; r++) for (let v = 0; v < vectors; v++) f.f64Const(0).simd(Simd.f64x2Splat).opU(Op.localSet, acc[r * 2 + v]);
    if (k > 0) {
      f.i32Const(0).opU(Op.localSet, p16);
      f.i32Const(0).opU(Op.localSet, p4);
      f.structured(Op.loop);
      for (let v = 0; v < vectors; v++) f.opU(Op.localGet, pb).simdMem(Simd.v128Load, 4, bStart + v * 16).opU(Op.localSet, bv[v]);
      for (let r = 0; r < rows; r++) {
        f.opU(Op.localGet, pa).opU(Op.localGet, p4).op(Op.i32Add).simdMem(V128_LOAD32_SPLAT, 2, aStart + r * k * 4).opU(Op.localSet, xv);
        for (let v = 0; v < vectors; v++) {
          const c = acc[r * 2 + v];
          f.opU(Op.localGet, c).opU(Op.localGet, xv).opU(Op.localGet, bv[v]).simd(Simd.f32x4Mul).simd(Simd.f32x4Add).opU(Op.localSet, c);
        }
      }
      f.opU(Op.localGet, pb).i32Const(bs * 16).op(Op.i32Add).opU(Op.localSet, pb);
      f.opU(Op.localGet, p4).i32Const(4).op(Op.i32Add).opU(Op.localSet, p4);
      f.opU(Op.localGet, p16).i32Const(16).op(Op.i32Add).opU(Op.localTee, p16).i32Const(k * 16).op(Op.i32LtS).opU(Op.brIf, 0);
      f.op(Op.end);
    }
    for (let r = 0; r < rows; r++) {
      for (let v = 0; v < vectors; v++) {
        f.opU(Op.localGet, po).opU(Op.localGet, acc[r * 2 + v]);
        if (bf16) roundToBF16(f, acc[r * 2 + v]);
        f.simdMem(Simd.v128Store, 4, outStart + (r * nv + v) * 16);
      }
    }
  };
  const m4 = m - (m % 4);
  const n2 = nv - (nv % 2);
  const columnPanel = (vectors: 1 | 2): void => {
    forLoop(i, 0, m4, 4, () => tile(4, vectors));
    forLoop(i, m4, m, 1, () => tile(1, vectors));
  };
  forLoop(j, 0, n2, 2, () => columnPanel(2));
  forLoop(j, n2, nv, 1, () => columnPanel(1));

  const functions = [{ type: 0, body: f }, ...(input > 0 ? [{ type: 1, body: gatherBody(aStart, inputStart, tableStart, input) }] : [])];
  const bytes = encodeModule({
    types: [{ params: [], results: [] }, { params: [I32, I32], results: [] }],
    functions,
    memoryPages: Math.max(1, Math.ceil(end / PAGE)),
    exports: [
      { name: "run", kind: "function", index: 0 },
      ...(input > 0 ? [{ name: "gather", kind: "function" as const, index: 1 }] : []),
      { name: "memory", kind: "memory", index: 0 },
    ],
  });
  return { bytes, a: aStart, b: bStart, out: outStart, input: inputStart, table: tableStart };
}

/**
 * gather(count, base): A[q] = input[base + table[q]] for q < count, the
 * zero after the input (at index `length`) where table[q] is negative.
 */
function gatherBody(aStart: number, inputStart: number, tableStart: number, length: number): FunctionBody {
  const g = new FunctionBody(2);
  const count = 0;
  const base = 1;
  const q4 = g.local(I32);
  const t = g.local(I32);
  g.i32Const(0).opU(Op.localSet, q4);
  g.structured(Op.block);
  g.opU(Op.localGet, count).i32Const(0).op(Op.i32LeS).opU(Op.brIf, 0);
  g.structured(Op.loop);
  // address of A[q]; then input[t < 0 ? length : base + t]
  g.opU(Op.localGet, q4);
  g.opU(Op.localGet, q4).mem(Op.i32Load, 2, tableStart).opU(Op.localTee, t).opU(Op.localGet, base).op(Op.i32Add);
  g.i32Const(length);
  g.opU(Op.localGet, t).i32Const(0).op(Op.i32GeS).op(Op.select);
  g.i32Const(4).op(Op.i32Mul).mem(Op.f32Load, 2, inputStart);
  g.mem(Op.f32Store, 2, aStart);
  g.opU(Op.localGet, q4).i32Const(4).op(Op.i32Add).opU(Op.localTee, q4);
  g.opU(Op.localGet, count).i32Const(4).op(Op.i32Mul).op(Op.i32LtS).opU(Op.brIf, 0);
  g.op(Op.end);
  g.op(Op.end);
  return g;
}

/** An instantiated product: fill `a` ([m, k]) and `b` ([k, bStride], bStride = bRowVectors(nv)·4), call run, read `out` ([m, nv·4]). */
export interface ConvGemmF32 {
  readonly a: Float32Array;
  readonly b: Float32Array;
  /** B's row length in floats. */
  readonly bStride: number;
  readonly out: Float32Array;
  readonly run: () => void;
  /** With ConvGemmSizes.input: the input as f32 (its `input` values), the offsets table (m·k), and gather(count, base). */
  readonly input: Float32Array | undefined;
  readonly table: Int32Array | undefined;
  readonly gather: ((count: number, base: number) => void) | undefined;
}

/** The product instantiated, or undefined where the host has no WebAssembly or refuses the module. */
export function compileConvGemmF32(sizes: ConvGemmSizes): ConvGemmF32 | undefined {
  if (wasmApi === undefined) return undefined;
  const emitted = emitConvGemmF32(sizes);
  if (emitted === undefined) return undefined;
  const instance = instantiate(emitted.bytes);
  const buffer = instance && exportedBuffer(instance, "memory");
  const run = instance?.exports.run;
  const gather = instance?.exports.gather;
  if (buffer === undefined || typeof run !== "function") return undefined;
  const { m, k, nv, input = 0 } = sizes;
  if (input > 0 && typeof gather !== "function") return undefined;
  return {
    input: input > 0 ? new Float32Array(buffer, emitted.input, input) : undefined,
    table: input > 0 ? new Int32Array(buffer, emitted.table, m * k) : undefined,
    gather: input > 0 ? (gather as (count: number, base: number) => void) : undefined,
    a: new Float32Array(buffer, emitted.a, m * k),
    b: new Float32Array(buffer, emitted.b, k * bRowVectors(nv) * 4),
    bStride: bRowVectors(nv) * 4,
    out: new Float32Array(buffer, emitted.out, m * nv * 4),
    run: run as () => void,
  };
}
