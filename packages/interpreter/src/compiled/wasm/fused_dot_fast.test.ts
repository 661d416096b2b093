/**
 * The fast fused steps of the WebAssembly dot in numerics "xla-cpu"
 * (fused_steps.ts fma32FastStep, emit_matmul.ts): the common case's lanes
 * and the chains redone where a lane is flagged give the reference kernel's
 * bits, where sums land below the f32 normal range (flushed, or rounded up
 * to 2^-126 from next to it), on f32 midpoints, in some tiles of a product
 * and not others, and across tile edges.
 */
import { type ArrayLiteral, type ArrayShape, type InstructionOf, literal, shape } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Numerics } from "../../kernel.ts";
import { instruction, run, testContext } from "../../kernels/support/test_support.ts";
import { compileDot } from "../dot_kernel.ts";
import { expectWasmDotSame } from "./test_support.ts";

const XLA_CPU = testContext({}, { numerics: "xla-cpu" });
const MATMUL = { lhsBatchDimensions: [], lhsContractingDimensions: [1], rhsBatchDimensions: [], rhsContractingDimensions: [0] };

const expectSame = expectWasmDotSame;

describe("fast fused f32 dot steps", () => {
  it("flush sums below the f32 normal range and round next to it as the full step does (property)", () => {
    // Row i: a chain of `pre` ordinary steps, then c_i + a_i·b_j where a_i·b_j cancels c_i but for a few
    // low bits, so the sum is an f32 denormal (flushed), zero, next to 2^-126 or on a denormal midpoint.
    const row = fc.record({
      mant: fc.integer({ min: 1 << 23, max: (1 << 24) - 1 }),
      exp: fc.integer({ min: -126, max: -122 }),
      d: fc.integer({ min: -64, max: 64 }),
      sign: fc.constantFrom(-1, 1),
      tiny: fc.boolean(),
    });
    const B = [1, 1 - 2 ** -20, 1 + 2 ** -21, 1 - 2 ** -23, 0.5, 2, 1 + 2 ** -10];
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 9 }),
        fc.array(fc.integer({ min: 0, max: B.length - 1 }), { minLength: 1, maxLength: 11 }),
        fc.constantFrom(0, 2, 4),
        (rows, cols, pre) => {
          const k = pre + 2;
          const lhs: number[] = [];
          for (const { mant, exp, d, sign, tiny } of rows) {
            const c = sign * mant * 2 ** (exp - 23);
            // The ordinary steps add 0.25·j to the chain and take it off again: exact, so c arrives unchanged.
            for (let p = 0; p < pre; p++) lhs.push(p % 2 === 0 ? 0.25 : -0.25);
            lhs.push(c, tiny ? -sign * (mant + d) * 2 ** (exp - 23) : -sign * mant * 2 ** (exp - 24));
          }
          const rhs: number[] = [];
          for (let p = 0; p < pre; p++) rhs.push(...cols.map((j) => j + 1));
          rhs.push(...cols.map(() => 1), ...cols.map((j) => B[j]!));
          expectSame("f32", rows.length, k, cols.length, lhs, rhs);
        },
      ),
      { numRuns: 300, seed: 0x7e1 },
    );
  });

  it("rounds to 2^-126 or flushes next to the midpoint below it as one rounding does", () => {
    // The chain reaches 2^-126, then adds -2^-150·(1 ± 2^-20)·(1 ± 2^-20): the sum lies next to
    // 2^-126 - 2^-150, the midpoint between 2^-126 and the largest f32 denormal, on one side or the
    // other (or on it in f64), and the one rounding keeps 2^-126 or flushes to zero.
    const u = 2 ** -75;
    const lhs = [2 ** -125, 2 ** -126, -u * (1 + 2 ** -20), 2 ** -125, 2 ** -126, u * (1 - 2 ** -20)];
    const cols = [u * (1 + 2 ** -20), u * (1 - 2 ** -20), -u * (1 + 2 ** -20), -u * (1 - 2 ** -20), u, -u];
    const rhs = [...cols.map(() => 1), ...cols.map(() => -1), ...cols];
    const out = expectSame("f32", 2, 3, cols.length, lhs, rhs);
    // Sums below 2^-126 round up to it or flush (both happen); none stays a denormal.
    expect(out).toContain(0);
    expect(out).toContain(2 ** -126);
    expect(out.every((x) => x === 0 || Math.abs(x) >= 2 ** -126)).toBe(true);
  });

  it("skips the tiny check only where every nonzero operand is at least 2^-40, whose sums stay at 2^-126 or above (property)", () => {
    // After a few other steps, pairs of steps -(2^23)(2^23)·2^(e1 + e2 - 46) (an f32, exact) and then
    // (2^23 + w)(2^23 - w)·2^(e1 + e2 - 46), added to it in one rounding, cancel to -w² units of 2^(e1 + e2 - 46): with both exponents at least -40 those units are 2^-126 or coarser
    // (normal sums, the fast steps without the tiny check), with one below they are denormal sums (flushed; the
    // steps with the check). Rows and columns scale the pairs by powers of two.
    const pair = fc.record({
      w: fc.integer({ min: -9, max: 9 }),
      e1: fc.integer({ min: -42, max: -36 }),
      e2: fc.integer({ min: -42, max: -36 }),
      sign: fc.constantFrom(-1, 1),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(pair, { minLength: 1, maxLength: 3 }),
        fc.array(fc.constantFrom(0, -0, 2 ** -40, -(2 ** -40), 1 + 2 ** -23, 3 * 2 ** -38, Infinity, NaN, 2 ** -41, 1e-39), { maxLength: 3 }),
        fc.nat(),
        (m, n, pairs, extras, seed) => {
          const k = extras.length + 2 * pairs.length;
          const lhs: number[] = [];
          const rhs: number[] = new Array<number>(k * n).fill(0);
          for (let i = 0; i < m; i++) {
            extras.forEach((x, p) => lhs.push((seed + i + p) % 3 === 0 ? x : 2 ** -39));
            for (const { w, e1, sign } of pairs) lhs.push(-sign * 2 ** (e1 + (i % 2)), sign * (2 ** 23 + w) * 2 ** (e1 - 23 + (i % 2)));
          }
          for (let j = 0; j < n; j++) {
            extras.forEach((x, p) => (rhs[p * n + j] = (seed + j + p) % 2 === 0 ? x : -(2 ** -37)));
            pairs.forEach(({ w, e2 }, p) => {
              rhs[(extras.length + 2 * p) * n + j] = 2 ** (e2 + (j % 3));
              rhs[(extras.length + 2 * p + 1) * n + j] = (2 ** 23 - w) * 2 ** (e2 - 23 + (j % 3));
            });
          }
          const out = expectSame("f32", m, k, n, lhs, rhs);
          expect(out.every((x) => x === 0 || !(Math.abs(x) < 2 ** -126))).toBe(true);
        },
      ),
      { numRuns: 400, seed: 0x2e40 },
    );
  });

  it("gives the reference's bits over random shapes, values and specials (property)", () => {
    const SPECIALS = [0, -0, NaN, Infinity, -Infinity, 3.4e38, -3.4e38, 1e-40, 2 ** -126, -(2 ** -126), 1 + 2 ** -23, 16777217];
    const value = fc.oneof(
      { weight: 6, arbitrary: fc.double({ min: -4, max: 4, noNaN: true }) },
      { weight: 1, arbitrary: fc.constantFrom(...SPECIALS) },
      { weight: 1, arbitrary: fc.integer({ min: -(2 ** 24), max: 2 ** 24 }) },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 10 }),
        fc.infiniteStream(value),
        (m, k, n, stream) => {
          const take = (len: number): number[] => Array.from({ length: len }, () => stream.next().value);
          expectSame("f32", m, k, n, take(m * k), take(k * n));
        },
      ),
      { numRuns: 300, seed: 0xd07 },
    );
  });

  it("gives the reference's bits for f16 and bf16 operands, whose steps skip the midpoint check (property)", () => {
    // Few-bit values over a span of exponents: chains of exact sums land on f32 midpoints (ties) and
    // long ones pass 2^24, where the sums round; zeros, specials and denormal products mixed in.
    const value = fc.oneof(
      { weight: 8, arbitrary: fc.tuple(fc.integer({ min: -255, max: 255 }), fc.integer({ min: -30, max: 12 })).map(([i, e]) => i * 2 ** e) },
      { weight: 1, arbitrary: fc.constantFrom(0, -0, NaN, Infinity, -Infinity, 2 ** -130, 1e-39, 65504) },
    );
    fc.assert(
      fc.property(
        fc.constantFrom("f16" as const, "bf16" as const),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 7 }),
        fc.infiniteStream(value),
        (t, m, k, n, stream) => {
          const take = (len: number): number[] => Array.from({ length: len }, () => stream.next().value);
          expectSame(t, m, k, n, take(m * k), take(k * n));
        },
      ),
      { numRuns: 300, seed: 0xb16 },
    );
  });

  it("keeps a constant operand in the module's memory, and copies it again when another array comes (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("f32" as const, "f64" as const, "bf16" as const),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 6 }),
        fc.boolean(),
        fc.constantFrom<Numerics>("xla-cpu", "reference"),
        fc.infiniteStream(fc.oneof({ weight: 8, arbitrary: fc.double({ min: -4, max: 4, noNaN: true }) }, { weight: 1, arbitrary: fc.constantFrom(0, -0, NaN, 1e-40, -1e-310) })),
        (t, m, k, n, transposed, numerics, stream) => {
          const take = (len: number): number[] => Array.from({ length: len }, () => stream.next().value);
          // B is the constant, [k, n] or [n, k] (contracting dimension 1): laid out in an array of its own then.
          const inst = instruction("dot", shape(t, [m, n]), { ...MATMUL, rhsContractingDimensions: [transposed ? 1 : 0] }) as InstructionOf<"dot">;
          const wDims = transposed ? [n, k] : [k, n];
          const w = literal(t, wDims, take(k * n)) as ArrayLiteral;
          const other = literal(t, wDims, take(k * n)) as ArrayLiteral;
          const ctx = numerics === "xla-cpu" ? XLA_CPU : testContext();
          const kernel = compileDot(inst, shape(t, [m, k]) as ArrayShape, w.shape, numerics, "always", [undefined, w.data as Float64Array]);
          expect(kernel).toBeDefined();
          for (const b of [w, w, other, w]) {
            const a = literal(t, [m, k], take(m * k)) as ArrayLiteral;
            const want = run(inst, [a, b], ctx) as ArrayLiteral;
            const got = kernel!(a, b).data;
            const bad = Array.from(want.data as Float64Array).findIndex((v, i) => !Object.is(v, got[i]));
            expect(bad, `element ${bad}: reference ${want.data[bad]}, compiled ${got[bad]}`).toBe(-1);
          }
        },
      ),
      { numRuns: 200, seed: 0xc0de },
    );
  });
});
