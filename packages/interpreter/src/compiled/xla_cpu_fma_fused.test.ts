import { XLA_CPU_FMA_TARGET, entryComputation, firstBitDifference, literal, parseHloModule } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.ts";
import { compile } from "./compile.ts";
import { planComputation } from "./program.ts";

/** Values where a fused multiply-add differs from two roundings, and the specials the flush and IEEE rules decide. */
const valueArb = fc.oneof(
  { weight: 4, arbitrary: fc.double({ min: -8, max: 8, noNaN: true }) },
  { weight: 2, arbitrary: fc.constantFrom(1 + 2 ** -30, 1 - 2 ** -30, -1, 1 + 2 ** -12, 1 - 2 ** -12) },
  { weight: 1, arbitrary: fc.constantFrom(1e-40, -3.8e-43, 5e-324, -1e-310, -0, 0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 3e38, 1.7e308) },
);

describe("XLA CPU fma custom-call in the compiled engine", () => {
  it("gives the reference kernel's bits for f32 and f64, specials and denormals included (property)", () => {
    const arb = fc.record({
      dims: fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 2 }),
      vals: fc.array(fc.tuple(valueArb, valueArb, valueArb), { minLength: 1, maxLength: 30 }),
      t: fc.constantFrom("f32", "f64"),
    });
    fc.assert(
      fc.property(arb, ({ dims, vals, t }) => {
        const s = `${t}[${dims}]`;
        const m = parseHloModule(`HloModule f
ENTRY %main (x: ${s}, y: ${s}, z: ${s}) -> ${s} {
  %x = ${s} parameter(0)
  %y = ${s} parameter(1)
  %z = ${s} parameter(2)
  ROOT %f = ${s} custom-call(%x, %y, %z), custom_call_target="${XLA_CPU_FMA_TARGET}"
}`);
        const count = dims.reduce((a, b) => a * b, 1);
        const args = [0, 1, 2].map((k) => literal(t as "f32", dims, Array.from({ length: count }, (_, i) => vals[i % vals.length][k])));
        const exe = compile(m, { numerics: "xla-cpu" });
        const plan = planComputation(exe.module, entryComputation(exe.module), true, "xla-cpu");
        // The custom call runs inside a compiled loop nest (a fusion of its own), not as a reference kernel.
        expect(plan.steps.some((st) => st.inst.opcode === "custom-call"), "the fma is fused").toBe(false);
        expect(plan.steps.find((st) => st.inst.opcode === "fusion")?.fast, "the fusion runs compiled").toBeDefined();
        for (const numerics of ["xla-cpu", "reference"] as const) {
          expect(firstBitDifference(compile(m, { numerics }).execute(args), evaluate(m, args, { numerics }))?.message).toBeUndefined();
        }
      }),
      { numRuns: 200, seed: 20261133 },
    );
  });
});
