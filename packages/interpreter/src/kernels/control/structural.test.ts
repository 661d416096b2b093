import { EvalError, type Literal, isTupleLiteral } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { f64, instruction, run, s32, scalar, scalarFn, shape, testContext, tupleLiteral, values } from "../support/test_support.ts";

const first = (l: Literal) => Number(isTupleLiteral(l) ? (l.elements[0] as { data: Float64Array }).data[0] : l.data[0]);

describe("while", () => {
  // State (i, acc): while i < 5: acc += i, i += 1.
  const cond = (args: readonly Literal[]) => scalar(first(args[0]) < 5, "pred");
  const body = (args: readonly Literal[]) => {
    const t = args[0];
    if (!isTupleLiteral(t)) throw new Error("expected a tuple");
    const i = (t.elements[0] as { data: Float64Array }).data[0];
    const acc = (t.elements[1] as { data: Float64Array }).data[0];
    return tupleLiteral([scalar(i + 1, "s32"), scalar(acc + i)]);
  };
  const state = tupleLiteral([scalar(0, "s32"), scalar(0)]);
  const inst = instruction("while", state.shape, {}, ["cond", "body"]);

  it("runs the body while the condition holds", () => {
    expect(values(run(inst, [state], testContext({ cond, body })))).toEqual([5, 10]);
  });
  it("returns the initial state when the condition is false at once", () => {
    const never = () => scalar(false, "pred");
    expect(run(inst, [state], testContext({ cond: never, body }))).toBe(state);
  });
  it("allows exactly maxWhileIterations iterations", () => {
    expect(values(run(inst, [state], testContext({ cond, body }, { maxWhileIterations: 5 })))).toEqual([5, 10]);
  });
  it("throws XLA's message when the loop runs past the limit", () => {
    const ctx = testContext({ cond, body }, { maxWhileIterations: 4 });
    expect(() => run(inst, [state], ctx)).toThrow(EvalError);
    expect(() => run(inst, [state], ctx)).toThrow("Loop while.1 exceeded loop iteration limit (4).");
  });
  it("reports each finished iteration to onProgress, with the loop's name", () => {
    const events: unknown[] = [];
    const ctx = testContext({ cond, body }, { onProgress: (e) => events.push(e) });
    expect(values(run(inst, [state], ctx))).toEqual([5, 10]);
    expect(events).toEqual([1, 2, 3, 4, 5].map((iteration) => ({ kind: "while-iteration", loop: "while.1", iteration })));
  });
});

describe("conditional", () => {
  const branch = (k: number) => (args: readonly Literal[]) => scalar(first(args[0]) * 10 + k);
  const fns = { b0: branch(0), b1: branch(1), b2: branch(2) };
  it("takes the true computation for true and the false one for false", () => {
    const i = instruction("conditional", shape("f64", []), {}, ["b0", "b1"]);
    expect(values(run(i, [scalar(true, "pred"), scalar(1), scalar(2)], testContext(fns)))).toBe(10);
    expect(values(run(i, [scalar(false, "pred"), scalar(1), scalar(2)], testContext(fns)))).toBe(21);
  });
  it("sends an out-of-range s32 index to the last branch", () => {
    const i = instruction("conditional", shape("f64", []), {}, ["b0", "b1", "b2"]);
    const ops = (k: number) => [scalar(k, "s32"), scalar(1), scalar(2), scalar(3)];
    expect(values(run(i, ops(1), testContext(fns)))).toBe(21);
    expect(values(run(i, ops(7), testContext(fns)))).toBe(32);
    expect(values(run(i, ops(-1), testContext(fns)))).toBe(32);
  });
});

describe("map", () => {
  it("applies the computation to the scalars of all operands at each index", () => {
    const i = instruction("map", shape("f64", [2, 2]), { dimensions: [0, 1] }, ["f"]);
    const f = scalarFn(["f64"], (a, b) => a * b + 1);
    expect(values(run(i, [f64([2, 2], [1, 2, 3, 4]), f64([2, 2], [5, 6, 7, 8])], testContext({ f })))).toEqual([[6, 13], [22, 33]]);
  });
  it("maps a zero-sized operand without calling", () => {
    const i = instruction("map", shape("s32", [0]), { dimensions: [0] }, ["f"]);
    const ctx = testContext({ f: scalarFn(["s32"], (a) => a) });
    expect(values(run(i, [s32([0], [])], ctx))).toEqual([]);
    expect(ctx.calls).toBe(0);
  });
});

describe("custom-call", () => {
  const call = (target: string) => instruction("custom-call", shape("f64", [2]), { customCallTarget: target, rawAttributes: [] });
  it("evaluates sharding annotations as identity", () => {
    const x = f64([2], [1, 2]);
    for (const t of ["Sharding", "SPMDFullToShardShape", "SPMDShardToFullShape", "xla.sdy.GlobalToLocalShape"]) {
      expect(run(call(t), [x])).toBe(x);
    }
  });
  it("refuses any other target, naming it", () => {
    expect(() => run(call("my_kernel"), [f64([2], [1, 2])])).toThrow(EvalError);
    expect(() => run(call("my_kernel"), [f64([2], [1, 2])])).toThrow(/my_kernel/);
  });
});
