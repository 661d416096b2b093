/**
 * Row reductions (the minor dimensions reduced) fold ROW_BLOCK rows at once in
 * the generated loops, one accumulator per row: these tests check that each
 * row still folds in the reference's order and precision, on row counts that
 * leave leftover rows, with NaN, ±0 and ±inf among the inputs.
 */
import { getComputation } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { planFusedComputation } from "./kernel_plan.ts";
import { generate } from "./loop_codegen.ts";
import { expectSameAsReference, fusionModule } from "./test_support.ts";

const TYPES = ["f64", "f32", "s32", "bf16"];
const OPS = ["add", "maximum", "minimum", "multiply"];

function rowReduce(t: string, rows: number, cols: number, op: string): string {
  return `%fused_computation (p0: ${t}[${rows},${cols}]) -> ${t}[${rows}] {
  %p0 = ${t}[${rows},${cols}] parameter(0)
  %z = ${t}[] constant(0)
  ROOT %r = ${t}[${rows}] reduce(%p0, %z), dimensions={1}, to_apply=%${op}_${t}
}`;
}

describe("row reductions folded several rows at once are bitwise equal to the reference", () => {
  it("reduces 1, 3, 5, 7 and 1001 rows with add, max, min and multiply over f64, f32, s32 and bf16", () => {
    for (const t of TYPES) {
      for (const op of OPS) {
        for (const [rows, cols] of [
          [1, 37],
          [3, 5],
          [5, 37],
          [7, 1],
          [7, 2],
          [1001, 9],
        ]) {
          expectSameAsReference(rowReduce(t, rows, cols, op), "kInput");
        }
      }
    }
  });

  it("takes the init from a parameter (NaN, -0 or inf on some seeds)", () => {
    for (const op of ["add", "maximum", "minimum"]) {
      expectSameAsReference(
        `%fused_computation (p0: f64[7,19], p1: f64[]) -> f64[7] {
  %p0 = f64[7,19] parameter(0)
  %p1 = f64[] parameter(1)
  ROOT %r = f64[7] reduce(%p0, %p1), dimensions={1}, to_apply=%${op}_f64
}`,
        "kInput",
        [1, 2, 3, 4, 5, 6, 7, 8],
      );
    }
  });

  it("reduces values that vary per row (a column broadcast and a row iota) through a transpose", () => {
    expectSameAsReference(
      `%fused_computation (p0: f32[9,21], p1: f32[9]) -> f32[9] {
  %p0 = f32[9,21] parameter(0)
  %p1 = f32[9] parameter(1)
  %b = f32[9,21] broadcast(%p1), dimensions={0}
  %i = f32[9,21] iota(), iota_dimension=0
  %m = f32[9,21] multiply(%p0, %b)
  %a = f32[9,21] add(%m, %i)
  %z = f32[] constant(0)
  ROOT %r = f32[9] reduce(%a, %z), dimensions={1}, to_apply=%add_f32
}`,
      "kInput",
    );
    expectSameAsReference(
      `%fused_computation (p0: f64[13,6]) -> f64[6] {
  %p0 = f64[13,6] parameter(0)
  %t = f64[6,13] transpose(%p0), dimensions={1,0}
  %z = f64[] constant(0)
  ROOT %r = f64[6] reduce(%t, %z), dimensions={1}, to_apply=%maximum_f64
}`,
      "kInput",
    );
  });

  it("reduces the minor dimensions of 3-D inputs (kept and reduced loops merged)", () => {
    expectSameAsReference(
      `%fused_computation (p0: f32[5,3,37]) -> f32[5,3] {
  %p0 = f32[5,3,37] parameter(0)
  %z = f32[] constant(0)
  ROOT %r = f32[5,3] reduce(%p0, %z), dimensions={2}, to_apply=%add_f32
}`,
      "kInput",
    );
    expectSameAsReference(
      `%fused_computation (p0: bf16[3,5,7]) -> bf16[3] {
  %p0 = bf16[3,5,7] parameter(0)
  %z = bf16[] constant(1)
  ROOT %r = bf16[3] reduce(%p0, %z), dimensions={1,2}, to_apply=%multiply_bf16
}`,
      "kInput",
    );
  });

  it("generates one accumulator per row of a block for a row sum, and one for a column sum", () => {
    const source = (fused: string): string => {
      const m = fusionModule(fused, "kInput");
      const plan = planFusedComputation(getComputation(m, "fused_computation"), m);
      if (plan === undefined) throw new Error("the compiler handles this computation");
      return generate(plan).source;
    };
    const rows = source(rowReduce("f64", 10, 37, "add"));
    expect(rows).toContain("acc3 += ");
    expect(rows).toContain("acc += ");
    expect(
      source(`%fused_computation (p0: f64[10,37]) -> f64[37] {
  %p0 = f64[10,37] parameter(0)
  %z = f64[] constant(0)
  ROOT %r = f64[37] reduce(%p0, %z), dimensions={0}, to_apply=%add_f64
}`),
    ).not.toContain("acc0");
  });
});
