/**
 * c64 and c128 element-wise ops (interleaved (re, im) storage). Expected
 * values come from real XLA (CPU backend) on the same inputs; the
 * transcendental functions are compared to a relative 1e-6 (c64) since XLA's
 * complex<float> code and minixla's float64 formulas may differ in the last bit.
 */
import { describe, expect, it } from "vitest";
import { complexCompose, complexPart } from "./complex.ts";
import { bin, run, un, v } from "./test_support.ts";

const inf = Infinity;
const NaN_ = Number.NaN;
const f = Math.fround;

/** Asserts got (interleaved pairs or reals) matches want to a relative tolerance, NaN and infinities exactly. */
function close(got: readonly (number | bigint)[], want: readonly number[], rel = 1e-6): void {
  expect(got.length).toBe(want.length);
  got.forEach((g, i) => {
    const w = want[i];
    if (Number.isNaN(w) || !Number.isFinite(w)) expect(g).toBe(w);
    else expect(Math.abs(Number(g) - w)).toBeLessThanOrEqual(rel * Math.abs(w) + 1e-7);
  });
}

describe("complex arithmetic", () => {
  const a = [1, 2, 0.1, 0.3, 1e-30, 1e-30, inf, 0];
  const b = [3, -4, 0.7, -0.2, 1e-30, -1e-30, 1, 1];

  it("add and subtract per component, c64 parts rounded to f32", () => {
    // from XLA CPU
    expect(bin("add", "c64", a, b)).toEqual([4, -2, 0.800000011920929, 0.10000000894069672, 2.0000000063421537e-30, 0, inf, 1]);
    expect(bin("subtract", "c128", [1, 2], [0.5, 3])).toEqual([0.5, -1]);
  });

  it("multiply is (ac - bd) + (ad + bc)i with one product of each part fused, as XLA's CPU code", () => {
    // from XLA CPU: (11+2j), (0.13+0.19j) as f32, 0j, (inf+infj)
    expect(bin("multiply", "c64", a, b)).toEqual([11, 2, 0.12999999523162842, 0.1899999976158142, 0, 0, inf, inf]);
    // from XLA CPU: (3e38+3e38j)(2+2j) = (-inf+infj): 3e38*2 - inf, not inf - inf
    expect(bin("multiply", "c64", [3e38, 3e38], [2, 2])).toEqual([-inf, inf]);
  });

  it("divide is Smith's algorithm as XLA's CPU code runs it; x/0 is infinite, 0/0 NaN", () => {
    // from XLA CPU
    expect(bin("divide", "c64", a.slice(0, 6), b.slice(0, 6))).toEqual([
      -0.20000000298023224, 0.4000000059604645, 0.018867917358875275, 0.43396228551864624, 0, 1,
    ]);
    expect(bin("divide", "c64", [3e38, 3e38, inf, 0], [2, 2, 1, 1])).toEqual([inf, 0, inf, -inf]);
    expect(bin("divide", "c128", [1, 2, 1, 1, 0, 0, 1, 0], [3, -4, 0, 0, 0, 0, 1e308, 1e308])).toEqual([-0.2, 0.4, inf, inf, NaN_, NaN_, 0, -0]);
  });

  it("negate flips both parts; abs is the magnitude in the component type", () => {
    // from XLA CPU
    expect(un("negate", "c64", [1, 2])).toEqual([-1, -2]);
    expect(run("abs", "f32", [v("c64", a)])).toEqual([2.2360680103302, 0.3162277638912201, 1.4142135555081815e-30, inf]);
    expect(run("abs", "f64", [v("c128", [3, 4, -0, -0])])).toEqual([5, 0]);
  });
});

