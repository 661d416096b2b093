/**
 * The compiled engine's convolution: the reference's sums
 * (kernels/dot_conv/convolution.ts) as blocked matrix products over packed
 * tiles, for every form XLA allows — strides, padding (negative crops), lhs
 * and rhs dilation, window reversal, feature and batch groups, any
 * dimension numbers.
 *
 * The reference sums each output element (b, o, p) over the kernel's window
 * positions t in row-major order and, inside, over the group's input
 * features i, from +0, with its kind's rounding at each step (f64; f32
 * products and sums rounded to f32; 32-bit wrapping integers), skipping
 * taps that land in padding or in a dilation hole. Here output positions
 * are grouped into classes that sum the same taps; per class and group the
 * kernel is packed once per call into W [taps*Ci, width] (rows in (t, i)
 * order) and the input into panels of rows (b, p) holding the same (t, i)
 * sequence of lhs values (im2col); then the dot's register tiles
 * (dot_tiles.ts) run each output's chain along its row, in order, four rows
 * and four output features at a time.
 *
 * Where few taps are skipped (border padding), one padded class covers every
 * position with skipped taps as zero terms: a zero term leaves a chain
 * unchanged — the chain starts at +0 and never becomes -0 (x + -0 = x,
 * +0 + -0 = +0), and 0·w = ±0 — as long as w is finite; a kernel holding an
 * infinity or NaN runs through the exact classes instead. Depthwise
 * convolutions (one feature per group) sum each position's taps directly,
 * four groups at a time.
 */
import {
  type ArrayLiteral,
  type ArrayShape,
  ELEMENT_TYPE_INFO,
  type ElementType,
  EvalError,
  type InstructionOf,
  roundToBF16,
  storageOf,
  stridesOf,
} from "@minixla/hlo";
import { accumulationKind } from "../kernels/dot_conv/accumulation.ts";
import { convertScalar } from "../kernels/elementwise/convert.ts";
import { F32_TILES, F64_TILES, I32_TILES, type Tiles, blockedMatmul } from "./dot_kernel.ts";
import { type ConvGemmF32, compileConvGemmF32 } from "./wasm/emit_conv_f32.ts";
import { type DepthwiseF32, compileDepthwiseF32 } from "./wasm/emit_depthwise_f32.ts";

/** Computes the convolution into `out` (the result's length, never an operand) and returns the result. */
export type ConvKernel = (lhs: ArrayLiteral, rhs: ArrayLiteral, out: Float64Array) => ArrayLiteral;

/** Panel rows are chosen so one panel holds about this many values (256 KiB of f64, in L2 beside W). */
const PANEL_VALUES = 32768;

function product(dims: readonly number[]): number {
  let p = 1;
  for (const d of dims) p *= d;
  return p;
}

/** Throws unless the literal has the compiled shape's dimensions and f64 storage of its element count. */
function checkOperand(inst: InstructionOf<"convolution">, l: ArrayLiteral, expected: ArrayShape, position: number): Float64Array {
  const d = l.shape.dimensions;
  const e = expected.dimensions;
  const same = l.shape.elementType === expected.elementType && d.length === e.length && d.every((x, i) => x === e[i]) && l.data instanceof Float64Array && l.data.length === product(e);
  if (!same) {
    throw new EvalError(`${inst.name} (convolution): operand ${position} is ${l.shape.elementType}[${d.join(",")}], compiled for ${expected.elementType}[${e.join(",")}]`);
  }
  return l.data as Float64Array;
}

/** The operand's values converted to the result type as the reference converts them, or undefined when no conversion is needed. */
function converter(from: ElementType, to: ElementType): ((x: number) => number) | undefined {
  if (from === to) return undefined;
  const scalar = convertScalar(from, to);
  const norm = ELEMENT_TYPE_INFO[to].normalize;
  return (x) => norm(scalar(x));
}

/** A reusable buffer of one length, allocated on first use (the kernel's shapes are fixed). */
function scratch<T>(make: () => T): () => T {
  let buf: T | undefined;
  return () => (buf ??= make());
}

/**
 * Output positions that sum the same window positions: `taps` (ascending,
 * so in the reference's row-major order) at each of `positions`, the lhs
 * offset of taps[j] at positions[i] in offs[i*taps.length + j]. In a padded
 * class an offset of -1 stands for a skipped tap, packed as a zero term.
 */
interface TapClass {
  readonly taps: Int32Array;
  readonly positions: Int32Array;
  readonly offs: Int32Array;
}

