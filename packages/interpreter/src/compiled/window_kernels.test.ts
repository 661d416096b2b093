import { type ArrayLiteral, type ElementType, type HloModule, type Literal, entryComputation, getInstruction, isArrayLiteral, normalizeValue, parseHloModule } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Numerics } from "../kernel.ts";
import { evaluate } from "../evaluate.ts";
import { uniformGenerator } from "../elided_constants.ts";
import { compile } from "./compile.ts";
import { windowStep } from "./window_kernels.ts";

const FLOAT_SPECIALS = [NaN, -NaN, 0, -0, Infinity, -Infinity, 1e-40, -1e-40, 5e-324, 1e300, 3.4e38, 65504, 1, -1];
const isFloat = (t: ElementType): boolean => t === "f64" || t === "f32" || t === "f16" || t === "bf16";

/** n values of type t over many binades, edge values (NaN, ±0, ±inf, subnormals) mixed in when `specials`. */
function values(t: ElementType, n: number, rand: () => number, specials: boolean): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let x: number;
    if (t === "pred") x = rand() < 0.5 ? 0 : 1;
    else if (specials && rand() < 0.2) x = isFloat(t) ? FLOAT_SPECIALS[Math.floor(rand() * FLOAT_SPECIALS.length)] : [0, 1, -1, 127, -128, 255, 2147483647][Math.floor(rand() * 7)];
    else if (isFloat(t)) x = (rand() - 0.5) * 2 ** Math.floor(rand() * 20 - 8);
    else x = Math.floor((rand() - 0.5) * 2 ** 33);
    out[i] = normalizeValue(t, x);
  }
  return out;
}

interface Dim {
  readonly size: number;
  readonly stride: number;
  readonly padLow: number;
  readonly padHigh: number;
  readonly baseDilation: number;
  readonly windowDilation: number;
  readonly inputSize: number;
}

const dim: fc.Arbitrary<Dim> = fc.record({
  size: fc.integer({ min: 1, max: 3 }),
  stride: fc.integer({ min: 1, max: 3 }),
  padLow: fc.integer({ min: 0, max: 2 }),
  padHigh: fc.integer({ min: 0, max: 2 }),
  baseDilation: fc.integer({ min: 1, max: 2 }),
  windowDilation: fc.integer({ min: 1, max: 2 }),
  inputSize: fc.integer({ min: 1, max: 6 }),
});

function outputSize(w: Dim): number {
  const padded = w.padLow + (w.inputSize - 1) * w.baseDilation + 1 + w.padHigh;
  const span = (w.size - 1) * w.windowDilation + 1;
  return span > padded ? 0 : Math.floor((padded - span) / w.stride) + 1;
}

function windowText(dims: readonly Dim[]): string {
  const f = (g: (d: Dim) => string) => dims.map(g).join("x");
  return `window={size=${f((d) => `${d.size}`)} stride=${f((d) => `${d.stride}`)} pad=${f((d) => `${d.padLow}_${d.padHigh}`)} lhs_dilate=${f((d) => `${d.baseDilation}`)} rhs_dilate=${f((d) => `${d.windowDilation}`)}}`;
}

const shapeText = (t: ElementType, dims: readonly number[]): string => `${t}[${dims.join(",")}]`;

function binary(name: string, t: ElementType, op: string, swapped: boolean, resultType: ElementType = t, extra = ""): string {
  const [l, r] = swapped ? ["b", "a"] : ["a", "b"];
  return `%${name} (a: ${t}[], b: ${t}[]) -> ${resultType}[] {\n  %a = ${t}[] parameter(0)\n  %b = ${t}[] parameter(1)\n  ROOT %r = ${resultType}[] ${op}(%${l}, %${r})${extra}\n}\n`;
}

/** Runs the module compiled (checking the step is the compiled one) and evaluated, in both numerics modes; asserts the same bits. */
function expectSameBits(m: HloModule, args: readonly ArrayLiteral[], opcode: string): void {
  const entry = entryComputation(m);
  const inst = entry.instructions.find((i) => i.opcode === opcode);
  if (inst === undefined) throw new Error(`no ${opcode} in the test module`);
  for (const numerics of ["reference", "xla-cpu"] as const satisfies readonly Numerics[]) {
    expect(windowStep(m, entry, getInstruction(entry, inst.name), numerics), `${opcode} is compiled`).toBeDefined();
    const want = evaluate(m, args, { numerics });
    const got: Literal = compile(m, { numerics, fuse: false }).execute(args);
    if (!isArrayLiteral(want) || !isArrayLiteral(got)) throw new Error("array results expected");
    expect(got.shape).toEqual(want.shape);
    const bad: string[] = [];
    for (let i = 0; i < want.data.length && bad.length < 5; i++) if (!Object.is(got.data[i], want.data[i])) bad.push(`[${i}] got ${got.data[i]} want ${want.data[i]}`);
    expect(bad, numerics).toEqual([]);
  }
}

