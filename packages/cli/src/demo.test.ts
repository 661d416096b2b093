/** The demo's programs give the values XLA's broadcasting document gives (worked out here by hand). */
import { describe, expect, test } from "vitest";
import { lowerBroadcasts, toNested, verifyModule, type ArrayLiteral } from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";
import { DEMO_PROGRAMS } from "./demo.ts";

const expected: readonly unknown[] = [
  [[8, 10, 12], [11, 13, 15]],
  [[8, 9, 10], [11, 12, 13]],
  [[8, 10, 12], [11, 13, 15], [14, 16, 18]],
  [[8, 9, 10], [12, 13, 14], [16, 17, 18]],
  [[2, 3, 4], [6, 7, 8]],
  Array.from({ length: 7 }, (_, k) => Array.from({ length: 2 }, (_, i) => Array.from({ length: 5 }, (_, j) => 100 * k + 5 * i + j))),
  [[10, 20, 30], [20, 40, 60]],
  [[6, 7], [7, 8], [8, 9], [9, 10]],
  Array.from({ length: 4 }, (_, i) => Array.from({ length: 3 }, (_, j) => [30 * i + 10 * j + 1, 30 * i + 10 * j + 2])),
];

describe("the built-in demo", () => {
  test("has the nine broadcasting examples", () => {
    expect(DEMO_PROGRAMS.length).toBe(expected.length);
  });

  test.each(DEMO_PROGRAMS.map((p, i) => [p.title, i] as const))("%s evaluates to the documented result", (_title, i) => {
    const { module, args } = DEMO_PROGRAMS[i].build();
    const lowered = lowerBroadcasts(module);
    verifyModule(lowered);
    expect(toNested(evaluate(lowered, args) as ArrayLiteral)).toEqual(expected[i]);
  });
});
