/**
 * The inner loops of the convolution kernel (convolution.ts): one block of
 * output features at one output position summed over the kernel taps and
 * input features, per result kind, with the accumulator's storage doing the
 * rounding (Float32Array for f32 sums, Int32Array for wrapping int32 sums,
 * BigInt64Array/BigUint64Array for 64-bit ones).
 */
import { ELEMENT_TYPE_INFO, type ElementType, type LiteralData } from "@minixla/hlo";
import type { AccumulationKind } from "./accumulation.ts";

/** How a result type is summed. */
export type Kind = AccumulationKind;

/**
 * Sums one block of `width` output features that share their lhs elements
 * (same batch, same group): acc[j] = sum over taps t, then features i, of
 * lhs[lBase + lOff[t] + i*lStep] * rhs[rBase + rOff[t] + i*rStep + j*oStep].
 * Each acc[j] sees its terms in the evaluator's order; looping j innermost
 * only interleaves the sums (and reads a kernel row contiguously in HWIO).
 * `store` then writes acc[j] to out[outBase + j*outStep].
 */
export interface BlockAccumulator {
  run(lBase: number, rBase: number, lOff: Int32Array, rOff: Int32Array, taps: number): void;
  store(outBase: number, outStep: number): void;
}

export interface BlockGeometry {
  /** Input features per group (the kernel's input feature dimension). */
  readonly n: number;
  readonly lStep: number;
  readonly rStep: number;
  /** Output features per block and the kernel's stride between them. */
  readonly width: number;
  readonly oStep: number;
  /**
   * One output feature per group (depthwise): then one run covers `groups`
   * groups at once, group k reading lhs at +k*lGroupStep and rhs at
   * +k*oStep, and acc[k] is its sum. Otherwise 0.
   */
  readonly groups: number;
  readonly lGroupStep: number;
}

type Run = BlockAccumulator["run"];

/*
 * Three loop orders per kind, each a top-level function (V8 keeps top-level
 * hot loops optimized across calls; the same loop in a closure ran ~2x slower
 * from its second call on), each keeping every output's own summation order:
 * - rows: output features innermost (a kernel row, contiguous in HWIO);
 * - dots: input features innermost, one dot product per output feature (01oi);
 * - groups: depthwise (width 1), groups innermost (contiguous in NHWC/HWIO).
 */
function rowsFloat64(a: Float64Array, b: Float64Array, acc: Float64Array, g: BlockGeometry, lBase: number, rBase: number, lOff: Int32Array, rOff: Int32Array, taps: number): void {
  const { n, lStep, rStep, width, oStep } = g;
  acc.fill(0);
  for (let t = 0; t < taps; t++) {
    let l = lBase + lOff[t];
    let r = rBase + rOff[t];
    for (let i = 0; i < n; i++, l += lStep, r += rStep) {
      const x = a[l];
      for (let j = 0, q = r; j < width; j++, q += oStep) acc[j] += x * b[q];
    }
  }
}

function dotsFloat64(a: Float64Array, b: Float64Array, acc: Float64Array, g: BlockGeometry, lBase: number, rBase: number, lOff: Int32Array, rOff: Int32Array, taps: number): void {
  const { n, lStep, width, oStep } = g;
  for (let j = 0; j < width; j++) {
    let sum = 0;
    for (let t = 0; t < taps; t++) {
      for (let i = 0, l = lBase + lOff[t], q = rBase + rOff[t] + j * oStep; i < n; i++, l += lStep, q++) sum += a[l] * b[q];
    }
    acc[j] = sum;
  }
}

function groupsFloat64(a: Float64Array, b: Float64Array, c: Float64Array, g: BlockGeometry, lBase: number, rBase: number, lOff: Int32Array, rOff: Int32Array, taps: number): void {
  const { n, lStep, rStep, oStep, groups, lGroupStep } = g;
  c.fill(0);
  for (let t = 0; t < taps; t++) {
    let l = lBase + lOff[t];
    let r = rBase + rOff[t];
    for (let i = 0; i < n; i++, l += lStep, r += rStep) {
      for (let k = 0, p = l, q = r; k < groups; k++, p += lGroupStep, q += oStep) c[k] += a[p] * b[q];
    }
  }
}

