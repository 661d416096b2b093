import { describe, expect, it } from "vitest";
import { shape } from "../shape.ts";
import { inferShape } from "./shape_inference.ts";
import { planBinaryBroadcast } from "./broadcast_rules.ts";
import { shapeErrorMessage } from "../test_support.ts";

const f64 = (...dims: number[]) => shape("f64", dims);
const infer = (lhs: number[], rhs: number[], bd?: number[], opcode: "add" | "compare" = "add") =>
  inferShape(
    opcode === "add"
      ? { opcode: "add", operands: [f64(...lhs), f64(...rhs)], attributes: bd ? { broadcastDimensions: bd } : {}, called: [] }
      : { opcode: "compare", operands: [f64(...lhs), f64(...rhs)], attributes: { direction: "LT", ...(bd ? { broadcastDimensions: bd } : {}) }, called: [] },
  );
const message = shapeErrorMessage;

describe("binary op shape inference follows XLA's broadcasting rules", () => {
  it.each([
    // [lhs, rhs, broadcast_dimensions, result]
    [[2, 3], [2, 3], undefined, [2, 3]],
    [[], [2, 3], undefined, [2, 3]],
    [[2, 3], [], undefined, [2, 3]],
    [[2, 3], [3], [1], [2, 3]],
    [[3, 3], [3], [0], [3, 3]],
    [[2, 3, 4], [3, 4], [1, 2], [2, 3, 4]],
    [[2, 1], [2, 3], undefined, [2, 3]],
    [[1, 2, 5], [7, 2, 5], undefined, [7, 2, 5]],
    [[7, 2, 5], [7, 1, 5], undefined, [7, 2, 5]],
    [[2, 1], [1, 3], undefined, [2, 3]],
    [[4], [1, 2], [0], [4, 2]],
    [[1, 2], [4, 3, 1], [1, 2], [4, 3, 2]],
    [[2, 1], [2, 3, 4], [0, 2], [2, 3, 4]],
    [[2, 3], [2, 1, 4], [0, 1], [2, 3, 4]],
    [[1, 0], [3, 1], undefined, [3, 0]],
    [[2, 3], [2, 3], [0, 1], [2, 3]],
  ])("%j op %j with broadcast_dimensions %j gives %j", (lhs, rhs, bd, out) => {
    expect(infer(lhs, rhs, bd)).toEqual(f64(...out));
  });

  it("gives compare a pred result of the broadcast dimensions", () => {
    expect(infer([2, 3], [3], [1], "compare")).toEqual(shape("pred", [2, 3]));
  });

  it("takes the higher floating-point precision for mixed f32/f64 operands", () => {
    const s = inferShape({ opcode: "add", operands: [shape("f32", [2]), shape("f64", [2])], attributes: {}, called: [] });
    expect(s).toEqual(f64(2));
  });

  it.each([
    [[7, 2, 5], [7, 2, 6], undefined, "add: Binary op with incompatible shapes: f64[7,2,5] and f64[7,2,6]."],
    [[2, 3], [3], undefined, "add: Shapes must be equal rank, but are f64[3] and f64[2,3]"],
    [[2, 3], [3], [0], "add: Broadcast dimension 0 mismatch: 3 != 2; f64[3] and f64[2,3]."],
    [[2, 3, 1], [2, 2], [0, 1], "add: Broadcast dimension 1 mismatch: 2 != 3; f64[2,2] and f64[2,3,1]."],
    [[2, 2], [2, 3, 1], [0, 1], "add: Broadcast dimension 1 mismatch: 2 != 3; f64[2,2] and f64[2,3,1]."],
    [[2, 3, 4], [2, 1], [1, 2], "add: Broadcast dimension 0 mismatch: 2 != 3; f64[2,1] and f64[2,3,4]."],
    [[8, 8, 8], [8, 8], [1, 0], "add: Broadcast dimensions order is wrong: 0 comes after 1."],
    [[8, 8, 8], [8, 8], [0, 0], "add: Broadcast dimensions order is wrong: 0 comes after 0."],
    [[16, 8, 4], [8, 4], [2, 1], "add: Broadcast dimension 0 mismatch: 8 != 4; f64[8,4] and f64[16,8,4]."],
    [[2, 3, 4], [3, 4], [2, 1], "add: Broadcast dimension 0 mismatch: 3 != 4; f64[3,4] and f64[2,3,4]."],
    [[2, 5, 3, 5], [3, 5], [2, 1], "add: Broadcast dimensions order is wrong: 1 comes after 2."],
    [[2, 3], [3], [2], "add: Broadcast dimension number (2) too large; higher-rank operand has rank 2."],
    [[2, 3], [3], [-1], "add: Broadcast dimension number (-1) cannot be negative."],
    [[2, 3], [3], [0, 1], "add: Size of broadcast_dimensions has to match lower-rank operand's rank;  lower-rank operand's rank is 1, size of broadcast_dimensions is 2."],
    [[2, 3], [], [0], "add: Size of broadcast_dimensions has to match lower-rank operand's rank;  lower-rank operand's rank is 0, size of broadcast_dimensions is 1."],
    [[2, 3], [2, 3], [1, 0], "add: Broadcast dimensions field must either be not set or be the identity on binary operations with operands of the same rank."],
    [[], [], [0], "add: Broadcast dimensions field must either be not set or be the identity on binary operations with operands of the same rank."],
    [[1, 2], [2, 3], undefined, "add: Binary op with incompatible shapes: f64[1,2] and f64[2,3]."],
  ])("rejects %j op %j with broadcast_dimensions %j: %s", (lhs, rhs, bd, expected) => {
    expect(message(() => infer(lhs, rhs, bd))).toBe(expected);
  });

  it("rejects different element types, naming the op", () => {
    expect(
      message(() => inferShape({ opcode: "add", operands: [shape("s32", [2]), shape("f32", [2])], attributes: {}, called: [] })),
    ).toBe("add: Binary op add with different element types: s32[2] and f32[2].");
  });

  it("rejects pred operands of arithmetic ops and float operands of bitwise ops", () => {
    expect(
      message(() => inferShape({ opcode: "subtract", operands: [shape("pred", [2]), shape("pred", [2])], attributes: {}, called: [] })),
    ).toBe("subtract: Expected element type in shape to be arithmetic type for operation subtract; got PRED.");
    expect(
      message(() => inferShape({ opcode: "and", operands: [shape("f32", [2]), shape("f32", [2])], attributes: {}, called: [] })),
    ).toBe("and: Expected pred or integral type in argument to and/or operation; got F32.");
  });

  it("rejects tuple operands", () => {
    const t = { elementType: "tuple" as const, tupleShapes: [f64(2)] };
    expect(message(() => inferShape({ opcode: "add", operands: [t, f64(2)], attributes: {}, called: [] }))).toBe(
      "add: Expected array argument for lhs of binary operation add, but got (f64[2]).",
    );
  });
});

describe("planBinaryBroadcast maps each operand dimension to a result dimension", () => {
  it("maps the lower-rank operand through broadcast_dimensions", () => {
    const plan = planBinaryBroadcast(f64(3), f64(2, 3, 4), [1]);
    expect(plan.lhs.dimensionMap).toEqual([1]);
    expect(plan.rhs.dimensionMap).toEqual([0, 1, 2]);
  });
  it("maps a scalar to nothing", () => {
    expect(planBinaryBroadcast(f64(2), f64(), []).rhs.dimensionMap).toEqual([]);
  });
});
