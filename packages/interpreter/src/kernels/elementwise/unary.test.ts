import { describe, expect, it } from "vitest";
import { erf } from "./erf.ts";
import { run, un, unXlaCpu, v } from "./test_support.ts";

const NaN_ = Number.NaN;
const inf = Infinity;

describe("unary float ops", () => {
  it("abs, negate and sign keep NaN and handle signed zeros and infinities", () => {
    expect(un("abs", "f64", [-0, -2.5, -inf, NaN_])).toEqual([0, 2.5, inf, NaN_]);
    expect(un("negate", "f64", [0, -0, inf, 1.5])).toEqual([-0, 0, -inf, -1.5]);
    // XLA CPU keeps -0; XLA's evaluator (its constant folder) gives +0 for both zeros
    expect(unXlaCpu("sign", "f64", [-0, 0, -3, 7, NaN_, -inf])).toEqual([-0, 0, -1, 1, NaN_, -1]);
    expect(un("sign", "f64", [-0, 0, -3, 7, NaN_, -inf])).toEqual([0, 0, -1, 1, NaN_, -1]);
  });

  it("round-nearest-even rounds ties to even and keeps the sign of zero", () => {
    expect(un("round-nearest-even", "f64", [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, -0.3, 2.7, inf, NaN_, 4503599627370497])).toEqual([
      0, 2, 2, -0, -2, -2, -0, 3, inf, NaN_, 4503599627370497,
    ]);
  });

  it("round-nearest-afz rounds ties away from zero", () => {
    expect(un("round-nearest-afz", "f64", [0.5, 1.5, 2.5, -0.5, -2.5, -0.3, 0.49999999999999994, -inf])).toEqual([
      1, 2, 3, -1, -3, -0, 0, -inf,
    ]);
  });

  it("floor and ceil follow <cmath>, including -0", () => {
    expect(un("floor", "f64", [-0.5, 0.5, -0])).toEqual([-1, 0, -0]);
    expect(un("ceil", "f64", [-0.5, 0.5, -0])).toEqual([-0, 1, -0]);
  });

  it("is-finite is true only for finite values and gives pred", () => {
    expect(run("is-finite", "pred", [v("f32", [1, inf, -inf, NaN_, -0])])).toEqual([1, 0, 0, 0, 1]);
  });

  it("logistic is 1/(1+exp(-x)) and rsqrt is 1/sqrt(x)", () => {
    expect(un("logistic", "f64", [0, inf, -inf, 2])).toEqual([0.5, 1, 0, 1 / (1 + Math.exp(-2))]);
    expect(un("rsqrt", "f64", [4, 0, -0, -1, inf])).toEqual([0.5, inf, -inf, NaN_, 0]);
  });

  it("cbrt, expm1, log1p, tan and the rest use the float64 functions", () => {
    expect(un("cbrt", "f64", [-27, 8])).toEqual([-3, 2]);
    expect(un("exponential-minus-one", "f64", [1e-20, 0, -inf])).toEqual([1e-20, 0, -1]);
    expect(un("log-plus-one", "f64", [1e-20, -1, -2])).toEqual([1e-20, -inf, NaN_]);
    expect(un("tan", "f64", [0, -0])).toEqual([0, -0]);
    expect(un("log", "f64", [0, -1, 1])).toEqual([-inf, NaN_, 0]);
  });

  it("f32 results are rounded to f32 after the float64 computation", () => {
    expect(un("sqrt", "f32", [2])).toEqual([Math.fround(Math.SQRT2)]);
    expect(un("exponential", "f32", [1])).toEqual([Math.fround(Math.E)]);
    expect(un("exponential", "f32", [89])).toEqual([inf]); // e^89 > f32 max
  });

  it("f16 and bf16 results round to their own precision", () => {
    expect(un("sqrt", "f16", [2])).toEqual([1.4140625]);
    expect(un("sqrt", "bf16", [2])).toEqual([1.4140625]);
    expect(un("exponential", "f16", [12])).toEqual([inf]); // e^12 = 162754.8 > 65504
    expect(un("exponential", "bf16", [12])).toEqual([162816]);
  });

  it("a zero-sized operand gives a zero-sized result", () => {
    expect(run("exponential", "f32", [v("f32", [], [0, 3])])).toEqual([]);
  });

  it("scalars work", () => {
    expect(run("negate", "f64", [v("f64", [3], [])])).toEqual([-3]);
  });
});

