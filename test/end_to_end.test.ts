/**
 * Whole programs written with the builder, lowered and evaluated, against
 * values worked out by hand: the kinds of programs users write.
 */
import { describe, expect, it } from "vitest";
import { XlaBuilder } from "@minixla/builder";
import {
  type ArrayLiteral,
  type Literal,
  type TupleLiteral,
  literal,
  lowerBroadcasts,
  parseHloModule,
  printHloModule,
  scalar,
  shape,
  toNested,
  tupleShape,
  verifyModule,
} from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";
import { lessThanOnFirst, scalarBinary } from "./support/computations.ts";

/** Lowers, verifies, checks the text round trip, evaluates. */
function run(b: XlaBuilder, args: readonly Literal[]): Literal {
  const m = lowerBroadcasts(b.build());
  verifyModule(m);
  const text = printHloModule(m);
  expect(printHloModule(parseHloModule(text))).toBe(text);
  return evaluate(m, args);
}
const nested = (l: Literal) => toNested(l as ArrayLiteral);
const closeTo = (got: unknown, want: number[][] | number[]) => {
  const g = (got as number[][] | number[]).flat() as number[];
  const w = want.flat() as number[];
  expect(g.length).toBe(w.length);
  g.forEach((v, i) => expect(Math.abs(v - w[i])).toBeLessThanOrEqual(1e-15 * Math.max(1, Math.abs(w[i]))));
};

