import { type ArrayLiteral, EvalError, literal, shape } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { instruction, run } from "../kernels/support/test_support.ts";
import { SMALL_TILE, TILE, tileFor, transposeInto } from "./transpose_kernel.ts";

/** Distinct values, specials included, so any misplaced element shows. */
function data(n: number): Float64Array {
  const specials = [NaN, -0, 0, Infinity, -Infinity, 5e-324, -1e308];
  return Float64Array.from({ length: n }, (_, i) => (i % 11 === 3 ? specials[(i / 11) % specials.length | 0] : i + 0.25));
}

/** The reference transpose kernel on the same data, every element compared by Object.is, with and without a result buffer. */
function expectSameAsReference(dims: readonly number[], permutation: readonly number[]): void {
  const x = literal("f64", dims, data(dims.reduce((a, b) => a * b, 1)));
  const resultDims = permutation.map((d) => dims[d]);
  const want = run(instruction("transpose", shape("f64", resultDims), { dimensions: [...permutation] }), [x]) as ArrayLiteral;
  const got = transposeInto(x.data as Float64Array, dims, permutation);
  expect(got.length).toBe(want.data.length);
  const mismatch = Array.from(want.data as Float64Array).findIndex((v, i) => !Object.is(v, got[i]));
  expect(mismatch, `[${dims}] by {${permutation}}: element ${mismatch}`).toBe(-1);
  const buf = new Float64Array(got.length).fill(-7.5);
  expect(transposeInto(x.data as Float64Array, dims, permutation, buf)).toBe(buf);
  expect(Array.from(buf).every((v, i) => Object.is(v, want.data[i]))).toBe(true);
}

describe("transposeInto", () => {
  it("transposes matrices whose sides cross the 8-row and 64-element tile edges", () => {
    for (const [r, c] of [[1, 1], [2, 3], [4, 4], [5, 7], [33, 65], [130, 129], [515, 6], [6, 517], [530, 521]]) {
      expectSameAsReference([r, c], [1, 0]);
    }
  });

  it("tiles planes above SMALL_PLANE elements by TILE, crossing its edges", () => {
    expect(tileFor(1000, 1000)).toBe(SMALL_TILE);
    expect(tileFor(1777, 1779)).toBe(TILE);
    expectSameAsReference([1777, 1779], [1, 0]);
  });

  it("copies when the permutation moves nothing, including around size-1 dimensions", () => {
    expectSameAsReference([3, 4, 5], [0, 1, 2]);
    expectSameAsReference([3, 1, 5], [1, 0, 2]);
    expectSameAsReference([3, 1, 5], [0, 2, 1]);
    expectSameAsReference([], []);
    expectSameAsReference([7], [0]);
  });

  it("handles permutations of rank 3 to 5: row copies, planes and merged runs", () => {
    // Minor dimension kept: row copies. Minor dimension moved: planes over two dims.
    expectSameAsReference([4, 5, 6], [1, 0, 2]);
    expectSameAsReference([4, 5, 6], [2, 1, 0]);
    expectSameAsReference([4, 5, 6], [2, 0, 1]);
    expectSameAsReference([4, 5, 6], [1, 2, 0]);
    expectSameAsReference([2, 3, 4, 5], [3, 2, 0, 1]);
    expectSameAsReference([2, 3, 4, 5], [0, 1, 3, 2]);
    expectSameAsReference([2, 3, 1, 4, 5], [4, 2, 0, 3, 1]);
    expectSameAsReference([3, 131, 5], [1, 2, 0]);
    expectSameAsReference([2, 520, 3], [2, 1, 0]);
  });

  it("returns an empty array for zero-sized dimensions", () => {
    expectSameAsReference([0, 3], [1, 0]);
    expectSameAsReference([2, 0, 3], [2, 0, 1]);
  });

  it("refuses a non-permutation, a wrong element count, a wrong buffer and the operand as the buffer", () => {
    const x = data(6);
    expect(() => transposeInto(x, [2, 3], [0, 0])).toThrow(EvalError);
    expect(() => transposeInto(x, [2, 3], [1])).toThrow(EvalError);
    expect(() => transposeInto(x, [2, 4], [1, 0])).toThrow(EvalError);
    expect(() => transposeInto(x, [2, 3], [1, 0], new Float64Array(5))).toThrow(EvalError);
    expect(() => transposeInto(x, [2, 3], [1, 0], x)).toThrow(EvalError);
  });

  it("matches the reference for random shapes and permutations up to rank 6 (property)", () => {
    const dimArb = fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 0, max: 6 }) }, { weight: 1, arbitrary: fc.constantFrom(1, 33, 65, 130) });
    const caseArb = fc
      .array(fc.tuple(dimArb, fc.double({ noNaN: true })), { maxLength: 6 })
      .filter((ds) => ds.reduce((a, [d]) => a * Math.max(d, 1), 1) <= 50_000)
      .map((ds) => ({
        dims: ds.map(([d]) => d),
        // A random permutation: positions sorted by their random keys.
        permutation: ds.map((_, i) => i).sort((a, b) => ds[a][1] - ds[b][1] || a - b),
      }));
    fc.assert(
      fc.property(caseArb, ({ dims, permutation }) => expectSameAsReference(dims, permutation)),
      { numRuns: 500, seed: 20261125 },
    );
  });
});