/** The geometry fixed at compile time. */
interface Plan {
  readonly outBatch: number;
  readonly outSpatial: number;
  /** Window positions T and input features per group Ci. */
  readonly taps: number;
  readonly ci: number;
  /** Output features per group, and the number of groups (feature or batch groups). */
  readonly width: number;
  readonly blocks: number;
  /** Whether the groups are feature groups (else batch groups, or one group). */
  readonly featureGroups: boolean;
  /** rhs offset of window position t (reversal applied). */
  readonly rhsTap: Int32Array;
  /** Output offset of spatial position p. */
  readonly outPos: Int32Array;
  readonly lBatch: number;
  readonly lFeat: number;
  readonly rIn: number;
  readonly rOut: number;
  readonly oBatch: number;
  readonly oFeat: number;
  /** lhs offset of group k's first element: k*groupStep (a feature group's features, or a batch group's batches). */
  readonly groupStep: number;
  /** One class over every position with every tap, skipped ones as zeros; undefined when few taps would be real. */
  readonly padded: TapClass | undefined;
  /** The classes that hold only real taps (computed on first use when `padded` exists). */
  readonly exact: () => readonly TapClass[];
}

/** Odometer over a row-major index space of `sizes`, calling `visit` with each flat index and multi-index. */
function forEachIndex(sizes: readonly number[], visit: (flat: number, idx: readonly number[]) => void): void {
  const n = product(sizes);
  const idx = new Array<number>(sizes.length).fill(0);
  for (let f = 0; f < n; f++) {
    visit(f, idx);
    for (let d = sizes.length - 1; d >= 0; d--) {
      if (++idx[d] < sizes[d]) break;
      idx[d] = 0;
    }
  }
}

/** Groups positions by the taps they really sum (tapOff[p*T + t] = -1 for a skipped tap). */
function exactClasses(tapOff: Int32Array, outSpatial: number, taps: number): TapClass[] {
  const byKey = new Map<string, { taps: number[]; positions: number[] }>();
  for (let p = 0; p < outSpatial; p++) {
    const real: number[] = [];
    for (let t = 0; t < taps; t++) if (tapOff[p * taps + t] >= 0) real.push(t);
    const key = real.join(",");
    let c = byKey.get(key);
    if (c === undefined) byKey.set(key, (c = { taps: real, positions: [] }));
    c.positions.push(p);
  }
  return [...byKey.values()].map((c) => {
    const n = c.taps.length;
    const offs = new Int32Array(c.positions.length * n);
    c.positions.forEach((p, i) => c.taps.forEach((t, j) => (offs[i * n + j] = tapOff[p * taps + t])));
    return { taps: Int32Array.from(c.taps), positions: Int32Array.from(c.positions), offs };
  });
}

/** Skipped taps above this fraction (lhs dilation's holes) make exact classes pay more than zero terms cost. */
const MAX_ZERO_FRACTION = 0.25;

function plan(inst: InstructionOf<"convolution">, ld: readonly number[], rd: readonly number[], od: readonly number[]): Plan | undefined {
  const { dimensionNumbers: d, featureGroupCount, batchGroupCount, window } = inst.attributes;
  const spatial = d.inputSpatialDimensions.length;
  if (ld.length !== spatial + 2 || rd.length !== spatial + 2 || od.length !== spatial + 2 || window.length !== spatial) return undefined;
  const ci = rd[d.kernelInputFeatureDimension];
  const outFeatures = rd[d.kernelOutputFeatureDimension];
  if (featureGroupCount > 1 && batchGroupCount > 1) return undefined;
  if (ld[d.inputFeatureDimension] !== ci * featureGroupCount || od[d.outputFeatureDimension] !== outFeatures) return undefined;
  if (outFeatures % featureGroupCount !== 0 || outFeatures % batchGroupCount !== 0 || ld[d.inputBatchDimension] % batchGroupCount !== 0) return undefined;
  const outBatch = od[d.outputBatchDimension];
  if (outBatch * batchGroupCount !== ld[d.inputBatchDimension]) return undefined;
  for (let i = 0; i < spatial; i++) if (rd[d.kernelSpatialDimensions[i]] !== window[i].size) return undefined;

  const ls = stridesOf(ld);
  const rs = stridesOf(rd);
  const os = stridesOf(od);
  const outSizes = d.outputSpatialDimensions.map((o) => od[o]);
  const winSizes = window.map((w) => w.size);
  const outSpatial = product(outSizes);
  const taps = product(winSizes);
  if (outSpatial * taps > 1 << 22) return undefined; // the tap table would not pay for itself

  // Per dimension: lhs offset of window index k at output index p, or -1 (padding or a hole).
  const dimOff = window.map((w, i) => {
    const inSize = ld[d.inputSpatialDimensions[i]];
    const stride = ls[d.inputSpatialDimensions[i]];
    const t = new Int32Array(outSizes[i] * w.size);
    for (let p = 0; p < outSizes[i]; p++) {
      for (let k = 0; k < w.size; k++) {
        const undilated = p * w.stride - w.padLow + k * w.windowDilation;
        let x = -1;
        if (undilated >= 0 && undilated % w.baseDilation === 0) {
          const q = undilated / w.baseDilation;
          if (q < inSize) x = q;
        }
        t[p * w.size + k] = x < 0 ? -1 : x * stride;
      }
    }
    return t;
  });
  const tapOff = new Int32Array(outSpatial * taps);
  let skipped = 0;
  forEachIndex(outSizes, (p, pi) => {
    forEachIndex(winSizes, (t, ki) => {
      let off = 0;
      for (let i = 0; i < spatial && off >= 0; i++) {
        const o = dimOff[i][pi[i] * winSizes[i] + ki[i]];
        off = o < 0 ? -1 : off + o;
      }
      if (off < 0) skipped++;
      tapOff[p * taps + t] = off;
    });
  });
  const rhsTap = new Int32Array(taps);
  forEachIndex(winSizes, (t, ki) => {
    let off = 0;
    for (let i = 0; i < spatial; i++) off += (window[i].windowReversal ? winSizes[i] - 1 - ki[i] : ki[i]) * rs[d.kernelSpatialDimensions[i]];
    rhsTap[t] = off;
  });
  const outPos = new Int32Array(outSpatial);
  forEachIndex(outSizes, (p, pi) => {
    let off = 0;
    for (let i = 0; i < spatial; i++) off += pi[i] * os[d.outputSpatialDimensions[i]];
    outPos[p] = off;
  });
  const all: TapClass = { taps: Int32Array.from({ length: taps }, (_, t) => t), positions: Int32Array.from({ length: outSpatial }, (_, p) => p), offs: tapOff };
  const padded = skipped > 0 && skipped <= MAX_ZERO_FRACTION * outSpatial * taps ? all : undefined;
  let exact: readonly TapClass[] | undefined = skipped === 0 ? [all] : undefined;
  const blocks = Math.max(featureGroupCount, batchGroupCount);
  const lBatch = ls[d.inputBatchDimension];
  const lFeat = ls[d.inputFeatureDimension];
  return {
    outBatch,
    outSpatial,
    taps,
    ci,
    width: outFeatures / blocks,
    blocks,
    featureGroups: featureGroupCount > 1,
    rhsTap,
    outPos,
    lBatch,
    lFeat,
    rIn: rs[d.kernelInputFeatureDimension],
    rOut: rs[d.kernelOutputFeatureDimension],
    oBatch: os[d.outputBatchDimension],
    oFeat: os[d.outputFeatureDimension],
    groupStep: featureGroupCount > 1 ? ci * lFeat : outBatch * lBatch,
    padded,
    exact: () => (exact ??= exactClasses(tapOff, outSpatial, taps)),
  };
}

