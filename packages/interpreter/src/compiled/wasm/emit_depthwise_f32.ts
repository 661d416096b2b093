/**
 * The f32 depthwise convolution of the compiled engine (conv_kernel.ts: one
 * input and one output feature per group, the groups contiguous in the lhs)
 * as one WebAssembly function on f32x4 lanes across groups, bitwise equal to
 * its JavaScript loop: each output (row, group) is one chain over the row's
 * real taps in order, from +0, acc = fround(acc + fround(l·w)), which
 * f32x4.mul and f32x4.add compute exactly (each rounds once to f32; the
 * JavaScript double product is exact and its double sum's second rounding
 * innocuous). Lanes run across groups only.
 *
 * Memory: L, the lhs as f32 (plus one vector of slack, so the last groups'
 * vector may read past it); W [taps][gv·4] f32, groups padded to whole
 * vectors; per row the byte offset of its first (lhs, W) pair and one past
 * its last (starts, rows + 1 of them); the pairs (lhs byte offset of group
 * 0 at the tap, W byte offset of the tap's row); the output [rows][gv·4].
 * Padded lanes compute chains nobody reads.
 */
import { FunctionBody, I32, Op, Simd, V128, encodeModule } from "./encoder.ts";
import { roundToBF16 } from "./emit_conv_f32.ts";
import { exportedBuffer, instantiate, wasmApi } from "./runtime.ts";

export interface DepthwiseSizes {
  /** Output rows (batch × positions), and vectors of four groups per row. */
  readonly rows: number;
  readonly gv: number;
  /** f32 values of the lhs, of W, and (lhs, W) pairs over all rows. */
  readonly lhs: number;
  readonly w: number;
  readonly pairs: number;
  /** Each output rounded to bf16 as it is stored (roundToBF16 of the f32 sum), for a bf16 result. */
  readonly bf16?: boolean;
}

/**
 * An instantiated depthwise product: fill l, w, starts (byte offsets into the
 * pairs: 8 per pair) and pairs (byte offsets from L's and W's starts), call
 * run, read out ([rows, gv·4]).
 */
export interface DepthwiseF32 {
  readonly l: Float32Array;
  readonly w: Float32Array;
  readonly starts: Int32Array;
  readonly pairs: Int32Array;
  readonly out: Float32Array;
  readonly run: () => void;
}

const MAX_BYTES = 128 * 1024 * 1024;
const PAGE = 65536;
/** i32.load, which the shared encoder's table does not list. */
const I32_LOAD = 0x28;
/** Output vectors kept in locals at once. */
const CHUNK = 8;

const align16 = (n: number): number => n + ((16 - (n % 16)) % 16);

interface Layout {
  readonly l: number;
  readonly w: number;
  readonly starts: number;
  readonly pairs: number;
  readonly out: number;
  readonly end: number;
}

function layout({ rows, gv, lhs, w, pairs }: DepthwiseSizes): Layout {
  const l = 0;
  const wAt = align16(l + lhs * 4 + 16);
  const starts = align16(wAt + w * 4);
  const pairsAt = align16(starts + (rows + 1) * 4);
  const out = align16(pairsAt + pairs * 8);
  return { l, w: wAt, starts, pairs: pairsAt, out, end: out + rows * gv * 16 };
}

