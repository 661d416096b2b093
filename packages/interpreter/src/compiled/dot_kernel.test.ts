import { type ArrayLiteral, type ElementType, EvalError, type InstructionOf, literal, normalizeValue, shape } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { instruction, run } from "../kernels/support/test_support.ts";
import { compileDot } from "./dot_kernel.ts";
import { uniformGenerator } from "../elided_constants.ts";

interface DimNumbers {
  readonly lhsBatchDimensions: number[];
  readonly lhsContractingDimensions: number[];
  readonly rhsBatchDimensions: number[];
  readonly rhsContractingDimensions: number[];
}

const REAL_TYPES: readonly ElementType[] = ["f64", "f32", "f16", "bf16", "s32", "u32", "s8", "u8", "s16", "pred"];

const prng = uniformGenerator;

const FLOAT_SPECIALS = [NaN, 0, -0, Infinity, -Infinity, 1e300, -1e300, 3.4e38, 65504, 5e-324, 1, -1];
const INT_SPECIALS = [0, 1, -1, 2147483647, -2147483648, 4294967295, 65535, 255, -128, 127];

/** n values of type t (already in its value set), with the type's edge values mixed in. */
function values(t: ElementType, n: number, rand: () => number, specials: boolean): number[] {
  const float = t === "f64" || t === "f32" || t === "f16" || t === "bf16";
  return Array.from({ length: n }, () => {
    const r = rand();
    if (specials && r < 0.08) {
      const pool = float ? FLOAT_SPECIALS : INT_SPECIALS;
      return normalizeValue(t, pool[Math.floor(rand() * pool.length)]);
    }
    if (float) return normalizeValue(t, (rand() - 0.5) * 2 ** Math.floor(rand() * 20 - 8));
    return normalizeValue(t, Math.floor((rand() - 0.5) * 2 ** 33));
  });
}

/** The reference kernel and the compiled one on the same operands: every element must be the same bits. */
function expectSameAsReference(inst: InstructionOf<"dot">, lhs: ArrayLiteral, rhs: ArrayLiteral): void {
  const want = run(inst, [lhs, rhs]) as ArrayLiteral;
  const kernel = compileDot(inst, lhs.shape, rhs.shape);
  expect(kernel).toBeDefined();
  const got = kernel!(lhs, rhs);
  expect(got.shape).toEqual(want.shape);
  const mismatch = Array.from(want.data as Float64Array).findIndex((v, i) => !Object.is(v, got.data[i]));
  expect(mismatch, `element ${mismatch}: reference ${want.data[mismatch]}, compiled ${got.data[mismatch]}`).toBe(-1);
  // Into a given buffer full of garbage: every element written, the buffer returned.
  const buf = new Float64Array(got.data.length).fill(-12345.5);
  const into = kernel!(lhs, rhs, buf);
  expect(into.data).toBe(buf);
  expect(Array.from(buf).every((v, i) => Object.is(v, want.data[i]))).toBe(true);
}

/** A dot of `[b..., free..., k...]`-sized parts placed at the given operand positions. */
interface DotCase {
  readonly t: ElementType;
  readonly batch: readonly number[];
  readonly lhsFree: readonly number[];
  readonly contracting: readonly number[];
  readonly rhsFree: readonly number[];
  /** Operand positions of the parts, as permutations of the operand's rank. */
  readonly lhsPerm: readonly number[];
  readonly rhsPerm: readonly number[];
  readonly seed: number;
  readonly specials: boolean;
}