describe("erf", () => {
  const cases: [number, number][] = [
    [0, 0],
    [0.1, 0.1124629160182849],
    [0.3, 0.32862675945912745],
    [0.5, 0.5204998778130465],
    [1, 0.8427007929497149],
    [2, 0.9953222650189527],
    [3.5, 0.9999992569016276],
    [5, 0.9999999999984626],
  ];
  it.each(cases)("erf(%f) is within 4 ulp of the true value", (x, want) => {
    const got = erf(x);
    const ulp = Math.max(Number.EPSILON * Math.abs(want), Number.MIN_VALUE);
    expect(Math.abs(got - want)).toBeLessThanOrEqual(4 * ulp);
    expect(erf(-x)).toBe(-got);
  });
  it("saturates, keeps -0 and NaN", () => {
    expect(un("erf", "f64", [30, -30, -0, NaN_, inf, -inf])).toEqual([1, -1, -0, NaN_, 1, -1]);
  });
});

describe("unary integer ops", () => {
  it("negate and abs of INT_MIN wrap to INT_MIN", () => {
    expect(un("negate", "s32", [-2147483648, 5, 0])).toEqual([-2147483648, -5, 0]);
    expect(un("abs", "s32", [-2147483648, -5])).toEqual([-2147483648, 5]);
    expect(un("negate", "s8", [-128, 127])).toEqual([-128, -127]);
    expect(un("abs", "s16", [-32768])).toEqual([-32768]);
  });

  it("negate of an unsigned value wraps modulo 2^width", () => {
    expect(un("negate", "u8", [1, 0])).toEqual([255, 0]);
    expect(un("negate", "u32", [1])).toEqual([4294967295]);
  });

  it("sign of integers is -1, 0 or 1", () => {
    expect(un("sign", "s32", [-7, 0, 9])).toEqual([-1, 0, 1]);
  });

  it("not is bitwise for integers and logical for pred", () => {
    expect(un("not", "s32", [0, -1, 5])).toEqual([-1, 0, -6]);
    expect(un("not", "u8", [0, 255, 0x0f])).toEqual([255, 0, 0xf0]);
    expect(un("not", "u32", [0])).toEqual([4294967295]);
    expect(un("not", "pred", [0, 1])).toEqual([1, 0]);
  });

  it("popcnt counts bits of the two's complement at the type's width", () => {
    expect(un("popcnt", "s32", [0, -1, 7, -2147483648])).toEqual([0, 32, 3, 1]);
    expect(un("popcnt", "s8", [-1, -128])).toEqual([8, 1]);
    expect(un("popcnt", "u16", [65535])).toEqual([16]);
  });

  it("xla-cpu: count-leading-zeros counts at the type's width", () => {
    expect(unXlaCpu("count-leading-zeros", "s32", [0, 1, -1, 65536])).toEqual([32, 31, 0, 15]);
    expect(unXlaCpu("count-leading-zeros", "u8", [0, 1, 128])).toEqual([8, 7, 0]);
    expect(unXlaCpu("count-leading-zeros", "s16", [-1, 1])).toEqual([0, 15]);
  });

  it("reference: count-leading-zeros of a negative signed value narrower than 64 bits is width - 64, as XLA's evaluator gives", () => {
    // from XLA's constant folder: s8 clz(-4) = -56, s16 clz(-1) = -48, s32 clz(-1) = -32
    expect(un("count-leading-zeros", "s32", [0, 1, -1, 65536])).toEqual([32, 31, -32, 15]);
    expect(un("count-leading-zeros", "s8", [-4, 1])).toEqual([-56, 7]);
    expect(un("count-leading-zeros", "s16", [-1, 1])).toEqual([-48, 15]);
    expect(un("count-leading-zeros", "u8", [0, 1, 128])).toEqual([8, 7, 0]);
  });
});

describe("copy", () => {
  it("returns the operand's values", () => {
    expect(un("copy", "s8", [1, -2])).toEqual([1, -2]);
  });
});
