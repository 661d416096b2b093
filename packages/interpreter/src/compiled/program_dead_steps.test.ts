import { type Literal, entryComputation, firstBitDifference, literal, parseHloModule } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.ts";
import { compile } from "./compile.ts";
import { planComputation } from "./program.ts";

// %dead and %dead2 (a chain) are read by nothing, nor is %unusedTuple (pure: left out too); %unusedNeg is a
// reference-kernel step, which always runs, but has no user.
const TEXT = `HloModule dead
%f_neg (p: f32[64]) -> f32[64] {
  %p = f32[64] parameter(0)
  ROOT %n = f32[64] negate(%p)
}
%f_mul (p: f32[64], q: f32[64]) -> f32[64] {
  %p = f32[64] parameter(0)
  %q = f32[64] parameter(1)
  ROOT %m = f32[64] multiply(%p, %q)
}
ENTRY %main (x: f32[64], y: f32[64]) -> f32[64] {
  %x = f32[64] parameter(0)
  %y = f32[64] parameter(1)
  %dead = f32[64] fusion(%x), kind=kLoop, calls=%f_neg
  %live = f32[64] fusion(%x, %y), kind=kLoop, calls=%f_mul
  %dead2 = f32[64] fusion(%dead, %live), kind=kLoop, calls=%f_mul
  %unusedTuple = (f32[64]) tuple(%live)
  %unusedNeg = f32[64] negate(%live)
  ROOT %out = f32[64] fusion(%live), kind=kLoop, calls=%f_neg
}`;

function args(seed: number): Literal[] {
  const v = (k: number) => Array.from({ length: 64 }, (_, i) => Math.fround(Math.sin(seed * 97 + k * 31 + i) * 4));
  return [literal("f32", [64], v(0)), literal("f32", [64], v(1))];
}

describe("compiled program: values nothing reads", () => {
  it("leaves out compiled steps whose values nothing needs, runs the rest, and gives the reference's bits", () => {
    const m = parseHloModule(TEXT);
    const exe = compile(m, { fuse: false });
    const plan = planComputation(exe.module, entryComputation(exe.module), true);
    const byName = new Map(plan.steps.map((s) => [s.inst.name, s]));
    expect(byName.get("dead")?.skip).toBe(true);
    expect(byName.get("dead2")?.skip).toBe(true);
    expect(byName.get("live")?.skip).toBe(false);
    expect(byName.get("out")?.skip).toBe(false);
    expect(byName.get("unusedTuple")?.skip).toBe(true);
    // Not a compiled step: it runs, and its value dies at once.
    expect(byName.get("unusedNeg")?.skip).toBe(false);
    expect(byName.get("unusedNeg")?.unused).toBe(true);
    for (const seed of [1, 2, 3]) {
      const a = args(seed);
      expect(firstBitDifference(exe.execute(a), evaluate(m, a))?.message).toBeUndefined();
    }
    // Later runs take every buffer from the pool: the values that died (read or not) came back to it.
    // The result leaves with the caller (one new buffer), and %unusedNeg's reference kernel makes its own array.
    exe.execute(args(4));
    expect(exe.lastStats?.allocatedBytes).toBe(2 * 64 * 8);
  });

  it("runs every step when the memory budget is checked, failing where the reference fails", () => {
    const m = parseHloModule(TEXT);
    // Room for x, y's results up to %live but not %dead2 (256 bytes each in f32): the reference stops at %dead2.
    const maxBytes = 256 * 2 + 100;
    let want: unknown;
    try {
      evaluate(m, args(1), { maxBytes });
    } catch (e) {
      want = e;
    }
    expect(want).toBeInstanceOf(Error);
    const exe = compile(m, { fuse: false, maxBytes });
    expect(() => exe.execute(args(1))).toThrow((want as Error).message);
  });
});
