import { describe, expect, it } from "vitest";
import { BF16_FORMAT, F16_FORMAT, F32_FORMAT, reducePrecision, roundToBF16, roundToF16, roundToFormat } from "./float_formats.ts";

/** A deterministic spread of doubles: every binade of f16/bf16 interest, with random mantissas. */
function samples(): number[] {
  let seed = 12345;
  const rand = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
  const out: number[] = [];
  for (let e = -30; e <= 20; e++) for (let k = 0; k < 200; k++) out.push((rand() < 0.5 ? -1 : 1) * (1 + rand()) * 2 ** e);
  for (let e = -140; e <= 130; e += 3) for (let k = 0; k < 50; k++) out.push((1 + rand()) * 2 ** e);
  return out;
}

describe("roundToF16 and roundToBF16", () => {
  it("equal rounding the f32 value with the generic roundToFormat", () => {
    for (const x of samples()) {
      const f = Math.fround(x);
      expect(roundToF16(x)).toBe(roundToFormat(f, F16_FORMAT));
      expect(roundToBF16(x)).toBe(roundToFormat(f, BF16_FORMAT));
    }
  });

  it("handle the f16 edges: max, overflow, subnormals, ties", () => {
    expect([65504, 65519, 65520, -65520, 2 ** -24, 2 ** -25, 1.5 * 2 ** -24, 2049, 2051].map(roundToF16)).toEqual([
      65504, 65504, Infinity, -Infinity, 2 ** -24, 0, 2 ** -23, 2048, 2052,
    ]);
    expect(roundToF16(-0)).toBe(-0);
    expect(roundToF16(Number.NaN)).toBeNaN();
  });

  it("handle bf16 ties and overflow", () => {
    expect([1 + 2 ** -8, 1 + 3 * 2 ** -8, 3.4e38, -Infinity].map(roundToBF16)).toEqual([1, 1 + 2 ** -6, Infinity, -Infinity]);
  });
});

describe("reducePrecision", () => {
  it("rounds the mantissa before checking the exponent range", () => {
    // Just below 2^-14 at 10 bits rounds up to 2^-14, which is then kept.
    expect(reducePrecision(2 ** -14 * (1 - 2 ** -12), F32_FORMAT, 5, 10)).toBe(2 ** -14);
    expect(reducePrecision(2 ** -14 * (1 - 2 ** -10), F32_FORMAT, 5, 10)).toBe(0);
  });
});