/**
 * Packs group k's kernel for a class into w [taps*Ci, width]: w[(j*Ci + i)*width + c] =
 * rhs[i, k*width + c, window position taps[j]]. Returns false when a weight is not finite.
 */
function packKernel<A extends Float64Array | Int32Array>(rhs: Float64Array, w: A, g: Plan, k: number, taps: Int32Array): boolean {
  const { ci, width, rhsTap, rIn, rOut } = g;
  let finite = true;
  let q = 0;
  const oBase = k * width * rOut;
  for (let j = 0; j < taps.length; j++) {
    for (let i = 0; i < ci; i++) {
      const base = oBase + rhsTap[taps[j]] + i * rIn;
      for (let c = 0, r = base; c < width; c++, r += rOut) {
        const v = rhs[r];
        if (v - v !== 0) finite = false;
        w[q++] = v;
      }
    }
  }
  return finite;
}

/**
 * Packs rows r0..r0+n of a class's im2col matrix for group k into panel
 * [n, taps*Ci]: row r (batch b = r / positions, position positions[r % positions])
 * holds lhs[b', group feature i, tap] in (tap, i) order, 0 for a skipped tap.
 */
function packRows<A extends Float64Array | Int32Array>(lhs: Float64Array, panel: A, g: Plan, cls: TapClass, k: number, r0: number, n: number): void {
  const { ci, lBatch, lFeat, groupStep } = g;
  const taps = cls.taps.length;
  const np = cls.positions.length;
  const offs = cls.offs;
  const groupBase = k * groupStep;
  let q = 0;
  let b = Math.floor(r0 / np);
  let p = r0 - b * np;
  for (let r = 0; r < n; r++) {
    const base = groupBase + b * lBatch;
    const tBase = p * taps;
    for (let t = 0; t < taps; t++) {
      const off = offs[tBase + t];
      if (off < 0) {
        for (let i = 0; i < ci; i++) panel[q++] = 0;
      } else if (lFeat === 1) {
        for (let i = 0, l = base + off; i < ci; i++, l++) panel[q++] = lhs[l];
      } else {
        for (let i = 0, l = base + off; i < ci; i++, l += lFeat) panel[q++] = lhs[l];
      }
    }
    if (++p === np) {
      p = 0;
      b++;
    }
  }
}

/** Writes rows r0..r0+n of a class's product [n, width] for group k to the output (the accumulator's values; normalized later). */
function scatterRows(prod: Float64Array, out: Float64Array, g: Plan, cls: TapClass, k: number, r0: number, n: number): void {
  const { width, outPos, oBatch, oFeat } = g;
  const positions = cls.positions;
  const np = positions.length;
  const featBase = k * width * oFeat;
  let b = Math.floor(r0 / np);
  let p = r0 - b * np;
  let q = 0;
  for (let r = 0; r < n; r++) {
    const base = featBase + b * oBatch + outPos[positions[p]];
    for (let j = 0, o = base; j < width; j++, o += oFeat) out[o] = prod[q++];
    if (++p === np) {
      p = 0;
      b++;
    }
  }
}