const REDUCE_TYPES: readonly (readonly [ElementType, string])[] = [
  ["f32", "add"], ["f32", "maximum"], ["f32", "minimum"], ["f32", "multiply"], ["f64", "add"], ["f64", "maximum"],
  ["f16", "add"], ["bf16", "maximum"], ["s32", "add"], ["s32", "maximum"], ["u8", "multiply"], ["pred", "or"], ["pred", "and"],
];

describe("compiled reduce-window", () => {
  it("gives the reference's bits over window configurations, reducers and special values", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }).chain((rank) => fc.array(dim, { minLength: rank, maxLength: rank })),
        fc.constantFrom(...REDUCE_TYPES),
        fc.boolean(),
        fc.integer({ min: 1, max: 1 << 30 }),
        fc.boolean(),
        (dims, [t, op], swapped, seed, specials) => {
          const inDims = dims.map((d) => d.inputSize);
          const outDims = dims.map(outputSize);
          const text = [
            "HloModule rw",
            binary("red", t, op, swapped),
            `ENTRY %main (x: ${shapeText(t, inDims)}, i: ${t}[]) -> ${shapeText(t, outDims)} {`,
            `  %x = ${shapeText(t, inDims)} parameter(0)`,
            `  %i = ${t}[] parameter(1)`,
            `  ROOT %w = ${shapeText(t, outDims)} reduce-window(%x, %i), ${windowText(dims)}, to_apply=%red`,
            "}",
          ].join("\n");
          const rand = uniformGenerator(seed);
          const count = inDims.reduce((a, b) => a * b, 1);
          const args: ArrayLiteral[] = [
            { shape: { elementType: t, dimensions: inDims }, data: values(t, count, rand, specials) },
            { shape: { elementType: t, dimensions: [] }, data: values(t, 1, rand, specials) },
          ];
          expectSameBits(parseHloModule(text), args, "reduce-window");
        },
      ),
      { numRuns: 150 },
    );
  });

  it("flushes and rounds sums that cancel into the denormal range as the reference does (f32, f64)", () => {
    // Normals next to each type's smallest normal: their sums and differences land below it (flushed in
    // XLA CPU's mode, kept in the reference's); f32 sums of values a few ulps apart also round.
    const near = (t: "f32" | "f64"): fc.Arbitrary<number> => {
      const tiny = t === "f32" ? 2 ** -126 : 2 ** -1022;
      return fc.oneof(
        fc.tuple(fc.integer({ min: 1, max: 64 }), fc.constantFrom(-1, 1)).map(([k, s]) => s * tiny * (1 + k * 2 ** -20)),
        fc.constantFrom(0, -0, tiny, -tiny, 1e-40, -5e-324, 1, -1 - 2 ** -23, NaN, Infinity),
      );
    };
    fc.assert(
      fc.property(
        fc.constantFrom("f32" as const, "f64" as const),
        fc.integer({ min: 2, max: 9 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 1 << 30 }),
        (t, n, size, seed) => {
          const pick = near(t);
          const xs = fc.sample(pick, { numRuns: n + 1, seed }).map((x) => normalizeValue(t, x));
          const outN = n - size + 1 > 0 ? n - size + 1 : 0;
          const text = [
            "HloModule rw",
            binary("red", t, "add", false),
            `ENTRY %main (x: ${t}[${n}], i: ${t}[]) -> ${t}[${outN}] {`,
            `  %x = ${t}[${n}] parameter(0)`,
            `  %i = ${t}[] parameter(1)`,
            `  ROOT %w = ${t}[${outN}] reduce-window(%x, %i), window={size=${size}}, to_apply=%red`,
            "}",
          ].join("\n");
          const args: ArrayLiteral[] = [
            { shape: { elementType: t, dimensions: [n] }, data: Float64Array.from(xs.slice(0, n)) },
            { shape: { elementType: t, dimensions: [] }, data: Float64Array.of(xs[n]!) },
          ];
          expectSameBits(parseHloModule(text), args, "reduce-window");
        },
      ),
      { numRuns: 300, seed: 0x5e },
    );
  });

  it("keeps max's NaN and signed-zero choices of the scalar table (lhs on ties, first NaN wins)", () => {
    const text = [
      "HloModule rw",
      binary("mx", "f32", "maximum", false),
      "ENTRY %main (x: f32[8], i: f32[]) -> f32[7] {",
      "  %x = f32[8] parameter(0)",
      "  %i = f32[] parameter(1)",
      "  ROOT %w = f32[7] reduce-window(%x, %i), window={size=2}, to_apply=%mx",
      "}",
    ].join("\n");
    const args: ArrayLiteral[] = [
      { shape: { elementType: "f32", dimensions: [8] }, data: Float64Array.from([-0, 0, NaN, 1, -Infinity, 0, -0, 1e-40]) },
      { shape: { elementType: "f32", dimensions: [] }, data: Float64Array.from([-Infinity]) },
    ];
    expectSameBits(parseHloModule(text), args, "reduce-window");
  });
});

