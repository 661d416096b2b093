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
 * taps that land in padding or in a dilation hole. Here, per group, the
 * kernel is packed once per call into W [T*Ci, width] (rows in that (t, i)
 * order) and the input into panels of rows (b, p) holding the same (t, i)
 * sequence of lhs values (im2col), a skipped tap written as 0; then the
 * dot's register tiles (dot_tiles.ts) run each output's chain over the row
 * in order. A zero term leaves a chain unchanged — the chain starts at +0
 * and never becomes -0 (x + -0 = x, +0 + -0 = +0), and 0·w = ±0 — as long
 * as w is finite: a kernel with an infinity or NaN where a tap can be
 * skipped is declined at run time (the caller then runs the reference), as
 * 0·inf would be NaN where the reference adds nothing.
 */
import {
  type ArrayLiteral,
  type ArrayShape,
  ELEMENT_TYPE_INFO,
  type ElementType,
  EvalError,
  type InstructionOf,
  storageOf,
  stridesOf,
} from "@minixla/hlo";
import { accumulationKind } from "../kernels/dot_conv/accumulation.ts";
import { convertScalar } from "../kernels/elementwise/convert.ts";
import { F32_TILES, F64_TILES, I32_TILES, type Tiles, blockedMatmul } from "./dot_kernel.ts";

/**
 * Computes the convolution into `out` (the result's length, never an
 * operand) and returns the result, or undefined when the kernel holds a
 * non-finite weight and some tap is skipped (the reference must run).
 */
export type ConvKernel = (lhs: ArrayLiteral, rhs: ArrayLiteral, out: Float64Array) => ArrayLiteral | undefined;

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