/** scatterRows from the WebAssembly f32 product's output, rows `stride` floats apart (columns padded to whole vectors). */
function scatterRowsF32(prod: Float32Array, stride: number, out: Float64Array, g: Plan, cls: TapClass, k: number, r0: number, n: number): void {
  const { width, outPos, oBatch, oFeat } = g;
  const positions = cls.positions;
  const np = positions.length;
  const featBase = k * width * oFeat;
  let b = Math.floor(r0 / np);
  let p = r0 - b * np;
  for (let r = 0, q0 = 0; r < n; r++, q0 += stride) {
    const base = featBase + b * oBatch + outPos[positions[p]];
    for (let j = 0, o = base; j < width; j++, o += oFeat) out[o] = prod[q0 + j];
    if (++p === np) {
      p = 0;
      b++;
    }
  }
}

/** packRows straight into the WebAssembly product's A (f32): the same values in the same order. */
function packRowsF32(lhs: Float64Array, a: Float32Array, g: Plan, cls: TapClass, k: number, r0: number, n: number): void {
  const { ci, lBatch, lFeat, groupStep } = g;
  const taps = cls.taps.length;
  const np = cls.positions.length;
  const offs = cls.offs;
  const groupBase = k * groupStep;
  let q = 0;
  let b = Math.floor(r0 / np);
  let p = r0 - b * np;
  for (let r = 0; r < n; r++) {
    const base = groupBase + b * lBatch;
    const tBase = p * taps;
    if (ci === 1) {
      // One feature per tap (a first layer, or depthwise-like groups): no inner loop to set up per tap.
      for (let t = 0; t < taps; t++) {
        const off = offs[tBase + t];
        a[q++] = off < 0 ? 0 : lhs[base + off];
      }
    } else {
      for (let t = 0; t < taps; t++) {
        const off = offs[tBase + t];
        if (off < 0) {
          for (let i = 0; i < ci; i++) a[q++] = 0;
        } else {
          for (let i = 0, l = base + off; i < ci; i++, l += lFeat) a[q++] = lhs[l];
        }
      }
    }
    if (++p === np) {
      p = 0;
      b++;
    }
  }
}

/** packKernel straight into the WebAssembly product's B, rows `stride` floats apart (the padding columns never written: their chains are never read). */
function packKernelF32(rhs: Float64Array, w: Float32Array, stride: number, g: Plan, k: number, taps: Int32Array): boolean {
  const { ci, width, rhsTap, rIn, rOut } = g;
  let finite = true;
  let row = 0;
  const oBase = k * width * rOut;
  for (let j = 0; j < taps.length; j++) {
    for (let i = 0; i < ci; i++, row += stride) {
      const base = oBase + rhsTap[taps[j]] + i * rIn;
      for (let c = 0, r = base; c < width; c++, r += rOut) {
        const v = rhs[r];
        if (v - v !== 0) finite = false;
        w[row + c] = v;
      }
    }
  }
  return finite;
}

/** Past this many entries a class's gather table (im2colTable) costs more memory than its packing saves. */
const MAX_TABLE_ENTRIES = 1 << 22;

/**
 * The lhs offset (from group 0's first element) of every value of a class's
 * im2col matrix [rows, taps*Ci], in packRows's order; -1 for a skipped tap.
 */
function im2colTable(g: Plan, cls: TapClass): Int32Array {
  const { ci, lBatch, lFeat, outBatch } = g;
  const taps = cls.taps.length;
  const np = cls.positions.length;
  const offs = cls.offs;
  const table = new Int32Array(outBatch * np * taps * ci);
  let q = 0;
  for (let b = 0; b < outBatch; b++) {
    for (let p = 0; p < np; p++) {
      for (let t = 0; t < taps; t++) {
        const off = offs[p * taps + t];
        for (let i = 0; i < ci; i++) table[q++] = off < 0 ? -1 : b * lBatch + off + i * lFeat;
      }
    }
  }
  return table;
}

/** packRowsF32 through the class's gather table: one load of the table and one of the lhs per value. */
function packRowsByTable(lhs: Float64Array, a: Float32Array, table: Int32Array, groupBase: number, from: number, count: number): void {
  for (let q = 0, e = from; q < count; q++, e++) {
    const at = table[e];
    a[q] = at < 0 ? 0 : lhs[groupBase + at];
  }
}

/** Every output of a class with no tap at all is the empty sum, +0 (false for pred). */
function zeroClass(out: Float64Array, g: Plan, cls: TapClass): void {
  const { outBatch, blocks, width, outPos, oBatch, oFeat } = g;
  for (let b = 0; b < outBatch; b++) {
    for (const p of cls.positions) for (let o = 0; o < blocks * width; o++) out[b * oBatch + outPos[p] + o * oFeat] = 0;
  }
}

