// fma32 (XLA CPU's f32 fused multiply-add, with its fast path) against exact BigInt arithmetic, bit for bit.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fma32 } from "./arith.ts";

const view = new DataView(new ArrayBuffer(4));

/** A finite f32 value as m · 2^-149 (m an integer). */
function scaled(x: number): bigint {
  view.setFloat32(0, x);
  const bits = view.getUint32(0);
  const biased = (bits >>> 23) & 0xff;
  let m = BigInt(bits & 0x7fffff);
  if (biased !== 0) m |= 1n << 23n;
  m <<= BigInt(Math.max(biased - 1, 0));
  return bits >>> 31 ? -m : m;
}

/**
 * a·b + c rounded once to the nearest f32 (ties to even), overflowing to infinity, then a result
 * below f32's normal range flushed to zero of its sign; undefined for an exact zero (IEEE's sign
 * rule, checked separately) and for non-finite inputs.
 */
function exactFma32(a: number, b: number, c: number): number | undefined {
  if (!Number.isFinite(a) || !Number.isFinite(b) || !Number.isFinite(c)) return undefined;
  const n = scaled(a) * scaled(b) + (scaled(c) << 149n); // the value · 2^298
  if (n === 0n) return undefined;
  const mag = n < 0n ? -n : n;
  const lead = mag.toString(2).length - 1 - 298;
  const last = Math.max(lead - 23, -149);
  const shift = BigInt(last + 298);
  let q = mag >> shift;
  const rest = mag - (q << shift);
  const half = 1n << (shift - 1n);
  if (rest > half || (rest === half && (q & 1n) === 1n)) q += 1n;
  let v = Number(q) * 2 ** last;
  if (v >= 2 ** 128) v = Infinity;
  const flushed = v < 2 ** -126 ? 0 : v;
  return n < 0n ? -flushed : flushed;
}

/** f32 values of every kind. */
const anyFloat = fc.oneof(fc.float({ noDefaultInfinity: false }), fc.constantFrom(0, -0, Infinity, -Infinity, NaN, 2 ** -149, -(2 ** -126), 3.4028234663852886e38, 1, -1));

/** k · 2^e for k of up to 12 bits: products and sums land exactly on and next to f32 midpoints often. */
const shortFloat = fc.tuple(fc.integer({ min: -4095, max: 4095 }), fc.integer({ min: -60, max: 60 })).map(([k, e]) => Math.fround(k * 2 ** e));

/** c an f32 value and a·b half an ulp of it, exactly or 2^-36 of it off: the f64 sum is a midpoint. */
const midpoints = fc.tuple(fc.integer({ min: 1 << 23, max: (1 << 24) - 1 }), fc.integer({ min: -100, max: 100 }), fc.constantFrom(-1, 1), fc.constantFrom(-1, 0, 1)).map(([mant, e, sign, off]) => {
  const c = sign * mant * 2 ** (e - 23);
  return [Math.fround(2 ** (e - 24) * (1 + 2 ** -18)), Math.fround(1 + off * 2 ** -18), c] as const;
});

function check(a: number, b: number, c: number): void {
  const got = fma32(a, b, c);
  const want = exactFma32(Math.fround(a), Math.fround(b), Math.fround(c));
  if (want === undefined) {
    // Non-finite operands: IEEE's rules, as the f64 sum gives them; an exact zero: -0 only for -0 + -0.
    const ieee = Number.isFinite(a) && Number.isFinite(b) && Number.isFinite(c) ? (Object.is(a * b, -0) && Object.is(c, -0) ? -0 : 0) : Math.fround(a * b + c);
    expect(Object.is(got, ieee), `fma32(${a}, ${b}, ${c}) = ${got}, IEEE ${ieee}`).toBe(true);
    return;
  }
  expect(Object.is(got, want), `fma32(${a}, ${b}, ${c}) = ${got}, exactly ${want}`).toBe(true);
}

describe("fma32", () => {
  it("rounds once, as exact arithmetic does, on every kind of f32 value (property)", () => {
    fc.assert(fc.property(anyFloat, anyFloat, anyFloat, (a, b, c) => check(a, b, c)), { numRuns: 20000, seed: 32 });
  });

  it("rounds once on short values and at midpoints, where rounding twice differs (property)", () => {
    fc.assert(fc.property(shortFloat, shortFloat, shortFloat, (a, b, c) => check(a, b, c)), { numRuns: 20000, seed: 33 });
    fc.assert(fc.property(midpoints, ([a, b, c]) => check(a, b, c)), { numRuns: 20000, seed: 34 });
  });

  it("keeps the one rounding at a midpoint: (1 + 2^-23) + 2^-24·(1 - 2^-36) stays below", () => {
    const a = Math.fround(2 ** -12 * (1 + 2 ** -18));
    const b = Math.fround(2 ** -12 * (1 - 2 ** -18));
    expect(fma32(a, b, 1 + 2 ** -23)).toBe(1 + 2 ** -23);
    expect(Math.fround(a * b + (1 + 2 ** -23))).toBe(1 + 2 ** -22);
  });
});
