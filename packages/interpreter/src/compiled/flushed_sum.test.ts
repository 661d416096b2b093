import { type HloModule, type Literal, entryComputation, firstBitDifference, literal, parseHloModule } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.ts";
import { compile } from "./compile.ts";
import { planComputation } from "./program.ts";

/** f32 values with NaN, ±0, ±inf, subnormals (which the mode flushes) and sums that round. */
const valueArb = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: -4, max: 4, noNaN: true }) },
  { weight: 2, arbitrary: fc.constantFrom(1e-40, -1e-40, 5.9e-39, -1.1754942e-38, 1.17549435e-38) },
  { weight: 1, arbitrary: fc.constantFrom(Number.NaN, -0, 0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 3e38) },
);

const ADD = (t: string): string => `%add_${t} (a: ${t}[], b: ${t}[]) -> ${t}[] {
  %a = ${t}[] parameter(0)
  %b = ${t}[] parameter(1)
  ROOT %r = ${t}[] add(%a, %b)
}`;

function scalarText(v: number): string {
  return Number.isNaN(v) ? "nan" : v === Number.POSITIVE_INFINITY ? "inf" : v === Number.NEGATIVE_INFINITY ? "-inf" : Object.is(v, -0) ? "-0" : String(v);
}

function expectCompiledSum(m: HloModule, args: readonly Literal[]): void {
  const exe = compile(m, { numerics: "xla-cpu" });
  const plan = planComputation(exe.module, entryComputation(exe.module), true, "xla-cpu");
  const step = plan.steps.find((s) => s.inst.opcode === "fusion");
  expect(step?.fast, "the reduce fusion runs as a compiled step").toBeDefined();
  const want = evaluate(m, args, { numerics: "xla-cpu" });
  for (let run = 0; run < 2; run++) expect(firstBitDifference(exe.execute(args), want)?.message).toBeUndefined();
}

describe("compiled flushed sum (kInput fusion, numerics xla-cpu)", () => {
  it("sums over any set of dimensions after element-wise ops, as the reference's flushed sum (property)", () => {
    const arb = fc.record({
      dims: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 3 }),
      mask: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
      vals: fc.array(valueArb, { minLength: 1, maxLength: 40 }),
      init: valueArb,
      t: fc.constantFrom("f32", "bf16", "f64"),
      // The input read in place (a parameter) or computed before the sum.
      direct: fc.boolean(),
      // The init a constant of the fused computation rather than an operand.
      constantInit: fc.boolean(),
    });
    fc.assert(
      fc.property(arb, ({ dims, mask, vals, init, t, direct, constantInit }) => {
        const reduced = dims.map((_, d) => d).filter((d) => mask[d]);
        const outDims = dims.filter((_, d) => !mask[d]);
        const s = `${t}[${dims}]`;
        const o = `${t}[${outDims}]`;
        const body = direct
          ? `  ROOT %r = ${o} reduce(%p, %z), dimensions={${reduced}}, to_apply=%add_${t}`
          : `  %c = ${t}[] constant(1.5)
  %cb = ${s} broadcast(%c), dimensions={}
  %m = ${s} multiply(%p, %cb)
  %e = ${s} negate(%m)
  ROOT %r = ${o} reduce(%e, %z), dimensions={${reduced}}, to_apply=%add_${t}`;
        const m = parseHloModule(`HloModule s
${ADD(t)}

%fused_computation (p: ${s}${constantInit ? "" : `, z: ${t}[]`}) -> ${o} {
  %p = ${s} parameter(0)
  %z = ${t}[] ${constantInit ? `constant(${scalarText(init)})` : "parameter(1)"}
${body}
}

ENTRY %main (x: ${s}${constantInit ? "" : `, i: ${t}[]`}) -> ${o} {
  %x = ${s} parameter(0)
  ${constantInit ? "" : `%i = ${t}[] parameter(1)`}
  ROOT %f = ${o} fusion(%x${constantInit ? "" : ", %i"}), kind=kInput, calls=%fused_computation
}`);
        const count = dims.reduce((a, b) => a * b, 1);
        const x = literal(t as "f32", dims, Array.from({ length: count }, (_, j) => vals[j % vals.length]));
        expectCompiledSum(m, constantInit ? [x] : [x, literal(t as "f32", [], [init])]);
      }),
      { numRuns: 200, seed: 20261131 },
    );
  });
});
