/**
 * The kernels of real, imag and complex, and bitcast-convert between types of
 * different widths. Expected values come from XLA's CPU backend on the same
 * inputs (scripts: an HLO module per op run through run_hlo.py), except where
 * a comment says otherwise.
 */
import { describe, expect, it } from "vitest";
import { run, v } from "./test_support.ts";

const inf = Infinity;
const nan = Number.NaN;
const f = Math.fround;

/** Interleaves parts into (re, im) pairs. */
const pairs = (re: readonly number[], im: readonly number[]): number[] => re.flatMap((r, i) => [r, im[i]]);

describe("real and imag", () => {
  // Inputs as XLA received them (c64 parts already f32: 1e-40 -> 9.99994610111476e-41, 3.0000001 -> 3, 5e-46 -> 0).
  const re64 = [1, -0, inf, nan, f(1e-40), -0, f(3.0000001), -inf];
  const im64 = [2, -3.5, nan, -inf, f(1e38), -0, 0, f(5e-46)];
  const re128 = [1, -0, inf, nan, 1e300, -0, 3.0000001, -inf];
  const im128 = [2, -3.5, nan, -inf, -1e-310, -0, 0, 5e-46];

  it("take the parts of c64 and c128 exactly: subnormals, -0, NaN and infinities kept", () => {
    // from XLA CPU
    expect(run("real", "f32", [v("c64", pairs(re64, im64))])).toEqual([1, -0, inf, nan, 9.99994610111476e-41, -0, 3, -inf]);
    expect(run("imag", "f32", [v("c64", pairs(re64, im64))])).toEqual([2, -3.5, nan, -inf, 9.999999680285692e37, -0, 0, 0]);
    expect(run("real", "f64", [v("c128", pairs(re128, im128))])).toEqual([1, -0, inf, nan, 1e300, -0, 3.0000001, -inf]);
    expect(run("imag", "f64", [v("c128", pairs(re128, im128))])).toEqual([2, -3.5, nan, -inf, -1e-310, -0, 0, 5e-46]);
  });

  it("on a real float: real is the value, imag is +0 everywhere", () => {
    const x = [1.5, -0, inf, nan, -2, 0, -inf, f(1e-45)];
    // from XLA CPU
    expect(run("real", "f32", [v("f32", x)])).toEqual([1.5, -0, inf, nan, -2, 0, -inf, 1.401298464324817e-45]);
    const im = run("imag", "f32", [v("f32", x)]);
    expect(im).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(im.every((z) => Object.is(z, 0))).toBe(true);
  });

  it("handle zero elements", () => {
    expect(run("real", "f32", [v("c64", [], [0])], {}, [0])).toEqual([]);
  });

  it("refuse an integer operand", () => {
    expect(() => run("real", "s32", [v("s32", [1])])).toThrow("real: expected a floating or complex operand, got s32[1]");
  });
});

describe("complex", () => {
  it("pairs f32 operands into c64 and f64 into c128, each part unchanged", () => {
    // from XLA CPU: complex(f32[2,3], f32[2,3])
    const re = [1.5, -0, inf, nan, f(1e-45), -2];
    const im = [-0, 2, nan, inf, 3, f(1e-40)];
    expect(run("complex", "c64", [v("f32", re, [2, 3]), v("f32", im, [2, 3])])).toEqual([
      1.5, -0, -0, 2, inf, nan, nan, inf, 1.401298464324817e-45, 3, -2, 9.99994610111476e-41,
    ]);
    // from XLA CPU: complex(broadcast(f64[3] {0.25, -1e-310, nan}, dimensions={1}), f64[2,3])
    const re2 = [0.25, -1e-310, nan, 0.25, -1e-310, nan];
    const im2 = [1, 2, 3, -0, inf, -inf];
    expect(run("complex", "c128", [v("f64", re2, [2, 3]), v("f64", im2, [2, 3])])).toEqual([
      0.25, 1, -1e-310, 2, nan, 3, 0.25, -0, -1e-310, inf, nan, -inf,
    ]);
  });

  it("is undone by real and imag", () => {
    const z = run("complex", "c128", [v("f64", [1, -0]), v("f64", [-0, nan])]);
    expect(run("real", "f64", [v("c128", z as number[])])).toEqual([1, -0]);
    expect(run("imag", "f64", [v("c128", z as number[])])).toEqual([-0, nan]);
  });
});

