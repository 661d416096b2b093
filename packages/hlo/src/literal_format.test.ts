/** NumPy-style printing: the texts below are what NumPy's str() prints for the same arrays. */
import { describe, expect, test } from "vitest";
import { literal, scalar, tupleLiteral } from "./literal.ts";
import { formatArray, formatLiteral } from "./literal_format.ts";

describe("formatArray prints like NumPy", () => {
  test("integral floats print with a trailing point, right-aligned", () => {
    expect(formatArray(literal("f64", [2, 3], [8, 10, 12, 11, 13, 15]))).toBe("[[ 8. 10. 12.]\n [11. 13. 15.]]");
  });

  test("fractions align on the decimal point; nan and inf fill the width", () => {
    expect(formatArray(literal("f64", [4], [0.1, 1.5, -2.25, NaN]))).toBe("[ 0.1   1.5  -2.25   nan]");
    expect(formatArray(literal("f64", [2], [-Infinity, 0.5]))).toBe("[-inf  0.5]");
  });

  test("at most 8 fractional digits, and the shortest digits that identify the value", () => {
    expect(formatArray(literal("f64", [3], [1 / 3, 0.1 + 0.2, 2]))).toBe("[0.33333333 0.3        2.        ]");
    expect(formatArray(literal("f32", [2], [0.1, 0.25]))).toBe("[0.1  0.25]");
  });

  test("scientific notation when values are tiny, huge or spread over more than 1e3", () => {
    expect(formatArray(literal("f64", [3], [1e-5, 1.5e-5, Infinity]))).toBe("[1.0e-05 1.5e-05     inf]");
    expect(formatArray(literal("f64", [2], [1e10, -3]))).toBe("[ 1.e+10 -3.e+00]");
    expect(formatArray(literal("f32", [2], [1e-5, 1]))).toBe("[1.e-05 1.e+00]");
  });

  test("pred prints True/False, integers plainly", () => {
    expect(formatArray(literal("pred", [3], [true, false, true]))).toBe("[ True False  True]");
    expect(formatArray(literal("s32", [2, 2], [1, -20, 300, 4]))).toBe("[[  1 -20]\n [300   4]]");
    expect(formatArray(literal("u64", [1], [2 ** 53 - 1]))).toBe("[9007199254740991]");
  });

  test("s64 and u64 print exactly beyond 2^53, right-aligned", () => {
    expect(formatArray(literal("s64", [3], [-(2n ** 63n), 9007199254740993n, 7n]))).toBe("[-9223372036854775808     9007199254740993                    7]");
    expect(formatArray(literal("u64", [], [2n ** 64n - 1n]))).toBe("18446744073709551615");
  });

  test("complex elements print as (re, im), the parts formatted together as floats", () => {
    expect(formatArray(literal("c64", [2], [[1, 2], [3.5, -4]]))).toBe("[  (1., 2.) (3.5, -4.)]");
    expect(formatArray(literal("c128", [2], [[NaN, 1e-5], [1, Infinity]]))).toBe("[(nan, 1.e-05) (1.e+00, inf)]");
    expect(formatArray(literal("c128", [], [1, -0.5]))).toBe("(1.0, -0.5)");
  });

  test("rank-3 arrays separate their blocks with a blank line", () => {
    expect(formatArray(literal("s32", [2, 2, 1], [0, 1, 2, 3]))).toBe("[[[0]\n  [1]]\n\n [[2]\n  [3]]]");
  });

  test("scalars print as NumPy scalars, keeping -0", () => {
    expect(formatArray(scalar(8))).toBe("8.0");
    expect(formatArray(scalar(-0))).toBe("-0.0");
    expect(formatArray(scalar(NaN))).toBe("nan");
    expect(formatArray(scalar(1e-5))).toBe("1e-05");
    expect(formatArray(scalar(true, "pred"))).toBe("True");
    expect(formatArray(scalar(-7, "s8"))).toBe("-7");
  });

  test("zero-sized arrays print as []", () => {
    expect(formatArray(literal("f64", [0], []))).toBe("[]");
    expect(formatArray(literal("f64", [2, 0], []))).toBe("[]");
  });

  test("more than 1000 elements are summarized with 3 edge items per axis", () => {
    const text = formatArray(literal("s32", [40, 40], Array.from({ length: 1600 }, (_, i) => i)));
    expect(text.split("\n")).toEqual([
      "[[   0    1    2 ...   37   38   39]",
      " [  40   41   42 ...   77   78   79]",
      " [  80   81   82 ...  117  118  119]",
      " ...",
      " [1480 1481 1482 ... 1517 1518 1519]",
      " [1520 1521 1522 ... 1557 1558 1559]",
      " [1560 1561 1562 ... 1597 1598 1599]]",
    ]);
    expect(formatArray(literal("s32", [1000], new Array(1000).fill(0)))).not.toContain("...");
    expect(formatArray(literal("s32", [1001], new Array(1001).fill(0)))).toBe("[0 0 0 ... 0 0 0]");
  });

  test("long rows wrap at 75 columns without trailing spaces", () => {
    const text = formatArray(literal("f64", [30], Array.from({ length: 30 }, (_, i) => i / 3)));
    const lines = text.split("\n");
    expect(lines.length).toBe(5);
    expect(lines[0]).toBe("[0.         0.33333333 0.66666667 1.         1.33333333 1.66666667");
    expect(lines[1]).toBe(" 2.         2.33333333 2.66666667 3.         3.33333333 3.66666667");
    expect(lines[4]).toBe(" 8.         8.33333333 8.66666667 9.         9.33333333 9.66666667]");
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(75);
  });
});

describe("formatLiteral", () => {
  test("names the value and its shape, and aligns continuation lines under the first bracket", () => {
    expect(formatLiteral("out0", literal("f64", [2, 3], [8, 10, 12, 11, 13, 15]))).toBe(
      "out0: f64[2,3] = [[ 8. 10. 12.]\n                  [11. 13. 15.]]",
    );
  });

  test("prints a tuple element by element", () => {
    const t = tupleLiteral([scalar(1, "s32"), literal("pred", [2], [true, false])]);
    expect(formatLiteral("r", t)).toBe("r.0: s32[] = 1\nr.1: pred[2] = [ True False]");
  });
});
