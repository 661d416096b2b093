import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type ArrayLiteral, type HloComputation, type WindowDimension, createModule, readNpy } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { evaluate } from "../../evaluate.ts";
import { binaryComputation, f64, instruction, literal, run, s32, scalar, scalarFn, shape, testContext, values } from "../support/test_support.ts";

const add = scalarFn(["f64"], (a, b) => a + b);
const max = scalarFn(["f64"], (a, b) => (a !== a ? a : b !== b ? b : a < b ? b : a));
const data = (l: unknown) => Array.from((l as ArrayLiteral).data as Float64Array);

describe("reduce", () => {
  const x = f64([2, 3], [1, 2, 3, 4, 5, 6]);
  it("sums over one dimension, both dimensions, and none", () => {
    const ctx = testContext({ add });
    expect(values(run(instruction("reduce", shape("f64", [2]), { dimensions: [1] }, ["add"]), [x, scalar(0)], ctx))).toEqual([6, 15]);
    expect(values(run(instruction("reduce", shape("f64", [3]), { dimensions: [0] }, ["add"]), [x, scalar(10)], ctx))).toEqual([15, 17, 19]);
    expect(values(run(instruction("reduce", shape("f64", []), { dimensions: [1, 0] }, ["add"]), [x, scalar(0)], ctx))).toBe(21);
    expect(values(run(instruction("reduce", shape("f64", [2, 3]), { dimensions: [] }, ["add"]), [x, scalar(0)], ctx))).toEqual([[1, 2, 3], [4, 5, 6]]);
  });
  it("gives the init value for a zero-sized reduced dimension", () => {
    const i = instruction("reduce", shape("f64", [2]), { dimensions: [1] }, ["max"]);
    expect(values(run(i, [f64([2, 0], []), scalar(-Infinity)], testContext({ max })))).toEqual([-Infinity, -Infinity]);
  });
  it("folds in row-major order over the reduced dimensions (rank 3)", () => {
    // A non-commutative reducer records the order: acc*10 + x.
    const seq = scalarFn(["f64"], (a, b) => a * 10 + b);
    const y = f64([2, 2, 2], [1, 2, 3, 4, 5, 6, 7, 8]);
    const i = instruction("reduce", shape("f64", [2]), { dimensions: [2, 0] }, ["seq"]);
    // For middle index 0: elements (0,0,0)=1,(0,0,1)=2,(1,0,0)=5,(1,0,1)=6 in that order.
    expect(values(run(i, [y, scalar(0)], testContext({ seq })))).toEqual([1256, 3478]);
  });
  it("propagates NaN through a max reducer on the fast path and the general path", () => {
    const z = f64([4], [1, Number.NaN, 3, 2]);
    const i = instruction("reduce", shape("f64", []), { dimensions: [0] }, ["max"]);
    expect(values(run(i, [z, scalar(-Infinity)], testContext({ max })))).toBeNaN();
    const fast = testContext({}, {}, { max: binaryComputation("max", "maximum", "f64") });
    expect(values(run(i, [z, scalar(-Infinity)], fast))).toBeNaN();
    expect(fast.calls).toBe(0);
  });
  it("keeps the lhs on ties, so -0 vs +0 depends on the parameter order", () => {
    const z = f64([1], [0]);
    const i = instruction("reduce", shape("f64", []), { dimensions: [0] }, ["max"]);
    const lhsAcc = testContext({}, {}, { max: binaryComputation("max", "maximum", "f64") });
    expect(Object.is(data(run(i, [z, scalar(-0)], lhsAcc))[0], -0)).toBe(true);
    const lhsElem = testContext({}, {}, { max: binaryComputation("max", "maximum", "f64", true) });
    expect(Object.is(data(run(i, [z, scalar(-0)], lhsElem))[0], 0)).toBe(true);
  });
  it("sums f32 in float64 and rounds once, as XLA's evaluator does for a scalar add", () => {
    const v = literal("f32", [3], [1, 4e-8, 4e-8]);
    const i = instruction("reduce", shape("f32", []), { dimensions: [0] }, ["add"]);
    const fast = testContext({}, {}, { add: binaryComputation("add", "add", "f32") });
    expect(data(run(i, [v, scalar(0, "f32")], fast))[0]).toBe(Math.fround(1 + Math.fround(4e-8) * 2));
  });
  it("wraps s32 products on the fast path", () => {
    const i = instruction("reduce", shape("s32", []), { dimensions: [0] }, ["mul"]);
    const fast = testContext({}, {}, { mul: binaryComputation("mul", "multiply", "s32") });
    expect(values(run(i, [s32([2], [65536, 65537]), scalar(1, "s32")], fast))).toBe(65536);
  });
  it("reduces two operands together (argmax) and returns a tuple", () => {
    const argmax = scalarFn(["f64", "s32"], (v, i, w, j) => {
      const takeFirst = v > w || v !== v || (v === w && i < j);
      return takeFirst ? [v, i] : [w, j];
    });
    const vals = f64([2, 3], [3, 9, 9, 5, Number.NaN, 1]);
    const idx = s32([2, 3], [0, 1, 2, 0, 1, 2]);
    const i = instruction("reduce", { elementType: "tuple", tupleShapes: [shape("f64", [2]), shape("s32", [2])] }, { dimensions: [1] }, ["argmax"]);
    expect(values(run(i, [vals, idx, scalar(-Infinity), scalar(0, "s32")], testContext({ argmax })))).toEqual([[9, NaN], [1, 1]]);
  });
});

