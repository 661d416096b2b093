/**
 * The moderate fused f64 dot step (fused_steps.ts fma64DotStep, emit_matmul.ts),
 * which settles a lane where the sums of s with w·(1 ∓ 2^-52) round alike and
 * redoes a tile's chains otherwise: bit for bit the reference kernel's in
 * numerics "xla-cpu" on chains that cancel to zero or next to it, on zero and
 * -0 row and column values (which the step takes without a branch), on
 * one-step chains from -0, on products at the ends of the moderate range and
 * just past them, on sums next to midpoints that only the product's low part
 * decides, in batched dots; and the general steps' on products near overflow
 * and underflow, denormals, infinities and NaN.
 */
import { type ArrayLiteral, type InstructionOf, literal, shape } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { instruction, run, testContext } from "../../kernels/support/test_support.ts";
import { compileDot } from "../dot_kernel.ts";
import { MODERATE_HI, MODERATE_LO } from "./fused_steps.ts";
import { withoutHardwareFma } from "./hardware_fma.ts";

const XLA_CPU = testContext({}, { numerics: "xla-cpu" });
const MATMUL = { lhsBatchDimensions: [], lhsContractingDimensions: [1], rhsBatchDimensions: [], rhsContractingDimensions: [0] };
const BATCHED = { lhsBatchDimensions: [0], lhsContractingDimensions: [2], rhsBatchDimensions: [0], rhsContractingDimensions: [1] };

/** The WebAssembly dot (forced, without the host's fma) of [b,] m×k by [b,] k×n against the reference kernel, bit for bit. */
function expectSame(b: number, m: number, k: number, n: number, lhs: readonly number[], rhs: readonly number[]): void {
  const batched = b > 1;
  const inst = instruction("dot", shape("f64", batched ? [b, m, n] : [m, n]), batched ? BATCHED : MATMUL) as InstructionOf<"dot">;
  const l = literal("f64", batched ? [b, m, k] : [m, k], lhs) as ArrayLiteral;
  const r = literal("f64", batched ? [b, k, n] : [k, n], rhs) as ArrayLiteral;
  const want = run(inst, [l, r], XLA_CPU) as ArrayLiteral;
  const kernel = withoutHardwareFma(() => compileDot(inst, l.shape, r.shape, "xla-cpu", "always"));
  expect(kernel).toBeDefined();
  const out = kernel!(l, r, new Float64Array(want.data.length).fill(-7.5)).data as Float64Array;
  const bad = Array.from(want.data as Float64Array).findIndex((v, i) => !Object.is(v, out[i]));
  expect(bad, `element ${bad} of ${b}x${m}x${k}x${n}: reference ${want.data[bad]}, compiled ${out[bad]}`).toBe(-1);
}

/** m · 2^e with m of up to 53 bits: a double in [2^e, 2^(e+1)) whose low bits are random. */
const scaled = (eMin: number, eMax: number) =>
  fc.tuple(fc.double({ min: 1, max: 2, maxExcluded: true, noNaN: true }), fc.integer({ min: eMin, max: eMax }), fc.constantFrom(-1, 1)).map(([m, e, s]) => s * m * 2 ** e);

/** i · 2^e for an integer i of up to `bits` bits: exact products, sums on midpoints. */
const short = (bits: number, eMin: number, eMax: number) =>
  fc.tuple(fc.integer({ min: -(2 ** bits) + 1, max: 2 ** bits - 1 }), fc.integer({ min: eMin, max: eMax })).map(([i, e]) => i * 2 ** e);

/** Moderate values of every kind the step meets: ordinary, short, at the range's ends, zeros of both signs. */
const moderate = fc.oneof(
  { weight: 4, arbitrary: scaled(-8, 8) },
  { weight: 2, arbitrary: short(5, -4, 4) },
  { weight: 2, arbitrary: short(27, -40, 10) },
  { weight: 1, arbitrary: scaled(-400, -396) },
  { weight: 1, arbitrary: scaled(396, 399) },
  { weight: 2, arbitrary: fc.constantFrom(0, -0, MODERATE_HI, -MODERATE_LO, 1, -1) },
);

