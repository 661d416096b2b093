import { describe, expect, it } from "vitest";
import { ShapeError, literal, parseHloModule } from "@minixla/hlo";
import { compareModules, randomInputSet } from "./compare_modules.ts";

const module = (body: string, params = "x = f32[4] parameter(0)") => parseHloModule(`HloModule m\n\nENTRY main {\n  ${params}\n  ${body}\n}\n`);
const plusZero = module("z = f32[] constant(0)\n  zb = f32[4] broadcast(z), dimensions={}\n  ROOT a = f32[4] add(x, zb)");
const identity = module("ROOT a = f32[4] copy(x)");
const f32 = (v: readonly number[]) => literal("f32", [v.length], v);

describe("compareModules", () => {
  it("says equal when the outputs agree on every input set", () => {
    const r = compareModules(identity, identity, { inputs: { kind: "random", trials: 10 } });
    expect(r).toMatchObject({ equal: true, trials: 10, firstDifferingTrial: undefined });
    expect(r.outputs).toEqual([{ output: 0, status: "equal" }]);
  });

  it("tells -0 from 0 by default, and not under --exact's corpus rule without signedZeros", () => {
    const sets = [[f32([1, -0, NaN, 3])]];
    const r = compareModules(identity, plusZero, { inputs: { kind: "literals", sets } });
    expect(r.equal).toBe(false);
    expect(r.outputs).toEqual([
      { output: 0, status: "differ", differences: [{ index: [1], want: "-0", got: "0", diff: 0, ulps: 0 }], count: 1, total: 4 },
    ]);
    expect(compareModules(identity, plusZero, { inputs: { kind: "literals", sets }, tolerance: { exact: true } }).equal).toBe(true);
  });

  it("reports the first differing elements with ulps, up to maxDifferences, and the count", () => {
    const next = module("one = f32[] constant(1e-7)\n  ob = f32[4] broadcast(one), dimensions={}\n  ROOT a = f32[4] add(x, ob)");
    const r = compareModules(identity, next, { inputs: { kind: "literals", sets: [[f32([1, 2, 4, 8])]] }, maxDifferences: 2 });
    const o = r.outputs[0];
    expect(o.status).toBe("differ");
    if (o.status !== "differ") return;
    expect(o.count).toBe(1); // 1e-7 is below half an ulp of 2, 4 and 8
    expect(o.differences).toEqual([{ index: [0], want: "1", got: "1.0000001192092896", diff: 1.1920928955078125e-7, ulps: 1 }]);
    expect(compareModules(identity, next, { inputs: { kind: "literals", sets: [[f32([1])].map(() => f32([1, 2, 4, 8]))] }, tolerance: { rtol: 1e-6, atol: 0 } }).equal).toBe(true);
  });

  it("stops at the first differing random set and returns its inputs", () => {
    const r = compareModules(identity, plusZero, { inputs: { kind: "random", trials: 100, seed: 3 } });
    expect(r.equal).toBe(false);
    expect(r.trials).toBe((r.firstDifferingTrial ?? -1) + 1);
    expect(r.inputs).toEqual(randomInputSet(identity, r.firstDifferingTrial ?? 0, 3));
  });

  it("refuses modules with different parameters, naming both shapes", () => {
    const other = module("ROOT a = f32[5] copy(x)", "x = f32[5] parameter(0)");
    expect(() => compareModules(identity, other, { inputs: { kind: "random", trials: 1 } })).toThrow(ShapeError);
    expect(() => compareModules(identity, other, { inputs: { kind: "random", trials: 1 } })).toThrow(/parameter 0 differs: f32\[4\] .* vs f32\[5\]/);
  });

  it("counts an error on one side as a difference, the same error on both as agreement", () => {
    const loop = parseHloModule(`HloModule w

cond {
  p = f32[4] parameter(0)
  ROOT t = pred[] constant(true)
}

body {
  p = f32[4] parameter(0)
  ROOT n = f32[4] negate(p)
}

ENTRY main {
  x = f32[4] parameter(0)
  ROOT w = f32[4] while(x), condition=cond, body=body
}
`);
    const r = compareModules(identity, loop, { inputs: { kind: "random", trials: 2 }, evalOptions: { maxWhileIterations: 10 } });
    expect(r.equal).toBe(false);
    expect(r.errors?.a).toBeUndefined();
    expect(r.errors?.b).toMatch(/10/);
    expect(compareModules(loop, loop, { inputs: { kind: "random", trials: 2 }, evalOptions: { maxWhileIterations: 10 } }).equal).toBe(true);
  });

  it("compares the two engines on one module", () => {
    const r = compareModules(plusZero, plusZero, { inputs: { kind: "random", trials: 8 }, engines: ["reference", "compiled"] });
    expect(r.equal).toBe(true);
  });

  it("draws special values: every set of the default schedule is valid input, and some hold NaN", () => {
    const wide = module("ROOT a = f32[256] copy(x)", "x = f32[256] parameter(0)");
    const sets = Array.from({ length: 8 }, (_, k) => randomInputSet(wide, k));
    const values = sets.flatMap((s) => [...(s[0] as { data: Float64Array }).data]);
    expect(values.some(Number.isNaN)).toBe(true);
    expect(values.some((v) => Math.abs(v) === Infinity)).toBe(true);
    // Set 3 of the schedule has no specials at all.
    expect([...(sets[3][0] as { data: Float64Array }).data].every((v) => Math.abs(v) < 1)).toBe(true);
  });
});
