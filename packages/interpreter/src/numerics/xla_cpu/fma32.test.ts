import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fma32, ftz32 } from "./arith.ts";

/** The exact value of a finite double as [m, e] with value m * 2^e (m an integer). */
function decompose(x: number): readonly [bigint, number] {
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, x);
  const hi = v.getUint32(0);
  const lo = v.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (biased !== 0) m |= 1n << 52n;
  return [hi >>> 31 ? -m : m, (biased === 0 ? 1 : biased) - 1075];
}

/** a*b + c rounded once to f32 (ties to even, gradual underflow, overflow to infinity), then flushed: exact integer arithmetic. */
function oracle(a: number, b: number, c: number): number {
  if (![a, b, c].every(Number.isFinite)) return ftz32(Math.fround(a * b + c));
  const [ma, ea] = decompose(a);
  const [mb, eb] = decompose(b);
  const [mc, ec] = decompose(c);
  const ep = ea + eb;
  const e = Math.min(ep, ec);
  const sum = ((ma * mb) << BigInt(ep - e)) + (mc << BigInt(ec - e));
  if (sum === 0n) {
    const prodNeg = (a < 0 || Object.is(a, -0)) !== (b < 0 || Object.is(b, -0));
    return prodNeg && Object.is(c, -0) ? -0 : 0;
  }
  const neg = sum < 0n;
  let m = neg ? -sum : sum;
  const bits = m.toString(2).length;
  const shift = Math.max(bits - 24, -149 - e);
  let exp = e;
  if (shift > 0) {
    const s = BigInt(shift);
    const q = m >> s;
    const r = m - (q << s);
    const half = 1n << (s - 1n);
    m = r > half || (r === half && (q & 1n) === 1n) ? q + 1n : q;
    exp += shift;
  }
  const magnitude = Number(m) * 2 ** exp;
  const v = magnitude >= 2 ** 128 ? Infinity : magnitude;
  return ftz32(neg ? -v : v);
}

const f32 = fc.float({ noDefaultInfinity: false }).map((x) => Math.fround(x));
const ULP_BITS = 2 ** -23;

describe("fma32", () => {
  it("rounds a*b + c once to f32 on any f32 operands (NaN, ±0, ±inf, subnormals)", () => {
    fc.assert(
      fc.property(f32, f32, f32, (a, b, c) => {
        expect(Object.is(fma32(a, b, c), oracle(a, b, c)) || (Number.isNaN(fma32(a, b, c)) && Number.isNaN(oracle(a, b, c)))).toBe(true);
      }),
      { numRuns: 20000 },
    );
  });

  it("rounds p + c correctly where the double sum lands exactly on an f32 tie", () => {
    // a*b = ±(half an ulp of c)·(1 ± 2^-23)^k: the double sum is c's tie point, the error term decides.
    fc.assert(
      fc.property(f32.filter((c) => Number.isFinite(c) && Math.abs(c) >= 2 ** -100 && Math.abs(c) < 2 ** 100), fc.boolean(), fc.constantFrom(-1, 0, 1), (c, down, k) => {
        const ulp = 2 ** (Math.floor(Math.log2(Math.abs(c))) - 23);
        const a = Math.fround(1 + k * ULP_BITS);
        const b = Math.fround((down ? -1 : 1) * (ulp / 2) * (1 - ULP_BITS));
        const got = fma32(a, b, c);
        expect(got).toBe(oracle(a, b, c));
      }),
      { numRuns: 5000 },
    );
  });

  it("breaks the ties a plain rounding of the double sum would break the other way", () => {
    // 1 + 2^-23 plus just under half its ulp: the double sum is the tie, the true value below it.
    const a = Math.fround(1 + ULP_BITS);
    const b = Math.fround(2 ** -24 * (1 - ULP_BITS));
    const c = Math.fround(1 + ULP_BITS);
    expect(Math.fround(a * b + c)).toBe(1 + 2 * ULP_BITS);
    expect(fma32(a, b, c)).toBe(1 + ULP_BITS);
    expect(oracle(a, b, c)).toBe(1 + ULP_BITS);
  });
});
