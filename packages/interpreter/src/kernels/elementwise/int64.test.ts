/**
 * s64 and u64 over the full 64-bit range (BigInt storage). Every expected
 * value below was produced by real XLA (CPU backend, 64-bit types enabled)
 * on the same inputs.
 */
import { describe, expect, it } from "vitest";
import { bin, binXlaCpu, run, un, v } from "./test_support.ts";

const MAX = 2n ** 63n - 1n;
const MIN = -(2n ** 63n);
const UMAX = 2n ** 64n - 1n;

describe("s64/u64 arithmetic", () => {
  it("add, subtract and multiply wrap modulo 2^64", () => {
    // from XLA CPU
    expect(bin("add", "s64", [MAX, MIN, 9007199254740993n], [1n, -1n, 2n])).toEqual([MIN, MAX, 9007199254740995n]);
    expect(bin("multiply", "s64", [MAX, 3037000500n, -5n], [MAX, 3037000500n, MIN])).toEqual([1n, -9223372036709301616n, MIN]);
    expect(bin("subtract", "u64", [0n, 5n], [1n, UMAX])).toEqual([UMAX, 6n]);
  });

  it("divide truncates; x/0 is -1 (all ones for u64); INT_MIN/-1 is INT_MIN", () => {
    // from XLA CPU
    expect(bin("divide", "s64", [7n, -7n, MIN, MIN, 5n, -5n], [0n, 0n, -1n, 1n, -2n, 2n])).toEqual([-1n, -1n, MIN, MIN, -2n, -2n]);
    expect(bin("divide", "u64", [7n, UMAX, 0n], [0n, 3n, 0n])).toEqual([UMAX, 6148914691236517205n, UMAX]);
  });

  it("remainder: x%0 = x, INT_MIN % -1 = 0, the sign of the dividend", () => {
    // from XLA CPU
    expect(bin("remainder", "s64", [7n, -7n, MIN, MIN, -7n], [0n, 0n, -1n, 3n, 2n])).toEqual([7n, -7n, 0n, -2n, -1n]);
    expect(bin("remainder", "u64", [7n, UMAX], [0n, 10n])).toEqual([7n, 5n]);
  });

  it("maximum and minimum compare exactly beyond 2^53", () => {
    // from XLA CPU
    expect(bin("maximum", "s64", [MIN, 9007199254740993n], [MAX, 9007199254740992n])).toEqual([MAX, 9007199254740993n]);
    expect(bin("minimum", "u64", [UMAX, 2n ** 63n], [2n ** 63n + 1n, 3n])).toEqual([2n ** 63n + 1n, 3n]);
  });

  it("xla-cpu: power wraps; negative exponents give +-1 for base -1, 1 for base 1, else 0", () => {
    // from XLA CPU
    expect(binXlaCpu("power", "s64", [3n, -1n, -1n, 2n, 1n, 0n, 2n, -2n], [40n, -1n, -2n, -1n, -5n, -1n, 63n, 63n])).toEqual([
      -6289078614652622815n, -1n, 1n, 0n, 1n, 0n, MIN, MIN,
    ]);
    expect(binXlaCpu("power", "u64", [3n, 2n, 1n, 0n], [41n, 2n ** 63n, UMAX, 2n ** 63n])).toEqual([18026252303461234787n, 0n, 1n, 0n]);
    // An exponent with the top bit set reads as negative: from XLA CPU
    expect(binXlaCpu("power", "u64", [3n, UMAX, 3n], [2n ** 63n + 1n, 2n ** 63n + 1n, UMAX])).toEqual([0n, UMAX, 0n]);
    // Squaring covers the exponent's low 6 bits only, so lhs^(rhs mod 64): from XLA CPU
    expect(binXlaCpu("power", "s64", [2n, 2n, 3n, 3n, 5n, -1n, -1n], [64n, 65n, 64n, 65n, 100n, -3n, -4n])).toEqual([
      1n, 2n, 1n, 3n, -1748363738790708751n, -1n, 1n,
    ]);
  });

  it("reference: power squares over every exponent bit; negative exponents give 0 unless the base is 1", () => {
    // from XLA's constant folder: u64 3^(2^64-1), 3^(2^63+1)
    expect(bin("power", "u64", [3n, 3n], [UMAX, 2n ** 63n + 1n])).toEqual([12297829382473034411n, 3n]);
    expect(bin("power", "s64", [1n, -1n, 2n, 3n], [-5n, -3n, -1n, 40n])).toEqual([1n, 0n, 0n, -6289078614652622815n]);
  });

  it("abs, negate and sign wrap at INT_MIN", () => {
    // from XLA CPU
    expect(un("abs", "s64", [MIN, -5n, MAX])).toEqual([MIN, 5n, MAX]);
    expect(un("negate", "s64", [MIN, -5n, MAX])).toEqual([MIN, 5n, -MAX]);
    expect(un("negate", "u64", [1n, 0n, 2n ** 63n])).toEqual([UMAX, 0n, 2n ** 63n]);
    expect(un("sign", "s64", [MIN, 0n, MAX])).toEqual([-1n, 0n, 1n]);
  });
});

