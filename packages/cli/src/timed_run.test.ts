import { firstBitDifference, literal, parseHloModule } from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";
import { describe, expect, test } from "vitest";
import { median, timedRun, timingLine } from "./timed_run.ts";

const m = parseHloModule("HloModule m\nENTRY e {\n  x = f32[3] parameter(0)\n  ROOT y = f32[3] multiply(x, x)\n}\n");
const args = [literal("f32", [3], [1.5, -2, 0.1])];

describe("timedRun", () => {
  test("runs each engine N times, times each run, and returns the reference's bits", () => {
    const calls: string[] = [];
    const r = timedRun("both", m, args, 3, {}, (e, k, n) => calls.push(`${e} ${k}/${n}`));
    expect(calls).toEqual(["compiled 1/3", "compiled 2/3", "compiled 3/3", "reference 1/3", "reference 2/3", "reference 3/3"]);
    expect(r.timings.map((t) => [t.engine, t.milliseconds.length, t.compileMilliseconds !== undefined])).toEqual([
      ["compiled", 3, true],
      ["reference", 3, false],
    ]);
    expect(firstBitDifference(r.result, evaluate(m, args))).toBeUndefined();
  });

  test("median and the timing line", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(timingLine({ engine: "reference", milliseconds: [2, 1, 4] })).toBe("timing reference: 3 iterations, median 2.000 ms, min 1.000 ms");
    expect(timingLine({ engine: "compiled", milliseconds: [0.5], compileMilliseconds: 3 })).toBe(
      "timing compiled: 1 iteration, median 0.500 ms, min 0.500 ms (compile 3.000 ms)",
    );
  });
});
