import type { Immutable } from "immer";
import { describe, expect, it } from "vitest";
import { literal, scalar } from "../literal.ts";
import type { AttributesOf, Opcode } from "../opcode.ts";
import { type ProgramShape, type Shape, shape, tupleShape } from "../shape.ts";
import { inferShape } from "./shape_inference.ts";
import { shapeErrorMessage } from "../test_support.ts";

const f32 = (...d: number[]) => shape("f32", d);
const s32 = (...d: number[]) => shape("s32", d);
const pred = shape("pred", []);
const run = <K extends Opcode>(opcode: K, operands: readonly Shape[], attributes: Immutable<AttributesOf<K>>, called: readonly ProgramShape[] = [], declared?: Shape) =>
  inferShape({ opcode, operands, attributes, called, declared });
const message = shapeErrorMessage;
const prog = (parameters: readonly Shape[], result: Shape): ProgramShape => ({ parameters, result });

describe("parameter and constant", () => {
  it("a parameter has its declared shape", () => {
    expect(run("parameter", [], { parameterNumber: 0 }, [], f32(2, 0))).toEqual(f32(2, 0));
  });
  it("a parameter without a declared shape is refused", () => {
    expect(message(() => run("parameter", [], { parameterNumber: 0 }))).toBe("parameter: parameter needs a declared result shape.");
  });
  it("a constant has its literal's shape, scalars and empty arrays included", () => {
    expect(run("constant", [], { literal: scalar(1, "s32") })).toEqual(s32());
    expect(run("constant", [], { literal: literal("f32", [0, 3], []) })).toEqual(f32(0, 3));
  });
  it("a constant's declared shape must match its literal", () => {
    expect(run("constant", [], { literal: scalar(1, "s32") }, [], s32())).toEqual(s32());
    expect(message(() => run("constant", [], { literal: scalar(1, "s32") }, [], f32()))).toBe(
      "constant: constant's declared shape f32[] differs from its literal's shape s32[].",
    );
  });
});

describe("tuple and get-tuple-element", () => {
  it("a tuple's shape lists its operands' shapes; the empty tuple is ()", () => {
    expect(run("tuple", [f32(2), s32()], {})).toEqual(tupleShape([f32(2), s32()]));
    expect(run("tuple", [], {})).toEqual(tupleShape([]));
  });
  it("get-tuple-element picks one element, nested tuples included", () => {
    const t = tupleShape([f32(2), tupleShape([s32()])]);
    expect(run("get-tuple-element", [t], { index: 1 })).toEqual(tupleShape([s32()]));
  });
  it("get-tuple-element refuses arrays and out-of-range indices in XLA's words", () => {
    expect(message(() => run("get-tuple-element", [f32(2)], { index: 0 }))).toBe(
      "get-tuple-element: Cannot infer shape: attempting to index into non-tuple: f32[2].",
    );
    expect(message(() => run("get-tuple-element", [tupleShape([f32(2)])], { index: 1 }))).toBe(
      "get-tuple-element: Cannot infer shape: attempt to index out of tuple bounds: 1 >= 1 in shape (f32[2]).",
    );
  });
});

describe("call", () => {
  const c = prog([f32(2), s32()], f32(3));
  it("returns the called computation's result", () => {
    expect(run("call", [f32(2), s32()], {}, [c])).toEqual(f32(3));
  });
  it("refuses a wrong argument count and a mismatched argument", () => {
    expect(message(() => run("call", [f32(2)], {}, [c]))).toBe(
      "call: Call applied function arity must match number of arguments; got: arity: 2, arguments: 1; computation signature: (f32[2], s32[]) -> f32[3]; argument shapes: [f32[2]].",
    );
    expect(message(() => run("call", [f32(2), f32()], {}, [c]))).toBe(
      "call: Call parameter must match argument; got parameter 1 shape: s32[], argument shape: f32[].",
    );
  });
});

describe("while", () => {
  const state = tupleShape([s32(), f32(2)]);
  const cond = prog([state], pred);
  const body = prog([state], state);
  it("returns the init shape", () => {
    expect(run("while", [state], {}, [cond, body])).toEqual(state);
  });
  it("checks parameter counts, the boolean condition and one shape throughout", () => {
    expect(message(() => run("while", [state], {}, [prog([state, state], pred), body]))).toBe("while: Condition must take 1 arguments; got 2.");
    expect(message(() => run("while", [state], {}, [cond, prog([], state)]))).toBe("while: Body must take 1 arguments; got 0.");
    expect(message(() => run("while", [state], {}, [prog([state], s32()), body]))).toBe(
      "while: Condition must return a boolean; got Condition: ((s32[], f32[2])) -> s32[]; body: ((s32[], f32[2])) -> (s32[], f32[2]); init: (s32[], f32[2]).",
    );
    expect(message(() => run("while", [state], {}, [cond, prog([state], s32())]))).toMatch(
      /^while: The parameter of condition and body, the result of the body, and init must all have the same shape; got Condition: /,
    );
    expect(message(() => run("while", [f32()], {}, [cond, body]))).toMatch(/init: f32\[\]\.$/);
  });
});

