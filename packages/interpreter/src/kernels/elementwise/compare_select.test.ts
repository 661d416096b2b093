import { describe, expect, it } from "vitest";
import { run, v } from "./test_support.ts";

const NaN_ = Number.NaN;
const inf = Infinity;

/** A NaN with its sign bit set, as x86 produces for 0/0. */
const negNaN = (() => {
  const d = new DataView(new ArrayBuffer(8));
  d.setUint32(0, 0xfff80000);
  return d.getFloat64(0);
})();

const cmp = (t: Parameters<typeof v>[0], direction: string, a: number[], b: number[], comparisonType?: string) =>
  run("compare", "pred", [v(t, a), v(t, b)], comparisonType ? { direction, comparisonType } : { direction });

describe("compare", () => {
  it("FLOAT comparisons are IEEE: NaN is unequal to everything, -0 equals 0", () => {
    const a = [NaN_, NaN_, 1, -0, 2];
    const b = [NaN_, 1, NaN_, 0, 1];
    expect(cmp("f64", "EQ", a, b)).toEqual([0, 0, 0, 1, 0]);
    expect(cmp("f64", "NE", a, b)).toEqual([1, 1, 1, 0, 1]);
    expect(cmp("f64", "LT", a, b)).toEqual([0, 0, 0, 0, 0]);
    expect(cmp("f64", "LE", a, b)).toEqual([0, 0, 0, 1, 0]);
    expect(cmp("f64", "GT", a, b)).toEqual([0, 0, 0, 0, 1]);
    expect(cmp("f64", "GE", a, b)).toEqual([0, 0, 0, 1, 1]);
  });

  it("SIGNED and UNSIGNED comparisons order integers numerically", () => {
    expect(cmp("s32", "LT", [-1, 5], [0, 5])).toEqual([1, 0]);
    expect(cmp("u32", "GT", [4294967295, 0], [0, 0], "UNSIGNED")).toEqual([1, 0]);
    expect(cmp("pred", "LT", [0, 1], [1, 1])).toEqual([1, 0]);
    expect(cmp("s64", "GE", [2 ** 53 - 1], [2 ** 53 - 2])).toEqual([1]);
  });

  it("TOTALORDER orders -NaN < -inf < -1 < -0 < +0 < 1 < +inf < +NaN", () => {
    const order = [negNaN, -inf, -1, -0, 0, 1, inf, NaN_];
    for (const t of ["f64", "f32"] as const) {
      for (let i = 0; i < order.length; i++) {
        const lt = cmp(t, "LT", order.map(() => order[i]), order, "TOTALORDER");
        expect(lt).toEqual(order.map((_, j) => (i < j ? 1 : 0)));
        const eq = cmp(t, "EQ", order.map(() => order[i]), order, "TOTALORDER");
        expect(eq).toEqual(order.map((_, j) => (i === j ? 1 : 0)));
      }
    }
  });

  it("TOTALORDER sees the NaN that 0/0 and inf-inf produce at run time as negative, as x86 does", () => {
    const zero = [0];
    const produced = [zero[0] / zero[0]];
    expect(cmp("f64", "LT", produced, [-inf], "TOTALORDER")).toEqual([1]);
  });
});

describe("select", () => {
  it("picks per element with an array pred", () => {
    expect(run("select", "s32", [v("pred", [1, 0, 1]), v("s32", [1, 2, 3]), v("s32", [-1, -2, -3])])).toEqual([1, -2, 3]);
  });

  it("takes the whole on_true or on_false with a scalar pred", () => {
    expect(run("select", "f32", [v("pred", [1], []), v("f32", [1, 2]), v("f32", [3, 4])])).toEqual([1, 2]);
    expect(run("select", "f32", [v("pred", [0], []), v("f32", [1, 2]), v("f32", [3, 4])])).toEqual([3, 4]);
  });

  it("brings a narrower branch into the result type", () => {
    expect(run("select", "f32", [v("pred", [0, 1]), v("f32", [0.1, 0.1]), v("f16", [0.5, 0.5])])).toEqual([0.5, Math.fround(0.1)]);
  });

  it("handles zero-sized arrays and scalars", () => {
    expect(run("select", "s8", [v("pred", [], [0]), v("s8", [], [0]), v("s8", [], [0])])).toEqual([]);
    expect(run("select", "s8", [v("pred", [1], []), v("s8", [4], []), v("s8", [5], [])])).toEqual([4]);
  });
});

describe("clamp", () => {
  it("returns min(hi, max(x, lo)) with scalar or array bounds", () => {
    expect(run("clamp", "s32", [v("s32", [0], []), v("s32", [-5, 5, 50]), v("s32", [10], [])])).toEqual([0, 5, 10]);
    expect(run("clamp", "s32", [v("s32", [0, 1, 2]), v("s32", [-5, 5, 50]), v("s32", [10, 3, 40])])).toEqual([0, 3, 40]);
  });

  it("gives hi when lo > hi", () => {
    expect(run("clamp", "f64", [v("f64", [5], []), v("f64", [0, 7]), v("f64", [1], [])])).toEqual([1, 1]);
  });

  it("propagates NaN from lo, then x, then hi", () => {
    expect(run("clamp", "f64", [v("f64", [NaN_, 0, 0]), v("f64", [1, NaN_, 1]), v("f64", [2, 2, NaN_])])).toEqual([NaN_, NaN_, NaN_]);
  });

  it("keeps x's +0 over lo's -0 (std::max returns its first argument on ties)", () => {
    expect(run("clamp", "f64", [v("f64", [-0], []), v("f64", [0]), v("f64", [1], [])])).toEqual([0]);
  });
});