/** The WebAssembly f32 product runs where the kernel has at least this many output features per group (one vector)... */
const WASM_MIN_WIDTH = 4;
/** ...and a panel holds at least this many products (below it the module's compile and the copies cost more than they save). */
const WASM_MIN_PRODUCTS = 4096;

/** The result types whose accumulator already is the stored value (no normalize pass). */
function normalizedByAccumulator(t: ElementType): boolean {
  return t === "f64" || t === "f32" || t === "s32";
}

/*
 * Depthwise convolutions (one input and one output feature per group): the
 * output of group k at one position sums lhs[group k's feature, tap] *
 * w[tap][k] over the position's real taps. Four groups advance together,
 * their sums held in locals; each keeps its own order. One function per
 * accumulation kind keeps each loop monomorphic.
 */
function depthwiseF64(l: Float64Array, w: Float64Array, out: Float64Array, g: Plan, cls: TapClass): void {
  const { outBatch, blocks: groups, lBatch, groupStep: gs, outPos, oBatch, oFeat } = g;
  const { taps, offs, positions } = cls;
  const nt = taps.length;
  const g4 = groups - (groups % 4);
  for (let b = 0; b < outBatch; b++) {
    for (let i = 0; i < positions.length; i++) {
      const lb = b * lBatch;
      const o = b * oBatch + outPos[positions[i]];
      const ob = i * nt;
      for (let k = 0; k < g4; k += 4) {
        let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (let j = 0; j < nt; j++) {
          const x = lb + offs[ob + j] + k * gs;
          const q = taps[j] * groups + k;
          s0 += l[x] * w[q];
          s1 += l[x + gs] * w[q + 1];
          s2 += l[x + 2 * gs] * w[q + 2];
          s3 += l[x + 3 * gs] * w[q + 3];
        }
        out[o + k * oFeat] = s0;
        out[o + (k + 1) * oFeat] = s1;
        out[o + (k + 2) * oFeat] = s2;
        out[o + (k + 3) * oFeat] = s3;
      }
      for (let k = g4; k < groups; k++) {
        let s = 0;
        for (let j = 0; j < nt; j++) s += l[lb + offs[ob + j] + k * gs] * w[taps[j] * groups + k];
        out[o + k * oFeat] = s;
      }
    }
  }
}

function depthwiseF32(l: Float64Array, w: Float64Array, out: Float64Array, g: Plan, cls: TapClass): void {
  const { outBatch, blocks: groups, lBatch, groupStep: gs, outPos, oBatch, oFeat } = g;
  const { taps, offs, positions } = cls;
  const nt = taps.length;
  const g4 = groups - (groups % 4);
  for (let b = 0; b < outBatch; b++) {
    for (let i = 0; i < positions.length; i++) {
      const lb = b * lBatch;
      const o = b * oBatch + outPos[positions[i]];
      const ob = i * nt;
      for (let k = 0; k < g4; k += 4) {
        let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (let j = 0; j < nt; j++) {
          const x = lb + offs[ob + j] + k * gs;
          const q = taps[j] * groups + k;
          s0 = Math.fround(s0 + Math.fround(l[x] * w[q]));
          s1 = Math.fround(s1 + Math.fround(l[x + gs] * w[q + 1]));
          s2 = Math.fround(s2 + Math.fround(l[x + 2 * gs] * w[q + 2]));
          s3 = Math.fround(s3 + Math.fround(l[x + 3 * gs] * w[q + 3]));
        }
        out[o + k * oFeat] = s0;
        out[o + (k + 1) * oFeat] = s1;
        out[o + (k + 2) * oFeat] = s2;
        out[o + (k + 3) * oFeat] = s3;
      }
      for (let k = g4; k < groups; k++) {
        let s = 0;
        for (let j = 0; j < nt; j++) s = Math.fround(s + Math.fround(l[lb + offs[ob + j] + k * gs] * w[taps[j] * groups + k]));
        out[o + k * oFeat] = s;
      }
    }
  }
}

function depthwiseI32(l: Float64Array, w: Float64Array, out: Float64Array, g: Plan, cls: TapClass): void {
  const { outBatch, blocks: groups, lBatch, groupStep: gs, outPos, oBatch, oFeat } = g;
  const { taps, offs, positions } = cls;
  const nt = taps.length;
  const g4 = groups - (groups % 4);
  for (let b = 0; b < outBatch; b++) {
    for (let i = 0; i < positions.length; i++) {
      const lb = b * lBatch;
      const o = b * oBatch + outPos[positions[i]];
      const ob = i * nt;
      for (let k = 0; k < g4; k += 4) {
        let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (let j = 0; j < nt; j++) {
          const x = lb + offs[ob + j] + k * gs;
          const q = taps[j] * groups + k;
          s0 = (s0 + Math.imul(l[x], w[q])) | 0;
          s1 = (s1 + Math.imul(l[x + gs], w[q + 1])) | 0;
          s2 = (s2 + Math.imul(l[x + 2 * gs], w[q + 2])) | 0;
          s3 = (s3 + Math.imul(l[x + 3 * gs], w[q + 3])) | 0;
        }
        out[o + k * oFeat] = s0;
        out[o + (k + 1) * oFeat] = s1;
        out[o + (k + 2) * oFeat] = s2;
        out[o + (k + 3) * oFeat] = s3;
      }
      for (let k = g4; k < groups; k++) {
        let s = 0;
        for (let j = 0; j < nt; j++) s = (s + Math.imul(l[lb + offs[ob + j] + k * gs], w[taps[j] * groups + k])) | 0;
        out[o + k * oFeat] = s;
      }
    }
  }
}

