import type { Immutable } from "immer";
import { describe, expect, it } from "vitest";
import type { WindowDimension } from "../attributes.ts";
import type { AttributesOf, Opcode } from "../opcode.ts";
import { type ProgramShape, type Shape, shape, tupleShape } from "../shape.ts";
import { inferShape } from "./shape_inference.ts";
import { shapeErrorMessage } from "../test_support.ts";

const f32 = (...d: number[]) => shape("f32", d);
const s32 = (...d: number[]) => shape("s32", d);
const pred = shape("pred", []);
const prog = (parameters: readonly Shape[], result: Shape): ProgramShape => ({ parameters, result });
const run = <K extends Opcode>(opcode: K, operands: readonly Shape[], attributes: Immutable<AttributesOf<K>>, called: readonly ProgramShape[]) =>
  inferShape({ opcode, operands, attributes, called });
const message = shapeErrorMessage;
const addF32 = prog([f32(), f32()], f32());
const argmax = prog([f32(), s32(), f32(), s32()], tupleShape([f32(), s32()]));
const win = (size: number, o: Partial<WindowDimension> = {}): WindowDimension => ({
  size, stride: 1, padLow: 0, padHigh: 0, baseDilation: 1, windowDilation: 1, windowReversal: false, ...o,
});

describe("reduce", () => {
  it("removes the reduced dimensions, keeping the order of the others", () => {
    expect(run("reduce", [f32(2, 3, 4), f32()], { dimensions: [1] }, [addF32])).toEqual(f32(2, 4));
    expect(run("reduce", [f32(2, 3), f32()], { dimensions: [1, 0] }, [addF32])).toEqual(f32());
    expect(run("reduce", [f32(0, 3), f32()], { dimensions: [0] }, [addF32])).toEqual(f32(3));
    expect(run("reduce", [f32(), f32()], { dimensions: [] }, [addF32])).toEqual(f32());
  });
  it("variadic reduce returns a tuple typed by the reducer", () => {
    expect(run("reduce", [f32(4, 5), s32(4, 5), f32(), s32()], { dimensions: [1] }, [argmax])).toEqual(tupleShape([f32(4), s32(4)]));
  });
  it("needs an even number of operands with equal dimensions", () => {
    expect(message(() => run("reduce", [f32(2), f32(2), f32()], { dimensions: [0] }, [addF32]))).toBe(
      "reduce: Reduce must have an even number of arguments, has 3",
    );
    expect(message(() => run("reduce", [f32(4), s32(5), f32(), s32()], { dimensions: [0] }, [argmax]))).toBe(
      "reduce: All reduced tensors must have compatible dimension. Tensor at index 0 has shape f32[4], and tensor at index 1 has shape s32[5].",
    );
  });
  it("refuses out-of-range and repeated dimensions", () => {
    expect(message(() => run("reduce", [f32(2), f32()], { dimensions: [1] }, [addF32]))).toBe("reduce: Reducing out-of-bounds dimension 1 in shape f32[2].");
    expect(message(() => run("reduce", [f32(2), f32()], { dimensions: [0, 0] }, [addF32]))).toBe("reduce: Duplicate reduction dimension: 0");
  });
  it("checks the reducer's signature in XLA's words", () => {
    const r = (reducer: ProgramShape, ops: Shape[] = [f32(2), f32()]) => message(() => run("reduce", ops, { dimensions: [0] }, [reducer]));
    expect(r(prog([f32()], f32()))).toBe("reduce: Reduction function must take 2 parameters, but takes 1 parameter(s).");
    expect(r(prog([f32(), f32()], f32(1)))).toBe("reduce: Reduction function must return a scalar or tuple of scalars but returns shape: f32[1]");
    expect(r(prog([f32(), s32(), f32(), s32()], f32()), [f32(2), s32(2), f32(), s32()])).toBe(
      "reduce: Reduction function must produce a tuple with 2 elements, but produces a scalar",
    );
    expect(r(prog([f32(), s32(), f32(), s32()], tupleShape([f32()])), [f32(2), s32(2), f32(), s32()])).toBe(
      "reduce: Reduction function must produce a tuple with 2 elements, but has 1 elements",
    );
    expect(r(prog([s32(), f32()], f32()))).toBe("reduce: Reduction function's 0-th parameter shape differs from the result shape: s32[] vs f32[]");
    expect(r(addF32, [f32(2), s32()])).toBe("reduce: Reduction function's accumulator shape at index 0 differs from the init_value shape: f32[] vs s32[]");
    expect(r(prog([f32(), s32()], f32()))).toBe(
      "reduce: Reduction function's 1-th parameter shape differs from the input type element type: s32[] vs f32[]",
    );
    expect(r(prog([s32(), f32()], s32()), [f32(2), s32()])).toBe(
      "reduce: Reduction function's 1-th parameter shape must match the result shape, but got f32[] vs s32[].",
    );
  });
  it("accepts init values and inputs of another float precision, as XLA does", () => {
    expect(run("reduce", [shape("bf16", [3]), f32()], { dimensions: [0] }, [addF32])).toEqual(f32());
  });
});

