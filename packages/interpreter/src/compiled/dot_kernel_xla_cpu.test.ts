import { type ArrayLiteral, type ElementType, type InstructionOf, literal, normalizeValue, parseHloModule, shape } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.ts";
import { instruction, run, testContext } from "../kernels/support/test_support.ts";
import { uniformGenerator } from "../elided_constants.ts";
import { compile } from "./compile.ts";
import { compileDot } from "./dot_kernel.ts";

const XLA_CPU = testContext({}, { numerics: "xla-cpu" });
const MATMUL = { lhsBatchDimensions: [], lhsContractingDimensions: [1], rhsBatchDimensions: [], rhsContractingDimensions: [0] };
const SPECIALS = [NaN, 0, -0, Infinity, -Infinity, 1e300, -1e300, 3.4e38, 65504, 5e-324, -2e-310, 1e-40, -3e-39, 1, -1];

/** n values of type t over many binades, with NaN, infinities, signed zeros and denormals (of f32 and f64) mixed in when `specials`. */
function values(t: ElementType, n: number, rand: () => number, specials: boolean): number[] {
  return Array.from({ length: n }, () => {
    if (specials && rand() < 0.1) return normalizeValue(t, SPECIALS[Math.floor(rand() * SPECIALS.length)]);
    return normalizeValue(t, (rand() - 0.5) * 2 ** Math.floor(rand() * 30 - 15));
  });
}

function matmul(t: ElementType, m: number, k: number, n: number, seed: number, specials: boolean): { inst: InstructionOf<"dot">; lhs: ArrayLiteral; rhs: ArrayLiteral } {
  const rand = uniformGenerator(seed);
  return {
    inst: instruction("dot", shape(t, [m, n]), MATMUL),
    lhs: literal(t, [m, k], values(t, m * k, rand, specials)) as ArrayLiteral,
    rhs: literal(t, [k, n], values(t, k * n, rand, specials)) as ArrayLiteral,
  };
}

/** The compiled dot in numerics xla-cpu against the reference kernel in that mode, bit for bit. */
function expectSameAsXlaCpu(inst: InstructionOf<"dot">, lhs: ArrayLiteral, rhs: ArrayLiteral): Float64Array {
  const want = run(inst, [lhs, rhs], XLA_CPU) as ArrayLiteral;
  let first: Float64Array | undefined;
  // Both the JavaScript rows and the WebAssembly lanes (forced, whatever the size).
  for (const wasm of [false, "always"] as const) {
    const kernel = compileDot(inst, lhs.shape, rhs.shape, "xla-cpu", wasm);
    expect(kernel, "XLA CPU's dot compiles").toBeDefined();
    const out = new Float64Array(want.data.length).fill(-7.5);
    const got = kernel!(lhs, rhs, out);
    expect(got.data).toBe(out);
    const mismatch = Array.from(want.data as Float64Array).findIndex((v, i) => !Object.is(v, out[i]));
    expect(mismatch, `wasm ${wasm}, element ${mismatch}: reference ${want.data[mismatch]}, compiled ${out[mismatch]}`).toBe(-1);
    first ??= out;
  }
  return first!;
}