function rowsFloat32(a: Float64Array, b: Float64Array, acc: Float32Array, g: BlockGeometry, lBase: number, rBase: number, lOff: Int32Array, rOff: Int32Array, taps: number): void {
  const { n, lStep, rStep, width, oStep } = g;
  acc.fill(0);
  for (let t = 0; t < taps; t++) {
    let l = lBase + lOff[t];
    let r = rBase + rOff[t];
    for (let i = 0; i < n; i++, l += lStep, r += rStep) {
      const x = a[l];
      for (let j = 0, q = r; j < width; j++, q += oStep) acc[j] += Math.fround(x * b[q]);
    }
  }
}

function dotsFloat32(a: Float64Array, b: Float64Array, acc: Float32Array, g: BlockGeometry, lBase: number, rBase: number, lOff: Int32Array, rOff: Int32Array, taps: number): void {
  const { n, lStep, width, oStep } = g;
  for (let j = 0; j < width; j++) {
    let sum = 0;
    for (let t = 0; t < taps; t++) {
      for (let i = 0, l = lBase + lOff[t], q = rBase + rOff[t] + j * oStep; i < n; i++, l += lStep, q++) sum = Math.fround(sum + Math.fround(a[l] * b[q]));
    }
    acc[j] = sum;
  }
}

function groupsFloat32(a: Float64Array, b: Float64Array, c: Float32Array, g: BlockGeometry, lBase: number, rBase: number, lOff: Int32Array, rOff: Int32Array, taps: number): void {
  const { n, lStep, rStep, oStep, groups, lGroupStep } = g;
  c.fill(0);
  for (let t = 0; t < taps; t++) {
    let l = lBase + lOff[t];
    let r = rBase + rOff[t];
    for (let i = 0; i < n; i++, l += lStep, r += rStep) {
      for (let k = 0, p = l, q = r; k < groups; k++, p += lGroupStep, q += oStep) c[k] += Math.fround(a[p] * b[q]);
    }
  }
}

function rowsInt32(a: Float64Array, b: Float64Array, acc: Int32Array, g: BlockGeometry, lBase: number, rBase: number, lOff: Int32Array, rOff: Int32Array, taps: number): void {
  const { n, lStep, rStep, width, oStep } = g;
  acc.fill(0);
  for (let t = 0; t < taps; t++) {
    let l = lBase + lOff[t];
    let r = rBase + rOff[t];
    for (let i = 0; i < n; i++, l += lStep, r += rStep) {
      const x = a[l];
      for (let j = 0, q = r; j < width; j++, q += oStep) acc[j] += Math.imul(x, b[q]);
    }
  }
}

function dotsInt32(a: Float64Array, b: Float64Array, acc: Int32Array, g: BlockGeometry, lBase: number, rBase: number, lOff: Int32Array, rOff: Int32Array, taps: number): void {
  const { n, lStep, width, oStep } = g;
  for (let j = 0; j < width; j++) {
    let sum = 0;
    for (let t = 0; t < taps; t++) {
      for (let i = 0, l = lBase + lOff[t], q = rBase + rOff[t] + j * oStep; i < n; i++, l += lStep, q++) sum = (sum + Math.imul(a[l], b[q])) | 0;
    }
    acc[j] = sum;
  }
}

function groupsInt32(a: Float64Array, b: Float64Array, c: Int32Array, g: BlockGeometry, lBase: number, rBase: number, lOff: Int32Array, rOff: Int32Array, taps: number): void {
  const { n, lStep, rStep, oStep, groups, lGroupStep } = g;
  c.fill(0);
  for (let t = 0; t < taps; t++) {
    let l = lBase + lOff[t];
    let r = rBase + rOff[t];
    for (let i = 0; i < n; i++, l += lStep, r += rStep) {
      for (let k = 0, p = l, q = r; k < groups; k++, p += lGroupStep, q += oStep) c[k] += Math.imul(a[p], b[q]);
    }
  }
}

/** The loop for a kind and geometry: groups when set, dots when the kernel's input features are minor, else rows. */
function runner<A>(rows: Loop<A>, dots: Loop<A>, groups: Loop<A>, a: Float64Array, b: Float64Array, acc: A, g: BlockGeometry): Run {
  const loop = g.groups > 0 ? groups : g.oStep !== 1 && g.rStep === 1 ? dots : rows;
  return (lBase, rBase, lOff, rOff, taps) => loop(a, b, acc, g, lBase, rBase, lOff, rOff, taps);
}