describe("reduce-window", () => {
  it("has (padded - dilated window) / stride + 1 elements per dimension", () => {
    expect(run("reduce-window", [f32(4, 5), f32()], { window: [win(2), win(3, { stride: 2 })] }, [addF32])).toEqual(f32(3, 2));
    expect(run("reduce-window", [f32(4), f32()], { window: [win(3, { padLow: 1, padHigh: 1 })] }, [addF32])).toEqual(f32(4));
    // Base dilation 2 spreads 4 elements over 7; window dilation 2 spreads 2 over 3.
    expect(run("reduce-window", [f32(4), f32()], { window: [win(2, { baseDilation: 2, windowDilation: 2 })] }, [addF32])).toEqual(f32(5));
  });
  it("a window larger than the padded base gives a zero-sized result; scalars take an empty window", () => {
    expect(run("reduce-window", [f32(2), f32()], { window: [win(3)] }, [addF32])).toEqual(f32(0));
    expect(run("reduce-window", [f32(0), f32()], { window: [win(1)] }, [addF32])).toEqual(f32(0));
    expect(run("reduce-window", [f32(), f32()], { window: [] }, [addF32])).toEqual(f32());
  });
  it("variadic reduce-window returns a tuple", () => {
    expect(run("reduce-window", [f32(4), s32(4), f32(), s32()], { window: [win(2)] }, [argmax])).toEqual(tupleShape([f32(3), s32(3)]));
  });
  it("checks the window in XLA's words", () => {
    const rw = (w: WindowDimension[], operand = f32(4)) => message(() => run("reduce-window", [operand, f32()], { window: w }, [addF32]));
    expect(rw([win(2), win(2)])).toBe("reduce-window: Window has dimension 2 but base shape has dimension 1.");
    expect(rw([win(0)])).toBe("reduce-window: Window {size=0 stride=1 pad=0_0} has a non-positive dimension.");
    expect(rw([win(2, { stride: 0 })])).toBe("reduce-window: Window {size=2 stride=0 pad=0_0} has a non-positive stride.");
    expect(rw([win(2, { baseDilation: 0 })])).toBe("reduce-window: Window {size=2 stride=1 pad=0_0 lhs_dilate=0} has a non-positive base area dilation factor.");
    expect(rw([win(2, { windowDilation: 0 })])).toBe("reduce-window: Window {size=2 stride=1 pad=0_0 rhs_dilate=0} has a non-positive window dilation factor.");
  });
  it("checks operand dimensions, operand count and the reducer", () => {
    expect(message(() => run("reduce-window", [f32(4), s32(3), f32(), s32()], { window: [win(2)] }, [argmax]))).toBe(
      "reduce-window: All reduced tensors must have the same dimension. Tensor 0 has shape f32[4], Tensor 1 has shape s32[3]",
    );
    expect(message(() => run("reduce-window", [f32(4), f32(4), f32()], { window: [win(2)] }, [addF32]))).toBe(
      "reduce-window: Reduce-window must have an even number of arguments, has 3",
    );
    expect(message(() => run("reduce-window", [f32(4), f32()], { window: [win(2)] }, [prog([f32()], f32())]))).toBe(
      "reduce-window: Reduction function must take 2 parameters, but takes 1 parameter(s).",
    );
  });
});

