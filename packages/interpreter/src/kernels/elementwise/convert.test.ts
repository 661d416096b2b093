import { describe, expect, it } from "vitest";
import { run, v } from "./test_support.ts";

const NaN_ = Number.NaN;
const inf = Infinity;

describe("convert", () => {
  it("float to integer truncates toward zero, saturates, and maps NaN to 0", () => {
    expect(run("convert", "s32", [v("f64", [2.9, -2.9, -0.5, 1e10, -1e10, NaN_, inf, -inf])])).toEqual([
      2, -2, 0, 2147483647, -2147483648, 0, 2147483647, -2147483648,
    ]);
    expect(run("convert", "u8", [v("f32", [300, -5, 255.9, NaN_])])).toEqual([255, 0, 255, 0]);
    expect(run("convert", "s8", [v("f16", [-200, 127.5])])).toEqual([-128, 127]);
    expect(run("convert", "u32", [v("f64", [4294967295.5, 4294967296])])).toEqual([4294967295, 4294967295]);
  });

  it("float to pred is true for every non-zero value, NaN included", () => {
    expect(run("convert", "pred", [v("f64", [0, -0, 0.5, -2, NaN_, inf])])).toEqual([0, 0, 1, 1, 1, 1]);
  });

  it("integer to integer wraps like a C cast", () => {
    expect(run("convert", "s8", [v("s32", [200, -129, 127])])).toEqual([-56, 127, 127]);
    expect(run("convert", "u32", [v("s32", [-1])])).toEqual([4294967295]);
    expect(run("convert", "s32", [v("u32", [4294967295])])).toEqual([-1]);
    expect(run("convert", "s32", [v("s64", [2 ** 32 + 5, -(2 ** 40) - 1])])).toEqual([5, -1]);
    expect(run("convert", "u16", [v("s64", [-1])])).toEqual([65535]);
  });

  it("integer to float rounds to nearest even from the exact integer", () => {
    expect(run("convert", "f32", [v("s32", [16777217, 16777219, 2147483647])])).toEqual([16777216, 16777220, 2147483648]);
    expect(run("convert", "f32", [v("s64", [2 ** 53 - 1])])).toEqual([2 ** 53]);
    expect(run("convert", "f16", [v("s32", [65519, 65520, 2049, -70000])])).toEqual([65504, inf, 2048, -inf]);
  });

  it("integer to bf16 goes through f32 first, as Eigen's bfloat16 does", () => {
    // 2^24 + 3*2^16 - 1 rounds to 2^24 + 3*2^16 in f32, an exact bf16 tie, which goes to even: 2^24 + 2^18.
    expect(run("convert", "bf16", [v("s32", [2 ** 24 + 3 * 2 ** 16 - 1])])).toEqual([2 ** 24 + 2 ** 18]);
  });

  it("pred converts to 0 and 1", () => {
    expect(run("convert", "f32", [v("pred", [1, 0])])).toEqual([1, 0]);
    expect(run("convert", "s32", [v("pred", [1, 0])])).toEqual([1, 0]);
  });

  it("f64 to f32, f16 and bf16 rounds to nearest even", () => {
    expect(run("convert", "f32", [v("f64", [0.1, 1e39, -1e-50])])).toEqual([Math.fround(0.1), inf, -0]);
    expect(run("convert", "f16", [v("f64", [0.1, 65504, 65520, 2 ** -24, 2 ** -25, 3 * 2 ** -25, NaN_])])).toEqual([
      0.0999755859375, 65504, inf, 2 ** -24, 0, 2 ** -23, NaN_,
    ]);
    expect(run("convert", "bf16", [v("f64", [0.1, 1 + 2 ** -8, 1 + 3 * 2 ** -8])])).toEqual([0.10009765625, 1, 1 + 2 ** -6]);
  });

  it("f16 to f32 is exact", () => {
    expect(run("convert", "f32", [v("f16", [0.0999755859375, 2 ** -24])])).toEqual([0.0999755859375, 2 ** -24]);
  });
});

