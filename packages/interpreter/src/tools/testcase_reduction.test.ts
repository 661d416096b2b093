import { describe, expect, it } from "vitest";
import { HloError, type HloModule, instructionCount, parseHloModule, printHloModule, verificationProblems } from "@minixla/hlo";
import { errorContains } from "./conditions.ts";
import { reduceModule } from "./testcase_reduction.ts";

const m = parseHloModule(`HloModule m

ENTRY main {
  x = f32[8] parameter(0)
  y = f32[8] parameter(1)
  a = f32[8] exponential(x)
  b = f32[8] multiply(a, y)
  c = f32[8] sine(b)
  d = f32[8] tanh(c)
  e = f32[8] add(d, a)
  f = f32[8] sqrt(y)
  ROOT t = (f32[8], f32[8]) tuple(e, f)
}
`);
const hasSine = (x: HloModule): boolean => printHloModule(x).includes("sine(");

describe("reduceModule", () => {
  it("shrinks to what the condition needs, every offered module verifying", () => {
    const offered: HloModule[] = [];
    const counts: number[] = [];
    const r = reduceModule(m, hasSine, { onCandidate: (c) => offered.push(c), onProgress: (p) => counts.push(p.instructions) });
    expect(r.instructionsBefore).toBe(9);
    expect(r.instructionsAfter).toBe(2);
    expect(printHloModule(r.module)).toMatch(/ROOT c = f32\[1\]\{0\} sine\(b\)/);
    expect(r.stillInteresting).toBe(true);
    expect(offered.every((c) => verificationProblems(c).length === 0)).toBe(true);
    expect(counts[0]).toBe(9);
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeLessThanOrEqual(counts[i - 1] + 1);
    expect(counts.at(-1)).toBe(2);
  });

  it("refuses a module that does not meet the condition to begin with", () => {
    expect(() => reduceModule(m, () => false)).toThrow(HloError);
    expect(() => reduceModule(m, () => false)).toThrow(/does not meet the condition/);
  });

  it("stops at maxSeconds with the best module so far", () => {
    let t = 0;
    const r = reduceModule(m, hasSine, { maxSeconds: 1, now: () => (t += 50) });
    expect(r.timedOut).toBe(true);
    expect(r.instructionsAfter).toBeLessThan(9);
    expect(r.stillInteresting).toBe(true);
  });

  it("reads a condition's error as not interesting, and keeps going", () => {
    const r = reduceModule(m, (x) => {
      if (instructionCount(x) < 6) throw new Error("condition broke");
      return hasSine(x);
    });
    expect(r.instructionsAfter).toBeGreaterThanOrEqual(6);
  });

  it("errorContains: the stage that throws decides", () => {
    const cond = errorContains("sqrt");
    expect(cond(m)).toBe(false);
    const bad = parseHloModule(`HloModule b\n\nENTRY main {\n  x = f32[2] parameter(0)\n  ROOT w = f32[2] custom-call(x), custom_call_target="no_such_target"\n}\n`);
    expect(errorContains("no_such_target")(bad)).toBe(true);
  });
});