describe("bitcast-convert between widths", () => {
  const x = [1, -0, nan];

  it("splits f64 into u32 pairs (low word first) and joins them back bit for bit", () => {
    // from XLA CPU
    const words = run("bitcast-convert", "u32", [v("f64", x)], {}, [3, 2]);
    expect(words).toEqual([0, 1072693248, 0, 2147483648, 0, 2146959360]);
    const back = run("bitcast-convert", "f64", [v("u32", words as number[], [3, 2])], {}, [3]);
    expect(back).toEqual([1, -0, nan]);
    expect(Object.is(back[1], -0)).toBe(true);
  });

  it("splits f64 into s8[8] and f16[4] in little-endian order", () => {
    // from XLA CPU
    expect(run("bitcast-convert", "s8", [v("f64", x)], {}, [3, 8])).toEqual([
      0, 0, 0, 0, 0, 0, -16, 63, 0, 0, 0, 0, 0, 0, 0, -128, 0, 0, 0, 0, 0, 0, -8, 127,
    ]);
    expect(run("bitcast-convert", "f16", [v("f64", x)], {}, [3, 4])).toEqual([0, 0, 0, 1.984375, 0, 0, 0, -0, 0, 0, 0, nan]);
  });

  it("packs sub-byte types by their bits, low bits first, and gives pred a byte", () => {
    // from XLA CPU: -1.2345f is the bytes 25, 4, 158, 191
    const x32 = [f(-1.2345)];
    expect(run("bitcast-convert", "s4", [v("f32", x32, [])], {}, [8])).toEqual([-7, 1, 4, 0, -2, -7, -1, -5]);
    expect(run("bitcast-convert", "u2", [v("f32", x32, [])], {}, [16])).toEqual([1, 2, 1, 0, 0, 1, 0, 0, 2, 3, 1, 2, 3, 3, 3, 2]);
    expect(run("bitcast-convert", "f32", [v("s4", [5, -6, 7, -8, 1, 2, 3, -1], [8])], {}, [])).toEqual([-1.2797714113882676e31]);
    // from XLA CPU: two nibbles make a byte, the first the low one
    expect(run("bitcast-convert", "s8", [v("s4", [1, 2, -1, 3, 7, -8, -3, -4], [4, 2])], {}, [4])).toEqual([33, 63, -121, -51]);
    expect(run("bitcast-convert", "u4", [v("s8", [0x21, -1, 0x7f, -128])], {}, [4, 2])).toEqual([1, 2, 15, 15, 15, 7, 0, 8]);
    // from XLA CPU: the bytes of 1.0 are 0 0 0 0 0 0 240 63; a non-zero byte reads as true
    expect(run("bitcast-convert", "pred", [v("f64", [1], [])], {}, [8])).toEqual([0, 0, 0, 0, 0, 0, 1, 1]);
    expect(run("bitcast-convert", "s8", [v("pred", [1, 0, 1], [3])], {}, [3])).toEqual([1, 0, 1]);
  });

  it("splits c128 into c64 pairs", () => {
    // from XLA CPU, with the operand a constant that XLA's evaluator folds: with a parameter its CPU compiler
    // refuses the conversion (its expander has no 128-bit integer to go through).
    const z = [1.5, 1e-310, -inf, 2];
    expect(run("bitcast-convert", "c64", [v("c128", z)], {}, [2, 2])).toEqual([0, 1.9375, -4.6395477799377415e-32, 6.602918363898538e-42, 0, nan, 0, 2]);
    expect(run("bitcast-convert", "c128", [v("c64", [0, 1.9375, -4.6395477799377415e-32, 6.602918363898538e-42], [1, 2])], {}, [1])).toEqual([1.5, 1e-310]);
  });
});