describe("compileDot in numerics xla-cpu", () => {
  it("matches XLA CPU's fused multiply-add dot across tile and block edges, for every float type", () => {
    for (const t of ["f64", "f32", "f16", "bf16"] as const) {
      for (const [m, k, n] of [[1, 1, 1], [5, 1, 6], [4, 4, 4], [9, 7, 5], [67, 33, 9], [6, 530, 5]] as const) {
        expectSameAsXlaCpu(...Object.values(matmul(t, m, k, n, m * 100 + k + n, false)) as [InstructionOf<"dot">, ArrayLiteral, ArrayLiteral]);
        expectSameAsXlaCpu(...Object.values(matmul(t, m, k, n, m * 100 + k + n + 1, true)) as [InstructionOf<"dot">, ArrayLiteral, ArrayLiteral]);
      }
    }
  });

  it("rounds each step once (fma), where the reference numerics round the product and then the sum", () => {
    // x = 1 + 2^-12: x*x = 1 + 2^-11 + 2^-24 rounds to 1 + 2^-11 in f32; the fused step -1 + x*x keeps the 2^-24.
    const x = 1 + 2 ** -12;
    const inst = instruction("dot", shape("f32", [1, 1]), MATMUL);
    const lhs = literal("f32", [1, 2], [1, x]) as ArrayLiteral;
    const rhs = literal("f32", [2, 1], [-1, x]) as ArrayLiteral;
    expect(expectSameAsXlaCpu(inst, lhs, rhs)[0]).toBe(2 ** -11 + 2 ** -24);
    expect(compileDot(inst, lhs.shape, rhs.shape)!(lhs, rhs).data[0]).toBe(2 ** -11);
    // (1 + 2^-23) + a*b with a*b = 2^-24 - 2^-60: the f64 sum would land on the f32 midpoint and round up; one rounding stays below.
    const a = 2 ** -12 * (1 + 2 ** -18);
    const b = 2 ** -12 * (1 - 2 ** -18);
    const c = 1 + 2 ** -23;
    const once = expectSameAsXlaCpu(inst, literal("f32", [1, 2], [1, a]) as ArrayLiteral, literal("f32", [2, 1], [c, b]) as ArrayLiteral);
    expect(once[0]).toBe(c);
    // One contracting element: the product itself, so 0 * -4 is -0.
    const z = expectSameAsXlaCpu(inst, literal("f32", [1, 1], [0]) as ArrayLiteral, literal("f32", [1, 1], [-4]) as ArrayLiteral);
    expect(Object.is(z[0], -0)).toBe(true);
  });

  it("rounds at f32 midpoints as one fused rounding does, in every lane (property)", () => {
    // out[i][j] = fma(a_i, b_j, c_i) with a_i·b_j half an f32 ulp of c_i, exactly or 2^-36 of it above or
    // below: the f64 sum lands on the midpoint between two f32 values, where rounding it to f32
    // (rounding twice) differs from the one fused rounding.
    const row = fc.tuple(fc.integer({ min: 1 << 23, max: (1 << 24) - 1 }), fc.integer({ min: -100, max: 100 }), fc.constantFrom(-1, 1), fc.constantFrom(-1, 1));
    const B = [1, 1 - 2 ** -18, 1 + 2 ** -18, 1 - 2 ** -17, 1 + 2 ** -17];
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 9 }), fc.array(fc.integer({ min: 0, max: B.length - 1 }), { minLength: 1, maxLength: 9 }), (rows, cols) => {
        const lhs: number[] = [];
        for (const [mant, exp, sc, sa] of rows) {
          const c = sc * mant * 2 ** (exp - 23);
          lhs.push(c, sa * 2 ** (exp - 24) * (1 + 2 ** -18));
        }
        const rhs = [...cols.map(() => 1), ...cols.map((j) => B[j]!)];
        const inst = instruction("dot", shape("f32", [rows.length, cols.length]), MATMUL);
        expectSameAsXlaCpu(inst, literal("f32", [rows.length, 2], lhs) as ArrayLiteral, literal("f32", [2, cols.length], rhs) as ArrayLiteral);
      }),
      { numRuns: 300, seed: 0x5eed },
    );
  });

  it("rounds at f64 midpoints as one fused rounding does, in every lane (property)", () => {
    // As for f32: a_i·b_j is half an f64 ulp of c_i times (1 - 2^-60) or (1 + 2^-30)^2, so that the
    // rounded sum s + w sits on or next to a midpoint, and the inexact product's low part decides.
    const row = fc.tuple(fc.double({ min: 1, max: 2, noNaN: true }), fc.integer({ min: -900, max: 900 }), fc.constantFrom(-1, 1), fc.constantFrom(-1, 1));
    const B = [1, 1 - 2 ** -30, 1 + 2 ** -30, 1 - 2 ** -52, 1 + 2 ** -52];
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 9 }), fc.array(fc.integer({ min: 0, max: B.length - 1 }), { minLength: 1, maxLength: 9 }), (rows, cols) => {
        const lhs: number[] = [];
        for (const [mant, exp, sc, sa] of rows) lhs.push(sc * mant * 2 ** exp, sa * 2 ** (exp - 53) * (1 + 2 ** -30));
        const rhs = [...cols.map(() => 1), ...cols.map((j) => B[j]!)];
        const inst = instruction("dot", shape("f64", [rows.length, cols.length]), MATMUL);
        expectSameAsXlaCpu(inst, literal("f64", [rows.length, 2], lhs) as ArrayLiteral, literal("f64", [2, cols.length], rhs) as ArrayLiteral);
      }),
      { numRuns: 300, seed: 0x64 },
    );
  });

  it("rounds f16 and bf16 chains once per step from any bit patterns, wide exponent gaps included (property)", () => {
    // The short step (a rounded f64 sum) is exact only because these operands have at most 12 significant
    // bits; arbitrary bit patterns put large sums beside tiny products and the reverse, subnormals, inf and NaN.
    const fromBits = (t: "f16" | "bf16", bits: number): number => {
      if (t === "bf16") return new Float32Array(new Uint32Array([bits << 16]).buffer)[0]!;
      const sign = bits & 0x8000 ? -1 : 1;
      const e = (bits >> 10) & 0x1f;
      const frac = bits & 0x3ff;
      if (e === 31) return frac === 0 ? sign * Infinity : NaN;
      return sign * (e === 0 ? frac * 2 ** -24 : (1024 + frac) * 2 ** (e - 25));
    };
    const bits = fc.integer({ min: 0, max: 0xffff });
    fc.assert(
      fc.property(
        fc.constantFrom("f16" as const, "bf16" as const),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 7 }),
        fc.array(bits, { minLength: 6 * 24, maxLength: 6 * 24 }),
        fc.array(bits, { minLength: 24 * 7, maxLength: 24 * 7 }),
        (t, m, k, n, a, b) => {
          const inst = instruction("dot", shape(t, [m, n]), MATMUL);
          const lhs = literal(t, [m, k], a.slice(0, m * k).map((x) => fromBits(t, x))) as ArrayLiteral;
          const rhs = literal(t, [k, n], b.slice(0, k * n).map((x) => fromBits(t, x))) as ArrayLiteral;
          expectSameAsXlaCpu(inst, lhs, rhs);
        },
      ),
      { numRuns: 300, seed: 0x16 },
    );
  });

  it("flushes denormal operands and sums as XLA CPU does", () => {
    const inst = instruction("dot", shape("f32", [1, 1]), MATMUL);
    const got = expectSameAsXlaCpu(inst, literal("f32", [1, 2], [1e-40, 1]) as ArrayLiteral, literal("f32", [2, 1], [1, 1e-39]) as ArrayLiteral);
    expect(got[0]).toBe(0);
  });

  it("matches for random shapes and types, specials included (property)", () => {
    fc.assert(
      fc.property(
        fc.record({
          t: fc.constantFrom("f64" as const, "f32" as const, "f16" as const, "bf16" as const, "s32" as const),
          m: fc.integer({ min: 0, max: 9 }),
          k: fc.integer({ min: 0, max: 12 }),
          n: fc.integer({ min: 0, max: 9 }),
          seed: fc.integer({ min: 1, max: 1 << 30 }),
          specials: fc.boolean(),
        }),
        (c) => {
          const { inst, lhs, rhs } = matmul(c.t, c.m, c.k, c.n, c.seed, c.specials);
          expectSameAsXlaCpu(inst, lhs, rhs);
        },
      ),
      { numRuns: 400, seed: 0xf3a },
    );
  });

  it("runs dots and kOutput dot fusions in the compiled engine as evaluate does", () => {
    const m = parseHloModule(`HloModule d

ENTRY main {
  x = f32[7,33] parameter(0)
  w = f32[33,6] parameter(1)
  b = f32[6] parameter(2)
  d = f32[7,6] dot(x, w), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  bb = f32[7,6] broadcast(b), dimensions={1}
  s = f32[7,6] add(d, bb)
  z = f32[] constant(0)
  zb = f32[7,6] broadcast(z), dimensions={}
  r = f32[7,6] maximum(s, zb)
  t = f32[6,7] transpose(d), dimensions={1,0}
  ROOT o = (f32[7,6], f32[6,7]) tuple(r, t)
}
`);
    const rand = uniformGenerator(9);
    const args = [[7, 33], [33, 6], [6]].map((d) => literal("f32", d, values("f32", d.reduce((a, b) => a * b, 1), rand, true)) as ArrayLiteral);
    const want = evaluate(m, args, { numerics: "xla-cpu" });
    const got = compile(m, { numerics: "xla-cpu" }).execute(args);
    expect(got).toEqual(want);
  });
});
