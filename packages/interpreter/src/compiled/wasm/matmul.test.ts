/**
 * The WebAssembly matmul (emit_matmul.ts) through compileDot: for random
 * batch, row, contracting and column sizes (across the 4x4 tile edges, and
 * empty contractions) and operand orders, f64 and f32 results, WebAssembly
 * forced on gives the JavaScript tiles' bits and evaluate's.
 */
import { type InstructionOf, getComputation, isArrayLiteral, parseHloModule } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluate } from "../../evaluate.ts";
import { compileDot } from "../dot_kernel.ts";
import { argumentsFor } from "../test_support.ts";

describe("WebAssembly matmul", () => {
  it("gives the JavaScript tiles' and evaluate's bits (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("f64", "f32"),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 11 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 1, max: 11 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 1000 }),
        (t, batches, m, k, n, transposedRhs, seed) => {
          const lhs = `${t}[${batches},${m},${k}]`;
          const rhs = transposedRhs ? `${t}[${batches},${n},${k}]` : `${t}[${batches},${k},${n}]`;
          const text = `HloModule dots
ENTRY %main (a: ${lhs}, b: ${rhs}) -> ${t}[${batches},${m},${n}] {
  %a = ${lhs} parameter(0)
  %b = ${rhs} parameter(1)
  ROOT %d = ${t}[${batches},${m},${n}] dot(%a, %b), lhs_batch_dims={0}, rhs_batch_dims={0}, lhs_contracting_dims={2}, rhs_contracting_dims={${transposedRhs ? 2 : 1}}
}`;
          const mod = parseHloModule(text);
          const c = getComputation(mod, "main");
          const dot = c.instructions.find((i) => i.opcode === "dot") as InstructionOf<"dot">;
          const [ls, rs] = c.instructions.filter((i) => i.opcode === "parameter").map((p) => p.shape);
          if (!("dimensions" in ls) || !("dimensions" in rs)) throw new Error("array operands expected");
          const wasm = compileDot(dot, ls, rs, "reference", "always");
          const js = compileDot(dot, ls, rs, "reference", false);
          if (wasm === undefined || js === undefined) throw new Error("the dot compiles");
          const args = argumentsFor(mod, seed, seed % 2 === 0);
          const want = evaluate(mod, args);
          if (!isArrayLiteral(want)) throw new Error("array result expected");
          const a = wasm(args[0], args[1]).data;
          const b = js(args[0], args[1]).data;
          const bad: string[] = [];
          for (let i = 0; i < want.data.length && bad.length < 3; i++) {
            if (!Object.is(a[i], want.data[i]) || !Object.is(b[i], want.data[i])) bad.push(`[${i}] wasm ${a[i]} js ${b[i]} want ${want.data[i]}`);
          }
          expect(bad, text).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });
});
