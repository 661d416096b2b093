/**
 * The cross-checking setup file (test/setup/cross_check.ts) is really in
 * place: `evaluate` from @minixla/interpreter is the wrapper, each call is
 * checked against the compiled engine, a compiled engine that gives other
 * bits (or throws otherwise) makes the call throw CrossCheckError, and the
 * checks are skipped where they must be.
 */
import { afterEach, describe, expect, it } from "vitest";
import { XlaBuilder } from "@minixla/builder";
import { EvalError, type HloModule, type Literal, VerifyError, literal, lowerBroadcasts, shape } from "@minixla/hlo";
import { type CompileOptions, type Executable, compile, evaluate } from "@minixla/interpreter";
import { evaluate as evaluateByPath } from "../packages/interpreter/src/evaluate.ts";
import { disagreement } from "./support/engines.ts";
import { CROSS_CHECKED, CrossCheckError, crossCheckCount, installCompile } from "./support/cross_check.ts";

function addOne(): HloModule {
  const b = new XlaBuilder("add_one");
  const x = b.parameter(0, shape("f32", [3]), "x");
  b.add(x, b.constant(literal("f32", [], [1])), []);
  return lowerBroadcasts(b.build());
}

const X = literal("f32", [3], [1, -0, 2.5]);

/** A compile whose results have one bit flipped (the last element's sign). */
function flipping(c: typeof compile) {
  return (m: HloModule, o?: CompileOptions): Executable => {
    const exe = c(m, o);
    return {
      module: exe.module,
      get lastStats() {
        return exe.lastStats;
      },
      execute(args: readonly Literal[]) {
        const r = exe.execute(args);
        if (!("data" in r)) return r;
        const data = (r.data as Float64Array).slice();
        data[data.length - 1] = -data[data.length - 1];
        return { shape: r.shape, data };
      },
    };
  };
}

let restore: Parameters<typeof installCompile>[0] | null = null;
afterEach(() => {
  if (restore !== null) installCompile(restore);
  restore = null;
});

describe.runIf(process.env.MINIXLA_CROSSCHECK !== "0")("the cross-checking setup file", () => {
  it("wraps the evaluate that @minixla/interpreter exports, and checks each call", () => {
    expect((evaluate as unknown as Record<symbol, unknown>)[CROSS_CHECKED]).toBe(true);
    // The interpreter's own tests import it by relative path: the same wrapper.
    expect(evaluateByPath).toBe(evaluate);
    const before = crossCheckCount();
    const r = evaluate(addOne(), [X]);
    expect(Array.from((r as { data: Float64Array }).data)).toEqual([2, 1, 3.5]);
    expect(crossCheckCount()).toBe(before + 1);
  });

  it("throws CrossCheckError when the compiled engine gives other bits", () => {
    restore = installCompile(flipping(compile)) ?? null;
    expect(() => evaluate(addOne(), [X])).toThrow(CrossCheckError);
    expect(() => evaluate(addOne(), [X])).toThrow(/results differ: value 2 differs: -3.5 vs 3.5/);
  });

  it("throws CrossCheckError when only one engine throws, or they throw different classes", () => {
    restore = installCompile(() => {
      throw new EvalError("compiled engine refuses");
    }) ?? null;
    expect(() => evaluate(addOne(), [X])).toThrow(/the compiled engine throws EvalError: compiled engine refuses; the reference returns a value/);
    installCompile(() => {
      throw new VerifyError(["x"], "not the same class");
    });
    // The reference refuses a wrong argument count with EvalError.
    expect(() => evaluate(addOne(), [])).toThrow(/the engines throw different errors: compiled VerifyError/);
  });

  it("passes the reference's own error through when both engines throw the same class", () => {
    expect(() => evaluate(addOne(), [])).toThrow(EvalError);
    expect(() => evaluate(addOne(), [])).not.toThrow(CrossCheckError);
  });

  it("does not cross-check when options.host is given (host callbacks must not run twice)", () => {
    restore = installCompile(flipping(compile)) ?? null;
    const before = crossCheckCount();
    expect(() => evaluate(addOne(), [X], { host: {} })).not.toThrow();
    expect(crossCheckCount()).toBe(before);
  });

  it("leaves compile's own checks (prepareModule, checkArguments) unwrapped", () => {
    const before = crossCheckCount();
    const exe = compile(addOne());
    expect(Array.from((exe.execute([X]) as { data: Float64Array }).data)).toEqual([2, 1, 3.5]);
    expect(() => exe.execute([])).toThrow(EvalError);
    expect(crossCheckCount()).toBe(before);
  });

  it("lets the compiled engine return a value where the reference refuses one for the memory budget, not the reverse", () => {
    const value = literal("f32", [1], [1]);
    const budget = new EvalError("b (broadcast): result f32[2147483648] needs 17179869184 bytes (16.0 GiB), more than the memory budget of 1073741824 bytes (1.0 GiB)");
    expect(disagreement({ ok: false, error: budget }, { ok: true, value })).toBeUndefined();
    expect(disagreement({ ok: true, value }, { ok: false, error: budget })).toMatch(/the compiled engine throws EvalError/);
    expect(disagreement({ ok: false, error: new EvalError("other") }, { ok: true, value })).toMatch(/the reference throws EvalError: other/);
  });

  it("takes every NaN as one value, and -0 apart from +0", () => {
    const nan = new Float64Array([NaN]);
    new DataView(nan.buffer).setUint32(4, 0xfff80000, true);
    const a = { shape: shape("f64", [2]), data: new Float64Array([nan[0], -0]) };
    const b = { shape: shape("f64", [2]), data: new Float64Array([NaN, -0]) };
    const c = { shape: shape("f64", [2]), data: new Float64Array([NaN, 0]) };
    expect(disagreement({ ok: true, value: a }, { ok: true, value: b })).toBeUndefined();
    expect(disagreement({ ok: true, value: b }, { ok: true, value: c })).toMatch(/value 1 differs: 0 vs -0/);
  });
});