/** The geometry fixed at compile time. */
interface Plan {
  /** Output rows per group: outBatch * P (P output spatial positions), row r = b*P + p. */
  readonly rows: number;
  readonly outSpatial: number;
  /** Window positions T and input features per group Ci: a row holds T*Ci values. */
  readonly taps: number;
  readonly ci: number;
  /** Output features per group, and the number of groups (feature or batch groups). */
  readonly width: number;
  readonly blocks: number;
  /** lhs offset of tap t at output position p (tapOff[p*T + t]), -1 where the tap is skipped. */
  readonly tapOff: Int32Array;
  /** Whether any tap is skipped (padding, a dilation hole, a crop). */
  readonly skips: boolean;
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
  if (outSpatial * taps > 1 << 26) return undefined; // the tap table would not pay for itself

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
  let skips = false;
  forEachIndex(outSizes, (p, pi) => {
    forEachIndex(winSizes, (t, ki) => {
      let off = 0;
      for (let i = 0; i < spatial && off >= 0; i++) {
        const o = dimOff[i][pi[i] * winSizes[i] + ki[i]];
        off = o < 0 ? -1 : off + o;
      }
      if (off < 0) skips = true;
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
  const blocks = Math.max(featureGroupCount, batchGroupCount);
  const lBatch = ls[d.inputBatchDimension];
  const lFeat = ls[d.inputFeatureDimension];
  return {
    rows: outBatch * outSpatial,
    outSpatial,
    taps,
    ci,
    width: outFeatures / blocks,
    blocks,
    tapOff,
    skips,
    rhsTap,
    outPos,
    lBatch,
    lFeat,
    rIn: rs[d.kernelInputFeatureDimension],
    rOut: rs[d.kernelOutputFeatureDimension],
    oBatch: os[d.outputBatchDimension],
    oFeat: os[d.outputFeatureDimension],
    groupStep: featureGroupCount > 1 ? ci * lFeat : outBatch * lBatch,
  };
}

/**
 * Packs group k's kernel into w [T*Ci, width]: w[(t*Ci + i)*width + j] =
 * rhs[i, k*width + j, window position t]. Returns false when a weight is not
 * finite (which matters only where taps are skipped).
 */
function packKernel<A extends Float64Array | Int32Array>(rhs: Float64Array, w: A, g: Plan, k: number): boolean {
  const { taps, ci, width, rhsTap, rIn, rOut } = g;
  let finite = true;
  let q = 0;
  const oBase = k * width * rOut;
  for (let t = 0; t < taps; t++) {
    for (let i = 0; i < ci; i++) {
      const base = oBase + rhsTap[t] + i * rIn;
      for (let j = 0, r = base; j < width; j++, r += rOut) {
        const v = rhs[r];
        if (v - v !== 0) finite = false;
        w[q++] = v;
      }
    }
  }
  return finite;
}

/** Packs rows r0..r0+n of group k's im2col matrix into panel [n, T*Ci]: row (b, p) holds lhs[b', g*Ci + i, x(p, t)] in (t, i) order, 0 for a skipped tap. */
function packRows<A extends Float64Array | Int32Array>(lhs: Float64Array, panel: A, g: Plan, k: number, r0: number, n: number): void {
  const { outSpatial, taps, ci, tapOff, lBatch, lFeat, groupStep } = g;
  const groupBase = k * groupStep;
  let q = 0;
  let b = Math.floor(r0 / outSpatial);
  let p = r0 - b * outSpatial;
  for (let r = 0; r < n; r++) {
    const base = groupBase + b * lBatch;
    const tBase = p * taps;
    for (let t = 0; t < taps; t++) {
      const off = tapOff[tBase + t];
      if (off < 0) {
        for (let i = 0; i < ci; i++) panel[q++] = 0;
      } else if (lFeat === 1) {
        for (let i = 0, l = base + off; i < ci; i++, l++) panel[q++] = lhs[l];
      } else {
        for (let i = 0, l = base + off; i < ci; i++, l += lFeat) panel[q++] = lhs[l];
      }
    }
    if (++p === outSpatial) {
      p = 0;
      b++;
    }
  }
}

/** Writes rows r0..r0+n of group k's product [n, width] to the output, normalized when the accumulator is not the stored value. */
function scatterRows(prod: Float64Array, out: Float64Array, g: Plan, k: number, r0: number, n: number, normalize: ((x: number) => number) | undefined): void {
  const { outSpatial, width, outPos, oBatch, oFeat } = g;
  const featBase = k * width * oFeat;
  let b = Math.floor(r0 / outSpatial);
  let p = r0 - b * outSpatial;
  let q = 0;
  for (let r = 0; r < n; r++) {
    const base = featBase + b * oBatch + outPos[p];
    if (normalize === undefined) {
      for (let j = 0, o = base; j < width; j++, o += oFeat) out[o] = prod[q++];
    } else {
      for (let j = 0, o = base; j < width; j++, o += oFeat) out[o] = normalize(prod[q++]);
    }
    if (++p === outSpatial) {
      p = 0;
      b++;
    }
  }
}

/** The result types whose accumulator already is the stored value (no normalize pass). */
function normalizedByAccumulator(t: ElementType): boolean {
  return t === "f64" || t === "f32" || t === "s32";
}

/**
 * A compiled convolution for results and operands stored one float64 per
 * element (float64/float32/int32 accumulation kinds); undefined otherwise,
 * or when the shapes do not match the attributes (the engine then runs the
 * reference kernel, which reports it).
 */
export function compileConvolution(inst: InstructionOf<"convolution">, lhsShape: ArrayShape, rhsShape: ArrayShape): ConvKernel | undefined {
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
  const depth = g.taps * g.ci;
  const panelRows = Math.min(g.rows, Math.max(4, Math.floor(PANEL_VALUES / Math.max(1, depth)) & ~3));
  const prod = scratch(() => new Float64Array(panelRows * g.width));

  /** The convolution with the kind's tiles, operands packed into arrays of type A. */
  const run = <A extends Float64Array | Int32Array>(tiles: Tiles<A>, w: () => A, panel: () => A, l: Float64Array, r: Float64Array, out: Float64Array, floats: boolean): boolean => {
    const wk = w();
    const pk = panel();
    const temp = prod();
    for (let k = 0; k < g.blocks; k++) {
      const finite = packKernel(r, wk, g, k);
      if (floats && !finite && g.skips) return false;
      for (let r0 = 0; r0 < g.rows; r0 += panelRows) {
        const n = Math.min(panelRows, g.rows - r0);
        packRows(l, pk, g, k, r0, n);
        blockedMatmul(tiles, pk, wk, temp, { batches: 1, m: n, k: depth, n: g.width });
        scatterRows(temp, out, g, k, r0, n, normalize);
      }
    }
    return true;
  };
  const wF64 = scratch(() => new Float64Array(depth * g.width));
  const pF64 = scratch(() => new Float64Array(panelRows * depth));
  const wI32 = scratch(() => new Int32Array(depth * g.width));
  const pI32 = scratch(() => new Int32Array(panelRows * depth));

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
    if (outCount > 0) {
      // No window position, or no input feature: every output is the empty sum, +0.
      if (depth === 0) out.fill(0);
      else {
        let done: boolean;
        switch (kind) {
          case "float64":
            done = run(F64_TILES, wF64, pF64, l, r, out, true);
            break;
          case "float32":
            done = run(F32_TILES, wF64, pF64, l, r, out, true);
            break;
          case "int32":
            done = run(I32_TILES, wI32, pI32, l, r, out, false);
            break;
          default:
            return kind satisfies never;
        }
        if (!done) return undefined;
      }
    }
    return { shape: result, data: out };
  };
}