describe("select-and-scatter", () => {
  const ge = prog([f32(), f32()], pred);
  const window = [win(2, { stride: 2 }), win(2, { stride: 2 })];
  const sas = (operand: Shape, source: Shape, init: Shape, select = ge, scatter = addF32, w = window) =>
    run("select-and-scatter", [operand, source, init], { window: w }, [select, scatter]);
  it("has the operand's shape when the source has the window output's shape", () => {
    expect(sas(f32(4, 6), f32(2, 3), f32())).toEqual(f32(4, 6));
    expect(sas(f32(0, 2), f32(0, 1), f32())).toEqual(f32(0, 2));
  });
  it("checks the select computation in XLA's words", () => {
    expect(message(() => sas(f32(4, 6), f32(2, 3), f32(), prog([f32()], pred)))).toBe(
      "select-and-scatter: Select function must take 2 parameters, but takes 1 parameter(s).",
    );
    expect(message(() => sas(f32(4, 6), f32(2, 3), f32(), prog([f32(), f32()], f32())))).toBe(
      "select-and-scatter: Select function must have rank-0 PRED result.",
    );
    expect(message(() => sas(f32(4, 6), f32(2, 3), f32(), prog([s32(), f32()], pred)))).toBe(
      "select-and-scatter: Select function's first parameter shape currently must match the operand element shape, but got s32[] vs f32[].",
    );
    expect(message(() => sas(f32(4, 6), f32(2, 3), f32(), prog([f32(), s32()], pred)))).toBe(
      "select-and-scatter: Select function's second parameter shape currently must match the operand element shape, but got s32[] vs f32[].",
    );
  });
  it("checks the scatter computation as a reducer and the source's shape", () => {
    expect(message(() => sas(f32(4, 6), f32(2, 3), s32()))).toBe(
      "select-and-scatter: Reduction function's accumulator shape at index 0 differs from the init_value shape: f32[] vs s32[]",
    );
    expect(message(() => sas(f32(4, 6), f32(3, 3), f32()))).toBe(
      "select-and-scatter: Source shape does not match the shape of window-reduced operand: source(f32[3,3]), window-reduced operand(f32[2,3]).",
    );
  });
});

describe("sort", () => {
  const lt = prog([f32(), f32()], pred);
  const lt2 = prog([f32(), f32(), s32(), s32()], pred);
  it("one operand gives its shape; several give a tuple", () => {
    expect(run("sort", [f32(3, 4)], { dimension: 1, isStable: false }, [lt])).toEqual(f32(3, 4));
    expect(run("sort", [f32(0)], { dimension: 0, isStable: true }, [lt])).toEqual(f32(0));
    expect(run("sort", [f32(5), s32(5)], { dimension: 0, isStable: true }, [lt2])).toEqual(tupleShape([f32(5), s32(5)]));
  });
  it("needs a comparator of 2N scalars returning pred[]", () => {
    expect(message(() => run("sort", [f32(5)], { dimension: 0, isStable: false }, [prog([f32(), f32()], f32())]))).toBe(
      "sort: The Sort compare computation shape does not lead to a scalar predicate shape: f32[]",
    );
    expect(message(() => run("sort", [f32(5), s32(5)], { dimension: 0, isStable: false }, [lt]))).toBe(
      "sort: Expected computation to_apply called from sort to have 4 parameters, has 2",
    );
    expect(message(() => run("sort", [f32(5), s32(5)], { dimension: 0, isStable: false }, [prog([f32(), f32(), f32(), f32()], pred)]))).toBe(
      "sort: Expected the 2-th parameter of the compare computation of sort to have shape s32[], but got f32[]",
    );
  });
  it("needs operands of equal dimensions and a dimension in range", () => {
    expect(message(() => run("sort", [f32(5), s32(4)], { dimension: 0, isStable: false }, [lt2]))).toBe(
      "sort: Expected sort to have to have the same dimensions for all operands. First operand shape is: f32[5], shape (operand index 1) is: s32[4]",
    );
    expect(message(() => run("sort", [f32(5)], { dimension: 1, isStable: false }, [lt]))).toBe(
      "sort: Expected the sort_dimension 1 of sort to be smaller than the rank 1 of the operand(s).",
    );
  });
});
