import { describe, expect, test } from "vitest";
import { literal } from "@minixla/hlo";
import { compareArrays } from "./compare.ts";

const f64 = (values: readonly number[], dims: readonly number[] = [values.length]) => literal("f64", dims, values);
const exact = { exact: true } as const;

describe("compareArrays follows the corpus's comparison rule", () => {
  test("exact: NaN equals NaN and -0 equals 0", () => {
    expect(compareArrays(f64([NaN, -0, Infinity]), f64([NaN, 0, Infinity]), exact)).toEqual({ ok: true });
  });

  test("exact: the first differing element is named by its multi-index, with the count", () => {
    const r = compareArrays(f64([1, 2, 3, 4, 5, 7], [2, 3]), f64([1, 2, 3, 4, 6, 8], [2, 3]), exact);
    expect(r).toEqual({ ok: false, kind: "values", mismatch: { index: [1, 1], got: 5, want: 6, diff: 1, count: 2, total: 6 } });
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
});
