/**
 * Property test of convolution (fast-check, seeded): random dimension numbers
 * (each of lhs, rhs and result in its own random dimension order), 0 to 3
 * spatial dimensions, strides, padding (negative too), lhs and rhs
 * dilations, window reversal, feature_group_count and batch_group_count.
 * Built with XlaBuilder.convGeneralDilated, evaluated, and compared with a
 * direct nested-loop reference written here from the definition; the module
 * also prints and parses back to the same text. Values are small integers
 * (in f64, f32, s32 or s64), so every summation order gives the same exact result.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { XlaBuilder } from "@minixla/builder";
import {
  type ArrayLiteral,
  type ConvolutionDimensionNumbers,
  ShapeError,
  literal,
  parseHloModule,
  printHloModule,
  shape,
} from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";
import { propertyRuns } from "./support/property.ts";

interface WindowCase {
  readonly size: number;
  readonly stride: number;
  readonly padLow: number;
  readonly padHigh: number;
  readonly lhsDilation: number;
  readonly rhsDilation: number;
  readonly reversal: boolean;
  readonly inputSize: number;
}

interface ConvCase {
  readonly batch: number;
  readonly groups: number;
  /** Feature groups or batch groups (XLA allows only one above 1). */
  readonly groupKind: "feature" | "batch";
  readonly inFeaturesPerGroup: number;
  readonly outFeaturesPerGroup: number;
  readonly window: readonly WindowCase[];
  /** Dimension orders: position of [batch, feature, spatial...] in lhs / [in, out, spatial...] in rhs / result. */
  readonly lhsOrder: readonly number[];
  readonly rhsOrder: readonly number[];
  readonly outOrder: readonly number[];
  readonly seed: number;
  readonly elementType: "f64" | "f32" | "s32" | "s64";
}

const windowCase: fc.Arbitrary<WindowCase> = fc.record({
  size: fc.integer({ min: 1, max: 3 }),
  stride: fc.integer({ min: 1, max: 3 }),
  padLow: fc.integer({ min: -2, max: 3 }),
  padHigh: fc.integer({ min: -2, max: 3 }),
  lhsDilation: fc.integer({ min: 1, max: 3 }),
  rhsDilation: fc.integer({ min: 1, max: 3 }),
  reversal: fc.boolean(),
  inputSize: fc.integer({ min: 0, max: 5 }),
});

const permutation = (n: number): fc.Arbitrary<number[]> =>
  fc.array(fc.nat(), { minLength: n, maxLength: n }).map((keys) => keys.map((k, i) => [k, i]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, i]) => i));

const convCase: fc.Arbitrary<ConvCase> = fc.integer({ min: 0, max: 3 }).chain((spatial) =>
  fc.record({
    batch: fc.integer({ min: 1, max: 2 }),
    groups: fc.integer({ min: 1, max: 3 }),
    groupKind: fc.constantFrom("feature" as const, "batch" as const),
    inFeaturesPerGroup: fc.integer({ min: 0, max: 2 }),
    outFeaturesPerGroup: fc.integer({ min: 1, max: 2 }),
    window: fc.array(windowCase, { minLength: spatial, maxLength: spatial }),
    lhsOrder: permutation(spatial + 2),
    rhsOrder: permutation(spatial + 2),
    outOrder: permutation(spatial + 2),
    seed: fc.integer({ min: 1, max: 1 << 30 }),
    elementType: fc.constantFrom("f64" as const, "f32" as const, "s32" as const, "s64" as const),
  }),
);

/** Small integers from a seed (a linear congruential sequence). */
function values(n: number, seed: number): number[] {
  let s = seed >>> 0;
  return Array.from({ length: n }, () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return ((s >>> 16) % 11) - 5;
  });
}

const strides = (dims: readonly number[]): number[] => {
  const out = new Array<number>(dims.length).fill(1);
  for (let i = dims.length - 2; i >= 0; i--) out[i] = out[i + 1] * dims[i + 1];
  return out;
};

/** Every index of a box of `sizes`, row-major. */
function* box(sizes: readonly number[]): Generator<number[]> {
  if (sizes.some((s) => s === 0)) return;
  const idx = new Array<number>(sizes.length).fill(0);
  for (;;) {
    yield [...idx];
    let i = sizes.length - 1;
    for (; i >= 0; i--) {
      if (++idx[i] < sizes[i]) break;
      idx[i] = 0;
    }
    if (i < 0) return;
  }
}

