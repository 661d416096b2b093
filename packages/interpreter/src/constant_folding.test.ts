import {
  type ElementType,
  type HloInstruction,
  type Opcode,
  type Shape,
  createModule,
  entryComputation,
  literal,
  shape,
  verifyModule,
} from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { constantFolding } from "./constant_folding.ts";
import { evaluate } from "./evaluate.ts";

const op = (name: string, opcode: Opcode, operands: readonly string[], s: Shape, attributes: object = {}, called: readonly string[] = []) =>
  ({ name, opcode, operands, shape: s, attributes, called }) as unknown as HloInstruction;
const constant = (name: string, t: ElementType, dims: readonly number[], values: readonly number[]) =>
  op(name, "constant", [], shape(t, dims), { literal: literal(t, dims, values) });
const param = (name: string, n: number, t: ElementType, dims: readonly number[]) => op(name, "parameter", [], shape(t, dims), { parameterNumber: n });
const mainOf = (...instructions: HloInstruction[]) =>
  createModule({ name: "m", entry: "main", computations: [{ name: "main", instructions, root: instructions[instructions.length - 1].name }] });
const valuesOf = (m: ReturnType<typeof mainOf>, name: string) => {
  const inst = entryComputation(m).instructions.find((i) => i.name === name);
  return inst?.opcode === "constant" ? Array.from((inst.attributes.literal as { data: Float64Array }).data) : inst?.opcode;
};

describe("constantFolding", () => {
  it("replaces an op on constants by the constant its kernel computes, keeping the name", () => {
    const m = mainOf(
      constant("a", "f32", [3], [1, 2, 3]),
      constant("b", "f32", [3], [0.1, 0.2, -0]),
      op("s", "add", ["a", "b"], shape("f32", [3])),
      op("n", "negate", ["s"], shape("f32", [3])),
    );
    const out = constantFolding.run(m);
    verifyModule(out);
    expect(valuesOf(out, "n")).toEqual([-Math.fround(1 + Math.fround(0.1)), -Math.fround(2 + Math.fround(0.2)), -3]);
    expect(Array.from((evaluate(out, []) as { data: Float64Array }).data)).toEqual(Array.from((evaluate(m, []) as { data: Float64Array }).data));
  });

  it("keeps NaN, -0 and integer wrap-around exactly as the kernels produce them", () => {
    const m = mainOf(
      constant("a", "s8", [2], [127, -128]),
      constant("one", "s8", [2], [1, 1]),
      op("w", "add", ["a", "one"], shape("s8", [2])),
      constant("z", "f64", [2], [0, -0]),
      op("q", "divide", ["z", "z"], shape("f64", [2])),
      op("nz", "negate", ["z"], shape("f64", [2])),
      op("t", "tuple", ["w", "q", "nz"], { elementType: "tuple", tupleShapes: [shape("s8", [2]), shape("f64", [2]), shape("f64", [2])] }),
    );
    const out = constantFolding.run(m);
    expect(valuesOf(out, "w")).toEqual([-128, -127]);
    expect(valuesOf(out, "q")).toEqual([Number.NaN, Number.NaN]);
    expect(Object.is((valuesOf(out, "nz") as number[])[0], -0)).toBe(true);
    expect(valuesOf(out, "t")).toBe("tuple");
  });

  it("leaves parameters' users, iota and broadcast alone", () => {
    const m = mainOf(
      param("x", 0, "f64", [2]),
      constant("k", "f64", [], [2]),
      op("b", "broadcast", ["k"], shape("f64", [2]), { dimensions: [] }),
      op("i", "iota", [], shape("f64", [2]), { iotaDimension: 0 }),
      op("s", "add", ["x", "b"], shape("f64", [2])),
      op("t", "add", ["s", "i"], shape("f64", [2])),
    );
    expect(constantFolding.run(m)).toBe(m);
  });

  it("does not fold a module that still holds implicit broadcasts", () => {
    const m = mainOf(
      constant("a", "f64", [2, 3], [1, 2, 3, 4, 5, 6]),
      constant("v", "f64", [3], [1, 1, 1]),
      op("s", "add", ["a", "v"], shape("f64", [2, 3]), { broadcastDimensions: [1] }),
    );
    expect(constantFolding.run(m)).toBe(m);
  });

  it("does not fold results larger than the limit", () => {
    const n = 200_000;
    const m = mainOf(constant("k", "f64", [], [1]), op("b", "broadcast", ["k"], shape("f64", [n]), { dimensions: [] }), op("e", "exponential", ["b"], shape("f64", [n])));
    expect(constantFolding.run(m)).toBe(m);
  });

  it("folds scalar arithmetic and leaves an unchanged module identical", () => {
    const m = mainOf(constant("a", "s32", [], [7]), constant("b", "s32", [], [-2]), op("r", "remainder", ["a", "b"], shape("s32", [])));
    const out = constantFolding.run(m);
    expect(valuesOf(out, "r")).toEqual([1]);
    expect(constantFolding.run(out)).toBe(out);
  });
});