describe("s64/u64 bit operations", () => {
  it("and, or, xor and not act on all 64 bits", () => {
    // from XLA CPU
    expect(bin("and", "s64", [MIN + 5n, -1n], [-1n, MAX])).toEqual([-9223372036854775803n, MAX]);
    expect(bin("xor", "u64", [UMAX], [2n ** 63n])).toEqual([MAX]);
    expect(un("not", "u64", [0n, 5n])).toEqual([UMAX, 18446744073709551610n]);
    expect(bin("or", "s64", [2n ** 62n], [MIN])).toEqual([-(2n ** 62n)]);
  });

  it("popcnt and count-leading-zeros count over 64 bits", () => {
    // from XLA CPU
    expect(un("popcnt", "s64", [-1n, MIN, 0n])).toEqual([64n, 1n, 0n]);
    expect(un("count-leading-zeros", "s64", [-1n, 0n, 1n, MAX])).toEqual([0n, 64n, 63n, 1n]);
    expect(un("count-leading-zeros", "u64", [2n ** 40n, 0n])).toEqual([23n, 64n]);
  });

  it("shift-left gives 0 for amounts >= 64 or negative", () => {
    // from XLA CPU
    expect(bin("shift-left", "s64", [1n, 1n, -1n, 1n, 3n], [63n, 64n, 1n, -1n, 62n])).toEqual([MIN, 0n, -2n, 0n, -4611686018427387904n]);
    expect(bin("shift-left", "u64", [1n, 1n], [63n, UMAX])).toEqual([2n ** 63n, 0n]);
  });

  it("shift-right-arithmetic fills with the sign bit, also beyond the width", () => {
    // from XLA CPU
    expect(bin("shift-right-arithmetic", "s64", [MIN, MIN, 5n, -5n, MIN], [63n, 64n, 64n, -1n, 1n])).toEqual([
      -1n, -1n, 0n, -1n, -4611686018427387904n,
    ]);
    expect(bin("shift-right-arithmetic", "u64", [2n ** 63n, 2n ** 63n, 1n], [1n, 64n, UMAX])).toEqual([13835058055282163712n, UMAX, 0n]);
  });

  it("shift-right-logical shifts in zeros and gives 0 beyond the width", () => {
    // from XLA CPU
    expect(bin("shift-right-logical", "s64", [MIN, -1n, -1n, 5n], [63n, 64n, 1n, -1n])).toEqual([1n, 0n, MAX, 0n]);
  });
});

describe("s64/u64 compare, select and clamp", () => {
  const cmp = (t: "s64" | "u64", direction: string, a: bigint[], b: bigint[]) => run("compare", "pred", [v(t, a), v(t, b)], { direction });

  it("compare is exact beyond 2^53, signed for s64 and unsigned for u64", () => {
    // from XLA CPU
    expect(cmp("s64", "LT", [MIN, 9007199254740993n, -1n], [MAX, 9007199254740992n, 1n])).toEqual([1, 0, 1]);
    expect(cmp("u64", "GE", [2n ** 63n, UMAX], [1n, UMAX])).toEqual([1, 1]);
    expect(cmp("s64", "EQ", [9007199254740993n, 1n], [9007199254740992n, 1n])).toEqual([0, 1]);
    expect(cmp("s64", "NE", [9007199254740993n], [9007199254740992n])).toEqual([1]);
  });

  it("select picks whole 64-bit values, with an array or a scalar pred", () => {
    expect(run("select", "s64", [v("pred", [1, 0]), v("s64", [MAX, MIN]), v("s64", [1n, 9007199254740993n])])).toEqual([MAX, 9007199254740993n]);
    expect(run("select", "u64", [v("pred", [0], []), v("u64", [UMAX, 1n]), v("u64", [2n, 2n ** 63n])])).toEqual([2n, 2n ** 63n]);
  });

  it("clamp is min(hi, max(x, lo)) with scalar or array bounds", () => {
    const x = v("s64", [MIN, 9007199254740993n, MAX, 0n]);
    expect(run("clamp", "s64", [v("s64", [-5n], []), x, v("s64", [9007199254740992n], [])])).toEqual([-5n, 9007199254740992n, 9007199254740992n, 0n]);
    expect(run("clamp", "u64", [v("u64", [1n, 1n]), v("u64", [0n, UMAX]), v("u64", [UMAX - 1n, UMAX - 1n])])).toEqual([1n, UMAX - 1n]);
  });
});

