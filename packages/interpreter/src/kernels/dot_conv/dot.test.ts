import type { ArrayLiteral } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { f64, instruction, literal, run, s32, shape, values } from "../support/test_support.ts";

const dims = (lb: number[], lc: number[], rb: number[], rc: number[]) => ({
  lhsBatchDimensions: lb, lhsContractingDimensions: lc, rhsBatchDimensions: rb, rhsContractingDimensions: rc,
});

describe("dot", () => {
  it("multiplies matrices", () => {
    const i = instruction("dot", shape("f64", [2, 2]), dims([], [1], [], [0]));
    expect(values(run(i, [f64([2, 3], [1, 2, 3, 4, 5, 6]), f64([3, 2], [7, 8, 9, 10, 11, 12])]))).toEqual([[58, 64], [139, 154]]);
  });
  it("computes matrix-vector and vector-vector products", () => {
    const mv = instruction("dot", shape("f64", [2]), dims([], [1], [], [0]));
    expect(values(run(mv, [f64([2, 2], [1, 2, 3, 4]), f64([2], [1, -1])]))).toEqual([-1, -1]);
    const vv = instruction("dot", shape("f64", []), dims([], [0], [], [0]));
    expect(values(run(vv, [f64([3], [1, 2, 3]), f64([3], [4, 5, 6])]))).toBe(32);
  });
  it("puts batch, lhs free, then rhs free dimensions in the result", () => {
    // lhs [b=2, k=2, m=1], rhs [n=2, b=2, k=2]: contract lhs dim 1 with rhs dim 2.
    const i = instruction("dot", shape("f64", [2, 1, 2]), dims([0], [1], [1], [2]));
    const lhs = f64([2, 2, 1], [1, 2, 3, 4]);
    const rhs = f64([2, 2, 2], [1, 0, 0, 1, 2, 2, 1, 1]);
    // batch 0: l=[1,2]; rhs n0 b0=[1,0], n1 b0=[2,2] -> [1, 6]. batch 1: l=[3,4]; n0 b1=[0,1], n1 b1=[1,1] -> [4, 7].
    expect(values(run(i, [lhs, rhs]))).toEqual([[[1, 6]], [[4, 7]]]);
  });
  it("contracts two dimensions at once", () => {
    const i = instruction("dot", shape("f64", []), dims([], [0, 1], [], [1, 0]));
    // sum_ij a[i][j] * b[j][i]
    expect(values(run(i, [f64([2, 2], [1, 2, 3, 4]), f64([2, 2], [5, 6, 7, 8])]))).toBe(1 * 5 + 2 * 7 + 3 * 6 + 4 * 8);
  });
  it("yields zeros when the contracting dimension is empty and nothing for empty free dimensions", () => {
    const i = instruction("dot", shape("f64", [2, 2]), dims([], [1], [], [0]));
    expect(values(run(i, [f64([2, 0], []), f64([0, 2], [])]))).toEqual([[0, 0], [0, 0]]);
    const z = instruction("dot", shape("f64", [0, 2]), dims([], [1], [], [0]));
    expect(values(run(z, [f64([0, 3], []), f64([3, 2], [1, 2, 3, 4, 5, 6])]))).toEqual([]);
  });
  it("propagates NaN and inf (0 * inf is NaN)", () => {
    const i = instruction("dot", shape("f64", [1]), dims([], [1], [], [0]));
    expect(values(run(i, [f64([1, 2], [0, 1]), f64([2, 1], [Infinity, 1])]))).toEqual([NaN]);
  });
  it("accumulates f32 in f32, rounding every product and partial sum, as XLA's evaluator does", () => {
    const i = instruction("dot", shape("f32", []), dims([], [0], [], [0]));
    // 1 + 4e-8 rounds back to 1 in f32 at each step, so the small terms vanish.
    expect((run(i, [literal("f32", [3], [1, 4e-8, 4e-8]), literal("f32", [3], [1, 1, 1])]) as ArrayLiteral).data[0]).toBe(1);
    // 1e8 + 1 is 1e8 in f32 (spacing 8 there), so the cancellation leaves 0, not 1.
    expect((run(i, [literal("f32", [3], [1e8, 1, -1e8]), literal("f32", [3], [1, 1, 1])]) as ArrayLiteral).data[0]).toBe(0);
  });
  it("accumulates f16 in f32 and rounds the sum to f16 once", () => {
    const i = instruction("dot", shape("f16", []), dims([], [0], [], [0]));
    // 2048 + 1 + 1: f16 cannot hold 2049 (spacing 2), but the f32 accumulator can; 2050 is exact in f16.
    expect(values(run(i, [literal("f16", [3], [2048, 1, 1]), literal("f16", [3], [1, 1, 1])]))).toBe(2050);
  });
  it("computes s32 products beyond 2^53 exactly and wraps", () => {
    const i = instruction("dot", shape("s32", []), dims([], [0], [], [0]));
    // 2147483647^2 + 3*5 = 4611686014132420609 + 15; low 32 bits: 1 + 15 = 16.
    expect(values(run(i, [s32([2], [2147483647, 3]), s32([2], [2147483647, 5])]))).toBe(16);
    const u = instruction("dot", shape("u32", []), dims([], [0], [], [0]));
    expect(values(run(u, [literal("u32", [1], [4294967295]), literal("u32", [1], [2])]))).toBe(4294967294);
  });
  it("computes s64 dot products exactly", () => {
    const i = instruction("dot", shape("s64", []), dims([], [0], [], [0]));
    expect(values(run(i, [literal("s64", [2], [3037000499n, -1n]), literal("s64", [2], [1n, 5n])]))).toBe(3037000494n);
    // 2^62 * 4 + 1 wraps to 1 in s64; in u64, (2^64 - 1) * 2 wraps to 2^64 - 2.
    expect(values(run(i, [literal("s64", [2], [2n ** 62n, 1n]), literal("s64", [2], [4n, 1n])]))).toBe(1n);
    const u = instruction("dot", shape("u64", []), dims([], [0], [], [0]));
    expect(values(run(u, [literal("u64", [1], [2n ** 64n - 1n]), literal("u64", [1], [2n])]))).toBe(2n ** 64n - 2n);
  });
  it("accumulates s32 operands exactly into an s64 result", () => {
    const i = instruction("dot", shape("s64", []), dims([], [0], [], [0]));
    expect(values(run(i, [s32([2], [2147483647, -2147483648]), s32([2], [2147483647, -2147483648])]))).toBe(9223372032559808513n);
  });
});
