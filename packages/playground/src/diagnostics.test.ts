/** The editor's problems point at the text where the mistake is. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { check } from "./diagnostics.ts";

const lines = (opcode: string, operand: string) =>
  ["HloModule m", "", "ENTRY main {", "  x = f32[2,3] parameter(0)", "  y = f32[3] parameter(1)", `  ROOT s = f32[2,3] ${opcode}(x, ${operand}), broadcast_dimensions={1}`, "}", ""].join("\n");

describe("editor problems", () => {
  it("a module with an implicit broadcast has none", () => {
    const c = check(lines("add", "y"));
    expect(c.problems).toEqual([]);
    expect(c.module?.name).toBe("m");
  });
  it("an unknown opcode is underlined exactly", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{2,8}q$/), (opcode) => {
        const text = lines(opcode, "y");
        const [p] = check(text).problems;
        expect(text.slice(p.from, p.to)).toBe(opcode);
        expect(p.message).toContain(`unknown opcode '${opcode}'`);
      }),
      { numRuns: 30 },
    );
  });
  it("an undefined operand is underlined where it is used", () => {
    const text = lines("add", "zz");
    const [p] = check(text).problems;
    expect(text.slice(p.from, p.to)).toBe("zz");
    expect(text.slice(0, p.from).split("\n").length).toBe(6);
  });
  it("StableHLO text (what JAX prints by default) is read too, and its mistakes are underlined at the op", () => {
    const mlir = (op: string) =>
      ["func.func public @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<2xf32> {", `  %0 = ${op} %arg0, %arg1 : tensor<2xf32>`, "  return %0 : tensor<2xf32>", "}", ""].join("\n");
    const ok = check(mlir("stablehlo.add"));
    expect(ok.problems).toEqual([]);
    expect(ok.module?.computations.at(-1)?.instructions.map((i) => i.opcode)).toContain("add");
    const text = mlir("stablehlo.bogus");
    const [p] = check(text).problems;
    expect(text.slice(0, p.from).split("\n").length).toBe(2);
  });
});
