import { describe, expect, it } from "vitest";
import { HloError } from "../errors.ts";
import type { HloInstruction } from "../instruction.ts";
import { entryComputation } from "../module.ts";
import { shape } from "../shape.ts";
import { verifyModule } from "../verify/verifier.ts";
import { type RewriteRule, rewritePass } from "./rewrite.ts";
import { computation, mainOf, moduleOf, op, param, show } from "./test_support.ts";

const f = shape("f64", [2]);

describe("the rewrite driver", () => {
  it("redirects every use to the value a rule names, drops the instruction and moves the root", () => {
    // abs(abs(x)) -> abs(x)
    const absAbs: RewriteRule = { name: "abs-abs", apply: (i, c) => (i.opcode === "abs" && c.get(i.operands[0])?.opcode === "abs" ? i.operands[0] : undefined) };
    const m = mainOf(param("x", 0, "f64", [2]), op("a1", "abs", ["x"], f), op("a2", "abs", ["a1"], f), op("a3", "abs", ["a2"], f));
    const out = rewritePass("t", "", [absAbs]).run(m);
    expect(show(out)).toMatchInlineSnapshot(`
      "ENTRY main
        x = f64[2] parameter() {"parameterNumber":0}
        ROOT a1 = f64[2] abs(x)"
    `);
  });

  it("ignores a redirect to a value of another shape", () => {
    const toFirstOperand: RewriteRule = { name: "first", apply: (i) => (i.opcode === "add" ? i.operands[0] : undefined) };
    const m = mainOf(param("x", 0, "f64", []), param("y", 1, "f64", [2]), op("s", "add", ["x", "y"], f));
    expect(rewritePass("t", "", [toFirstOperand]).run(m)).toBe(m);
  });

  it("inserts several new instructions, named uniquely across the whole module", () => {
    // negate(x) -> subtract(0, x) with a fresh constant and broadcast (valid for integers).
    const expand: RewriteRule = {
      name: "negate-to-subtract",
      apply: (i, c) => {
        if (i.opcode !== "negate") return undefined;
        const zero: HloInstruction = { name: c.fresh("zero"), opcode: "constant", operands: [], shape: shape("s32", []), attributes: { literal: { shape: shape("s32", []), data: new Float64Array(1) } }, called: [] };
        const b: HloInstruction = { name: c.fresh("zero"), opcode: "broadcast", operands: [zero.name], shape: i.shape, attributes: { dimensions: [] }, called: [] };
        return [zero, b, { ...i, opcode: "subtract", operands: [b.name, i.operands[0]], attributes: {} } as HloInstruction];
      },
    };
    const s = shape("s32", [2]);
    const callee = computation("g", [param("zero", 0, "s32", [2]), op("n1", "negate", ["zero"], s)]);
    const main = computation("main", [param("x", 0, "s32", [2]), op("n2", "negate", ["x"], s), op("c", "call", ["n2"], s, {}, ["g"])]);
    const out = rewritePass("t", "", [expand]).run(moduleOf(callee, main));
    verifyModule(out);
    const names = out.computations.flatMap((c) => c.instructions.map((i) => i.name));
    expect(new Set(names).size).toBe(names.length);
    expect(entryComputation(out).instructions.map((i) => i.opcode)).toEqual(["parameter", "constant", "broadcast", "subtract", "call"]);
  });

  it("refuses a replacement instruction of another shape", () => {
    const bad: RewriteRule = { name: "bad", apply: (i) => (i.opcode === "negate" ? { ...i, opcode: "abs", shape: shape("f64", [3]) } as HloInstruction : undefined) };
    const m = mainOf(param("x", 0, "f64", [2]), op("n", "negate", ["x"], f));
    expect(() => rewritePass("t", "", [bad]).run(m)).toThrow(new HloError("rewrite rule bad replaced n (f64[2]) by a value of another shape (f64[3])"));
  });

  it("stops a rule set that never settles with an error naming the pass", () => {
    const flip: RewriteRule = { name: "flip", apply: (i) => (i.opcode === "negate" ? ({ ...i, opcode: "abs" } as HloInstruction) : i.opcode === "abs" ? ({ ...i, opcode: "negate" } as HloInstruction) : undefined) };
    const m = mainOf(param("x", 0, "f64", [2]), op("n", "negate", ["x"], f));
    expect(() => rewritePass("flipper", "", [flip]).run(m)).toThrow(/^pass flipper: rewrite rules did not reach a fixed point in computation main within 100 sweeps$/);
  });
});
