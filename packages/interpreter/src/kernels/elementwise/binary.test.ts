import { describe, expect, it } from "vitest";
import { bin, binXlaCpu, run, v } from "./test_support.ts";

const NaN_ = Number.NaN;
const inf = Infinity;
const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

describe("float arithmetic", () => {
  it("follows IEEE in float64", () => {
    expect(bin("add", "f64", [0.1, -0, inf, inf], [0.2, -0, -inf, 1])).toEqual([0.30000000000000004, -0, NaN_, inf]);
    expect(bin("divide", "f64", [1, -1, 0, 1], [0, 0, 0, -0])).toEqual([inf, -inf, NaN_, -inf]);
  });

  it("rounds to f32 after every op", () => {
    expect(bin("add", "f32", [0.1], [0.2])).toEqual([Math.fround(Math.fround(0.1) + Math.fround(0.2))]);
    expect(bin("multiply", "f32", [3.4e38], [10])).toEqual([inf]);
    expect(bin("divide", "f32", [1], [3])).toEqual([Math.fround(1 / 3)]);
  });

  it("rounds f16 to nearest even with overflow to infinity and subnormals", () => {
    // 65519 rounds down to 65504; 65520 is the tie that rounds to 2^16 = inf; 2049 ties to even 2048.
    expect(bin("add", "f16", [65504, 65504, 2048], [15, 16, 1])).toEqual([65504, inf, 2048]);
    expect(bin("add", "f16", [65504], [32])).toEqual([inf]);
    expect(bin("multiply", "f16", [2 ** -14], [2 ** -10])).toEqual([2 ** -24]);
    expect(bin("multiply", "f16", [2 ** -14], [2 ** -11])).toEqual([0]); // 2^-25 ties to even (0)
    expect(bin("add", "f16", [2050], [1])).toEqual([2052]); // 2051 ties to even mantissa
  });

  it("rounds bf16 to 8 significant bits", () => {
    expect(bin("add", "bf16", [256], [1])).toEqual([256]);
    expect(bin("add", "bf16", [258], [1])).toEqual([260]);
    expect(bin("multiply", "bf16", [3.3895313892515355e38], [2])).toEqual([inf]);
  });

  it("remainder is fmod, with the dividend's sign", () => {
    expect(bin("remainder", "f64", [-10, 6, 5.5, 1, inf, 3], [10, -6, 2, 0, 2, inf])).toEqual([-0, 0, 1.5, NaN_, NaN_, 3]);
  });

  it("maximum and minimum propagate NaN, lhs first, and return lhs on ties", () => {
    expect(bin("maximum", "f32", [1, 1, 2.25, NaN_, 6], [2, -5, 1, 10, NaN_])).toEqual([2, 1, 2.25, NaN_, NaN_]);
    expect(bin("maximum", "f64", [-0, 0], [0, -0])).toEqual([-0, 0]);
    expect(bin("minimum", "f64", [-0, 0, NaN_, 3], [0, -0, 1, NaN_])).toEqual([-0, 0, NaN_, NaN_]);
  });

  it("power: 1 when lhs is 1 or rhs is 0, else pow", () => {
    expect(bin("power", "f64", [1, NaN_, -1, -2, 0, 2, 0], [NaN_, 0, inf, 0.5, -0.6, 10, 0])).toEqual([1, 1, 1, NaN_, inf, 1024, 1]);
  });

  it("atan2 follows <cmath>", () => {
    expect(bin("atan2", "f64", [0, -0, 1], [-1, -1, 0])).toEqual([Math.PI, -Math.PI, Math.PI / 2]);
  });
});

