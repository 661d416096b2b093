import { EvalError, type Literal, firstBitDifference, fuse, literal, lowerBroadcasts, parseHloModule } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.ts";
import type { ProgressEvent } from "../kernel.ts";
import { compile } from "./compile.ts";

const N = 1000;

/**
 * A counted loop whose body calls a computation, branches on the counter's
 * parity and updates an f64[N] state with element-wise work (compiled loops
 * after fusion); the trip count is an argument.
 */
const LOOP = lowerBroadcasts(
  parseHloModule(`HloModule loop

step {
  v = f64[${N}] parameter(0)
  half = f64[] constant(0.5)
  hb = f64[${N}] broadcast(half), dimensions={}
  m = f64[${N}] multiply(v, hb)
  ROOT s = f64[${N}] sine(m)
}

even {
  e = f64[${N}] parameter(0)
  ROOT en = f64[${N}] negate(e)
}

odd {
  o = f64[${N}] parameter(0)
  ROOT oe = f64[${N}] exponential(o)
}

body {
  p = (s64[], f64[${N}], s64[]) parameter(0)
  i = s64[] get-tuple-element(p), index=0
  v = f64[${N}] get-tuple-element(p), index=1
  n = s64[] get-tuple-element(p), index=2
  one = s64[] constant(1)
  i1 = s64[] add(i, one)
  w = f64[${N}] call(v), to_apply=step
  two = s64[] constant(2)
  r = s64[] remainder(i, two)
  zero = s64[] constant(0)
  isEven = pred[] compare(r, zero), direction=EQ
  c = f64[${N}] conditional(isEven, w, w), true_computation=even, false_computation=odd
  x = f64[${N}] add(c, v)
  ROOT t = (s64[], f64[${N}], s64[]) tuple(i1, x, n)
}

cond {
  p = (s64[], f64[${N}], s64[]) parameter(0)
  i = s64[] get-tuple-element(p), index=0
  n = s64[] get-tuple-element(p), index=2
  ROOT lt = pred[] compare(i, n), direction=LT
}

ENTRY main {
  x = f64[${N}] parameter(0)
  n = s64[] parameter(1)
  zero = s64[] constant(0)
  init = (s64[], f64[${N}], s64[]) tuple(zero, x, n)
  loop = (s64[], f64[${N}], s64[]) while(init), condition=cond, body=body
  ROOT out = f64[${N}] get-tuple-element(loop), index=1
}
`),
);

function args(trips: number): Literal[] {
  const x = new Float64Array(N);
  for (let i = 0; i < N; i++) x[i] = Math.sin(i * 0.37) * 0.01;
  return [{ shape: { elementType: "f64", dimensions: [N] }, data: x }, literal("s64", [], [trips])];
}

describe("compiled control flow", () => {
  it("gives the reference's bits and progress events for a loop with calls and conditionals inside", () => {
    for (const trips of [0, 1, 7]) {
      // The reference kernel's events: one per body run, numbered from 1.
      const want = Array.from({ length: trips }, (_, k): ProgressEvent => ({ kind: "while-iteration", loop: "loop", iteration: k + 1 }));
      const got: ProgressEvent[] = [];
      const ref = evaluate(LOOP, args(trips));
      const exe = compile(LOOP, { onProgress: (e) => got.push(e) });
      for (let run = 0; run < 2; run++) {
        got.length = 0;
        expect(firstBitDifference(exe.execute(args(trips)), ref)).toBeUndefined();
        const iterations = (events: ProgressEvent[]) => events.filter((e) => e.kind === "while-iteration");
        expect(iterations(got)).toEqual(want);
        // Each run of a computation reports its instructions once: main, and per iteration cond, body, the call and one branch.
        expect(got.filter((e) => e.kind === "instructions").length).toBeGreaterThanOrEqual(2 + 4 * trips);
      }
    }
  });

  it("refuses a loop past maxWhileIterations with evaluate's error", () => {
    const message = (f: () => unknown): string => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(EvalError);
        return (e as Error).message;
      }
      throw new Error("no error");
    };
    const want = message(() => evaluate(LOOP, args(9), { maxWhileIterations: 4 }));
    expect(want).toContain("exceeded loop iteration limit (4)");
    expect(message(() => compile(LOOP, { maxWhileIterations: 4 }).execute(args(9)))).toBe(want);
    expect(message(() => compile(LOOP, { maxWhileIterations: 4, fuse: false }).execute(args(9)))).toBe(want);
  });

  it("recycles each iteration's state: a warm run's allocations do not grow with the trip count", () => {
    const allocated = (trips: number): number => {
      const exe = compile(LOOP);
      exe.execute(args(trips));
      exe.execute(args(trips));
      return exe.lastStats?.allocatedBytes ?? Number.NaN;
    };
    const few = allocated(4);
    const many = allocated(40);
    // Without recycling every iteration would leave at least one f64[N] state behind (8 N bytes).
    expect(many - few).toBeLessThan(36 * 8 * N);
    expect(many).toBeLessThan(4 * 8 * N);
  });

  it("runs a kOutput fusion under a numerics mode with its own dot accumulation bit for bit", () => {
    const m = fuse.run(
      lowerBroadcasts(
        parseHloModule(`HloModule out
ENTRY main {
  a = f64[3,5] parameter(0)
  b = f64[5,4] parameter(1)
  c = f64[3,4] parameter(2)
  d = f64[3,4] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  s = f64[3,4] add(d, c)
  ROOT t = f64[3,4] tanh(s)
}
`),
      ),
    );
    expect(m.computations.some((c) => c.instructions.some((i) => i.opcode === "fusion" && i.attributes.kind === "kOutput"))).toBe(true);
    const fill = (n: number, k: number) => Float64Array.from({ length: n }, (_, i) => Math.cos(i * k + 1) * 3 + (i % 3 === 0 ? 1e-310 : 0));
    const xs: Literal[] = [
      { shape: { elementType: "f64", dimensions: [3, 5] }, data: fill(15, 0.7) },
      { shape: { elementType: "f64", dimensions: [5, 4] }, data: fill(20, 1.3) },
      { shape: { elementType: "f64", dimensions: [3, 4] }, data: fill(12, 2.1) },
    ];
    const want = evaluate(m, xs, { numerics: "xla-cpu" });
    const got = compile(m, { numerics: "xla-cpu", fuse: false }).execute(xs);
    expect(firstBitDifference(got, want)).toBeUndefined();
  });
});