const win = (size: number, stride: number, extra: Partial<WindowDimension> = {}): WindowDimension => ({
  size, stride, padLow: 0, padHigh: 0, baseDilation: 1, windowDilation: 1, windowReversal: false, ...extra,
});

describe("reduce-window", () => {
  it("max-pools 2x2 windows with stride 2", () => {
    const x = f64([2, 4], [1, 5, 2, 0, 3, 4, 8, 7]);
    const i = instruction("reduce-window", shape("f64", [1, 2]), { window: [win(2, 2), win(2, 2)] }, ["max"]);
    expect(values(run(i, [x, scalar(-Infinity)], testContext({ max })))).toEqual([[5, 8]]);
  });
  it("computes a cumulative sum with low padding (cumsum's window)", () => {
    const i = instruction("reduce-window", shape("f64", [4]), { window: [win(4, 1, { padLow: 3 })] }, ["add"]);
    const fast = testContext({}, {}, { add: binaryComputation("add", "add", "f64") });
    expect(values(run(i, [f64([4], [1, 2, 3, 4]), scalar(0)], fast))).toEqual([1, 3, 6, 10]);
  });
  it("skips padding and base-dilation holes, and honours window dilation", () => {
    // Base dilation 2 of [1,2,3] is [1,_,2,_,3]; padding 1 each side: [P,1,_,2,_,3,P] (7 positions).
    const i = instruction("reduce-window", shape("f64", [3]), { window: [win(3, 2, { padLow: 1, padHigh: 1, baseDilation: 2 })] }, ["add"]);
    // Windows at 0..2 -> {1}, 2..4 -> {2}, 4..6 -> {3}.
    expect(values(run(i, [f64([3], [1, 2, 3]), scalar(100)], testContext({ add })))).toEqual([101, 102, 103]);
    // Window dilation 2, size 2 over [1,2,3,4]: windows {1,3} and {2,4}.
    const d = instruction("reduce-window", shape("f64", [2]), { window: [win(2, 1, { windowDilation: 2 })] }, ["add"]);
    expect(values(run(d, [f64([4], [1, 2, 3, 4]), scalar(0)], testContext({ add })))).toEqual([4, 6]);
  });
  it("rounds f32 after every step on the fast path, exactly as the called add does", () => {
    const v = literal("f32", [3], [1, 4e-8, 4e-8]);
    const i = instruction("reduce-window", shape("f32", [1]), { window: [win(3, 1)] }, ["add"]);
    const fast = testContext({}, {}, { add: binaryComputation("add", "add", "f32") });
    const slow = testContext({ add: scalarFn(["f32"], (a, b) => Math.fround(a + b)) });
    expect(data(run(i, [v, scalar(0, "f32")], fast))).toEqual([1]);
    expect(data(run(i, [v, scalar(0, "f32")], slow))).toEqual([1]);
  });
  it("reduces two operands into a tuple", () => {
    const both = scalarFn(["f64", "f64"], (a, b, c, d) => [a + c, Math.max(b, d)]);
    const i = instruction("reduce-window", { elementType: "tuple", tupleShapes: [shape("f64", [2]), shape("f64", [2])] }, { window: [win(2, 1)] }, ["both"]);
    expect(values(run(i, [f64([3], [1, 2, 3]), f64([3], [5, 1, 7]), scalar(0), scalar(-1)], testContext({ both })))).toEqual([[3, 5], [5, 7]]);
  });
});

describe("select-and-scatter", () => {
  const ge = scalarFn(["pred"], (a, b) => (a >= b ? 1 : 0));
  it("routes each source value to its window's maximum (max-pool gradient)", () => {
    const x = f64([2, 4], [1, 5, 2, 0, 3, 4, 8, 7]);
    const i = instruction("select-and-scatter", shape("f64", [2, 4]), { window: [win(2, 2), win(2, 2)] }, ["ge", "add"]);
    const r = run(i, [x, f64([1, 2], [10, 20]), scalar(0)], testContext({ ge, add }));
    expect(values(r)).toEqual([[0, 10, 0, 0], [0, 0, 20, 0]]);
  });
  it("picks the first maximum on ties and accumulates overlapping windows", () => {
    const x = f64([3], [2, 2, 1]);
    const i = instruction("select-and-scatter", shape("f64", [3]), { window: [win(2, 1)] }, ["ge", "add"]);
    // Window {2,2} picks index 0; window {2,1} picks index 1.
    const ctx = testContext({ ge }, {}, { add: binaryComputation("add", "add", "f64") });
    expect(values(run(i, [x, f64([2], [1, 2]), scalar(0.5)], ctx))).toEqual([1.5, 2.5, 0.5]);
  });
});

