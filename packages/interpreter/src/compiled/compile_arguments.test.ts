/**
 * An executable checks its arguments at every run with its entry's parameters
 * looked up once (argumentChecker): runs with good and bad arguments in any
 * order give evaluate's results and evaluate's errors, each run judged on its
 * own arguments.
 */
import { EvalError, type Literal, firstBitDifference, literal, parseHloModule, shape, tupleLiteral } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.ts";
import { compile } from "./compile.ts";

const m = parseHloModule(`HloModule args

ENTRY e {
  x = f64[2,3] parameter(1)
  t = (s64[], f64[3]) parameter(0)
  v = f64[3] get-tuple-element(t), index=1
  b = f64[2,3] broadcast(v), dimensions={1}
  ROOT r = f64[2,3] add(x, b)
}
`);

const good = (k: number): Literal[] => [
  tupleLiteral([literal("s64", [], BigInt64Array.of(BigInt(k))), literal("f64", [3], [k, -k, 0.5])]),
  literal("f64", [2, 3], [1, 2, 3, 4, 5, k]),
];

/** Argument lists each wrong in one way: count, order (parameter numbers, not positions, decide), shape, data kind and length, tuple structure. */
const BAD: readonly (() => Literal[])[] = [
  () => [],
  () => [...good(1), good(1)[1]],
  () => [good(1)[1], good(1)[0]],
  () => [good(1)[0], literal("f64", [3, 2], [1, 2, 3, 4, 5, 6])],
  () => [good(1)[0], { shape: shape("f64", [2, 3]), data: new Float64Array(5) }],
  () => [tupleLiteral([literal("f64", [3], [1, 2, 3])]), good(1)[1]],
  () => [tupleLiteral([literal("s64", [], BigInt64Array.of(1n)), literal("f64", [3], [1, 2, 3])]).elements[1], good(1)[1]],
];

const messageOf = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(EvalError);
    return (e as Error).message;
  }
  return undefined;
};

describe("compiled argument checks", () => {
  it("judge each run on its own arguments, with evaluate's results and errors (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: 0, max: BAD.length - 1 }).map((k) => ({ bad: k })), fc.integer({ min: -5, max: 5 }).map((k) => ({ good: k }))), { minLength: 1, maxLength: 12 }), (runs) => {
        const exe = compile(m);
        for (const run of runs) {
          if ("good" in run) {
            const args = good(run.good);
            expect(firstBitDifference(exe.execute(args), evaluate(m, args))?.message).toBeUndefined();
          } else {
            const args = BAD[run.bad]();
            const want = messageOf(() => evaluate(m, args));
            expect(want).toBeDefined();
            expect(messageOf(() => exe.execute(args))).toBe(want);
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});