describe("end-to-end builder programs", () => {
  it("computes an MLP layer: relu(x @ W + b)", () => {
    const b = new XlaBuilder("mlp_layer");
    const x = b.parameter(0, shape("f64", [2, 3]), "x");
    const w = b.parameter(1, shape("f64", [3, 2]), "w");
    const bias = b.parameter(2, shape("f64", [2]), "b");
    b.max(b.add(b.dot(x, w), bias, [1]), b.constantR0(0));
    const out = run(b, [
      literal("f64", [2, 3], [1, 2, 3, 4, 5, 7]),
      literal("f64", [3, 2], [1, -1, 0, 1, -1, 0]),
      literal("f64", [2], [3, 0.5]),
    ]);
    expect(nested(out)).toEqual([[1, 1.5], [0, 1.5]]);
  });

  it("computes softmax over the last axis", () => {
    const b = new XlaBuilder("softmax");
    const x = b.parameter(0, shape("f64", [2, 3]), "x");
    const max = b.reduce(x, b.constantR0(-Infinity), scalarBinary("max"), [1]);
    const e = b.exp(b.sub(x, max, [0]));
    const sum = b.reduce(e, b.constantR0(0), scalarBinary("add"), [1]);
    b.div(e, sum, [0]);
    const out = run(b, [literal("f64", [2, 3], [1, 2, 3, 1, 1, 1])]);
    const s = Math.exp(-2) + Math.exp(-1) + 1;
    closeTo(nested(out), [[Math.exp(-2) / s, Math.exp(-1) / s, 1 / s], [1 / 3, 1 / 3, 1 / 3]]);
  });

  it("computes layer norm over the last axis", () => {
    const b = new XlaBuilder("layer_norm");
    const x = b.parameter(0, shape("f64", [2, 4]), "x");
    const n = b.constantR0(4);
    const mean = b.div(b.reduce(x, b.constantR0(0), scalarBinary("add"), [1]), n);
    const centered = b.sub(x, mean, [0]);
    const variance = b.div(b.reduce(b.mul(centered, centered), b.constantR0(0), scalarBinary("add"), [1]), n);
    b.mul(centered, b.rsqrt(b.add(variance, b.constantR0(1e-5))), [0]);
    const out = run(b, [literal("f64", [2, 4], [1, 2, 3, 4, 2, 2, 2, 2])]);
    const r = 1 / Math.sqrt(1.25 + 1e-5);
    closeTo(nested(out), [[-1.5 * r, -0.5 * r, 0.5 * r, 1.5 * r], [0, 0, 0, 0]]);
  });

  it("finds the argmax of each row with a variadic reduce", () => {
    const reducer = new XlaBuilder("argmax_reducer");
    const [av, ai, bv, bi] = [
      reducer.parameter(0, shape("f64", []), "a_value"),
      reducer.parameter(1, shape("s32", []), "a_index"),
      reducer.parameter(2, shape("f64", []), "b_value"),
      reducer.parameter(3, shape("s32", []), "b_index"),
    ];
    // Take a when it is larger, or equal with the lower index.
    const takeA = reducer.or(reducer.gt(av, bv), reducer.and(reducer.eq(av, bv), reducer.lt(ai, bi)));
    reducer.tuple([reducer.select(takeA, av, bv), reducer.select(takeA, ai, bi)]);

    const b = new XlaBuilder("argmax");
    const x = b.parameter(0, shape("f64", [2, 4]), "x");
    const idx = b.iota(shape("s32", [2, 4]), 1);
    const r = b.reduce([x, idx], [b.constantR0(-Infinity), b.constantR0(0, "s32")], reducer.build(), [1]);
    b.tuple([b.getTupleElement(r, 0), b.getTupleElement(r, 1)]);
    const out = run(b, [literal("f64", [2, 4], [1, 5, 3, 5, -1, -2, -3, -0.5])]) as TupleLiteral;
    expect(nested(out.elements[0])).toEqual([5, -0.5]);
    expect(nested(out.elements[1])).toEqual([1, 3]);
  });

  it("sums 0..9 in a while loop", () => {
    const state = tupleShape([shape("s32", []), shape("f64", [])]);
    const cond = new XlaBuilder("cond");
    const cs = cond.parameter(0, state, "s");
    cond.lt(cond.getTupleElement(cs, 0), cond.constantR0(10, "s32"));
    const body = new XlaBuilder("body");
    const bs = body.parameter(0, state, "s");
    const i = body.getTupleElement(bs, 0);
    body.tuple([body.add(i, body.constantR0(1, "s32")), body.add(body.getTupleElement(bs, 1), body.convert(i, "f64"))]);

    const b = new XlaBuilder("while_sum");
    const loop = b.whileLoop(cond.build(), body.build(), b.tuple([b.constantR0(0, "s32"), b.constantR0(0)]));
    b.getTupleElement(loop, 1);
    expect(nested(run(b, []))).toBe(45);
  });

  it("takes the branch a predicate chooses in a conditional", () => {
    const plusOne = new XlaBuilder("plus_one");
    plusOne.add(plusOne.parameter(0, shape("f64", [2]), "x"), plusOne.constantR0(1));
    const timesTwo = new XlaBuilder("times_two");
    timesTwo.mul(timesTwo.parameter(0, shape("f64", [2]), "x"), timesTwo.constantR0(2));
    const b = new XlaBuilder("conditional");
    const p = b.parameter(0, shape("pred", []), "p");
    const x = b.parameter(1, shape("f64", [2]), "x");
    b.conditional(p, x, plusOne.build(), x, timesTwo.build());
    const xs = literal("f64", [2], [3, -4]);
    expect(nested(run(b, [scalar(true, "pred"), xs]))).toEqual([4, -3]);
    expect(nested(run(b, [scalar(false, "pred"), xs]))).toEqual([6, -8]);
  });

  it("gathers rows and scatters them back", () => {
    const b = new XlaBuilder("gather_scatter");
    const m = b.parameter(0, shape("f64", [3, 2]), "m");
    const rows = b.parameter(1, shape("s32", [2, 1]), "rows");
    const picked = b.gather(m, rows, { offsetDims: [1], collapsedSliceDims: [0], startIndexMap: [0], indexVectorDim: 1 }, [1, 2]);
    const zeros = b.broadcast(b.constantR0(0), [3, 2]);
    const back = b.scatter(zeros, rows, picked, scalarBinary("add"), {
      updateWindowDims: [1], insertedWindowDims: [0], scatterDimsToOperandDims: [0], indexVectorDim: 1,
    });
    b.tuple([picked, back]);
    const out = run(b, [literal("f64", [3, 2], [1, 2, 3, 4, 5, 6]), literal("s32", [2, 1], [2, 0])]) as TupleLiteral;
    expect(nested(out.elements[0])).toEqual([[5, 6], [1, 2]]);
    expect(nested(out.elements[1])).toEqual([[1, 2], [0, 0], [5, 6]]);
  });

  it("sorts keys with their indices, stably", () => {
    const b = new XlaBuilder("argsort");
    const keys = b.parameter(0, shape("f64", [5]), "keys");
    const sorted = b.sort([keys, b.iota(shape("s32", [5]), 0)], lessThanOnFirst(["f64", "s32"]), 0, true);
    b.tuple([b.getTupleElement(sorted, 0), b.getTupleElement(sorted, 1)]);
    const out = run(b, [literal("f64", [5], [3, 1, 2, 1, -7])]) as TupleLiteral;
    expect(nested(out.elements[0])).toEqual([-7, 1, 1, 2, 3]);
    expect(nested(out.elements[1])).toEqual([4, 1, 3, 2, 0]);
  });
});