describe("sort", () => {
  const lt = scalarFn(["pred"], (a, b) => (a < b ? 1 : 0));
  it("sorts each row along the dimension", () => {
    const i = instruction("sort", shape("f64", [2, 3]), { dimension: 1, isStable: false }, ["lt"]);
    expect(values(run(i, [f64([2, 3], [3, 1, 2, 0, -1, 5])], testContext({ lt })))).toEqual([[1, 2, 3], [-1, 0, 5]]);
    const j = instruction("sort", shape("f64", [2, 3]), { dimension: 0, isStable: false }, ["lt"]);
    expect(values(run(j, [f64([2, 3], [3, 1, 2, 0, -1, 5])], testContext({ lt })))).toEqual([[0, -1, 2], [3, 1, 5]]);
  });
  it("permutes every operand with the keys (argsort) and keeps equal keys stable", () => {
    const keyLt = scalarFn(["pred"], (a, b) => (a < b ? 1 : 0));
    const i = instruction("sort", { elementType: "tuple", tupleShapes: [shape("f64", [6]), shape("s32", [6])] }, { dimension: 0, isStable: true }, ["keyLt"]);
    const keys = f64([6], [2, 1, 2, 1, 0, 2]);
    const idx = s32([6], [0, 1, 2, 3, 4, 5]);
    expect(values(run(i, [keys, idx], testContext({ keyLt })))).toEqual([[0, 1, 1, 2, 2, 2], [4, 1, 3, 0, 2, 5]]);
  });
  it("handles zero-sized and length-1 rows", () => {
    const i = instruction("sort", shape("f64", [0, 3]), { dimension: 1, isStable: true }, ["lt"]);
    expect(values(run(i, [f64([0, 3], [])], testContext({ lt })))).toEqual([]);
    const j = instruction("sort", shape("f64", [1]), { dimension: 0, isStable: true }, ["lt"]);
    const ctx = testContext({ lt });
    expect(values(run(j, [f64([1], [4])], ctx))).toEqual([4]);
    expect(ctx.calls).toBe(0);
  });
});

describe("reduce-window through evaluate, against real XLA's answers", () => {
  // The repository's copy of the XLA-computed corpus (test/corpus/xla-jax/README.md).
  const root = join(import.meta.dirname, "../../../../../test/corpus/xla-jax");
  const npy = (path: string) => readNpy(new Uint8Array(readFileSync(`${root}/${path}`)));
  const reducer = (name: string, op: "maximum" | "add"): HloComputation => binaryComputation(name, op, "f64");
  const entry = (inShape: number[], outShape: number[], window: WindowDimension[], init: number, to: string): HloComputation => ({
    name: "main",
    root: "rw",
    instructions: [
      { name: "a", opcode: "parameter", operands: [], shape: shape("f64", inShape), attributes: { parameterNumber: 0 }, called: [] },
      { name: "init", opcode: "constant", operands: [], shape: shape("f64", []), attributes: { literal: scalar(init) }, called: [] },
      { name: "rw", opcode: "reduce-window", operands: ["a", "init"], shape: shape("f64", outShape), attributes: { window }, called: [to] },
    ],
  });
  it("matches maxpool_reduce_window (2x2 windows, stride 2)", () => {
    const m = createModule({ name: "maxpool", computations: [reducer("region_0.1", "maximum"), entry([4, 6], [2, 3], [win(2, 2), win(2, 2)], -Infinity, "region_0.1")], entry: "main" });
    const got = evaluate(m, [npy("maxpool_reduce_window/in0.npy")]);
    expect(data(got)).toEqual(data(npy("maxpool_reduce_window/out0.npy")));
  });
  it("matches cumsum (size 8, pad 7_0)", () => {
    const m = createModule({ name: "cumsum", computations: [reducer("region_0.1", "add"), entry([8, 2], [8, 2], [win(8, 1, { padLow: 7 }), win(1, 1)], 0, "region_0.1")], entry: "main" });
    const got = data(evaluate(m, [npy("cumsum/in0.npy")]));
    const want = data(npy("cumsum/out0.npy"));
    got.forEach((g, k) => expect(Math.abs(g - want[k])).toBeLessThanOrEqual(1e-12 * Math.abs(want[k]) + 1e-13));
  });
});