/** Packs a depthwise kernel into w [T][groups]: w[t*groups + k] = rhs[0, k, window position t]. */
function packDepthwise(rhs: Float64Array, w: Float64Array, g: Plan): void {
  const { taps, blocks, rhsTap, rOut } = g;
  for (let t = 0; t < taps; t++) for (let k = 0; k < blocks; k++) w[t * blocks + k] = rhs[k * rOut + rhsTap[t]];
}

/** The WebAssembly f32 depthwise product with its row table filled, and each row's output offset (of group 0). */
interface WasmDepthwise {
  readonly dw: DepthwiseF32;
  readonly rowOut: Int32Array;
  readonly gv: number;
}

/** Lists every (row, real tap) of the exact classes into the module's tables: the rows of depthwiseF32, the same taps in the same order. */
function wasmDepthwise(g: Plan, lhsCount: number, bf16: boolean): WasmDepthwise | undefined {
  const classes = g.exact();
  const { outBatch, blocks, lBatch, oBatch, outPos } = g;
  let rows = 0;
  let pairs = 0;
  for (const c of classes) {
    rows += outBatch * c.positions.length;
    pairs += outBatch * c.positions.length * c.taps.length;
  }
  const gv = Math.ceil(blocks / 4);
  const dw = compileDepthwiseF32({ rows, gv, lhs: lhsCount, w: g.taps * gv * 4, pairs, bf16 });
  if (dw === undefined) return undefined;
  const rowOut = new Int32Array(rows);
  let row = 0;
  let pair = 0;
  for (const { taps, offs, positions } of classes) {
    const nt = taps.length;
    for (let b = 0; b < outBatch; b++) {
      for (let i = 0; i < positions.length; i++, row++) {
        dw.starts[row] = pair * 8;
        rowOut[row] = b * oBatch + outPos[positions[i]];
        for (let j = 0; j < nt; j++, pair++) {
          dw.pairs[2 * pair] = (b * lBatch + offs[i * nt + j]) * 4;
          dw.pairs[2 * pair + 1] = taps[j] * gv * 16;
        }
      }
    }
  }
  dw.starts[rows] = pair * 8;
  return { dw, rowOut, gv };
}

/** Runs the WebAssembly depthwise product: lhs and kernel copied in as f32 (exact: f32 accumulation's operands are f32 values), outputs scattered. */
function runWasmDepthwise({ dw, rowOut, gv }: WasmDepthwise, l: Float64Array, rhs: Float64Array, out: Float64Array, g: Plan): void {
  const { taps, blocks, rhsTap, rOut, oFeat } = g;
  dw.l.set(l);
  const stride = gv * 4;
  for (let t = 0; t < taps; t++) for (let k = 0; k < blocks; k++) dw.w[t * stride + k] = rhs[k * rOut + rhsTap[t]];
  dw.run();
  const res = dw.out;
  for (let row = 0, q = 0; row < rowOut.length; row++, q += stride) {
    const base = rowOut[row];
    for (let k = 0, o = base; k < blocks; k++, o += oFeat) out[o] = res[q + k];
  }
}

/** A reusable buffer of at least the asked length, grown when a larger one is asked for. */
function grower<A extends Float64Array | Int32Array>(make: (n: number) => A): (n: number) => A {
  let buf: A | undefined;
  return (n) => (buf === undefined || buf.length < n ? (buf = make(n)) : buf);
}

/**
 * A compiled convolution for results and operands stored one float64 per
 * element (float64/float32/int32 accumulation kinds); undefined otherwise,
 * or when the shapes do not match the attributes (the engine then runs the
 * reference kernel, which reports it).
 */
