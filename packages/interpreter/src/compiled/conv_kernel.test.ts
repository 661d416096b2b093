import { type ArrayLiteral, type ConvolutionDimensionNumbers, type ElementType, type InstructionOf, type WindowDimension, literal, normalizeValue, parseHloModule, shape } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.ts";
import { instruction, run } from "../kernels/support/test_support.ts";
import { uniformGenerator } from "../elided_constants.ts";
import { compile } from "./compile.ts";
import { compileConvolution } from "./conv_kernel.ts";

const FLOAT_SPECIALS = [NaN, 0, -0, Infinity, -Infinity, 1e300, -1e300, 3.4e38, 65504, 5e-324, 1e-40, 1, -1];
const INT_SPECIALS = [0, 1, -1, 2147483647, -2147483648, 4294967295, 255, -128, 127];
const isFloat = (t: ElementType): boolean => t === "f64" || t === "f32" || t === "f16" || t === "bf16";

/** n values of type t, spread over many binades (so sums round), with the type's edge values mixed in when `specials`. */
function values(t: ElementType, n: number, rand: () => number, specials: boolean): number[] {
  return Array.from({ length: n }, () => {
    if (specials && rand() < 0.08) {
      const pool = isFloat(t) ? FLOAT_SPECIALS : INT_SPECIALS;
      return normalizeValue(t, pool[Math.floor(rand() * pool.length)]);
    }
    if (isFloat(t)) return normalizeValue(t, (rand() - 0.5) * 2 ** Math.floor(rand() * 20 - 8));
    return normalizeValue(t, Math.floor((rand() - 0.5) * 2 ** 33));
  });
}

interface ConvCase {
  readonly batch: number;
  readonly groups: number;
  readonly groupKind: "feature" | "batch";
  readonly ci: number;
  readonly co: number;
  readonly window: readonly (WindowDimension & { readonly inputSize: number })[];
  /** Position of [batch, feature, spatial...] in lhs, [in, out, spatial...] in rhs, [batch, feature, spatial...] in the result. */
  readonly lhsOrder: readonly number[];
  readonly rhsOrder: readonly number[];
  readonly outOrder: readonly number[];
  readonly operandType: ElementType;
  readonly resultType: ElementType;
  readonly seed: number;
  readonly specials: boolean;
}

const windowDim = fc.record({
  size: fc.integer({ min: 1, max: 3 }),
  stride: fc.integer({ min: 1, max: 3 }),
  padLow: fc.integer({ min: -2, max: 3 }),
  padHigh: fc.integer({ min: -2, max: 3 }),
  baseDilation: fc.integer({ min: 1, max: 3 }),
  windowDilation: fc.integer({ min: 1, max: 3 }),
  windowReversal: fc.boolean(),
  inputSize: fc.integer({ min: 0, max: 9 }),
});

const permutation = (n: number): fc.Arbitrary<number[]> =>
  fc.array(fc.nat(), { minLength: n, maxLength: n }).map((keys) => keys.map((k, i) => [k, i]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, i]) => i));

/** (operand type, result type) pairs: same type, and the widening a preferred element type asks for. */
const TYPES: readonly (readonly [ElementType, ElementType])[] = [
  ["f64", "f64"], ["f32", "f32"], ["f16", "f16"], ["bf16", "bf16"], ["s32", "s32"], ["u8", "u8"], ["s16", "s16"], ["pred", "pred"],
  ["bf16", "f32"], ["f16", "f32"], ["f32", "f64"], ["s8", "s32"],
];

const convCase: fc.Arbitrary<ConvCase> = fc.integer({ min: 0, max: 3 }).chain((spatial) =>
  fc.record({
    batch: fc.integer({ min: 1, max: 3 }),
    groups: fc.integer({ min: 1, max: 3 }),
    groupKind: fc.constantFrom("feature" as const, "batch" as const),
    ci: fc.integer({ min: 0, max: 4 }),
    co: fc.integer({ min: 1, max: 5 }),
    window: fc.array(windowDim, { minLength: spatial, maxLength: spatial }),
    lhsOrder: permutation(spatial + 2),
    rhsOrder: permutation(spatial + 2),
    outOrder: permutation(spatial + 2),
    types: fc.constantFrom(...TYPES),
    seed: fc.integer({ min: 1, max: 1 << 30 }),
    specials: fc.boolean(),
  }).map(({ types, ...c }) => ({ ...c, operandType: types[0], resultType: types[1] })),
);

