import { describe, expect, test } from "vitest";
import { literal } from "./literal.ts";
import { compareArrays, elementDifferences } from "./literal_compare.ts";

const f64 = (values: readonly number[], dims: readonly number[] = [values.length]) => literal("f64", dims, values);
const exact = { exact: true } as const;

describe("compareArrays follows the corpus's comparison rule", () => {
  test("exact: NaN equals NaN and -0 equals 0", () => {
    expect(compareArrays(f64([NaN, -0, Infinity]), f64([NaN, 0, Infinity]), exact)).toEqual({ ok: true });
  });

  test("exact: the first differing element is named by its multi-index, with the count", () => {
    const r = compareArrays(f64([1, 2, 3, 4, 5, 7], [2, 3]), f64([1, 2, 3, 4, 6, 8], [2, 3]), exact);
    expect(r).toEqual({ ok: false, kind: "values", mismatch: { index: [1, 1], got: "5", want: "6", diff: 1, count: 2, total: 6 } });
  });

  test("tolerance: |got - want| <= atol + rtol * |want|", () => {
    const tol = { rtol: 1e-3, atol: 1e-6 };
    expect(compareArrays(f64([1000.9]), f64([1000]), tol).ok).toBe(true); // 0.9 <= 1.000001
    expect(compareArrays(f64([1001.1]), f64([1000]), tol).ok).toBe(false);
    expect(compareArrays(f64([1e-6]), f64([0]), tol).ok).toBe(true);
    expect(compareArrays(f64([2e-6]), f64([0]), tol).ok).toBe(false);
  });

  test("tolerance: NaN only where NaN is expected, infinities equal", () => {
    const tol = { rtol: 1, atol: 1 };
    expect(compareArrays(f64([NaN]), f64([NaN]), tol).ok).toBe(true);
    expect(compareArrays(f64([NaN]), f64([1]), tol).ok).toBe(false);
    expect(compareArrays(f64([1]), f64([NaN]), tol).ok).toBe(false);
    expect(compareArrays(f64([Infinity]), f64([Infinity]), tol).ok).toBe(true);
    expect(compareArrays(f64([-Infinity]), f64([Infinity]), tol).ok).toBe(false);
    expect(compareArrays(f64([1e308]), f64([Infinity]), tol).ok).toBe(false);
  });

  test("shapes and dtypes must match", () => {
    expect(compareArrays(f64([1, 2]), f64([1, 2], [1, 2]), exact)).toEqual({ ok: false, kind: "shape", message: "got f64[2], want f64[1,2]" });
    expect(compareArrays(literal("f32", [1], [1]), f64([1]), exact)).toEqual({ ok: false, kind: "shape", message: "got f32[1], want f64[1]" });
  });

  test("zero-sized arrays compare equal", () => {
    expect(compareArrays(f64([], [0, 2]), f64([], [0, 2]), exact)).toEqual({ ok: true });
  });

  test("s64 and u64 compare exactly beyond 2^53, and print exactly", () => {
    const a = literal("s64", [2], [2n ** 63n - 1n, 9007199254740993n]);
    const b = literal("s64", [2], [2n ** 63n - 1n, 9007199254740992n]);
    expect(compareArrays(a, a, exact)).toEqual({ ok: true });
    expect(compareArrays(a, b, { rtol: 1, atol: 1e9 })).toEqual({
      ok: false, kind: "values", mismatch: { index: [1], got: "9007199254740993", want: "9007199254740992", diff: 1, count: 1, total: 2 },
    });
    const u = literal("u64", [1], [2n ** 64n - 1n]);
    const r = compareArrays(u, literal("u64", [1], [0n]), exact);
    expect(r.ok === false && r.kind === "values" && r.mismatch.got).toBe("18446744073709551615");
  });

  test("integers and pred are exact even under a tolerance", () => {
    expect(compareArrays(literal("s32", [1], [1000]), literal("s32", [1], [1001]), { rtol: 0.1, atol: 1 }).ok).toBe(false);
    expect(compareArrays(literal("pred", [1], [true]), literal("pred", [1], [false]), { rtol: 1, atol: 1 }).ok).toBe(false);
  });

  test("complex values compare both parts; a tolerance applies to the magnitude of the difference", () => {
    const c = (pairs: readonly (readonly [number, number])[]) => literal("c128", [pairs.length], pairs);
    expect(compareArrays(c([[1, 2], [NaN, 0]]), c([[1, 2], [NaN, 0]]), exact)).toEqual({ ok: true });
    const r = compareArrays(c([[1, 2], [3, -0]]), c([[1, 2], [3, 4]]), exact);
    expect(r).toEqual({ ok: false, kind: "values", mismatch: { index: [1], got: "(3, -0)", want: "(3, 4)", diff: 4, count: 1, total: 2 } });
    const tol = { rtol: 0, atol: 0.5 };
    // |(0.3, 0.4)| = 0.5: within; each part alone would be too.
    expect(compareArrays(c([[1.3, 2.4]]), c([[1, 2]]), tol).ok).toBe(true);
    expect(compareArrays(c([[1.3, 2.41]]), c([[1, 2]]), tol).ok).toBe(false);
    expect(compareArrays(c([[NaN, 1]]), c([[1, NaN]]), tol).ok).toBe(true); // NaN in either part is NaN, as NumPy's isclose
    expect(compareArrays(c([[Infinity, 1]]), c([[Infinity, 1.1]]), { rtol: 1, atol: 1 }).ok).toBe(false);
  });

  test("exact with signedZeros: -0 differs from 0, NaN still equals NaN", () => {
    const sz = { exact: true, signedZeros: true } as const;
    expect(compareArrays(f64([NaN, 0]), f64([NaN, 0]), sz)).toEqual({ ok: true });
    expect(compareArrays(f64([NaN, -0]), f64([NaN, 0]), sz)).toEqual({
      ok: false, kind: "values", mismatch: { index: [1], got: "-0", want: "0", diff: 0, count: 1, total: 2 },
    });
  });
});