export function compileConvolution(
  inst: InstructionOf<"convolution">,
  lhsShape: ArrayShape,
  rhsShape: ArrayShape,
  wasm = true,
  constantRhs: Float64Array | undefined = undefined,
): ConvKernel | undefined {
  const result = inst.shape;
  if (result.elementType === "tuple") return undefined;
  const t = result.elementType;
  if (storageOf(t) !== "f64" || storageOf(lhsShape.elementType) !== "f64" || storageOf(rhsShape.elementType) !== "f64") return undefined;
  if (ELEMENT_TYPE_INFO[t].kind === "token") return undefined;
  const kind = accumulationKind(t, `${inst.name} (convolution)`);
  if (kind !== "float64" && kind !== "float32" && kind !== "int32") return undefined;
  const ld = lhsShape.dimensions;
  const rd = rhsShape.dimensions;
  const g = plan(inst, ld, rd, result.dimensions);
  if (g === undefined) return undefined;

  const outCount = product(result.dimensions);
  const lhsCount = product(ld);
  const rhsCount = product(rd);
  const convertLhs = converter(lhsShape.elementType, t);
  const convertRhs = converter(rhsShape.elementType, t);
  const lhsConverted = scratch(() => new Float64Array(lhsCount));
  const rhsConverted = scratch(() => new Float64Array(rhsCount));
  const normalize = normalizedByAccumulator(t) ? undefined : ELEMENT_TYPE_INFO[t].normalize;
  const depthwise = g.width === 1 && g.ci === 1 && g.blocks > 1;
  const prodBuf = grower((n) => new Float64Array(n));
  const wF64 = grower((n) => new Float64Array(n));
  const pF64 = grower((n) => new Float64Array(n));
  const wI32 = grower((n) => new Int32Array(n));
  const pI32 = grower((n) => new Int32Array(n));
  const wDepthwise = scratch(() => new Float64Array(g.taps * g.blocks));
  // A bf16 result is rounded by the WebAssembly product as it stores it; `unrounded` notes a run where another path wrote outputs.
  const storesBF16 = normalize === roundToBF16;
  let unrounded = false;
  // f32 products as WebAssembly f32x4 (wasm/emit_conv_f32.ts), one module per (panel rows, depth), made on first use.
  const wasmF32 = wasm && kind === "float32" && g.width >= WASM_MIN_WIDTH;
  const wasmGemms = new Map<string, ConvGemmF32 | null>();
  const wasmGemm = (m: number, depth: number): ConvGemmF32 | undefined => {
    const key = `${m},${depth}`;
    let e = wasmGemms.get(key);
    if (e === undefined) {
      const input = lhsCount <= MAX_TABLE_ENTRIES ? lhsCount : 0;
      e = m * depth * g.width >= WASM_MIN_PRODUCTS ? (compileConvGemmF32({ m, k: depth, nv: Math.ceil(g.width / 4), bf16: storesBF16, input }) ?? null) : null;
      wasmGemms.set(key, e);
    }
    return e ?? undefined;
  };

  // The runs so far; each product's input copy and resident table slice, and the run and slice they are of.
  let runs = 0;
  const inputRun = new Map<ConvGemmF32, number>();
  const residentSlice = new Map<ConvGemmF32, { readonly table: Int32Array; readonly from: number; readonly count: number }>();
  /** A's rows r0..r0+n for group k: gathered in the module from its copy of the input, by the class's table where there is one. */
  const packA = (simd: ConvGemmF32, l: Float64Array, cls: TapClass, table: Int32Array | undefined, k: number, r0: number, n: number, depth: number): void => {
    const from = r0 * depth;
    const count = n * depth;
    if (table === undefined) return packRowsF32(l, simd.a, g, cls, k, r0, n);
    if (simd.gather === undefined || simd.input === undefined || simd.table === undefined) return packRowsByTable(l, simd.a, table, k * g.groupStep, from, count);
    if (inputRun.get(simd) !== runs) {
      simd.input.set(l);
      inputRun.set(simd, runs);
    }
    const slice = residentSlice.get(simd);
    if (slice === undefined || slice.table !== table || slice.from !== from || slice.count !== count) {
      simd.table.set(table.subarray(from, from + count));
      residentSlice.set(simd, { table, from, count });
    }
    simd.gather(count, k * g.groupStep);
  };
  // Each class's gather table for the WebAssembly product's A, made on first use (none past MAX_TABLE_ENTRIES).
  const tables = new Map<TapClass, Int32Array | null>();
  const tableOf = (cls: TapClass, entries: number): Int32Array | undefined => {
    let t = tables.get(cls);
    if (t === undefined) tables.set(cls, (t = entries <= MAX_TABLE_ENTRIES ? im2colTable(g, cls) : null));
    return t ?? undefined;
  };
  // A constant kernel (the module's own array, never written) is packed once per class and group; later
  // runs copy the packed rows into the product's B.
  const packedConstant = new Map<TapClass, ({ readonly rows: Float32Array; readonly finite: boolean } | undefined)[]>();
  const packB = (r: Float64Array, b: Float32Array, stride: number, k: number, cls: TapClass): boolean => {
    if (r !== constantRhs) return packKernelF32(r, b, stride, g, k, cls.taps);
    let perGroup = packedConstant.get(cls);
    if (perGroup === undefined) packedConstant.set(cls, (perGroup = []));
    const length = cls.taps.length * g.ci * stride;
    let packed = perGroup[k];
    if (packed === undefined || packed.rows.length !== length) {
      const finite = packKernelF32(r, b, stride, g, k, cls.taps);
      packed = { rows: b.slice(0, length), finite };
      perGroup[k] = packed;
      return finite;
    }
    b.set(packed.rows);
    return packed.finite;
  };

  /**
   * The classes' outputs through the kind's tiles, operands packed into
   * arrays of type A; false (having written some outputs) when the padded
   * class meets a non-finite weight.
   */
  const gemm = <A extends Float64Array | Int32Array>(tiles: Tiles<A>, wBuf: (n: number) => A, pBuf: (n: number) => A, l: Float64Array, r: Float64Array, out: Float64Array, classes: readonly TapClass[], floats: boolean): boolean => {
    for (const cls of classes) {
      const depth = cls.taps.length * g.ci;
      const rows = g.outBatch * cls.positions.length;
      if (rows === 0) continue;
      if (depth === 0) {
        zeroClass(out, g, cls);
        continue;
      }
      const panelRows = Math.min(rows, Math.max(4, Math.floor(PANEL_VALUES / depth) & ~3));
      const wk = wBuf(depth * g.width);
      const pk = pBuf(panelRows * depth);
      const simd = wasmF32 ? wasmGemm(panelRows, depth) : undefined;
      const temp = prodBuf(panelRows * g.width);
      for (let k = 0; k < g.blocks; k++) {
        if (simd !== undefined) {
          // Rows past n in the last panel hold an earlier panel's values: their chains run and are never read.
          const stride = Math.ceil(g.width / 4) * 4;
          if (!packB(r, simd.b, simd.bStride, k, cls) && cls === g.padded) return false;
          const table = tableOf(cls, rows * depth);
          for (let r0 = 0; r0 < rows; r0 += panelRows) {
            const n = Math.min(panelRows, rows - r0);
            packA(simd, l, cls, table, k, r0, n, depth);
            simd.run();
            scatterRowsF32(simd.out, stride, out, g, cls, k, r0, n);
          }
          continue;
        }
        unrounded = true;
        const finite = packKernel(r, wk, g, k, cls.taps);
        if (floats && !finite && cls === g.padded) return false;
        for (let r0 = 0; r0 < rows; r0 += panelRows) {
          const n = Math.min(panelRows, rows - r0);
          packRows(l, pk, g, cls, k, r0, n);
          blockedMatmul(tiles, pk, wk, temp, { batches: 1, m: n, k: depth, n: g.width });
          scatterRows(temp, out, g, cls, k, r0, n);
        }
      }
    }
    return true;
  };

  const runGemm = (l: Float64Array, r: Float64Array, out: Float64Array, classes: readonly TapClass[]): boolean => {
    switch (kind) {
      case "float64":
        return gemm(F64_TILES, wF64, pF64, l, r, out, classes, true);
      case "float32":
        return gemm(F32_TILES, wF64, pF64, l, r, out, classes, true);
      case "int32":
        return gemm(I32_TILES, wI32, pI32, l, r, out, classes, false);
      default:
        return kind satisfies never;
    }
  };

  // f32 depthwise with the groups contiguous in the lhs: WebAssembly lanes across groups, its tables made on first use.
  const depthwiseSimd = depthwise && wasm && kind === "float32" && g.groupStep === 1 && g.blocks >= 4;
  let simdDepthwise: WasmDepthwise | null | undefined;
  const runDepthwise = (l: Float64Array, r: Float64Array, out: Float64Array): void => {
    if (depthwiseSimd) {
      simdDepthwise ??= wasmDepthwise(g, lhsCount, storesBF16) ?? null;
      if (simdDepthwise !== null) {
        runWasmDepthwise(simdDepthwise, l, r, out, g);
        return;
      }
    }
    unrounded = true;
    const w = wDepthwise();
    packDepthwise(r, w, g);
    const loop = kind === "float64" ? depthwiseF64 : kind === "float32" ? depthwiseF32 : depthwiseI32;
    for (const cls of g.exact()) loop(l, w, out, g, cls);
  };

  return (lhs, rhs, out) => {
    let l = checkOperand(inst, lhs, lhsShape, 0);
    let r = checkOperand(inst, rhs, rhsShape, 1);
    if (out.length !== outCount || out === l || out === r) {
      throw new EvalError(`${inst.name} (convolution): the result buffer must hold ${outCount} elements and not be an operand`);
    }
    if (convertLhs !== undefined) {
      const c = lhsConverted();
      for (let i = 0; i < lhsCount; i++) c[i] = convertLhs(l[i]);
      l = c;
    }
    if (convertRhs !== undefined) {
      const c = rhsConverted();
      for (let i = 0; i < rhsCount; i++) c[i] = convertRhs(r[i]);
      r = c;
    }
    if (outCount === 0) return { shape: result, data: out };
    runs++;
    unrounded = !storesBF16;
    if (depthwise) runDepthwise(l, r, out);
    else if (g.padded === undefined || !runGemm(l, r, out, [g.padded])) runGemm(l, r, out, g.exact());
    if (normalize !== undefined && unrounded) for (let i = 0; i < outCount; i++) out[i] = normalize(out[i]);
    return { shape: result, data: out };
  };
}
