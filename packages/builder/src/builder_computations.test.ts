/**
 * Shape results and ShapeErrors of XlaBuilder's methods that take
 * sub-computations (reduce, reduceWindow, selectAndScatter, sort, map, call,
 * whileLoop, conditional) and of tuple, getTupleElement, dot and dotGeneral.
 */
import { type ElementType, type HloModule, type Shape, shape, tupleShape } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { XlaBuilder } from "./builder.ts";
import type { XlaOp } from "./op.ts";
import { shapeErrorMessage } from "@minixla/hlo/test_support";

const f32 = (...d: number[]) => shape("f32", d);
const s32 = (...d: number[]) => shape("s32", d);
const pred = shape("pred", []);

function withParams(...shapes: Shape[]) {
  const b = new XlaBuilder("t");
  return { b, p: shapes.map((s, i) => b.parameter(i, s, `p${i}`)) };
}
/** A sub-computation over parameters of the given shapes. */
function computation(name: string, shapes: readonly Shape[], body: (b: XlaBuilder, p: readonly XlaOp[]) => XlaOp): HloModule {
  const b = new XlaBuilder(name);
  const p = shapes.map((s, i) => b.parameter(i, s, `a${i}`));
  return b.build(body(b, p));
}
const adder = (t: ElementType = "f32") => computation(`add_${t}`, [shape(t, []), shape(t, [])], (b, [x, y]) => b.add(x, y));
const lessThan = computation("lt", [f32(), f32()], (b, [x, y]) => b.lt(x, y));
const message = shapeErrorMessage;

describe("XlaBuilder reduce and reduceWindow", () => {
  it("reduce removes the reduced dimensions", () => {
    const { b, p } = withParams(f32(2, 3, 4), f32());
    expect(b.reduce(p[0], p[1], adder(), [0, 2]).shape).toEqual(f32(3));
    expect(message(() => b.reduce(p[0], p[1], adder(), [3]))).toBe("reduce: Reducing out-of-bounds dimension 3 in shape f32[2,3,4]. (operand shapes f32[2,3,4], f32[])");
    expect(message(() => b.reduce(p[0], p[1], adder("s32"), [0]))).toBe(
      "reduce: Reduction function's accumulator shape at index 0 differs from the init_value shape: s32[] vs f32[] (operand shapes f32[2,3,4], f32[])",
    );
  });
  it("variadic reduce (argmax) returns a tuple", () => {
    const { b, p } = withParams(f32(4, 5), s32(4, 5), f32(), s32());
    const argmax = computation("argmax", [f32(), s32(), f32(), s32()], (c, [v0, i0, v1, i1]) => {
      const keep = c.ge(v0, v1);
      return c.tuple([c.select(keep, v0, v1), c.select(keep, i0, i1)]);
    });
    expect(b.reduce([p[0], p[1]], [p[2], p[3]], argmax, [1]).shape).toEqual(tupleShape([f32(4), s32(4)]));
    expect(message(() => b.reduce([p[0], p[1]], [p[2], p[3]], adder(), [1]))).toBe(
      "reduce: Reduction function must take 4 parameters, but takes 2 parameter(s). (operand shapes f32[4,5], s32[4,5], f32[], s32[])",
    );
  });
  it("reduceWindow with strides and padding", () => {
    const { b, p } = withParams(f32(4, 6), f32());
    expect(b.reduceWindow(p[0], p[1], adder(), { dimensions: [2, 3], strides: [2, 3], padding: [[0, 0], [1, 2]] }).shape).toEqual(f32(2, 3));
    expect(message(() => b.reduceWindow(p[0], p[1], adder(), { dimensions: [2] }))).toBe(
      "reduce-window: Window has dimension 1 but base shape has dimension 2. (operand shapes f32[4,6], f32[])",
    );
  });
  it("selectAndScatter (max-pool gradient) has the operand's shape", () => {
    const { b, p } = withParams(f32(4, 6), f32(2, 3), f32(), f32(3, 3));
    const ge = computation("ge", [f32(), f32()], (c, [x, y]) => c.ge(x, y));
    const w = { dimensions: [2, 2], strides: [2, 2] };
    expect(b.selectAndScatter(p[0], ge, w, p[1], p[2], adder()).shape).toEqual(f32(4, 6));
    expect(message(() => b.selectAndScatter(p[0], ge, w, p[3], p[2], adder()))).toBe(
      "select-and-scatter: Source shape does not match the shape of window-reduced operand: source(f32[3,3]), window-reduced operand(f32[2,3]). (operand shapes f32[4,6], f32[3,3], f32[])",
    );
    expect(message(() => b.selectAndScatter(p[0], adder(), w, p[1], p[2], adder()))).toBe(
      "select-and-scatter: Select function must have rank-0 PRED result. (operand shapes f32[4,6], f32[2,3], f32[])",
    );
  });
});

describe("XlaBuilder sort and map", () => {
  it("sort of one operand and of keys with values", () => {
    const { b, p } = withParams(f32(3, 4), s32(3, 4));
    expect(b.sort([p[0]], lessThan).shape).toEqual(f32(3, 4));
    const byKey = computation("by_key", [f32(), f32(), s32(), s32()], (c, [x, y]) => c.lt(x, y));
    expect(b.sort([p[0], p[1]], byKey, 0, true).shape).toEqual(tupleShape([f32(3, 4), s32(3, 4)]));
    expect(message(() => b.sort([p[0], p[1]], lessThan))).toBe("sort: Expected computation to_apply called from sort to have 4 parameters, has 2 (operand shapes f32[3,4], s32[3,4])");
  });
  it("map applies a scalar computation element-wise", () => {
    const { b, p } = withParams(f32(2, 3), f32(2, 3), f32(3));
    const isLess = computation("less", [f32(), f32()], (c, [x, y]) => c.lt(x, y));
    expect(b.map([p[0], p[1]], isLess).shape).toEqual(shape("pred", [2, 3]));
    expect(message(() => b.map([p[0], p[2]], adder()))).toBe("map: Map operation requires all operands to have the same shape; got: f32[2,3], f32[3].");
  });
});

