/**
 * The WebAssembly dot of operands whose products are exact f32 values, in
 * numerics "xla-cpu": f16 and the f8 formats inside its range always, bf16
 * on the calls whose operands all lie in [2^-67, 2^63) (or are zero,
 * denormal, inf or NaN); each fma32 step then runs as an f32x4 multiply then
 * add (emit_matmul_f32x4.ts). Bit for bit the reference kernel's, over whole
 * 4x8 tiles, their 4-column and 1-row edges and the columns left to the f64
 * lanes, from arbitrary bit patterns (subnormals, ±0, inf, NaN, overflowing
 * sums, long chains that round), and at the bf16 range's edges.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exactRange, matmulOperands, rangeMakesExact } from "../dot_kernel.ts";
import { expectWasmDotSame, f16FromBits } from "./test_support.ts";

type Narrow = "f16" | "f8e5m2" | "f8e4m3fn" | "bf16";

const expectSame = (t: Narrow, m: number, k: number, n: number, lhs: readonly number[], rhs: readonly number[]): void => void expectWasmDotSame(t, m, k, n, lhs, rhs);

describe("fused f32 dot of operands whose products f32 holds", () => {
  it("takes the exact-product path for f16 and the f8 formats in its range only", () => {
    expect(matmulOperands("f16", "f16")).toBe("exact");
    expect(matmulOperands("f8e5m2", "f8e4m3fn")).toBe("exact");
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

  it("takes bf16 products as exact f32 values only where every operand lies in [2^-67, 2^63) or is zero, a denormal, inf or NaN", () => {
    expect(rangeMakesExact("bf16", "bf16")).toBe(true);
    expect(rangeMakesExact("bf16", "f16")).toBe(true);
    expect(rangeMakesExact("f16", "f16")).toBe(false);
    expect(rangeMakesExact("bf16", "f32")).toBe(false);
    const ok = [0, -0, Infinity, -Infinity, NaN, 2 ** -67, -(2 ** -67), 2 ** 63 - 2 ** 55, 1, 2 ** -127, 2 ** -133, 1e-40];
    for (const v of ok) expect(exactRange(Float64Array.of(1, v)), `${v}`).toBe(true);
    for (const v of [2 ** 63, -(2 ** 63), 2 ** -68, 2 ** -126, -(2 ** -100), 3e38]) expect(exactRange(Float64Array.of(1, v)), `${v}`).toBe(false);
  });

  it("keeps bf16 products below the range out of the f32 steps, where a product rounded first would break a tie the other way", () => {
    // The chain reaches c = M - 2^-148, M = 2^-125·(1 + 2^-7 + 2^-8) the bf16 midpoint above an odd bf16
    // value, then adds x·y = 2^-149 - 2^-157: fma32 rounds the sum down to c, which rounds to bf16 below M;
    // x·y rounded to f32 first (2^-149) would make the sum a tie, rounded to M, which rounds to bf16 up.
    const lhs = [2 ** -62, 2 ** -66, 2 ** -66, -(2 ** -74), 255 * 2 ** -82];
    const col = [2 ** -63, 2 ** -66, 2 ** -67, 2 ** -74, 2 ** -75];
    const rhs = col.flatMap((v) => [v, v, v, v]);
    expectSame("bf16", 1, 5, 4, lhs, rhs);
  });

  it("gives the reference's bits for bf16 dots in and out of the exact range, products down in f32's denormals included (property)", () => {
    // Values at the range's edges: products of 2^-67-sized values are f32 denormals (exact, 2^-134 and up),
    // their sums flush; one value out of range sends the call to the general steps.
    const value = fc.oneof(
      { weight: 6, arbitrary: fc.tuple(fc.integer({ min: -255, max: 255 }), fc.integer({ min: -20, max: 20 })).map(([i, e]) => i * 2 ** e) },
      { weight: 3, arbitrary: fc.tuple(fc.integer({ min: 128, max: 255 }), fc.constantFrom(-74, -73, -70, -79, -80, 55), fc.constantFrom(-1, 1)).map(([i, e, s]) => s * i * 2 ** e) },
      { weight: 1, arbitrary: fc.constantFrom(0, -0, NaN, Infinity, -Infinity, 2 ** -130, 2 ** -68, 2 ** 63, 2 ** -126) },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 4, max: 19 }),
        fc.infiniteStream(value),
        (m, k, n, stream) => {
          const take = (len: number): number[] => Array.from({ length: len }, () => stream.next().value);
          expectSame("bf16", m, k, n, take(m * k), take(k * n));
        },
      ),
      { numRuns: 200, seed: 0xbf1 },
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
