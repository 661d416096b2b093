/**
 * Loop conditions decided from the state (a counter compared with a bound):
 * which conditions qualify, the trip count and final state against the
 * reference for every integer type, direction and side of the bound
 * (counters starting near the type's bounds, so 64-bit ones compare as
 * bigints), and the progress events, which stay those of running the
 * condition's program.
 */
import { type Literal, firstBitDifference, getComputation, literal, parseHloModule } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.ts";
import type { ProgressEvent } from "../kernel.ts";
import { compile } from "./compile.ts";
import { fastCondition } from "./loop_condition.ts";

const TYPES = ["s32", "u32", "s64", "u64", "s8", "u16"] as const;
type T = (typeof TYPES)[number];
const DIRECTIONS = ["EQ", "NE", "LT", "LE", "GT", "GE"] as const;

/** A loop stepping a counter of type t by `step` (wrapping) while `counter dir bound` (or `bound dir counter`) holds, at most 12 trips. */
function loop(t: T, dir: string, bound: string, boundLeft: boolean): string {
  const cmp = boundLeft ? `compare(b, i)` : `compare(i, b)`;
  return `HloModule counter
body {
  p = (${t}[], ${t}[], s32[]) parameter(0)
  i = ${t}[] get-tuple-element(p), index=0
  s = ${t}[] get-tuple-element(p), index=1
  n = s32[] get-tuple-element(p), index=2
  i2 = ${t}[] add(i, s)
  one = s32[] constant(1)
  n2 = s32[] add(n, one)
  ROOT t = (${t}[], ${t}[], s32[]) tuple(i2, s, n2)
}
cond {
  p = (${t}[], ${t}[], s32[]) parameter(0)
  i = ${t}[] get-tuple-element(p), index=0
  b = ${t}[] constant(${bound})
  ROOT c = pred[] ${cmp}, direction=${dir}
}
ENTRY main {
  i0 = ${t}[] parameter(0)
  s0 = ${t}[] parameter(1)
  z = s32[] constant(0)
  t0 = (${t}[], ${t}[], s32[]) tuple(i0, s0, z)
  ROOT w = (${t}[], ${t}[], s32[]) while(t0), condition=cond, body=body
}`;
}

const RANGE: Record<T, readonly [bigint, bigint]> = {
  s8: [-128n, 127n],
  u16: [0n, 65535n],
  s32: [-(2n ** 31n), 2n ** 31n - 1n],
  u32: [0n, 2n ** 32n - 1n],
  s64: [-(2n ** 63n), 2n ** 63n - 1n],
  u64: [0n, 2n ** 64n - 1n],
};

function scalar(t: T, v: bigint): Literal {
  if (t === "s64") return literal("s64", [], BigInt64Array.of(v));
  if (t === "u64") return literal("u64", [], BigUint64Array.of(v));
  return literal(t, [], [Number(v)]);
}

describe("loop conditions decided from the state", () => {
  it("qualify only as a compare of state elements and constants", () => {
    const m = parseHloModule(loop("s64", "LT", "5", false));
    expect(fastCondition(getComputation(m, "cond"), (name) => getComputation(m, name))).toBeDefined();
    // A narrow compare and its bound fused into one fusion (as compile's fusion pass does) qualify too.
    const fused = compile(parseHloModule(loop("s32", "GE", "-3", true))).module;
    const cond = fused.computations.find((c) => c.name === "cond");
    expect(cond?.instructions.some((i) => i.opcode === "fusion")).toBe(true);
    expect(cond && fastCondition(cond, (name) => getComputation(fused, name))).toBeDefined();
    const other = parseHloModule(
      loop("s32", "LT", "5", false).replace("ROOT c = pred[] compare(i, b), direction=LT", "j = s32[] negate(i)\n  ROOT c = pred[] compare(j, b), direction=LT"),
    );
    expect(fastCondition(getComputation(other, "cond"), (name) => getComputation(other, name))).toBeUndefined();
  });

  it("run the reference's trips for every integer type, direction and side, near the type's bounds (property)", () => {
    const arb = fc.constantFrom(...TYPES).chain((t) => {
      const [lo, hi] = RANGE[t];
      const near = fc.oneof(fc.bigInt({ min: lo, max: lo + 6n }), fc.bigInt({ min: hi - 6n, max: hi }), fc.bigInt({ min: lo, max: hi }));
      return fc.record({
        t: fc.constant(t),
        start: near,
        bound: near,
        step: fc.constantFrom(1n, 2n, 3n, t.startsWith("u") ? 1n : -1n),
        dir: fc.constantFrom(...DIRECTIONS),
        boundLeft: fc.boolean(),
      });
    });
    fc.assert(
      fc.property(arb, ({ t, start, bound, step, dir, boundLeft }) => {
        const m = parseHloModule(loop(t, dir, String(bound), boundLeft));
        const args = [scalar(t, start), scalar(t, step)];
        const options = { maxWhileIterations: 12 };
        let want: Literal | Error;
        try {
          want = evaluate(m, args, options);
        } catch (e) {
          want = e as Error;
        }
        const exe = compile(m, options);
        if (want instanceof Error) {
          expect(() => exe.execute(args)).toThrow(want.message);
        } else {
          expect(firstBitDifference(exe.execute(args), want)?.message).toBeUndefined();
        }
      }),
      { numRuns: 200 },
    );
  });

  it("send the progress events of running the condition's program", () => {
    const m = parseHloModule(loop("s64", "LT", "4", false));
    const args = [scalar("s64", 0n), scalar("s64", 1n)];
    // The reference's events: per trip the condition's and the body's instruction counts, then the iteration; at the end the last condition and the entry.
    const count = (name: string): ProgressEvent => ({ kind: "instructions", count: getComputation(m, name).instructions.length });
    const want: ProgressEvent[] = [];
    for (let k = 1; k <= 4; k++) want.push(count("cond"), count("body"), { kind: "while-iteration", loop: "w", iteration: k });
    want.push(count("cond"), count("main"));
    const got: ProgressEvent[] = [];
    // Unfused, so each program has the reference's instruction count.
    compile(m, { fuse: false, onProgress: (e) => got.push(e) }).execute(args);
    expect(got).toEqual(want);
  });
});