describe("compiled select-and-scatter", () => {
  it("gives the reference's bits over window configurations, compare directions and special values", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }).chain((rank) => fc.array(dim, { minLength: rank, maxLength: rank })),
        fc.constantFrom(...(["f32", "f64", "s32", "bf16"] as const)),
        fc.constantFrom("GE", "GT", "LE", "LT"),
        fc.boolean(),
        fc.integer({ min: 1, max: 1 << 30 }),
        fc.boolean(),
        (dims, t, direction, swapped, seed, specials) => {
          const inDims = dims.map((d) => d.inputSize);
          const srcDims = dims.map(outputSize);
          const text = [
            "HloModule ss",
            binary("sel", t, "compare", swapped, "pred", `, direction=${direction}`),
            binary("add", t, "add", false),
            `ENTRY %main (x: ${shapeText(t, inDims)}, s: ${shapeText(t, srcDims)}, i: ${t}[]) -> ${shapeText(t, inDims)} {`,
            `  %x = ${shapeText(t, inDims)} parameter(0)`,
            `  %s = ${shapeText(t, srcDims)} parameter(1)`,
            `  %i = ${t}[] parameter(2)`,
            `  ROOT %r = ${shapeText(t, inDims)} select-and-scatter(%x, %s, %i), ${windowText(dims)}, select=%sel, scatter=%add`,
            "}",
          ].join("\n");
          const rand = uniformGenerator(seed);
          const n = (d: readonly number[]) => d.reduce((a, b) => a * b, 1);
          const args: ArrayLiteral[] = [
            { shape: { elementType: t, dimensions: inDims }, data: values(t, n(inDims), rand, specials) },
            { shape: { elementType: t, dimensions: srcDims }, data: values(t, n(srcDims), rand, specials) },
            { shape: { elementType: t, dimensions: [] }, data: values(t, 1, rand, specials) },
          ];
          expectSameBits(parseHloModule(text), args, "select-and-scatter");
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe("compiled pad and reverse", () => {
  const padDim = fc.record({ low: fc.integer({ min: -3, max: 3 }), high: fc.integer({ min: -3, max: 3 }), interior: fc.integer({ min: 0, max: 2 }), size: fc.integer({ min: 0, max: 5 }) });

  it("pad gives the reference's values over negative, zero and interior padding", () => {
    fc.assert(
      fc.property(fc.array(padDim, { minLength: 1, maxLength: 3 }), fc.constantFrom(...(["f32", "f64", "s32", "pred"] as const)), fc.integer({ min: 1, max: 1 << 30 }), (dims, t, seed) => {
        const inDims = dims.map((d) => d.size);
        const outDims = dims.map((d) => d.low + d.high + d.size + Math.max(0, d.size - 1) * d.interior);
        fc.pre(outDims.every((n) => n >= 0));
        const padding = `, padding=${dims.map((d) => `${d.low}_${d.high}_${d.interior}`).join("x")}`;
        const text = [
          "HloModule pad",
          `ENTRY %main (x: ${shapeText(t, inDims)}, v: ${t}[]) -> ${shapeText(t, outDims)} {`,
          `  %x = ${shapeText(t, inDims)} parameter(0)`,
          `  %v = ${t}[] parameter(1)`,
          `  ROOT %p = ${shapeText(t, outDims)} pad(%x, %v)${padding}`,
          "}",
        ].join("\n");
        const rand = uniformGenerator(seed);
        const args: ArrayLiteral[] = [
          { shape: { elementType: t, dimensions: inDims }, data: values(t, inDims.reduce((a, b) => a * b, 1), rand, true) },
          { shape: { elementType: t, dimensions: [] }, data: values(t, 1, rand, true) },
        ];
        expectSameBits(parseHloModule(text), args, "pad");
      }),
      { numRuns: 120 },
    );
  });

  it("reverse gives the reference's values for any set of dimensions", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 0, maxLength: 4 }), fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), fc.integer({ min: 1, max: 1 << 30 }), (inDims, flip, seed) => {
        const rev = inDims.map((_, d) => d).filter((d) => flip[d]);
        const text = [
          "HloModule rev",
          `ENTRY %main (x: ${shapeText("f32", inDims)}) -> ${shapeText("f32", inDims)} {`,
          `  %x = ${shapeText("f32", inDims)} parameter(0)`,
          `  ROOT %r = ${shapeText("f32", inDims)} reverse(%x), dimensions={${rev.join(",")}}`,
          "}",
        ].join("\n");
        const args: ArrayLiteral[] = [{ shape: { elementType: "f32", dimensions: inDims }, data: values("f32", inDims.reduce((a, b) => a * b, 1), uniformGenerator(seed), true) }];
        expectSameBits(parseHloModule(text), args, "reverse");
      }),
      { numRuns: 80 },
    );
  });
});