describe("complex functions", () => {
  it("exp, log and sqrt (principal branches)", () => {
    // from XLA CPU
    close(un("exponential", "c64", [1, 2, 0.1, 0.3]), [-1.13120436668396, 2.471726655960083, 1.0558102130889893, 0.3266003727912903]);
    close(un("log", "c64", [1, 2, 0.1, 0.3, -1, 0]), [0.8047189712524414, 1.1071487665176392, -1.1512925624847412, 1.249045729637146, 0, 3.1415927410125732]);
    close(un("sqrt", "c64", [1, 2, -4, 0, 0.1, 0.3]), [1.272019624710083, 0.7861514091491699, 0, 2, 0.45619499683380127, 0.3288067877292633]);
  });

  it("rsqrt, sign, sin, cos, tanh and power", () => {
    // from XLA CPU
    close(un("rsqrt", "c64", [1, 2]), [0.5688644647598267, -0.3515775799751282]);
    close(un("sign", "c64", [3, 4, 0, 0]), [0.6000000238418579, 0.800000011920929, 0, 0]);
    close(un("sine", "c64", [1, 2]), [3.165778636932373, 1.9596009254455566]);
    close(un("cosine", "c64", [1, 2]), [2.0327229499816895, -3.0518977642059326]);
    close(un("tanh", "c64", [1, 2]), [1.1667362451553345, -0.24345819652080536]);
    close(bin("power", "c128", [1, 2, 0, 0], [0.5, 1, 0, 0]), [0.1042330549168707, 0.48309593926990946, 1, 0], 1e-12);
  });

  it("expm1, log1p, logistic and atan2", () => {
    // from XLA CPU
    close(un("exponential-minus-one", "c128", [1, 2, 1e-10, 1e-10]), [-2.1312043837568138, 2.471726672004819, 1e-10, 1.0000000001000001e-10], 1e-12);
    close(un("log-plus-one", "c128", [1, 2, 1e-10, 1e-10]), [1.0397207708399179, 0.7853981633974483, 1e-10, 9.999999999e-11], 1e-12);
    close(un("logistic", "c128", [1, 2]), [1.0214153641721806, 0.4034387060815424], 1e-12);
    close(bin("atan2", "c128", [1, 2], [3, -1]), [0.19025318855618242, 0.8418239574966186], 1e-12);
  });

  it("maximum and minimum pick by the real part alone, lhs on ties unless its imaginary part is NaN", () => {
    const n = NaN_;
    const a = [1.5, 2.5, 1.5, 7.5, 0, 1.5, 1.5, 2.5, n, 0, 1, 1, 1, n, 2, n, 1, 5, -0, 1];
    const b = [7.5, 1.5, 1.5, 2.5, -0, 2.5, 1.5, 7.5, 1, 1, n, 0, 1, 0, 3, 0, 1, -5, 0, -1];
    // from XLA CPU
    expect(bin("maximum", "c64", a, b)).toEqual([7.5, 1.5, 1.5, 7.5, 0, 1.5, 1.5, 2.5, 1, 1, n, 0, 1, 0, 3, 0, 1, 5, -0, 1]);
    expect(bin("minimum", "c64", a, b)).toEqual([1.5, 2.5, 1.5, 7.5, 0, 1.5, 1.5, 2.5, 1, 1, n, 0, 1, 0, 2, n, 1, 5, -0, 1]);
  });

  it("ops XLA does not define on complex types are refused", () => {
    expect(() => bin("remainder", "c64", [1, 2], [3, 4])).toThrow(/remainder: not defined on c64/);
    expect(() => un("floor", "c128", [1, 2])).toThrow(/floor: not defined on c128/);
  });
});

describe("complex compare, select and convert", () => {
  it("compare EQ and NE look at both parts", () => {
    // from XLA CPU
    expect(run("compare", "pred", [v("c128", [1, 2, 1, 1]), v("c128", [1, 2, 1, -1])], { direction: "EQ" })).toEqual([1, 0]);
    expect(run("compare", "pred", [v("c64", [1, 2, 1, 1]), v("c64", [1, 2, 1, -1])], { direction: "NE" })).toEqual([0, 1]);
    expect(() => run("compare", "pred", [v("c64", [1, 2]), v("c64", [1, 2])], { direction: "LT" })).toThrow(/not ordered/);
  });

  it("select moves whole pairs", () => {
    expect(run("select", "c64", [v("pred", [1, 0]), v("c64", [1, 2, 3, 4]), v("c64", [5, 6, 7, 8])])).toEqual([1, 2, 7, 8]);
    expect(run("select", "c128", [v("pred", [0], []), v("c128", [1, 2]), v("c128", [5, 6])])).toEqual([5, 6]);
  });

  it("convert: complex -> real keeps the real part; real -> complex has a zero imaginary part", () => {
    // from XLA CPU
    expect(run("convert", "f32", [v("c64", [1.5, 2, -3, -1])])).toEqual([1.5, -3]);
    expect(run("convert", "s32", [v("c64", [1.5, 2, -3.7, -1])])).toEqual([1, -3]);
    expect(run("convert", "c64", [v("c128", [0.1, 0.2])])).toEqual([f(0.1), f(0.2)]);
    expect(run("convert", "c64", [v("s64", [2n ** 63n - 1n, 16777217n])])).toEqual([9223372036854775808, 0, 16777216, 0]);
    expect(run("convert", "c64", [v("f64", [0.1])])).toEqual([f(0.1), 0]);
    expect(run("convert", "s64", [v("c128", [-2.5, 1])])).toEqual([-2n]);
  });
});

describe("the parts of real, imag and complex", () => {
  it("split and join interleaved pairs", () => {
    const z = complexCompose(new Float64Array([1, -0, NaN_]), new Float64Array([2, 3, inf]));
    expect(Array.from(z)).toEqual([1, 2, -0, 3, NaN_, inf]);
    expect(Array.from(complexPart("real", z, 3))).toEqual([1, -0, NaN_]);
    expect(Array.from(complexPart("imag", z, 3))).toEqual([2, 3, inf]);
  });
});