describe("integer arithmetic", () => {
  it("add, subtract and multiply wrap at 8, 16 and 32 bits", () => {
    expect(bin("add", "s8", [127, -128], [1, -1])).toEqual([-128, 127]);
    expect(bin("add", "u8", [255], [1])).toEqual([0]);
    expect(bin("subtract", "u16", [0], [1])).toEqual([65535]);
    expect(bin("add", "s32", [INT_MAX], [1])).toEqual([INT_MIN]);
    expect(bin("subtract", "u32", [0], [1])).toEqual([4294967295]);
    expect(bin("multiply", "s16", [300], [300])).toEqual([24464]);
  });

  it("32-bit multiply is exact where the float64 product is not", () => {
    expect(bin("multiply", "s32", [INT_MAX, 123456789], [INT_MAX, 987654321])).toEqual([1, -67153019]);
    expect(bin("multiply", "u32", [4294967295], [4294967295])).toEqual([1]);
  });

  it("divide truncates, x/0 is -1 (signed) or all ones (unsigned), INT_MIN/-1 is INT_MIN", () => {
    expect(bin("divide", "s32", [7, -7, 7, -7, 5, INT_MIN], [2, 2, -2, -2, 0, -1])).toEqual([3, -3, -3, 3, -1, INT_MIN]);
    expect(bin("divide", "s8", [-128], [-1])).toEqual([-128]);
    expect(bin("divide", "u32", [5, 7], [0, 2])).toEqual([4294967295, 3]);
    expect(bin("divide", "u8", [5], [0])).toEqual([255]);
  });

  it("remainder: x%0 = x, INT_MIN % -1 = 0, sign of the dividend", () => {
    expect(bin("remainder", "s32", [7, -7, 7, 5, INT_MIN], [3, 3, -3, 0, -1])).toEqual([1, -1, 1, 5, 0]);
    expect(bin("remainder", "u16", [7, 7], [0, 4])).toEqual([7, 3]);
  });

  it("maximum and minimum compare numerically", () => {
    expect(bin("maximum", "s32", [-1, 5], [3, 2])).toEqual([3, 5]);
    expect(bin("minimum", "u32", [4294967295, 0], [1, 1])).toEqual([1, 0]);
  });

  it("power is exact wrapping integer power by squaring", () => {
    expect(bin("power", "s32", [2, 3, -2, 2, 7], [10, 19, 3, 31, 0])).toEqual([1024, 1162261467, -8, INT_MIN, 1]);
    expect(bin("power", "s32", [3], [40])).toEqual([689956897]); // 3^40 mod 2^32 as s32
    expect(bin("power", "u8", [3], [5])).toEqual([243]);
  });

  it("xla-cpu: power with a negative exponent is 1 for base 1, +-1 for base -1 by parity, else 0", () => {
    // from XLA CPU: s32 [1, -1, -1, 2, 0] ^ [-1, -1, -2, -1, -3]
    expect(binXlaCpu("power", "s32", [1, -1, -1, 2, 0], [-1, -1, -2, -1, -3])).toEqual([1, -1, 1, 0, 0]);
    // from XLA CPU: s8 [-1, -1, 2, 3] ^ [-1, -2, -1, 5] = [-1, 1, 0, -13]
    expect(binXlaCpu("power", "s8", [-1, -1, 2, 3], [-1, -2, -1, 5])).toEqual([-1, 1, 0, -13]);
  });

  it("xla-cpu: power reads an unsigned exponent with the top bit set as negative, as XLA's CPU backend does", () => {
    // from XLA CPU: u32 [3, 3, 3, 2^32-1, 2^32-1] ^ [2^31+1, 2^32-1, 5, 2^31+1, 3]
    expect(binXlaCpu("power", "u32", [3, 3, 3, 4294967295, 4294967295], [2 ** 31 + 1, 4294967295, 5, 2 ** 31 + 1, 3])).toEqual([
      0, 0, 243, 4294967295, 4294967295,
    ]);
    // from XLA CPU: u32 [2, 1, 0] ^ [2^31, 2^32-1, 2^31] = [0, 1, 0]; u8 [3, 255, 3] ^ [129, 129, 255] = [0, 255, 0]
    expect(binXlaCpu("power", "u32", [2, 1, 0], [2 ** 31, 4294967295, 2 ** 31])).toEqual([0, 1, 0]);
    expect(binXlaCpu("power", "u8", [3, 255, 3], [129, 129, 255])).toEqual([0, 255, 0]);
  });

  it("xla-cpu: power squares over the exponent's low 6 bits only, as XLA's CPU backend does: lhs^(rhs mod 64)", () => {
    // from XLA CPU: s32 3^(2^31-1) = 3^63 mod 2^32
    expect(binXlaCpu("power", "s32", [3], [2147483647])).toEqual([2111105451]);
    // from XLA CPU
    expect(binXlaCpu("power", "s32", [2, 2, 3, 3, 5, 2, 7], [32, 33, 64, 65, 100, 31, 127])).toEqual([0, 0, 1, 3, 1530182129, -2147483648, 1075496887]);
    expect(binXlaCpu("power", "u8", [3, 3, 2, 255, 255], [64, 65, 8, 128, 255])).toEqual([1, 3, 0, 1, 255]);
  });

  it("reference: power as XLA's evaluator computes it: negative exponents give 0 unless the base is 1", () => {
    // from XLA's constant folder (its HloEvaluator): s32 [1, -1, -1, 2, -3] ^ [-4, -3, -2, -3, -4]
    expect(bin("power", "s32", [1, -1, -1, 2, -3], [-4, -3, -2, -3, -4])).toEqual([1, 0, 0, 0, 0]);
    // from XLA's constant folder: s16 (-35)^32766 = 21881 (every exponent bit squares)
    expect(bin("power", "s16", [-35], [32766])).toEqual([21881]);
  });

  it("reference: an unsigned exponent of 2^31 or more squares over all its bits (the evaluator's values)", () => {
    // from XLA's constant folder: u32 3^(2^32-1), 31^(2^32-2), 3^(2^31), 2^(2^32-1); u8 3^200, 255^255
    expect(bin("power", "u32", [3, 31, 3, 2], [4294967295, 4294967294, 2147483648, 4294967295])).toEqual([2863311531, 3427929153, 1, 0]);
    expect(bin("power", "u8", [3, 255, 2], [200, 255, 255])).toEqual([161, 255, 0]);
  });

  it("power on pred is lhs || !rhs", () => {
    expect(bin("power", "pred", [0, 0, 1, 1], [0, 1, 0, 1])).toEqual([1, 0, 1, 1]);
  });
});