describe("elementDifferences lists the first differing elements with their distance in ulps", () => {
  test("f32 neighbours are 1 ulp apart, across a power of two too; f64 counts its own ulps", () => {
    const one = 1;
    const next32 = 1 + 2 ** -23;
    const below32 = 1 - 2 ** -24;
    const r = elementDifferences(literal("f32", [3], [next32, below32, 3]), literal("f32", [3], [one, next32, 3]), { exact: true }, 5);
    expect(r.count).toBe(2);
    expect(r.differences.map((d) => d.ulps)).toEqual([1, 2]);
    expect(r.differences.map((d) => d.index)).toEqual([[0], [1]]);
    expect(elementDifferences(f64([1 + 2 ** -52]), f64([1]), exact).differences[0].ulps).toBe(1);
    expect(elementDifferences(f64([Number.MIN_VALUE]), f64([-Number.MIN_VALUE]), exact).differences[0].ulps).toBe(2);
  });
  test("NaN has no ulp distance, infinity an infinite one, integers their difference", () => {
    expect(elementDifferences(f64([NaN]), f64([1]), exact).differences[0].ulps).toBeUndefined();
    expect(elementDifferences(f64([Infinity]), f64([1]), exact).differences[0].ulps).toBe(Infinity);
    expect(elementDifferences(literal("s32", [1], [-2147483648]), literal("s32", [1], [2147483647]), exact).differences[0].ulps).toBe(4294967295);
    expect(elementDifferences(literal("f16", [1], [1 + 2 ** -10]), literal("f16", [1], [1]), exact).differences[0].ulps).toBe(1);
  });
  test("the limit bounds the list, not the count", () => {
    const r = elementDifferences(f64([1, 2, 3, 4]), f64([0, 0, 0, 0]), exact, 2);
    expect(r.differences.length).toBe(2);
    expect(r.count).toBe(4);
    expect(r.total).toBe(4);
  });
});