describe("bitcast-convert", () => {
  it("reinterprets f32 bits as s32 and u32, and back", () => {
    expect(run("bitcast-convert", "s32", [v("f32", [1, -2, -0, inf])])).toEqual([0x3f800000, -1073741824, -2147483648, 0x7f800000]);
    expect(run("bitcast-convert", "u32", [v("f32", [-1])])).toEqual([0xbf800000]);
    expect(run("bitcast-convert", "f32", [v("s32", [0x3fc00000, 1])])).toEqual([1.5, 2 ** -149]);
  });

  it("reinterprets 16-bit types: f16, bf16, s16, u16", () => {
    expect(run("bitcast-convert", "u16", [v("f16", [1, -2, 65504, 2 ** -24, -0])])).toEqual([0x3c00, 0xc000, 0x7bff, 1, 0x8000]);
    expect(run("bitcast-convert", "f16", [v("s16", [0x3c00, -1024])])).toEqual([1, -inf]);
    expect(run("bitcast-convert", "bf16", [v("f16", [1])])).toEqual([2 ** -7]); // 0x3c00 read as bf16: exponent 120, mantissa 0
    expect(run("bitcast-convert", "s16", [v("bf16", [-1])])).toEqual([-16512]); // 0xbf80
  });

  it("reinterprets 8-bit integers", () => {
    expect(run("bitcast-convert", "u8", [v("s8", [-1, -128])])).toEqual([255, 128]);
  });

  it("between widths adds or removes a minor dimension of the width ratio, little-endian", () => {
    const bc = (from: Parameters<typeof v>[0], dims: number[], values: (number | bigint)[], to: Parameters<typeof v>[0], outDims: number[]) =>
      run("bitcast-convert", to, [v(from, values, dims)], {}, outDims);
    // from XLA CPU
    expect(bc("f32", [2], [1, -2.5], "u8", [2, 4])).toEqual([0, 0, 128, 63, 0, 0, 32, 192]);
    expect(bc("u8", [2, 4], [1, 2, 3, 4, 255, 255, 255, 255], "s32", [2])).toEqual([67305985, -1]);
    expect(bc("u32", [1, 2], [0, 0x3ff00000], "f64", [1])).toEqual([1]);
    expect(bc("s64", [1], [-2n], "s16", [1, 4])).toEqual([-2, -1, -1, -1]);
    expect(bc("bf16", [2], [1, -3], "u8", [2, 2])).toEqual([128, 63, 64, 192]);
    // StableHLO's bitcast_convert_op_test_c128_to_c64: (0x0123456789ABCDEF, 0x11111111) -> [(0x89ABCDEF, 0x01234567), (0x11111111, 0)]
    const c = bc("c128", [], [3.512700564088504e-303, 1.41466386e-315], "c64", [2]);
    expect(bc("c64", [2], c, "u32", [2, 2])).toEqual([0x89abcdef, 0x01234567, 0x11111111, 0]);
    expect(() => bc("u8", [2, 3], [1, 2, 3, 4, 5, 6], "s32", [2])).toThrow(/minor dimension/);
  });

  it("reinterprets f64 as s64 and u64 over all 64 bits", () => {
    expect(run("bitcast-convert", "f64", [v("s64", [1n, -(2n ** 63n)])])).toEqual([5e-324, -0]);
    expect(run("bitcast-convert", "s64", [v("f64", [5e-324, 0, 1, -0])])).toEqual([1n, 0n, 4607182418800017408n, -(2n ** 63n)]);
    expect(run("bitcast-convert", "u64", [v("f64", [-1])])).toEqual([13830554455654793216n]);
  });
});

describe("reduce-precision", () => {
  const rp = (t: Parameters<typeof v>[0], values: number[], exponentBits: number, mantissaBits: number) =>
    run("reduce-precision", t, [v(t, values)], { exponentBits, mantissaBits });

  it("to f16's format rounds the mantissa to nearest even and overflows to inf", () => {
    expect(rp("f64", [1 / 3, 65504, 65519, 65520, -1e6], 5, 10)).toEqual([0.333251953125, 65504, 65504, inf, -inf]);
  });

  it("flushes values below the narrow format's smallest normal to signed zero", () => {
    expect(rp("f64", [2 ** -14, 2 ** -15, -(2 ** -20), 2 ** -14 * (1 - 2 ** -12)], 5, 10)).toEqual([2 ** -14, 0, -0, 2 ** -14]);
  });

  it("keeps NaN, and makes it inf with zero mantissa bits", () => {
    expect(rp("f32", [NaN_], 8, 5)).toEqual([NaN_]);
    expect(rp("f32", [NaN_, -inf, inf], 8, 0)).toEqual([inf, -inf, inf]);
  });

  it("with zero mantissa bits, a tie rounds up iff the exponent is even", () => {
    expect(rp("f64", [1.5, 3, 6, -1.5, 1.25, 1.75], 11, 0)).toEqual([2, 2, 8, -2, 1, 2]);
  });

  it("is the identity at the type's own format", () => {
    expect(rp("f32", [Math.fround(0.1), 2 ** -149], 8, 23)).toEqual([Math.fround(0.1), 2 ** -149]);
    expect(rp("f64", [0.1, 5e-324], 11, 52)).toEqual([0.1, 5e-324]);
  });

  it("to bf16's format from f32 matches a bf16 conversion for normal values", () => {
    expect(rp("f32", [Math.fround(0.1), 257, 259], 8, 7)).toEqual([0.10009765625, 256, 260]);
  });

  it("on f16 works in f32 and flushes f16 subnormals with exponent_bits=5", () => {
    expect(rp("f16", [2 ** -24, 1], 5, 10)).toEqual([0, 1]);
  });
});