describe("XlaBuilder tuple, getTupleElement, call", () => {
  it("tuple and getTupleElement", () => {
    const { b, p } = withParams(f32(2), s32());
    const t = b.tuple([p[0], p[1]]);
    expect(t.shape).toEqual(tupleShape([f32(2), s32()]));
    expect(b.getTupleElement(t, 1).shape).toEqual(s32());
    expect(message(() => b.getTupleElement(t, 2))).toBe(
      "get-tuple-element: Cannot infer shape: attempt to index out of tuple bounds: 2 >= 2 in shape (f32[2], s32[]).",
    );
    expect(message(() => b.getTupleElement(p[0], 0))).toBe("get-tuple-element: Cannot infer shape: attempting to index into non-tuple: f32[2].");
  });
  it("call returns the computation's result", () => {
    const { b, p } = withParams(f32(), f32(), s32());
    expect(b.call(adder(), [p[0], p[1]]).shape).toEqual(f32());
    expect(message(() => b.call(adder(), [p[0], p[2]]))).toBe("call: Call parameter must match argument; got parameter 1 shape: f32[], argument shape: s32[].");
  });
});

describe("XlaBuilder whileLoop and conditional", () => {
  const state = tupleShape([s32(), f32(3)]);
  const cond = computation("cond", [state], (c, [s]) => c.lt(c.getTupleElement(s, 0), c.constantR0(10, "s32")));
  const body = computation("body", [state], (c, [s]) =>
    c.tuple([c.add(c.getTupleElement(s, 0), c.constantR0(1, "s32")), c.getTupleElement(s, 1)]),
  );
  it("whileLoop has the init shape", () => {
    const { b, p } = withParams(s32(), f32(3));
    expect(b.whileLoop(cond, body, b.tuple([p[0], p[1]])).shape).toEqual(state);
  });
  it("whileLoop refuses a body that changes the shape and a non-boolean condition", () => {
    const { b, p } = withParams(s32(), f32(3));
    const init = b.tuple([p[0], p[1]]);
    const badBody = computation("bad_body", [state], (c, [s]) => c.getTupleElement(s, 0));
    expect(message(() => b.whileLoop(cond, badBody, init))).toMatch(
      /^while: The parameter of condition and body, the result of the body, and init must all have the same shape; got Condition: /,
    );
    const badCond = computation("bad_cond", [state], (c, [s]) => c.getTupleElement(s, 0));
    expect(message(() => b.whileLoop(badCond, body, init))).toMatch(/^while: Condition must return a boolean; got Condition: \(\(s32\[\], f32\[3\]\)\) -> s32\[\];/);
  });
  it("conditional with a pred and with an index", () => {
    const { b, p } = withParams(pred, s32(), f32(3), s32());
    const sum = computation("sum", [f32(3)], (c, [x]) => c.reduce(x, c.constantR0(0, "f32"), adder(), [0]));
    const first = computation("first", [f32(3)], (c, [x]) => c.reshape(c.slice(x, [0], [1], [1]), []));
    const fromInt = computation("from_int", [s32()], (c, [x]) => c.convert(x, "f32"));
    expect(b.conditional(p[0], p[2], sum, p[3], fromInt).shape).toEqual(f32());
    expect(b.conditional(p[1], [sum, first, fromInt], [p[2], p[2], p[3]]).shape).toEqual(f32());
    expect(message(() => b.conditional(p[0], p[2], sum, p[2], fromInt))).toBe(
      "conditional: branch operand 1 must match the shape of the only parameter of branch computation 1: got operand: f32[3]; computation: (s32[]) -> f32[]. (operand shapes pred[], f32[3], f32[3])",
    );
    expect(message(() => b.conditional(p[2], [sum], [p[2]]))).toBe("conditional: branch_index must be bool or int32_t; got f32[3].");
  });
});

describe("XlaBuilder dot and dotGeneral", () => {
  it("dot contracts lhs's last dimension with rhs's first", () => {
    const { b, p } = withParams(f32(2, 3), f32(3, 4), f32(3), f32(4, 3));
    expect(b.dot(p[0], p[1]).shape).toEqual(f32(2, 4));
    expect(b.dot(p[0], p[2]).shape).toEqual(f32(2));
    expect(b.dot(p[2], p[2]).shape).toEqual(f32());
    expect(message(() => b.dot(p[0], p[3]))).toBe(
      "dot: Cannot infer shape for dot operation: f32[2,3] <dot> f32[4,3]. Contracting dimension sizes are not compatible.",
    );
  });
  it("dotGeneral with batch dimensions and a preferred element type", () => {
    const { b, p } = withParams(shape("s8", [5, 2, 3]), shape("s8", [5, 3, 4]));
    const dims = { lhsBatchDimensions: [0], rhsBatchDimensions: [0], lhsContractingDimensions: [2], rhsContractingDimensions: [1] };
    expect(b.dotGeneral(p[0], p[1], dims).shape).toEqual(shape("s8", [5, 2, 4]));
    expect(b.dotGeneral(p[0], p[1], dims, "s32").shape).toEqual(shape("s32", [5, 2, 4]));
    expect(message(() => b.dotGeneral(p[0], p[1], { ...dims, rhsBatchDimensions: [] }))).toBe(
      "dot: Cannot infer shape for dot operation: s8[5,2,3] <dot> s8[5,3,4]. Must the same number of batch dimensions for lhs and rhs.",
    );
  });
});