interface Problem {
  readonly lhsDims: number[];
  readonly rhsDims: number[];
  readonly dnums: ConvolutionDimensionNumbers;
  readonly lhs: number[];
  readonly rhs: number[];
}

function problem(c: ConvCase): Problem {
  const spatial = c.window.length;
  const featureGroups = c.groupKind === "feature" ? c.groups : 1;
  const batchGroups = c.groupKind === "batch" ? c.groups : 1;
  const place = (order: readonly number[], sizes: readonly number[]) => {
    const dims = new Array<number>(order.length);
    order.forEach((pos, role) => {
      dims[pos] = sizes[role];
    });
    return dims;
  };
  const lhsDims = place(c.lhsOrder, [c.batch * batchGroups, c.inFeaturesPerGroup * featureGroups, ...c.window.map((w) => w.inputSize)]);
  const rhsDims = place(c.rhsOrder, [c.inFeaturesPerGroup, c.outFeaturesPerGroup * c.groups, ...c.window.map((w) => w.size)]);
  const dnums: ConvolutionDimensionNumbers = {
    inputBatchDimension: c.lhsOrder[0],
    inputFeatureDimension: c.lhsOrder[1],
    inputSpatialDimensions: c.lhsOrder.slice(2),
    kernelInputFeatureDimension: c.rhsOrder[0],
    kernelOutputFeatureDimension: c.rhsOrder[1],
    kernelSpatialDimensions: c.rhsOrder.slice(2),
    outputBatchDimension: c.outOrder[0],
    outputFeatureDimension: c.outOrder[1],
    outputSpatialDimensions: c.outOrder.slice(2),
  };
  const count = (d: readonly number[]) => d.reduce((a, b) => a * b, 1);
  void spatial;
  return { lhsDims, rhsDims, dnums, lhs: values(count(lhsDims), c.seed), rhs: values(count(rhsDims), c.seed ^ 0x5bd1e995) };
}

/**
 * The definition, loop by loop: result[b, o, p] = sum over kernel positions k
 * and group input features i of lhs[b', f, x] * rhs[i, o, k'], where x is the
 * input position that p*stride - padLow + k*rhsDilation lands on in the
 * lhs-dilated input (no term when it lands in a hole or outside), k' is k or
 * its mirror under reversal, f = group(o) * Ci + i for feature groups and
 * b' = batchGroup(o) * B + b for batch groups.
 */
function reference(c: ConvCase, p: Problem, outDims: readonly number[]): number[] {
  const spatial = c.window.length;
  const featureGroups = c.groupKind === "feature" ? c.groups : 1;
  const batchGroups = c.groupKind === "batch" ? c.groups : 1;
  const outFeatures = c.outFeaturesPerGroup * c.groups;
  const ls = strides(p.lhsDims);
  const rs = strides(p.rhsDims);
  const os = strides(outDims);
  const d = p.dnums;
  const out = new Array<number>(outDims.reduce((a, b) => a * b, 1)).fill(0);
  const outSpatial = d.outputSpatialDimensions.map((o) => outDims[o]);
  for (let b = 0; b < c.batch; b++) {
    for (let o = 0; o < outFeatures; o++) {
      const featureGroup = Math.floor(o / (outFeatures / featureGroups));
      const batchGroup = Math.floor(o / (outFeatures / batchGroups));
      for (const pos of box(outSpatial)) {
        let sum = 0;
        for (const k of box(c.window.map((w) => w.size))) {
          let lOff = 0;
          let rOff = 0;
          let inside = true;
          for (let s = 0; s < spatial; s++) {
            const w = c.window[s];
            const dilated = pos[s] * w.stride - w.padLow + k[s] * w.rhsDilation;
            const x = dilated / w.lhsDilation;
            if (!Number.isInteger(x) || x < 0 || x >= w.inputSize) inside = false;
            lOff += x * ls[d.inputSpatialDimensions[s]];
            rOff += (w.reversal ? w.size - 1 - k[s] : k[s]) * rs[d.kernelSpatialDimensions[s]];
          }
          if (!inside) continue;
          for (let i = 0; i < c.inFeaturesPerGroup; i++) {
            const lb = batchGroup * c.batch + b;
            const f = featureGroup * c.inFeaturesPerGroup + i;
            sum += p.lhs[lOff + lb * ls[d.inputBatchDimension] + f * ls[d.inputFeatureDimension]] *
              p.rhs[rOff + i * rs[d.kernelInputFeatureDimension] + o * rs[d.kernelOutputFeatureDimension]];
          }
        }
        let at = b * os[d.outputBatchDimension] + o * os[d.outputFeatureDimension];
        pos.forEach((v, s) => {
          at += v * os[d.outputSpatialDimensions[s]];
        });
        out[at] = sum;
      }
    }
  }
  return out;
}

