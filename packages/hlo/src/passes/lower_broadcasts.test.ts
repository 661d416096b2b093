import { describe, expect, it } from "vitest";
import type { HloInstruction } from "../instruction.ts";
import { createModule, entryComputation } from "../module.ts";
import { scalar } from "../literal.ts";
import { shape } from "../shape.ts";
import { lowerBroadcasts } from "./lower_broadcasts.ts";

const param = (name: string, n: number, dims: number[], t: "f32" | "f64" | "pred" = "f64"): HloInstruction => ({
  name, opcode: "parameter", operands: [], shape: shape(t, dims), attributes: { parameterNumber: n }, called: [],
});
const moduleOf = (instructions: HloInstruction[]) =>
  createModule({ name: "m", entry: "main", computations: [{ name: "main", instructions, root: instructions[instructions.length - 1].name }] });

describe("lowerBroadcasts", () => {
  it("keeps each operand's element type when a mixed-precision op broadcasts", () => {
    const m = moduleOf([
      param("x", 0, [2, 3], "f64"),
      param("v", 1, [3], "f32"),
      { name: "sum", opcode: "add", operands: ["x", "v"], shape: shape("f64", [2, 3]), attributes: { broadcastDimensions: [1] }, called: [] },
    ]);
    const insts = entryComputation(lowerBroadcasts(m)).instructions;
    expect(insts[2]).toMatchObject({ opcode: "broadcast", operands: ["v"], shape: shape("f32", [2, 3]), attributes: { dimensions: [1] } });
    expect(insts[3]).toMatchObject({ opcode: "add", operands: ["x", insts[2].name], attributes: {} });
  });

  it("lowers compare and keeps its direction", () => {
    const m = moduleOf([
      param("x", 0, [2, 1]),
      param("y", 1, [1, 3]),
      { name: "lt", opcode: "compare", operands: ["x", "y"], shape: shape("pred", [2, 3]), attributes: { direction: "LT" }, called: [] },
    ]);
    const insts = entryComputation(lowerBroadcasts(m)).instructions;
    expect(insts.map((i) => i.opcode)).toEqual(["parameter", "parameter", "reshape", "broadcast", "reshape", "broadcast", "compare"]);
    expect(insts[3].attributes).toEqual({ dimensions: [0] });
    expect(insts[5].attributes).toEqual({ dimensions: [1] });
    expect(insts[6].attributes).toEqual({ direction: "LT" });
  });

  it("broadcasts scalar clamp bounds and a scalar select predicate", () => {
    const m = moduleOf([
      param("x", 0, [4]),
      param("p", 1, [], "pred"),
      { name: "lo", opcode: "constant", operands: [], shape: shape("f64", []), attributes: { literal: scalar(-1) }, called: [] },
      { name: "c", opcode: "clamp", operands: ["lo", "x", "lo"], shape: shape("f64", [4]), attributes: {}, called: [] },
      { name: "s", opcode: "select", operands: ["p", "c", "x"], shape: shape("f64", [4]), attributes: {}, called: [] },
    ]);
    const insts = entryComputation(lowerBroadcasts(m)).instructions;
    const clamp = insts.find((i) => i.opcode === "clamp");
    const select = insts.find((i) => i.opcode === "select");
    const byName = new Map(insts.map((i) => [i.name, i]));
    for (const o of [...(clamp?.operands ?? []), ...(select?.operands ?? [])]) {
      expect(byName.get(o)?.shape).toMatchObject({ dimensions: [4] });
    }
  });

  it("gives new instructions names that are unique in the module", () => {
    const m = moduleOf([
      param("broadcast", 0, [3]),
      param("x", 1, [2, 3]),
      { name: "sum", opcode: "add", operands: ["x", "broadcast"], shape: shape("f64", [2, 3]), attributes: { broadcastDimensions: [1] }, called: [] },
    ]);
    const names = entryComputation(lowerBroadcasts(m)).instructions.map((i) => i.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