const dims = fc.record({
  b: fc.constantFrom(1, 1, 2, 3),
  m: fc.integer({ min: 1, max: 5 }),
  k: fc.integer({ min: 1, max: 20 }),
  n: fc.integer({ min: 1, max: 9 }),
});

describe("moderate fused f64 dot steps", () => {
  it("give the reference's bits on mixed moderate operands, zeros and -0 among them, batched or not (property)", () => {
    fc.assert(
      fc.property(dims, fc.infiniteStream(moderate), ({ b, m, k, n }, stream) => {
        const take = (len: number): number[] => Array.from({ length: len }, () => stream.next().value);
        expectSame(b, m, k, n, take(b * m * k), take(b * k * n));
      }),
      { numRuns: 300, seed: 0xb4ac },
    );
  });

  it("give chains that cancel to zero or next to it the one rounding's value and sign (property)", () => {
    // Row i: a·y_j, then -a·(1 + d·2^-52)·y_j (an exact zero for d = 0, else a few low bits of a·y_j left),
    // then t·y_j: the chain's sum s is zero or tiny while the product's error q is not, or the chain
    // continues from an exact +0. Columns are y_j and y_j·(1 + 2^-30) for the last step.
    const row = fc.tuple(scaled(-30, 30), fc.integer({ min: -3, max: 3 }), fc.oneof(moderate, fc.constant(0)));
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 5 }), fc.array(fc.oneof(scaled(-20, 20), fc.constantFrom(0, -0, 1)), { minLength: 1, maxLength: 9 }), (rows, ys) => {
        const lhs = rows.flatMap(([a, d, t]) => [a, -a * (1 + d * 2 ** -52), t]);
        const rhs = [...ys, ...ys, ...ys.map((y) => y * (1 + 2 ** -30))];
        expectSame(1, rows.length, 3, ys.length, lhs, rhs);
      }),
      { numRuns: 300, seed: 0xca9c },
    );
  });

  it("settle sums next to midpoints that only the product's low part decides, after a chain of ordinary steps (property)", () => {
    // pre ordinary steps that add and take off 0.5·j exactly, then c_i + a_i·b_j with a_i·b_j half an ulp of c_i
    // times a factor a little off 1 (or exactly 1: an exact tie): s + w sits on a midpoint or beside one.
    const row = fc.tuple(fc.double({ min: 1, max: 2, maxExcluded: true, noNaN: true }), fc.integer({ min: -380, max: 380 }), fc.constantFrom(-1, 1), fc.constantFrom(-1, 1));
    const F = [1, 1 - 2 ** -30, 1 + 2 ** -30, 1 - 2 ** -52, 1 + 2 ** -52, 1 + 2 ** -27, 1 - 2 ** -26];
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 5 }),
        fc.array(fc.integer({ min: 0, max: F.length - 1 }), { minLength: 1, maxLength: 9 }),
        fc.constantFrom(0, 2, 4),
        fc.boolean(),
        (rows, cols, pre, exactHalf) => {
          const lhs: number[] = [];
          for (const [mant, exp, sc, sa] of rows) {
            for (let p = 0; p < pre; p++) lhs.push(p % 2 === 0 ? 0.5 : -0.5);
            lhs.push(sc * mant * 2 ** exp, sa * 2 ** (exp - 53) * (exactHalf ? 1 : 1 + 2 ** -29));
          }
          const rhs: number[] = [];
          for (let p = 0; p < pre; p++) rhs.push(...cols.map((j) => j + 1));
          rhs.push(...cols.map(() => 1), ...cols.map((j) => F[j]!));
          expectSame(1, rows.length, pre + 2, cols.length, lhs, rhs);
        },
      ),
      { numRuns: 300, seed: 0x3d1d },
    );
  });

  it("keep one-step chains from -0 the product's sign, zeros of either sign included (property)", () => {
    const value = fc.oneof(moderate, fc.constantFrom(0, -0));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 9 }), fc.infiniteStream(value), (m, n, stream) => {
        const take = (len: number): number[] => Array.from({ length: len }, () => stream.next().value);
        expectSame(1, m, 1, n, take(m), take(n));
      }),
      { numRuns: 200, seed: 0x1e0 },
    );
  });

  it("give chains of products just past the moderate range's low end, cancelling to below the normal range, the general steps' bits (property)", () => {
    // As the cancelling chains above with a and y_j of magnitudes 2^-499 to 2^-470: products near 2^-1000 whose
    // partial products and cancelled sums need the flushing general steps, which values this small must get.
    const row = fc.tuple(scaled(-499, -470), fc.integer({ min: -3, max: 3 }), fc.oneof(scaled(-499, -470), fc.constant(0)));
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 5 }), fc.array(scaled(-499, -470), { minLength: 1, maxLength: 9 }), (rows, ys) => {
        const lhs = rows.flatMap(([a, d, t]) => [a, -a * (1 + d * 2 ** -52), t]);
        const rhs = [...ys, ...ys, ...ys.map((y) => y * (1 + 2 ** -30))];
        expectSame(1, rows.length, 3, ys.length, lhs, rhs);
      }),
      { numRuns: 200, seed: 0x10e },
    );
  });

  it("give the reference's bits at the ends of the moderate range and past them, where products near 2^±800 cancel to multiples of 2^-904, or past them underflow (property)", () => {
    // x = ±2^-400·(1 + i·2^-52), y = ±2^-400·(1 + j·2^-52) (or their 2^400 mirrors): products with low bits near
    // 2^-904 that cancel against each other; the same next to the range's ends, and well past them, where partial
    // products lose bits and sums fall below the normal range or overflow (the general steps).
    const edge = (e: number) => fc.tuple(fc.integer({ min: -(2 ** 20), max: 2 ** 20 }), fc.constantFrom(-1, 1)).map(([i, s]) => s * 2 ** e * (1 + i * 2 ** -52));
    const past = fc.integer({ min: 60, max: 130 }).chain((d) => fc.oneof(edge(-400 - d), edge(399 + d)));
    const value = fc.oneof(edge(-400), edge(399), edge(-401), edge(400), edge(-399), past, fc.constantFrom(0, -0));
    fc.assert(
      fc.property(dims, fc.infiniteStream(value), ({ b, m, k, n }, stream) => {
        const take = (len: number): number[] => Array.from({ length: len }, () => stream.next().value);
        expectSame(b, m, k, n, take(b * m * k), take(b * k * n));
      }),
      { numRuns: 200, seed: 0xed9e },
    );
  });
});

describe("general fused f64 dot steps", () => {
  it("give the reference's bits on products near overflow and underflow, denormals, infinities and NaN (property)", () => {
    const special = fc.constantFrom(NaN, Infinity, -Infinity, 5e-324, -1e-310, 2 ** -1022, -(2 ** -1022), Number.MAX_VALUE, 0, -0);
    const value = fc.oneof(
      { weight: 3, arbitrary: scaled(-8, 8) },
      { weight: 2, arbitrary: scaled(500, 520) },
      { weight: 2, arbitrary: scaled(-530, -500) },
      { weight: 1, arbitrary: scaled(1000, 1023) },
      { weight: 1, arbitrary: scaled(-1074, -1000) },
      { weight: 1, arbitrary: special },
    );
    fc.assert(
      fc.property(dims, fc.infiniteStream(value), ({ b, m, k, n }, stream) => {
        const take = (len: number): number[] => Array.from({ length: len }, () => stream.next().value);
        expectSame(b, m, k, n, take(b * m * k), take(b * k * n));
      }),
      { numRuns: 300, seed: 0x0f10 },
    );
  });
});