describe("convert with s64/u64", () => {
  it("float -> s64/u64: NaN -> 0, saturating, truncating toward zero", () => {
    const nan = Number.NaN;
    // from XLA CPU
    expect(run("convert", "s64", [v("f64", [nan, Infinity, -Infinity, 9.3e18, -9.3e18, 2 ** 63, -(2 ** 63), -1.9, 1.9, 2 ** 62])])).toEqual([
      0n, MAX, MIN, MAX, MIN, MAX, MIN, -1n, 1n, 4611686018427387904n,
    ]);
    expect(run("convert", "u64", [v("f64", [nan, Infinity, -Infinity, 2 ** 64, -1, -0.5, 1.9, 2 ** 63, 1.8e19])])).toEqual([
      0n, UMAX, 0n, UMAX, 0n, 0n, 1n, 2n ** 63n, 18000000000000000000n,
    ]);
    expect(run("convert", "s64", [v("f32", [nan, 3e19, -3e19, 2 ** 63])])).toEqual([0n, MAX, MIN, MAX]);
  });

  it("s64/u64 -> float rounds the exact integer to nearest even", () => {
    // from XLA CPU
    expect(run("convert", "f64", [v("s64", [MAX, MIN, 9007199254740993n, -9007199254740993n, 9007199254740995n])])).toEqual([
      9223372036854775808, -9223372036854775808, 9007199254740992, -9007199254740992, 9007199254740996,
    ]);
    expect(run("convert", "f32", [v("s64", [MAX, 16777217n, 16777219n, 2n ** 53n + 1n, 2n ** 40n + 2n ** 24n + 1n])])).toEqual([
      9223372036854775808, 16777216, 16777220, 9007199254740992, 1099528404992,
    ]);
    expect(run("convert", "f64", [v("u64", [UMAX, 2n ** 63n + 1n, 9007199254740993n])])).toEqual([18446744073709551616, 9223372036854775808, 9007199254740992]);
    // 2^63 + 2^39 + 1 is just above an f32 tie: it must round up, which rounding through f64 first would miss.
    expect(run("convert", "f32", [v("u64", [UMAX, 2n ** 63n + 2n ** 39n + 1n])])).toEqual([18446744073709551616, 9223373136366403584]);
    expect(run("convert", "f16", [v("s64", [65519n, 65520n, MAX, 2049n, -70000n])])).toEqual([65504, Infinity, Infinity, 2048, -Infinity]);
    expect(run("convert", "bf16", [v("s64", [2n ** 24n + 3n * 2n ** 16n - 1n, MAX, 257n, 259n])])).toEqual([17039360, 9223372036854775808, 256, 260]);
    expect(run("convert", "f8e4m3fn", [v("s64", [MAX, 1000n, 17n, -300n])])).toEqual([Number.NaN, Number.NaN, 16, -288]);
  });

  it("between integer types: a C cast (wrap), pred is != 0", () => {
    // from XLA CPU
    expect(run("convert", "s32", [v("s64", [MAX, MIN, 2n ** 32n + 5n, -(2n ** 40n) - 1n])])).toEqual([-1, 0, 5, -1]);
    expect(run("convert", "u8", [v("s64", [-1n, 263n])])).toEqual([255, 7]);
    expect(run("convert", "u64", [v("s64", [-1n, MIN])])).toEqual([UMAX, 2n ** 63n]);
    expect(run("convert", "s64", [v("u64", [UMAX, 2n ** 63n])])).toEqual([-1n, MIN]);
    expect(run("convert", "pred", [v("s64", [0n, MIN, 2n ** 32n])])).toEqual([0, 1, 1]);
    expect(run("convert", "s64", [v("s32", [-1, 2147483647])])).toEqual([-1n, 2147483647n]);
    expect(run("convert", "s64", [v("u32", [4294967295])])).toEqual([4294967295n]);
    expect(run("convert", "s64", [v("pred", [1, 0])])).toEqual([1n, 0n]);
    expect(run("convert", "s4", [v("s64", [7n, 8n, -9n, 15n])])).toEqual([7, -8, 7, -1]);
  });
});