describe("bitwise and logical ops", () => {
  it("and, or, xor are bitwise on integers and logical on pred", () => {
    expect(bin("and", "s32", [-1, 12], [255, 10])).toEqual([255, 8]);
    expect(bin("or", "u32", [0x80000000], [1])).toEqual([0x80000001]);
    expect(bin("xor", "s8", [-1], [1])).toEqual([-2]);
    expect(bin("and", "pred", [1, 1, 0], [1, 0, 0])).toEqual([1, 0, 0]);
    expect(bin("or", "pred", [1, 0, 0], [0, 1, 0])).toEqual([1, 1, 0]);
    expect(bin("xor", "pred", [1, 1, 0], [0, 1, 0])).toEqual([1, 0, 0]);
  });

  it("shift-left is 0 for amounts out of range (negative included)", () => {
    expect(bin("shift-left", "s32", [1, -3, 77, 1, 5], [32, 100, -1, 31, 2])).toEqual([0, 0, 0, INT_MIN, 20]);
    expect(bin("shift-left", "u8", [0xff, 1], [4, 8])).toEqual([0xf0, 0]);
  });

  it("shift-right-arithmetic fills with the sign, out of range gives -1 or 0", () => {
    expect(bin("shift-right-arithmetic", "s32", [-960, -815, -1, 5, -8], [0, 1, 32, 33, -1])).toEqual([-960, -408, -1, 0, -1]);
    expect(bin("shift-right-arithmetic", "u8", [0x80, 0x80], [1, 9])).toEqual([0xc0, 0xff]); // reads the bits as signed
  });

  it("shift-right-logical shifts the unsigned bit pattern, out of range gives 0", () => {
    expect(bin("shift-right-logical", "s32", [-815, -1, 79 << 3], [1, 32, 3])).toEqual([2147483240, 0, 79]);
    expect(bin("shift-right-logical", "s8", [-1], [1])).toEqual([127]);
    expect(bin("shift-right-logical", "u32", [4294967295], [31])).toEqual([1]);
  });

});

describe("mixed operand layouts", () => {
  it("works on scalars and zero-sized arrays", () => {
    expect(run("add", "s32", [v("s32", [2], []), v("s32", [3], [])])).toEqual([5]);
    expect(run("add", "f32", [v("f32", [], [2, 0]), v("f32", [], [2, 0])])).toEqual([]);
  });
});