/** The output spatial size XLA's shape rule gives, or -1 for a window that does not fit. */
function outputSize(w: WindowCase): number {
  const dilatedBase = w.inputSize === 0 ? 0 : (w.inputSize - 1) * w.lhsDilation + 1;
  const padded = w.padLow + dilatedBase + w.padHigh;
  const window = (w.size - 1) * w.rhsDilation + 1;
  return window > padded ? 0 : Math.floor((padded - window) / w.stride) + 1;
}

describe("convolution against a direct nested-loop reference", () => {
  it("agrees for random dimension numbers, windows, dilations, reversal and group counts", () => {
    fc.assert(
      fc.property(convCase, (c) => {
        const p = problem(c);
        const b = new XlaBuilder("conv");
        const t = c.elementType;
        const x = b.parameter(0, shape(t, p.lhsDims), "lhs");
        const y = b.parameter(1, shape(t, p.rhsDims), "rhs");
        const featureGroups = c.groupKind === "feature" ? c.groups : 1;
        const batchGroups = c.groupKind === "batch" ? c.groups : 1;
        const conv = b.convGeneralDilated(
          x, y,
          c.window.map((w) => w.stride),
          c.window.map((w) => [w.padLow, w.padHigh] as const),
          c.window.map((w) => w.lhsDilation),
          c.window.map((w) => w.rhsDilation),
          p.dnums, featureGroups, batchGroups, undefined, undefined,
          c.window.map((w) => w.reversal),
        );
        const outShape = b.getShape(conv);
        if (outShape.elementType === "tuple") throw new Error("tuple result");
        // The result dimensions are the ones the definition gives.
        const expectedDims = new Array<number>(c.window.length + 2);
        expectedDims[p.dnums.outputBatchDimension] = c.batch;
        expectedDims[p.dnums.outputFeatureDimension] = c.outFeaturesPerGroup * c.groups;
        c.window.forEach((w, s) => {
          expectedDims[p.dnums.outputSpatialDimensions[s]] = outputSize(w);
        });
        expect(outShape.dimensions).toEqual(expectedDims);
        const m = b.build(conv);
        expect(printHloModule(parseHloModule(printHloModule(m)))).toBe(printHloModule(m));
        const arg = (dims: readonly number[], v: readonly number[]) => (t === "s64" ? literal(t, dims, v.map(BigInt)) : literal(t, dims, v));
        const got = evaluate(m, [arg(p.lhsDims, p.lhs), arg(p.rhsDims, p.rhs)]) as ArrayLiteral;
        expect(Array.from(got.data as ArrayLike<number | bigint>, Number)).toEqual(reference(c, p, outShape.dimensions));
      }),
      propertyRuns(300, 0x2024c0),
    );
  });

  it("refuses both group counts above 1, as XLA does", () => {
    const b = new XlaBuilder("conv");
    const x = b.parameter(0, shape("f64", [2, 2, 3]), "lhs");
    const y = b.parameter(1, shape("f64", [1, 2, 1]), "rhs");
    const dn: ConvolutionDimensionNumbers = {
      inputBatchDimension: 0, inputFeatureDimension: 1, inputSpatialDimensions: [2],
      kernelInputFeatureDimension: 0, kernelOutputFeatureDimension: 1, kernelSpatialDimensions: [2],
      outputBatchDimension: 0, outputFeatureDimension: 1, outputSpatialDimensions: [2],
    };
    expect(() => b.convGeneralDilated(x, y, [1], [[0, 0]], [], [], dn, 2, 2)).toThrow(ShapeError);
    expect(() => b.convGeneralDilated(x, y, [1], [[0, 0]], [], [], dn, 2, 2)).toThrow(
      "convolution: both batch_group_count 2 and feature_group_count 2 cannot be greater than 1",
    );
  });
});