export function emitDepthwiseF32(sizes: DepthwiseSizes): { readonly bytes: Uint8Array; readonly layout: Layout } | undefined {
  const { rows, gv } = sizes;
  const at = layout(sizes);
  if (at.end > MAX_BYTES || rows === 0 || gv === 0) return undefined;
  const f = new FunctionBody();
  const row = f.local(I32);
  const p = f.local(I32);
  const end = f.local(I32);
  const lo = f.local(I32);
  const wo = f.local(I32);
  const po = f.local(I32);
  const acc = Array.from({ length: Math.min(CHUNK, gv) }, () => f.local(V128));

  f.i32Const(0).opU(Op.localSet, row);
  f.structured(Op.loop);
  // po = row·gv·16
  f.opU(Op.localGet, row).i32Const(gv * 16).op(Op.i32Mul).opU(Op.localSet, po);
  for (let c0 = 0; c0 < gv; c0 += CHUNK) {
    const nc = Math.min(CHUNK, gv - c0);
    for (let v = 0; v < nc; v++) f.f64Const(0).simd(Simd.f64x2Splat).opU(Op.localSet, acc[v]);
    // p = starts[row], end = starts[row + 1] (byte offsets into the pairs)
    f.opU(Op.localGet, row).i32Const(4).op(Op.i32Mul).mem(I32_LOAD, 2, at.starts).opU(Op.localSet, p);
    f.opU(Op.localGet, row).i32Const(4).op(Op.i32Mul).mem(I32_LOAD, 2, at.starts + 4).opU(Op.localSet, end);
    f.structured(Op.block);
    f.opU(Op.localGet, p).opU(Op.localGet, end).op(Op.i32GeS).opU(Op.brIf, 0);
    f.structured(Op.loop);
    f.opU(Op.localGet, p).mem(I32_LOAD, 2, at.pairs).opU(Op.localSet, lo);
    f.opU(Op.localGet, p).mem(I32_LOAD, 2, at.pairs + 4).opU(Op.localSet, wo);
    for (let v = 0; v < nc; v++) {
      const byte = (c0 + v) * 16;
      f.opU(Op.localGet, acc[v]);
      f.opU(Op.localGet, lo).simdMem(Simd.v128Load, 2, at.l + byte);
      f.opU(Op.localGet, wo).simdMem(Simd.v128Load, 4, at.w + byte);
      f.simd(Simd.f32x4Mul).simd(Simd.f32x4Add).opU(Op.localSet, acc[v]);
    }
    f.opU(Op.localGet, p).i32Const(8).op(Op.i32Add).opU(Op.localTee, p).opU(Op.localGet, end).op(Op.i32LtS).opU(Op.brIf, 0);
    f.op(Op.end);
    f.op(Op.end);
    for (let v = 0; v < nc; v++) {
      f.opU(Op.localGet, po).opU(Op.localGet, acc[v]);
      if (sizes.bf16 === true) roundToBF16(f, acc[v]);
      f.simdMem(Simd.v128Store, 4, at.out + (c0 + v) * 16);
    }
  }
  f.opU(Op.localGet, row).i32Const(1).op(Op.i32Add).opU(Op.localTee, row).i32Const(rows).op(Op.i32LtS).opU(Op.brIf, 0);
  f.op(Op.end);

  const bytes = encodeModule({
    types: [{ params: [], results: [] }],
    functions: [{ type: 0, body: f }],
    memoryPages: Math.max(1, Math.ceil(at.end / PAGE)),
    exports: [
      { name: "run", kind: "function", index: 0 },
      { name: "memory", kind: "memory", index: 0 },
    ],
  });
  return { bytes, layout: at };
}

/** The depthwise product instantiated, or undefined where the host has no WebAssembly or refuses the module. */
export function compileDepthwiseF32(sizes: DepthwiseSizes): DepthwiseF32 | undefined {
  if (wasmApi === undefined) return undefined;
  const emitted = emitDepthwiseF32(sizes);
  if (emitted === undefined) return undefined;
  const instance = instantiate(emitted.bytes);
  const buffer = instance && exportedBuffer(instance, "memory");
  const run = instance?.exports.run;
  if (buffer === undefined || typeof run !== "function") return undefined;
  const at = emitted.layout;
  return {
    l: new Float32Array(buffer, at.l, sizes.lhs + 4),
    w: new Float32Array(buffer, at.w, sizes.w),
    starts: new Int32Array(buffer, at.starts, sizes.rows + 1),
    pairs: new Int32Array(buffer, at.pairs, sizes.pairs * 2),
    out: new Float32Array(buffer, at.out, sizes.rows * sizes.gv * 4),
    run: run as () => void,
  };
}
