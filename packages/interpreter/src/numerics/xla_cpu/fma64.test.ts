// fma64's fast path and the compiled dot's inlined copy of it (f64FmaRows) against the full emulation and exact BigInt arithmetic, bit for bit.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { f64FmaRows } from "../../compiled/dot_fma_rows.ts";
import { fma64, fma64Full } from "./arith.ts";

const view = new DataView(new ArrayBuffer(8));

/** A finite double as m · 2^-1074 (m an integer): every double is a multiple of 2^-1074. */
function scaled(x: number): bigint {
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const biased = (hi >>> 20) & 0x7ff;
  let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(view.getUint32(4));
  if (biased !== 0) m |= 1n << 52n;
  m <<= BigInt(Math.max(biased - 1, 0));
  return hi >>> 31 ? -m : m;
}

/**
 * a·b + c rounded once to nearest-even, then a result below the normal range
 * flushed to zero of its sign; undefined for an exact zero (its sign is
 * IEEE's rule, left to the comparison with fma64Full) and for non-finite inputs.
 */
function exactFma(a: number, b: number, c: number): number | undefined {
  if (!Number.isFinite(a) || !Number.isFinite(b) || !Number.isFinite(c)) return undefined;
  const n = scaled(a) * scaled(b) + (scaled(c) << 1074n); // the value · 2^2148
  if (n === 0n) return undefined;
  const mag = n < 0n ? -n : n;
  const lead = mag.toString(2).length - 1 - 2148; // exponent of the leading bit
  const last = Math.max(lead - 52, -1074); // exponent of the last kept bit
  const shift = BigInt(last + 2148);
  let q = mag >> shift;
  const rest = mag - (q << shift);
  const half = 1n << (shift - 1n);
  if (rest > half || (rest === half && (q & 1n) === 1n)) q += 1n;
  const v = Number(q) * 2 ** last;
  const flushed = v < 2 ** -1022 ? 0 : v;
  return n < 0n ? -flushed : flushed;
}

/** Doubles of every kind: fast-check's (with NaN, infinities, ±0, denormals, extremes) and a few picked edges. */
const anyDouble = fc.oneof(
  fc.double(),
  fc.constantFrom(0, -0, Infinity, -Infinity, NaN, 5e-324, -5e-324, 2 ** -1022, -(2 ** -1022), 2 ** -1023, Number.MAX_VALUE, -Number.MAX_VALUE, 2 ** 900, 2 ** -900, 2 ** 997, 1, -1),
);

/** k · 2^e for a random k of up to `bits` bits: products and sums of these land on and next to midpoints often. */
const shortValue = (bits: number, eMin: number, eMax: number) =>
  fc.tuple(fc.integer({ min: -(2 ** bits) + 1, max: 2 ** bits - 1 }), fc.integer({ min: eMin, max: eMax })).map(([k, e]) => k * 2 ** e);

/** (a, b, c) with a·b of up to 54 bits and c within a few dozen binades of it: exact ties, near-ties and cancellations. */
const nearTies = fc
  .tuple(shortValue(27, -40, 40), shortValue(27, -40, 40), fc.integer({ min: -110, max: 30 }), fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), fc.boolean())
  .map(([a, b, ce, k, cancel]) => {
    const c = cancel ? -(a * b) + k * 2 ** (ce - 60) : k * 2 ** ce;
    return [a, b, c] as const;
  });

/** Triples scaled towards the ends of the range, where the fast path must step aside. */
const extremes = fc
  .tuple(fc.double({ noNaN: true, min: -2, max: 2 }), fc.double({ noNaN: true, min: -2, max: 2 }), fc.double({ noNaN: true, min: -2, max: 2 }), fc.integer({ min: -1100, max: 1000 }), fc.integer({ min: -1100, max: 1000 }), fc.integer({ min: -2100, max: 2000 }))
  .map(([a, b, c, ea, eb, ec]) => [a * 2 ** ea, b * 2 ** eb, c * 2 ** Math.max(-1074, Math.min(1023, ec))] as const);

