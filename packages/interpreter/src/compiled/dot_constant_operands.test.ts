import { type Literal, entryComputation, firstBitDifference, literal, parseHloModule } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Numerics } from "../kernel.ts";
import { evaluate } from "../evaluate.ts";
import { compile } from "./compile.ts";
import { planComputation } from "./program.ts";

/** Values with the specials the flushed layout must keep or flush: subnormals of f32, ±0, NaN, ±inf. */
const valueArb = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: -3, max: 3, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(1e-40, -2e-39, -0, 0, Number.NaN, Number.POSITIVE_INFINITY, -1e-310) },
);

/** A rank-2 constant's text: rows of `cols` values. */
function text(values: readonly number[], cols: number): string {
  const rows: string[] = [];
  for (let r = 0; r < values.length; r += cols) rows.push(`{${scalars(values.slice(r, r + cols))}}`);
  return rows.join(", ");
}

function scalars(values: readonly number[]): string {
  return values.map((v) => (Number.isNaN(v) ? "nan" : v === Number.POSITIVE_INFINITY ? "inf" : v === Number.NEGATIVE_INFINITY ? "-inf" : Object.is(v, -0) ? "-0" : String(v))).join(", ");
}

describe("compiled dot with a constant operand", () => {
  it("lays a constant operand out once and gives the reference's bits on every run, either side, transposed or not (property)", () => {
    const arb = fc.record({
      m: fc.integer({ min: 1, max: 4 }),
      k: fc.integer({ min: 1, max: 6 }),
      n: fc.integer({ min: 1, max: 5 }),
      weights: fc.array(valueArb, { minLength: 1, maxLength: 30 }),
      inputs: fc.array(fc.array(valueArb, { minLength: 1, maxLength: 30 }), { minLength: 2, maxLength: 3 }),
      t: fc.constantFrom("f32", "bf16", "f64"),
      constantLeft: fc.boolean(),
      transposed: fc.boolean(),
      numerics: fc.constantFrom<Numerics>("xla-cpu", "reference"),
    });
    fc.assert(
      fc.property(arb, ({ m, k, n, weights, inputs, t, constantLeft, transposed, numerics }) => {
        // The constant is [k, n] (or [n, k] when transposed); the parameter [m, k] on the other side.
        const wDims = transposed ? [n, k] : [k, n];
        const wCount = k * n;
        const w = Array.from({ length: wCount }, (_, j) => weights[j % weights.length]);
        const wContract = transposed ? 1 : 0;
        const dot = constantLeft
          ? `%d = ${t}[${n},${m}] dot(%w, %x), lhs_contracting_dims={${wContract}}, rhs_contracting_dims={1}`
          : `%d = ${t}[${m},${n}] dot(%x, %w), lhs_contracting_dims={1}, rhs_contracting_dims={${wContract}}`;
        const out = constantLeft ? `${t}[${n},${m}]` : `${t}[${m},${n}]`;
        const module = parseHloModule(`HloModule d
ENTRY %main (x: ${t}[${m},${k}]) -> ${out} {
  %x = ${t}[${m},${k}] parameter(0)
  %w = ${t}[${wDims}] constant({${text(w, wDims[1])}})
  ROOT ${dot}
}`);
        const exe = compile(module, { numerics });
        const plan = planComputation(exe.module, entryComputation(exe.module), true, numerics);
        expect(plan.steps.find((s) => s.inst.opcode === "dot")?.fast, "the dot is compiled").toBeDefined();
        for (const vals of inputs) {
          const x: Literal = literal(t as "f32", [m, k], Array.from({ length: m * k }, (_, j) => vals[j % vals.length]));
          expect(firstBitDifference(exe.execute([x]), evaluate(module, [x], { numerics }))?.message).toBeUndefined();
        }
      }),
      { numRuns: 150, seed: 20261132 },
    );
  });
});
