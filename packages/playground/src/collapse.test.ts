import { parseHloModule } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { collapsedCallees, drawnComputations, instructionCount } from "./collapse.ts";

const M = parseHloModule(`HloModule m

sum {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

max {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] maximum(a, b)
}

ENTRY main {
  x = f32[2,3] parameter(0)
  zero = f32[] constant(0)
  r = f32[2] reduce(x, zero), dimensions={1}, to_apply=sum
  ROOT q = f32[2] reduce(x, zero), dimensions={1}, to_apply=max
}`);

describe("collapsed drawing", () => {
  it("draws the entry with its callees collapsed when nothing changed, and what the reader expanded", () => {
    expect(drawnComputations(M, [], new Set())).toEqual(["main"]);
    expect(collapsedCallees(M, ["main"]).sort()).toEqual(["max", "sum"]);
    expect(drawnComputations(M, [], new Set(["sum", "gone"]))).toEqual(["sum", "main"]);
    expect(collapsedCallees(M, ["sum", "main"])).toEqual(["max"]);
    expect(drawnComputations(M, [], new Set(), false)).toEqual([]);
  });

  it("draws the changed computations, the most changed first, within the budget of instructions (at least one)", () => {
    const keys = ["max/s", "main/q", "main/r", "sum/s"];
    expect(drawnComputations(M, keys, new Set())).toEqual(["sum", "max", "main"]);
    // main (two changes, 4 instructions) first; sum and max (3 instructions each) no longer fit in 6, one of them in 7.
    expect(drawnComputations(M, keys, new Set(), true, 6)).toEqual(["main"]);
    expect(drawnComputations(M, keys, new Set(), true, 7)).toEqual(["max", "main"]);
    expect(drawnComputations(M, ["sum/s"], new Set(), true, 1)).toEqual(["sum"]);
    expect(instructionCount(M, ["sum", "main"])).toBe(7);
  });
});