describe("conditional", () => {
  const t = prog([f32(2)], f32());
  const f = prog([s32()], f32());
  it("with a pred index takes two branches; with an s32 index any number", () => {
    expect(run("conditional", [pred, f32(2), s32()], {}, [t, f])).toEqual(f32());
    expect(run("conditional", [s32(), f32(2)], {}, [t])).toEqual(f32());
    expect(run("conditional", [s32(), f32(2), s32(), f32(2)], {}, [t, f, t])).toEqual(f32());
  });
  it("refuses an index that is not pred[] or s32[]", () => {
    expect(message(() => run("conditional", [s32(1), f32(2)], {}, [t]))).toBe("conditional: branch_index must be bool or int32_t; got s32[1].");
    expect(message(() => run("conditional", [shape("u32", []), f32(2)], {}, [t]))).toBe("conditional: branch_index must be bool or int32_t; got u32[].");
  });
  it("refuses a pred index without exactly two branches, and mismatched operand counts", () => {
    expect(message(() => run("conditional", [pred, f32(2)], {}, [t]))).toBe(
      "conditional: A pred branch index requires exactly 2 branch computations; got 1.",
    );
    expect(message(() => run("conditional", [s32(), f32(2), f32(2)], {}, [t]))).toBe(
      "conditional: The number of branch operands (2) must equal the number of branch computations (1).",
    );
  });
  it("checks each branch's parameter and result in XLA's words", () => {
    expect(message(() => run("conditional", [s32(), f32(2)], {}, [prog([], f32())]))).toBe(
      "conditional: branch computation 0 must take 1 argument; got 0.",
    );
    expect(message(() => run("conditional", [pred, f32(2), f32(2)], {}, [t, f]))).toBe(
      "conditional: branch operand 1 must match the shape of the only parameter of branch computation 1: got operand: f32[2]; computation: (s32[]) -> f32[].",
    );
    expect(message(() => run("conditional", [pred, f32(2), s32()], {}, [t, prog([s32()], s32())]))).toBe(
      "conditional: the result of branch 0 computation and branch 1 computation must have the same shape: got branch 0 computation result: f32[]; branch 1 computation result: s32[].",
    );
  });
});

describe("map", () => {
  const add = prog([f32(), f32()], f32());
  it("keeps the operands' dimensions with the computation's result type", () => {
    expect(run("map", [f32(2, 3), f32(2, 3)], { dimensions: [0, 1] }, [add])).toEqual(f32(2, 3));
    expect(run("map", [f32(0)], { dimensions: [0] }, [prog([f32()], pred)])).toEqual(shape("pred", [0]));
    expect(run("map", [f32(), f32()], { dimensions: [] }, [add])).toEqual(f32());
  });
  it("accepts a scalar beside an array of the same element type", () => {
    expect(run("map", [f32(), f32(4)], { dimensions: [0] }, [add])).toEqual(f32(4));
  });
  it("refuses operands of different shapes", () => {
    expect(message(() => run("map", [f32(2), f32(3)], { dimensions: [0] }, [add]))).toBe(
      "map: Map operation requires all operands to have the same shape; got: f32[2], f32[3].",
    );
  });
  it("refuses a subset of dimensions or a permutation", () => {
    expect(message(() => run("map", [f32(2, 3), f32(2, 3)], { dimensions: [0] }, [add]))).toBe(
      "map: Map applied to a subset of dimensions currently not supported: arg_dimension_size: 2, requested_map_dimensions_size: 1.",
    );
    expect(message(() => run("map", [f32(2, 3), f32(2, 3)], { dimensions: [1, 0] }, [add]))).toBe(
      "map: Map requires monotonically increasing dimension numbers; got: 1, 0.",
    );
  });
  it("checks the computation's arity, scalar result and scalar parameters of matching type", () => {
    expect(message(() => run("map", [f32(2)], { dimensions: [0] }, [add]))).toBe(
      "map: Map applied function arity must match number of arguments; got: arity: 2, arguments: 1.",
    );
    expect(message(() => run("map", [f32(2)], { dimensions: [0] }, [prog([f32()], f32(1))]))).toBe(
      "map: Mapped computation's result has to be a scalar; got: f32[1].",
    );
    expect(message(() => run("map", [f32(2)], { dimensions: [0] }, [prog([f32(2)], f32())]))).toBe(
      "map: Mapped computation's parameter has to be a scalar; got parameter 0 shape: f32[2].",
    );
    expect(message(() => run("map", [f32(2)], { dimensions: [0] }, [prog([s32()], f32())]))).toBe(
      "map: Mapped computation's parameter type has to match argument element type; got parameter 0 shape: s32[], argument shape: f32[2].",
    );
  });
});

describe("opt-barrier and custom-call", () => {
  it("opt-barrier is the identity on its operand's shape", () => {
    const t = tupleShape([f32(2), s32()]);
    expect(run("opt-barrier", [t], {})).toEqual(t);
  });
  it("custom-call has its declared shape and needs one", () => {
    expect(run("custom-call", [f32(2)], { customCallTarget: "Sharding", rawAttributes: [] }, [], f32(2))).toEqual(f32(2));
    expect(message(() => run("custom-call", [f32(2)], { customCallTarget: "Sharding", rawAttributes: [] }))).toBe(
      "custom-call: custom-call needs a declared result shape.",
    );
  });
});