/** Builds the dot instruction and operands of a case: part p of the lhs (batch, free, contracting) sits at dimension lhsPerm[p]. */
function buildCase(c: DotCase): { inst: InstructionOf<"dot">; lhs: ArrayLiteral; rhs: ArrayLiteral } {
  const nb = c.batch.length;
  const nc = c.contracting.length;
  const lhsParts = [...c.batch, ...c.lhsFree, ...c.contracting];
  const rhsParts = [...c.batch, ...c.contracting, ...c.rhsFree];
  const ld: number[] = new Array(lhsParts.length);
  lhsParts.forEach((size, p) => (ld[c.lhsPerm[p]] = size));
  const rd: number[] = new Array(rhsParts.length);
  rhsParts.forEach((size, p) => (rd[c.rhsPerm[p]] = size));
  const dn: DimNumbers = {
    lhsBatchDimensions: c.lhsPerm.slice(0, nb),
    lhsContractingDimensions: c.lhsPerm.slice(nb + c.lhsFree.length),
    rhsBatchDimensions: c.rhsPerm.slice(0, nb),
    rhsContractingDimensions: c.rhsPerm.slice(nb, nb + nc),
  };
  // Result: batch, then the free dimensions of each operand in operand order.
  const lhsFreeDims = c.lhsPerm.slice(nb, nb + c.lhsFree.length).sort((x, y) => x - y);
  const rhsFreeDims = c.rhsPerm.slice(nb + nc).sort((x, y) => x - y);
  const resultDims = [...c.batch, ...lhsFreeDims.map((d) => ld[d]), ...rhsFreeDims.map((d) => rd[d])];
  const rand = prng(c.seed);
  const count = (dims: readonly number[]) => dims.reduce((x, y) => x * y, 1);
  const lhs = literal(c.t, ld, values(c.t, count(ld), rand, c.specials));
  const rhs = literal(c.t, rd, values(c.t, count(rd), rand, c.specials));
  return { inst: instruction("dot", shape(c.t, resultDims), dn), lhs, rhs };
}

const identity = (n: number) => Array.from({ length: n }, (_, i) => i);