type Loop<A> = (a: Float64Array, b: Float64Array, acc: A, g: BlockGeometry, lBase: number, rBase: number, lOff: Int32Array, rOff: Int32Array, taps: number) => void;

export function blockAccumulator(kind: Kind, lhs: LiteralData, rhs: LiteralData, outData: LiteralData, g: BlockGeometry, resultType: ElementType): BlockAccumulator {
  const { n, lStep, rStep, width, oStep } = g;
  const norm = ELEMENT_TYPE_INFO[resultType].normalize;
  switch (kind) {
    case "float64":
    case "float32":
    case "int32": {
      const a = lhs as Float64Array;
      const b = rhs as Float64Array;
      const o = outData as Float64Array;
      // The accumulator's storage does the rounding: f32 sums in a Float32Array, int32 sums wrap in an Int32Array.
      // One loop per kind keeps each monomorphic (a shared one with a branch runs ~2x slower).
      const size = g.groups > 0 ? g.groups : width;
      const acc = kind === "float64" ? new Float64Array(size) : kind === "float32" ? new Float32Array(size) : new Int32Array(size);
      const run = kind === "float64"
        ? runner(rowsFloat64, dotsFloat64, groupsFloat64, a, b, acc as Float64Array, g)
        : kind === "float32"
          ? runner(rowsFloat32, dotsFloat32, groupsFloat32, a, b, acc as Float32Array, g)
          : runner(rowsInt32, dotsInt32, groupsInt32, a, b, acc as Int32Array, g);
      return {
        run,
        store: (outBase, outStep) => {
          for (let j = 0, q = outBase; j < size; j++, q += outStep) o[q] = norm(acc[j]);
        },
      };
    }
    case "int64": {
      const a = lhs as BigInt64Array | BigUint64Array;
      const b = rhs as BigInt64Array | BigUint64Array;
      const o = outData as BigInt64Array | BigUint64Array;
      // Stores into BigInt64Array/BigUint64Array wrap to 64 bits.
      const acc = o instanceof BigInt64Array ? new BigInt64Array(width) : new BigUint64Array(width);
      return {
        run: (lBase, rBase, lOff, rOff, taps) => {
          acc.fill(0n);
          for (let t = 0; t < taps; t++) {
            let l = lBase + lOff[t];
            let r = rBase + rOff[t];
            for (let i = 0; i < n; i++, l += lStep, r += rStep) {
              const x = a[l];
              for (let j = 0, q = r; j < width; j++, q += oStep) acc[j] += x * b[q];
            }
          }
        },
        store: (outBase, outStep) => {
          for (let j = 0, q = outBase; j < width; j++, q += outStep) o[q] = acc[j];
        },
      };
    }
    case "complex": {
      const a = lhs as Float64Array;
      const b = rhs as Float64Array;
      const o = outData as Float64Array;
      const re = new Float64Array(width);
      const im = new Float64Array(width);
      // Offsets count elements; complex data holds (re, im) pairs.
      return {
        run: (lBase, rBase, lOff, rOff, taps) => {
          re.fill(0);
          im.fill(0);
          for (let t = 0; t < taps; t++) {
            let l = lBase + lOff[t];
            let r = rBase + rOff[t];
            for (let i = 0; i < n; i++, l += lStep, r += rStep) {
              const ar = a[2 * l];
              const ai = a[2 * l + 1];
              for (let j = 0, q = r; j < width; j++, q += oStep) {
                const br = b[2 * q];
                const bi = b[2 * q + 1];
                re[j] = norm(re[j] + norm(norm(ar * br) - norm(ai * bi)));
                im[j] = norm(im[j] + norm(norm(ar * bi) + norm(ai * br)));
              }
            }
          }
        },
        store: (outBase, outStep) => {
          for (let j = 0, q = outBase; j < width; j++, q += outStep) {
            o[2 * q] = re[j];
            o[2 * q + 1] = im[j];
          }
        },
      };
    }
    default:
      return kind satisfies never;
  }
}

