/**
 * The WebAssembly dot of operands f16 holds (f16 and the f8 formats inside
 * its range) in numerics "xla-cpu": every product is an exact f32, so each
 * fma32 step runs as an f32x4 multiply then add (emit_matmul_f32x4.ts).
 * Bit for bit the reference kernel's, over whole 4x8 tiles, their 4-column
 * and 1-row edges and the columns left to the f64 lanes, from arbitrary bit
 * patterns (subnormals, ±0, inf, NaN, overflowing sums, long chains that
 * round).
 */
import { type ArrayLiteral, type InstructionOf, literal, shape } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { instruction, run, testContext } from "../../kernels/support/test_support.ts";
import { compileDot, matmulOperands } from "../dot_kernel.ts";

const XLA_CPU = testContext({}, { numerics: "xla-cpu" });
const MATMUL = { lhsBatchDimensions: [], lhsContractingDimensions: [1], rhsBatchDimensions: [], rhsContractingDimensions: [0] };

/** An f16 value from its 16 bits. */
function f16FromBits(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const e = (bits >> 10) & 0x1f;
  const frac = bits & 0x3ff;
  if (e === 31) return frac === 0 ? sign * Infinity : NaN;
  return sign * (e === 0 ? frac * 2 ** -24 : (1024 + frac) * 2 ** (e - 25));
}

type Narrow = "f16" | "f8e5m2" | "f8e4m3fn";

function expectSame(t: Narrow, m: number, k: number, n: number, lhs: readonly number[], rhs: readonly number[]): void {
  const inst = instruction("dot", shape(t, [m, n]), MATMUL) as InstructionOf<"dot">;
  // literal() rounds each value into the type's value set, as an argument arrives.
  const l = literal(t, [m, k], lhs) as ArrayLiteral;
  const r = literal(t, [k, n], rhs) as ArrayLiteral;
  const want = run(inst, [l, r], XLA_CPU) as ArrayLiteral;
  const kernel = compileDot(inst, l.shape, r.shape, "xla-cpu", "always");
  expect(kernel).toBeDefined();
  const out = kernel!(l, r, new Float64Array(m * n).fill(-7.5)).data as Float64Array;
  const bad = Array.from(want.data as Float64Array).findIndex((v, i) => !Object.is(v, out[i]));
  expect(bad, `${t} ${m}x${k}x${n} element ${bad}: reference ${want.data[bad]}, compiled ${out[bad]}`).toBe(-1);
}

describe("fused f32 dot of operands f16 holds", () => {
  it("takes the exact-product path for f16 and the f8 formats in its range only", () => {
    expect(matmulOperands("f16", "f16")).toBe("f16");
    expect(matmulOperands("f8e5m2", "f8e4m3fn")).toBe("f16");
    // bf16 has f32's exponent range: its products can leave f32's, so its steps stay in f64 lanes.
    expect(matmulOperands("bf16", "bf16")).toBe("narrow");
    expect(matmulOperands("f16", "bf16")).toBe("narrow");
    expect(matmulOperands("f8e8m0fnu", "f8e8m0fnu")).toBe("narrow");
    expect(matmulOperands("f32", "f16")).toBe("f32");
  });

  it("gives the reference's bits from any f16 bit patterns, over whole tiles and their edges (property)", () => {
    const bits = fc.integer({ min: 0, max: 0xffff });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 21 }),
        fc.array(bits, { minLength: 9 * 30, maxLength: 9 * 30 }),
        fc.array(bits, { minLength: 30 * 21, maxLength: 30 * 21 }),
        (m, k, n, a, b) => expectSame("f16", m, k, n, a.slice(0, m * k).map(f16FromBits), b.slice(0, k * n).map(f16FromBits)),
      ),
      { numRuns: 200, seed: 0xf16 },
    );
  });

  it("rounds long chains of few-bit values, ties and sums past f16's range as the reference does (property)", () => {
    // Sums of exact products pass 2^24 (where f32 rounds) and ties land on midpoints; large values
    // overflow f16 in the result (the f32 sum itself stays finite) and the f8 formats round their inputs.
    const value = fc.oneof(
      { weight: 8, arbitrary: fc.tuple(fc.integer({ min: -2047, max: 2047 }), fc.integer({ min: -24, max: 5 })).map(([i, e]) => i * 2 ** e) },
      { weight: 1, arbitrary: fc.constantFrom(0, -0, NaN, Infinity, -Infinity, 65504, -65504, 2 ** -24, 6e-8) },
    );
    fc.assert(
      fc.property(
        fc.constantFrom<Narrow>("f16", "f8e5m2", "f8e4m3fn"),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 4, max: 17 }),
        fc.infiniteStream(value),
        (t, m, k, n, stream) => {
          const take = (len: number): number[] => Array.from({ length: len }, () => stream.next().value);
          expectSame(t, m, k, n, take(m * k), take(k * n));
        },
      ),
      { numRuns: 150, seed: 0xe5 },
    );
  });
});