describe("compileDot", () => {
  it("matches the reference on plain matrix products of every real type, sizes crossing the tile and block edges", () => {
    // 4x4, 1x4, 4x1 and 1x1 tiles, 64-row and 512-step blocks: 67 rows, 530 steps, 37 columns leave every kind of edge.
    const sizes: readonly (readonly [number, number, number])[] = [[1, 1, 1], [3, 5, 7], [4, 4, 4], [5, 9, 6], [33, 17, 65], [67, 300, 37], [2, 520, 9], [9, 530, 10]];
    for (const t of REAL_TYPES) {
      for (const [m, k, n] of sizes) {
        const { inst, lhs, rhs } = buildCase({ t, batch: [], lhsFree: [m], contracting: [k], rhsFree: [n], lhsPerm: [0, 1], rhsPerm: [0, 1], seed: m * 1000 + k + n, specials: false });
        expectSameAsReference(inst, lhs, rhs);
      }
    }
  });

  it("matches the reference bit for bit with NaN, signed zeros, infinities and values that overflow or wrap", () => {
    for (const t of REAL_TYPES) {
      const { inst, lhs, rhs } = buildCase({ t, batch: [2], lhsFree: [9], contracting: [70], rhsFree: [6], lhsPerm: [0, 1, 2], rhsPerm: [0, 1, 2], seed: 7, specials: true });
      expectSameAsReference(inst, lhs, rhs);
    }
  });

  it("sums -0 products from +0, as the reference does", () => {
    const inst = instruction("dot", shape("f64", [1, 5]), { lhsBatchDimensions: [], lhsContractingDimensions: [1], rhsBatchDimensions: [], rhsContractingDimensions: [0] });
    const lhs = literal("f64", [1, 2], [-0, -0]);
    const rhs = literal("f64", [2, 5], [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const got = compileDot(inst, lhs.shape, rhs.shape)!(lhs, rhs);
    expect(Array.from(got.data as Float64Array).every((v) => Object.is(v, 0))).toBe(true);
    expectSameAsReference(inst, lhs, rhs);
  });

  it("rounds f32 products and partial sums to f32 at every step (1e8 + 1 - 1e8 is 0)", () => {
    const inst = instruction("dot", shape("f32", [1, 1]), { lhsBatchDimensions: [], lhsContractingDimensions: [1], rhsBatchDimensions: [], rhsContractingDimensions: [0] });
    const lhs = literal("f32", [1, 3], [1e8, 1, -1e8]);
    const rhs = literal("f32", [3, 1], [1, 1, 1]);
    expect(compileDot(inst, lhs.shape, rhs.shape)!(lhs, rhs).data[0]).toBe(0);
  });

  it("wraps s32 sums of products beyond 2^53 exactly", () => {
    const inst = instruction("dot", shape("s32", [1, 1]), { lhsBatchDimensions: [], lhsContractingDimensions: [1], rhsBatchDimensions: [], rhsContractingDimensions: [0] });
    const lhs = literal("s32", [1, 2], [2147483647, 3]);
    const rhs = literal("s32", [2, 1], [2147483647, 5]);
    expect(compileDot(inst, lhs.shape, rhs.shape)!(lhs, rhs).data[0]).toBe(16);
  });

  it("writes +0 for an empty contraction and nothing for empty free dimensions", () => {
    for (const [m, k, n] of [[3, 0, 5], [0, 4, 3], [2, 3, 0]] as const) {
      const { inst, lhs, rhs } = buildCase({ t: "f64", batch: [2], lhsFree: [m], contracting: [k], rhsFree: [n], lhsPerm: [0, 1, 2], rhsPerm: [0, 1, 2], seed: 1, specials: false });
      expectSameAsReference(inst, lhs, rhs);
    }
  });

  it("declines complex and 64-bit integer types, leaving them to the reference kernel", () => {
    const dn = { lhsBatchDimensions: [], lhsContractingDimensions: [1], rhsBatchDimensions: [], rhsContractingDimensions: [0] };
    for (const t of ["c64", "c128", "s64", "u64"] as const) {
      expect(compileDot(instruction("dot", shape(t, [2, 2]), dn), shape(t, [2, 3]), shape(t, [3, 2]))).toBeUndefined();
    }
    // An s64 operand with an f64 result is stored in BigInt64Array: declined too.
    expect(compileDot(instruction("dot", shape("f64", [2, 2]), dn), shape("s64", [2, 3]), shape("f64", [3, 2]))).toBeUndefined();
    // Shapes that do not fit the dimension numbers: the reference reports it.
    expect(compileDot(instruction("dot", shape("f64", [2, 2]), dn), shape("f64", [2, 3]), shape("f64", [4, 2]))).toBeUndefined();
  });

  it("refuses operands of other shapes than compiled for, and a result buffer of the wrong length", () => {
    const dn = { lhsBatchDimensions: [], lhsContractingDimensions: [1], rhsBatchDimensions: [], rhsContractingDimensions: [0] };
    const kernel = compileDot(instruction("dot", shape("f64", [2, 2]), dn), shape("f64", [2, 3]), shape("f64", [3, 2]))!;
    const a = literal("f64", [2, 3], [1, 2, 3, 4, 5, 6]);
    const b = literal("f64", [3, 2], [1, 2, 3, 4, 5, 6]);
    expect(() => kernel(literal("f64", [3, 2], [1, 2, 3, 4, 5, 6]), b)).toThrow(EvalError);
    expect(() => kernel(a, b, new Float64Array(3))).toThrow(EvalError);
  });

  it("matches the reference for random batch, free and contracting dimensions in any operand order (property)", () => {
    const part = fc.array(fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 0, max: 9 }) }, { weight: 1, arbitrary: fc.constantFrom(1, 33, 65) }), { maxLength: 2 });
    const caseArb = fc
      .record({
        t: fc.constantFrom(...REAL_TYPES),
        batch: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 2 }),
        lhsFree: part,
        contracting: part,
        rhsFree: part,
        lhsKeys: fc.array(fc.double({ noNaN: true }), { minLength: 8, maxLength: 8 }),
        rhsKeys: fc.array(fc.double({ noNaN: true }), { minLength: 8, maxLength: 8 }),
        seed: fc.integer(),
        specials: fc.boolean(),
      })
      // Keep each case small enough to run thousands: at most ~40k multiply-adds.
      .filter((r) => [...r.batch, ...r.lhsFree, ...r.contracting, ...r.rhsFree].reduce((x, y) => x * Math.max(y, 1), 1) <= 40_000)
      .map((r): DotCase => {
        const lhsRank = r.batch.length + r.lhsFree.length + r.contracting.length;
        const rhsRank = r.batch.length + r.contracting.length + r.rhsFree.length;
        // A random permutation: rank positions sorted by random keys.
        const perm = (rank: number, keys: readonly number[]) => identity(rank).sort((x, y) => keys[x] - keys[y] || x - y);
        return { ...r, lhsPerm: perm(lhsRank, r.lhsKeys), rhsPerm: perm(rhsRank, r.rhsKeys) };
      });
    fc.assert(
      fc.property(caseArb, (c) => {
        const { inst, lhs, rhs } = buildCase(c);
        expectSameAsReference(inst, lhs, rhs);
      }),
      { numRuns: 400, seed: 20261125 },
    );
  });
});