function outputSize(w: ConvCase["window"][number]): number {
  const base = w.inputSize === 0 ? 0 : (w.inputSize - 1) * w.baseDilation + 1;
  const padded = w.padLow + base + w.padHigh;
  const span = (w.size - 1) * w.windowDilation + 1;
  return span > padded ? 0 : Math.floor((padded - span) / w.stride) + 1;
}

function place(order: readonly number[], sizes: readonly number[]): number[] {
  const dims = new Array<number>(order.length);
  order.forEach((pos, role) => (dims[pos] = sizes[role]));
  return dims;
}

interface Built {
  readonly inst: InstructionOf<"convolution">;
  readonly lhs: ArrayLiteral;
  readonly rhs: ArrayLiteral;
}

function build(c: ConvCase): Built {
  const fg = c.groupKind === "feature" ? c.groups : 1;
  const bg = c.groupKind === "batch" ? c.groups : 1;
  const lhsDims = place(c.lhsOrder, [c.batch * bg, c.ci * fg, ...c.window.map((w) => w.inputSize)]);
  const rhsDims = place(c.rhsOrder, [c.ci, c.co * c.groups, ...c.window.map((w) => w.size)]);
  const outDims = place(c.outOrder, [c.batch, c.co * c.groups, ...c.window.map(outputSize)]);
  const dimensionNumbers: ConvolutionDimensionNumbers = {
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
  const window = c.window.map(({ inputSize, ...w }) => (void inputSize, w));
  const inst = instruction("convolution", shape(c.resultType, outDims), { window, dimensionNumbers, featureGroupCount: fg, batchGroupCount: bg });
  const rand = uniformGenerator(c.seed);
  const count = (d: readonly number[]) => d.reduce((x, y) => x * y, 1);
  const lhs = literal(c.operandType, lhsDims, values(c.operandType, count(lhsDims), rand, c.specials)) as ArrayLiteral;
  const rhs = literal(c.operandType, rhsDims, values(c.operandType, count(rhsDims), rand, c.specials)) as ArrayLiteral;
  return { inst, lhs, rhs };
}

/** The compiled kernel against the reference kernel, bit for bit. */
function expectSameAsReference({ inst, lhs, rhs }: Built): void {
  const want = run(inst, [lhs, rhs]) as ArrayLiteral;
  const kernel = compileConvolution(inst, lhs.shape, rhs.shape);
  expect(kernel, "every f64-stored convolution compiles").toBeDefined();
  const out = new Float64Array(want.data.length).fill(-12345.5);
  const got = kernel!(lhs, rhs, out);
  expect(got.data).toBe(out);
  expect(got.shape).toEqual(want.shape);
  const mismatch = Array.from(want.data as Float64Array).findIndex((v, i) => !Object.is(v, out[i]));
  expect(mismatch, `element ${mismatch}: reference ${want.data[mismatch]}, compiled ${out[mismatch]}`).toBe(-1);
}

/** HLO text of the convolution as a one-instruction module. */
function moduleText({ inst, lhs, rhs }: Built): string {
  const d = inst.attributes.dimensionNumbers;
  const labels = (n: number, b: number, f: number, sp: readonly number[], bc: string, fc_: string): string => {
    const s = new Array<string>(n);
    s[b] = bc;
    s[f] = fc_;
    sp.forEach((p, i) => (s[p] = `${i}`));
    return s.join("");
  };
  const n = lhs.shape.dimensions.length;
  const dl = `${labels(n, d.inputBatchDimension, d.inputFeatureDimension, d.inputSpatialDimensions, "b", "f")}_${labels(n, d.kernelInputFeatureDimension, d.kernelOutputFeatureDimension, d.kernelSpatialDimensions, "i", "o")}->${labels(n, d.outputBatchDimension, d.outputFeatureDimension, d.outputSpatialDimensions, "b", "f")}`;
  const w = inst.attributes.window;
  const field = (name: string, f: (x: WindowDimension) => string): string => `${name}=${w.map(f).join("x")}`;
  const win = w.length === 0 ? "" : `, window={${[
    field("size", (x) => `${x.size}`), field("stride", (x) => `${x.stride}`), field("pad", (x) => `${x.padLow}_${x.padHigh}`),
    field("lhs_dilate", (x) => `${x.baseDilation}`), field("rhs_dilate", (x) => `${x.windowDilation}`), field("rhs_reversal", (x) => (x.windowReversal ? "1" : "0")),
  ].join(" ")}}`;
  const sh = (s: ArrayLiteral["shape"]): string => `${s.elementType}[${s.dimensions.join(",")}]`;
  const r = inst.shape as ArrayLiteral["shape"];
  return `HloModule conv\n\nENTRY main {\n  a = ${sh(lhs.shape)} parameter(0)\n  b = ${sh(rhs.shape)} parameter(1)\n  ROOT c = ${sh(r)} convolution(a, b)${win}, dim_labels=${dl}, feature_group_count=${inst.attributes.featureGroupCount}, batch_group_count=${inst.attributes.batchGroupCount}\n}\n`;
}

function expectEngineSame(b: Built, numerics: "reference" | "xla-cpu"): void {
  const m = parseHloModule(moduleText(b));
  const want = evaluate(m, [b.lhs, b.rhs], { numerics }) as ArrayLiteral;
  const exe = compile(m, { numerics });
  for (let rep = 0; rep < 2; rep++) {
    const got = exe.execute([b.lhs, b.rhs]) as ArrayLiteral;
    const mismatch = Array.from(want.data as Float64Array).findIndex((v, i) => !Object.is(v, got.data[i]));
    expect(mismatch, `${numerics} element ${mismatch}: evaluate ${want.data[mismatch]}, compiled ${got.data[mismatch]}`).toBe(-1);
  }
}

/** A 2-D NHWC/HWIO convolution of the given sizes (the layout of TF and of JAX's NHWC models). */
function nhwc(t: ElementType, batch: number, hw: number, ci: number, co: number, k: number, w: Partial<WindowDimension> = {}, seed = 3): Built {
  const dim = { size: k, stride: 1, padLow: 1, padHigh: 1, baseDilation: 1, windowDilation: 1, windowReversal: false, inputSize: hw, ...w };
  return build({
    batch, groups: 1, groupKind: "feature", ci, co, window: [dim, dim], lhsOrder: [0, 3, 1, 2], rhsOrder: [2, 3, 0, 1], outOrder: [0, 3, 1, 2],
    operandType: t, resultType: t, seed, specials: false,
  });
}

describe("compileConvolution", () => {
  it("matches the reference kernel bit for bit over random forms, dimension orders and types", () => {
    fc.assert(fc.property(convCase, (c) => expectSameAsReference(build(c))), { numRuns: 500, seed: 0x5eed23 });
  });

  it("runs in the compiled engine as evaluate does, in both numerics modes", () => {
    fc.assert(fc.property(convCase, (c) => {
      const b = build(c);
      expectEngineSame(b, "reference");
      expectEngineSame(b, "xla-cpu");
    }), { numRuns: 80, seed: 0xc0ffee });
  });

  it("matches across panel and contraction block edges (depth above 512, many panels)", () => {
    for (const t of ["f64", "f32", "bf16", "s32"] as const) {
      expectSameAsReference(nhwc(t, 2, 10, 64, 5, 3));
      expectSameAsReference(nhwc(t, 1, 9, 7, 6, 3, { stride: 2, padLow: 0, padHigh: 2 }));
    }
  });

  it("matches the gradient forms JAX emits: lhs dilation (input gradient) and batch groups (weight gradient)", () => {
    // Input gradient of a stride-2 3x3 convolution: lhs dilated by 2, padded 2/1, the kernel reversed.
    expectSameAsReference(nhwc("f32", 2, 5, 3, 4, 3, { baseDilation: 2, padLow: 2, padHigh: 2, windowReversal: true }));
    // Weight gradient: features act as batch (b f 0 1 with b the input feature), rhs dilated by the stride.
    const dim = { size: 4, stride: 1, padLow: 1, padHigh: 0, baseDilation: 1, windowDilation: 2, windowReversal: false, inputSize: 9 };
    expectSameAsReference(build({
      batch: 3, groups: 2, groupKind: "batch", ci: 2, co: 2, window: [dim, dim], lhsOrder: [3, 0, 1, 2], rhsOrder: [0, 3, 1, 2], outOrder: [2, 3, 0, 1],
      operandType: "f32", resultType: "f32", seed: 11, specials: true,
    }));
  });

  it("sums a kernel with infinities and NaN only over real taps (no 0·inf from padding or holes)", () => {
    for (const w of [{}, { padLow: 0, padHigh: 0 }, { baseDilation: 2, padLow: 2, padHigh: 2 }]) {
      const b = nhwc("f32", 1, 10, 2, 3, 3, w);
      const rhs = literal("f32", b.rhs.shape.dimensions, Array.from(b.rhs.data as Float64Array, (v, i) => (i === 5 ? Infinity : i === 20 ? NaN : v))) as ArrayLiteral;
      expectSameAsReference({ ...b, rhs });
      expectEngineSame({ ...b, rhs }, "reference");
    }
  });

  it("matches depthwise convolutions (one feature per group) of every kind, in both layouts", () => {
    for (const t of ["f64", "f32", "f16", "s32"] as const) {
      const dim = { size: 3, stride: 1, padLow: 1, padHigh: 1, baseDilation: 1, windowDilation: 1, windowReversal: false, inputSize: 7 };
      for (const [lhsOrder, outOrder] of [[[0, 3, 1, 2], [0, 3, 1, 2]], [[0, 1, 2, 3], [0, 1, 2, 3]]]) {
        expectSameAsReference(build({
          batch: 2, groups: 7, groupKind: "feature", ci: 1, co: 1, window: [dim, { ...dim, stride: 2 }], lhsOrder, rhsOrder: [2, 3, 0, 1], outOrder,
          operandType: t, resultType: t, seed: 5, specials: true,
        }));
      }
    }
  });

  it("runs f32 panels as WebAssembly f32x4 products with the JavaScript tiles' bits (widths of whole and partial vectors, special values)", () => {
    const sizes = fc.record({
      batch: fc.integer({ min: 1, max: 3 }),
      hw: fc.integer({ min: 5, max: 10 }),
      ci: fc.integer({ min: 3, max: 12 }),
      co: fc.integer({ min: 4, max: 13 }),
      k: fc.integer({ min: 1, max: 3 }),
      pad: fc.integer({ min: 0, max: 1 }),
      widen: fc.boolean(),
      seed: fc.integer({ min: 1, max: 1 << 30 }),
    });
    fc.assert(fc.property(sizes, ({ batch, hw, ci, co, k, pad, widen, seed }) => {
      const dim = { size: k, stride: 1, padLow: pad, padHigh: pad, baseDilation: 1, windowDilation: 1, windowReversal: false, inputSize: hw };
      const b = build({
        batch, groups: 1, groupKind: "feature", ci, co, window: [dim, dim], lhsOrder: [0, 3, 1, 2], rhsOrder: [2, 3, 0, 1], outOrder: [0, 3, 1, 2],
        operandType: widen ? "bf16" : "f32", resultType: "f32", seed, specials: true,
      });
      expectSameAsReference(b);
      const noWasm = compileConvolution(b.inst, b.lhs.shape, b.rhs.shape, false)!;
      const withWasm = compileConvolution(b.inst, b.lhs.shape, b.rhs.shape, true)!;
      const n = (b.inst.shape as ArrayLiteral["shape"]).dimensions.reduce((x, y) => x * y, 1);
      const x = noWasm(b.lhs, b.rhs, new Float64Array(n)).data as Float64Array;
      const y = withWasm(b.lhs, b.rhs, new Float64Array(n)).data as Float64Array;
      expect(Array.from(y).findIndex((v, i) => !Object.is(v, x[i]))).toBe(-1);
    }), { numRuns: 40, seed: 0xf32f32 });
  });

  it("runs f32 depthwise convolutions with contiguous groups as WebAssembly lanes across groups, with the JavaScript loop's bits", () => {
    const cases = fc.record({
      batch: fc.integer({ min: 1, max: 2 }),
      groups: fc.integer({ min: 4, max: 37 }),
      window: fc.array(fc.record({
        size: fc.integer({ min: 1, max: 3 }), stride: fc.integer({ min: 1, max: 2 }), padLow: fc.integer({ min: 0, max: 2 }), padHigh: fc.integer({ min: 0, max: 2 }),
        baseDilation: fc.integer({ min: 1, max: 2 }), windowDilation: fc.integer({ min: 1, max: 2 }), windowReversal: fc.boolean(), inputSize: fc.integer({ min: 1, max: 7 }),
      }), { minLength: 2, maxLength: 2 }),
      types: fc.constantFrom(["f32", "f32"] as const, ["bf16", "f32"] as const, ["f16", "f16"] as const, ["bf16", "bf16"] as const),
      seed: fc.integer({ min: 1, max: 1 << 30 }),
    });
    fc.assert(fc.property(cases, ({ batch, groups, window, types, seed }) => {
      const b = build({
        batch, groups, groupKind: "feature", ci: 1, co: 1, window, lhsOrder: [0, 3, 1, 2], rhsOrder: [2, 3, 0, 1], outOrder: [0, 3, 1, 2],
        operandType: types[0], resultType: types[1], seed, specials: true,
      });
      expectSameAsReference(b);
      const n = (b.inst.shape as ArrayLiteral["shape"]).dimensions.reduce((x, y) => x * y, 1);
      const x = compileConvolution(b.inst, b.lhs.shape, b.rhs.shape, false)!(b.lhs, b.rhs, new Float64Array(n)).data as Float64Array;
      const y = compileConvolution(b.inst, b.lhs.shape, b.rhs.shape, true)!(b.lhs, b.rhs, new Float64Array(n)).data as Float64Array;
      expect(Array.from(y).findIndex((v, i) => !Object.is(v, x[i]))).toBe(-1);
    }), { numRuns: 60, seed: 0xdee9 });
  });

  it("gives the reference's bits for feature- and batch-grouped f32 convolutions whose groups run as WebAssembly products", () => {
    const cases = fc.record({
      groups: fc.integer({ min: 2, max: 3 }),
      groupKind: fc.constantFrom("feature" as const, "batch" as const),
      ci: fc.integer({ min: 2, max: 6 }),
      co: fc.integer({ min: 4, max: 9 }),
      hw: fc.integer({ min: 5, max: 9 }),
      pad: fc.integer({ min: 0, max: 1 }),
      seed: fc.integer({ min: 1, max: 1 << 30 }),
    });
    fc.assert(fc.property(cases, ({ groups, groupKind, ci, co, hw, pad, seed }) => {
      const dim = { size: 3, stride: 1, padLow: pad, padHigh: pad, baseDilation: 1, windowDilation: 1, windowReversal: false, inputSize: hw };
      expectSameAsReference(build({
        batch: 2, groups, groupKind, ci, co, window: [dim, dim], lhsOrder: [0, 3, 1, 2], rhsOrder: [2, 3, 0, 1], outOrder: [0, 3, 1, 2],
        operandType: "f32", resultType: "f32", seed, specials: false,
      }));
    }), { numRuns: 25, seed: 0x9f },
    );
  });

  it("rounds bf16 results in the WebAssembly product as the reference rounds them, classes that run in JavaScript included", () => {
    const sizes = fc.record({
      hw: fc.integer({ min: 3, max: 9 }),
      ci: fc.integer({ min: 1, max: 8 }),
      co: fc.integer({ min: 4, max: 17 }),
      k: fc.integer({ min: 1, max: 3 }),
      pad: fc.integer({ min: 0, max: 1 }),
      specials: fc.boolean(),
      seed: fc.integer({ min: 1, max: 1 << 30 }),
    });
    fc.assert(fc.property(sizes, ({ hw, ci, co, k, pad, specials, seed }) => {
      const dim = { size: k, stride: 1, padLow: pad, padHigh: pad, baseDilation: 1, windowDilation: 1, windowReversal: false, inputSize: hw };
      expectSameAsReference(build({
        batch: 2, groups: 1, groupKind: "feature", ci, co, window: [dim, dim], lhsOrder: [0, 3, 1, 2], rhsOrder: [2, 3, 0, 1], outOrder: [0, 3, 1, 2],
        operandType: "bf16", resultType: "bf16", seed, specials,
      }));
    }), { numRuns: 25, seed: 0xbf },
    );
  });

  it("gathers each run's own input into the WebAssembly product (one kernel, several inputs, padded and exact classes)", () => {
    for (const pad of [0, 1]) {
      const dim = { size: 3, stride: 1, padLow: pad, padHigh: pad, baseDilation: 1, windowDilation: 1, windowReversal: false, inputSize: 6 };
      const spec = { batch: 2, groups: 1, groupKind: "feature" as const, ci: 4, co: 8, window: [dim, dim], lhsOrder: [0, 3, 1, 2], rhsOrder: [2, 3, 0, 1], outOrder: [0, 3, 1, 2] };
      const first = build({ ...spec, operandType: "f32", resultType: "f32", seed: 11, specials: false });
      const kernel = compileConvolution(first.inst, first.lhs.shape, first.rhs.shape, true)!;
      const n = (first.inst.shape as ArrayLiteral["shape"]).dimensions.reduce((x, y) => x * y, 1);
      for (const seed of [12, 13, 14]) {
        const lhs = build({ ...spec, operandType: "f32", resultType: "f32", seed, specials: false }).lhs;
        const want = (run(first.inst, [lhs, first.rhs]) as ArrayLiteral).data as Float64Array;
        const got = kernel(lhs, first.rhs, new Float64Array(n)).data as Float64Array;
        expect(Array.from(got).findIndex((v, i) => !Object.is(v, want[i])), `pad ${pad}, input ${seed}`).toBe(-1);
      }
    }
  });

  it("packs a constant kernel once and gives the same bits on every run after, non-finite weights and padded classes included", () => {
    const sizes = fc.record({
      // Large enough that the classes' products run as WebAssembly (where the packed rows are copied in).
      hw: fc.integer({ min: 6, max: 11 }),
      ci: fc.integer({ min: 4, max: 8 }),
      co: fc.integer({ min: 8, max: 17 }),
      k: fc.integer({ min: 2, max: 3 }),
      pad: fc.integer({ min: 0, max: 1 }),
      specials: fc.boolean(),
      poison: fc.boolean(),
      seed: fc.integer({ min: 1, max: 1 << 30 }),
    });
    fc.assert(fc.property(sizes, ({ hw, ci, co, k, pad, specials, poison, seed }) => {
      const dim = { size: k, stride: 1, padLow: pad, padHigh: pad, baseDilation: 1, windowDilation: 1, windowReversal: false, inputSize: hw };
      const spec = { batch: 2, groups: 1, groupKind: "feature" as const, ci, co, window: [dim, dim], lhsOrder: [0, 3, 1, 2], rhsOrder: [2, 3, 0, 1], outOrder: [0, 3, 1, 2] };
      const built = build({ ...spec, operandType: "f32", resultType: "f32", seed, specials });
      // One NaN weight: the padded class gives up, and the classes of real taps (some of one depth, sharing a product) run.
      const weights = Float64Array.from(built.rhs.data as Float64Array);
      if (poison) weights[weights.length - 1] = NaN;
      const b = { ...built, rhs: { shape: built.rhs.shape, data: weights } as ArrayLiteral };
      const cached = compileConvolution(b.inst, b.lhs.shape, b.rhs.shape, true, weights)!;
      const plain = compileConvolution(b.inst, b.lhs.shape, b.rhs.shape, true)!;
      const n = (b.inst.shape as ArrayLiteral["shape"]).dimensions.reduce((x, y) => x * y, 1);
      // Three inputs against the same constant (the kernel without it is checked against the reference above);
      // a kernel array that is not the constant is packed as it comes.
      for (let run = 0; run < 3; run++) {
        const lhs = build({ ...spec, operandType: "f32", resultType: "f32", seed: seed + run + 1, specials }).lhs;
        const x = plain(lhs, b.rhs, new Float64Array(n)).data as Float64Array;
        const y = cached(lhs, b.rhs, new Float64Array(n)).data as Float64Array;
        expect(Array.from(y).findIndex((v, i) => !Object.is(v, x[i])), `run ${run}`).toBe(-1);
      }
      const other = build({ ...spec, operandType: "f32", resultType: "f32", seed: seed + 7, specials }).rhs;
      const x = plain(b.lhs, other, new Float64Array(n)).data as Float64Array;
      const y = cached(b.lhs, other, new Float64Array(n)).data as Float64Array;
      expect(Array.from(y).findIndex((v, i) => !Object.is(v, x[i])), "another kernel array").toBe(-1);
    }), { numRuns: 15, seed: 0xc0c0 });
  });

  it("checks its operands against the compiled shapes", () => {
    const b = nhwc("f64", 1, 4, 2, 3, 3);
    const kernel = compileConvolution(b.inst, b.lhs.shape, b.rhs.shape)!;
    expect(() => kernel(b.rhs, b.lhs, new Float64Array(48))).toThrow(/compiled for/);
  });
});
