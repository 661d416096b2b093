/**
 * A while loop's state buffers as they pass between the loop's frame and
 * its body's (Frame.adoptFrom, Frame.handOver): a scan whose state holds a
 * counter, an f64 carry, a table filled row by row in place, a nested tuple
 * and a loop-invariant input. Every run matches the reference bit for bit,
 * and a warm run's allocations do not grow with the trip count (each
 * iteration's buffers come back to the pool).
 */
import { type Literal, firstBitDifference, literal, lowerBroadcasts, parseHloModule } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.ts";
import { compile } from "./compile.ts";

const ROWS = 40;
const W = 64;

const SCAN = lowerBroadcasts(
  parseHloModule(`HloModule scan

body {
  p = (s64[], f64[${W}], f64[${ROWS},${W}], (f64[${W}], s64[]), f64[${W}]) parameter(0)
  i = s64[] get-tuple-element(p), index=0
  h = f64[${W}] get-tuple-element(p), index=1
  t = f64[${ROWS},${W}] get-tuple-element(p), index=2
  q = (f64[${W}], s64[]) get-tuple-element(p), index=3
  x = f64[${W}] get-tuple-element(p), index=4
  qa = f64[${W}] get-tuple-element(q), index=0
  n = s64[] get-tuple-element(q), index=1
  one = s64[] constant(1)
  i1 = s64[] add(i, one)
  hx = f64[${W}] multiply(h, x)
  hs = f64[${W}] add(hx, qa)
  h1 = f64[${W}] tanh(hs)
  row = f64[1,${W}] reshape(h1)
  zero = s64[] constant(0)
  t1 = f64[${ROWS},${W}] dynamic-update-slice(t, row, i, zero)
  qa1 = f64[${W}] subtract(qa, h1)
  q1 = (f64[${W}], s64[]) tuple(qa1, n)
  ROOT r = (s64[], f64[${W}], f64[${ROWS},${W}], (f64[${W}], s64[]), f64[${W}]) tuple(i1, h1, t1, q1, x)
}

cond {
  p = (s64[], f64[${W}], f64[${ROWS},${W}], (f64[${W}], s64[]), f64[${W}]) parameter(0)
  i = s64[] get-tuple-element(p), index=0
  q = (f64[${W}], s64[]) get-tuple-element(p), index=3
  n = s64[] get-tuple-element(q), index=1
  ROOT lt = pred[] compare(i, n), direction=LT
}

ENTRY main {
  h0 = f64[${W}] parameter(0)
  x = f64[${W}] parameter(1)
  a = f64[${W}] parameter(2)
  n = s64[] parameter(3)
  z = f64[] constant(0)
  t0 = f64[${ROWS},${W}] broadcast(z), dimensions={}
  c0 = s64[] constant(0)
  q0 = (f64[${W}], s64[]) tuple(a, n)
  s0 = (s64[], f64[${W}], f64[${ROWS},${W}], (f64[${W}], s64[]), f64[${W}]) tuple(c0, h0, t0, q0, x)
  w = (s64[], f64[${W}], f64[${ROWS},${W}], (f64[${W}], s64[]), f64[${W}]) while(s0), condition=cond, body=body
  hw = f64[${W}] get-tuple-element(w), index=1
  tw = f64[${ROWS},${W}] get-tuple-element(w), index=2
  qw = (f64[${W}], s64[]) get-tuple-element(w), index=3
  aw = f64[${W}] get-tuple-element(qw), index=0
  ROOT out = (f64[${W}], f64[${ROWS},${W}], f64[${W}]) tuple(hw, tw, aw)
}
`),
);

const SPECIAL = [0, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 5e-324, -1e-310, 1e300];

function args(values: readonly number[], trips: number): Literal[] {
  const v = (k: number) => Float64Array.from({ length: W }, (_, j) => values[(j * 3 + k) % values.length]);
  const f = (data: Float64Array): Literal => ({ shape: { elementType: "f64", dimensions: [W] }, data });
  return [f(v(0)), f(v(1)), f(v(2)), literal("s64", [], [trips])];
}

describe("a loop state's buffers between the loop and its body", () => {
  it("gives the reference's bits on every run, whatever the values and trip count", () => {
    const exe = compile(SCAN);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double(), fc.constantFrom(...SPECIAL)), { minLength: 1, maxLength: 9 }),
        fc.integer({ min: 0, max: ROWS }),
        (values, trips) => {
          const xs = args(values, trips);
          const want = evaluate(SCAN, xs);
          // Twice: the second run takes the first run's buffers from the pool.
          expect(firstBitDifference(exe.execute(xs), want)).toBeUndefined();
          expect(firstBitDifference(exe.execute(xs), want)).toBeUndefined();
        },
      ),
      { numRuns: 40 },
    );
  });

  it("recycles each iteration's state, the table updated in place", () => {
    const warm = (trips: number): number => {
      const exe = compile(SCAN);
      const xs = args([0.25, -1.5, 3], trips);
      exe.execute(xs);
      exe.execute(xs);
      return exe.lastStats?.allocatedBytes ?? Number.NaN;
    };
    const few = warm(2);
    const many = warm(ROWS);
    // A state left behind per iteration would cost at least its carry (8 W bytes); a copied table 8 ROWS W.
    expect(many - few).toBeLessThan(8 * W);
    // A warm run makes its result's arrays (the table and two carries, which leave with the caller) and little else.
    expect(many).toBeGreaterThanOrEqual(8 * (ROWS * W + 2 * W));
    expect(many).toBeLessThan(8 * (ROWS * W + 3 * W));
  });
});