function expectExact(a: number, b: number, c: number): void {
  const got = fma64(a, b, c);
  const full = fma64Full(a, b, c);
  expect(Object.is(got, full), `fma64(${a}, ${b}, ${c}) = ${got}, full emulation ${full}`).toBe(true);
  const exact = exactFma(a, b, c);
  if (exact !== undefined) expect(Object.is(got, exact), `fma64(${a}, ${b}, ${c}) = ${got}, exact ${exact}`).toBe(true);
}

describe("fma64", () => {
  it("rounds a·b + c once, as the full emulation and exact arithmetic do, for doubles of every kind", () => {
    fc.assert(fc.property(anyDouble, anyDouble, anyDouble, (a, b, c) => expectExact(a, b, c)), { numRuns: 3000 });
  });

  it("settles ties and near-ties of short products as exact arithmetic does", () => {
    fc.assert(fc.property(nearTies, ([a, b, c]) => expectExact(a, b, c)), { numRuns: 5000 });
  });

  it("is exact towards overflow and underflow", () => {
    fc.assert(fc.property(extremes, ([a, b, c]) => expectExact(a, b, c)), { numRuns: 3000 });
  });

  it("gets the known cases: (1 + 2^-30)(1 - 2^-30) - 1 = -2^-60, and a midpoint product pushed by a tiny addend", () => {
    expect(fma64(1 + 2 ** -30, 1 - 2 ** -30, -1)).toBe(-(2 ** -60));
    // (2^27 + 1)(2^26 + 1) = 2^53 + 3·2^26 + 1 is odd, a midpoint at 2^53; ±2^-20 decides it either way.
    const p = (2 ** 27 + 1) * (2 ** 26 + 1);
    expect(fma64(2 ** 27 + 1, 2 ** 26 + 1, 2 ** -20)).toBe(2 ** 53 + 3 * 2 ** 26 + 2);
    expect(fma64(2 ** 27 + 1, 2 ** 26 + 1, -(2 ** -20))).toBe(2 ** 53 + 3 * 2 ** 26);
    expect(fma64(2 ** 27 + 1, 2 ** 26 + 1, 0)).toBe(p); // tie to even: 2^53 + 3·2^26 (p rounded the same way)
  });
});

describe("f64FmaRows", () => {
  const value = fc.oneof({ weight: 6, arbitrary: shortValue(30, -30, 30) }, { weight: 2, arbitrary: fc.double({ noNaN: true, min: -1e3, max: 1e3 }) }, { weight: 1, arbitrary: anyDouble });
  it("gives fma64Full's chains bit for bit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 5 }), fc.array(value, { minLength: 2 * 4 * 6 * 2 + 2 * 6 * 5 * 2, maxLength: 2 * 4 * 6 * 2 + 2 * 6 * 5 * 2 }), (batches, m, k, n, pool) => {
        const a = Float64Array.from(pool.slice(0, batches * m * k));
        const b = Float64Array.from(pool.slice(100, 100 + batches * k * n));
        const got = new Float64Array(batches * m * n);
        f64FmaRows(a, b, got, batches, m, k, n);
        for (let bt = 0; bt < batches; bt++) {
          for (let i = 0; i < m; i++) {
            for (let j = 0; j < n; j++) {
              let acc = k === 1 ? -0 : 0;
              for (let p = 0; p < k; p++) acc = fma64Full(a[(bt * m + i) * k + p]!, b[(bt * k + p) * n + j]!, acc);
              const o = (bt * m + i) * n + j;
              expect(Object.is(got[o], acc), `[${bt}][${i}][${j}]: ${got[o]}, chain of fma64Full ${acc}`).toBe(true);
            }
          }
        }
      }),
      { numRuns: 1500 },
    );
  });
});
