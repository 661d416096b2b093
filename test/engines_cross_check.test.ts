/**
 * The cross-checking setup file (test/setup/cross_check.ts) is really in
 * place: `evaluate` from @minixla/interpreter is the wrapper, each call is
 * checked against the compiled engine, a compiled engine that gives other
 * bits (or throws otherwise) makes the call throw CrossCheckError, and the
 * checks are skipped where they must be.
 */
import { afterEach, describe, expect, it } from "vitest";
import { XlaBuilder } from "@minixla/builder";
import { EvalError, type HloModule, type Literal, VerifyError, literal, lowerBroadcasts, parseHloModule, shape } from "@minixla/hlo";
import { type CompileOptions, type Executable, compile, evaluate, evaluateSpmd } from "@minixla/interpreter";
import { evaluate as evaluateByPath } from "../packages/interpreter/src/evaluate.ts";
import { disagreement } from "./support/engines.ts";
import { CROSS_CHECKED, CrossCheckError, SPMD_UNCHECKED, crossCheckCount, crossCheckTally, installCompile } from "./support/cross_check.ts";

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

/** x + 1 handed to the outfeed; the result is x + 1 plus a value received from the host. */
const HOST_MODULE = lowerBroadcasts(
  parseHloModule(`HloModule host_calls

ENTRY main {
  x = f32[3] parameter(0)
  one = f32[] constant(1)
  ones = f32[3] broadcast(one), dimensions={}
  y = f32[3] add(x, ones)
  t0 = token[] after-all()
  t1 = token[] outfeed(y, t0)
  r = (f32[3], u32[], token[]) recv(t1), channel_id=7, is_host_transfer=true
  d = (f32[3], token[]) recv-done(r), channel_id=7, is_host_transfer=true
  v = f32[3] get-tuple-element(d), index=0
  ROOT s = f32[3] add(y, v)
}
`),
);

/** A compile whose outfeeds hand out values with one bit flipped (the last element's sign). */
function outfeedFlipping(c: typeof compile) {
  return (m: HloModule, o?: CompileOptions): Executable => {
    const host = o?.host;
    const outfeed = host?.outfeed;
    if (outfeed === undefined) return c(m, o);
    return c(m, {
      ...o,
      host: {
        ...host,
        outfeed: (v: Literal) => {
          const data = ((v as { data: Float64Array }).data).slice();
          data[data.length - 1] = -data[data.length - 1];
          outfeed({ shape: v.shape, data } as Literal);
        },
      },
    });
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

  it("passes the reference's own error through when both engines throw the same class and message", () => {
    expect(() => evaluate(addOne(), [])).toThrow(EvalError);
    expect(() => evaluate(addOne(), [])).not.toThrow(CrossCheckError);
  });

  it("checks calls with options.host: the host meets the reference alone, the compiled run replays its calls", () => {
    const outs: Literal[] = [];
    let recvs = 0;
    const host = {
      outfeed: (v: Literal) => outs.push(v),
      recv: (channel: number) => {
        recvs++;
        return literal("f32", [3], [channel, 0.5, -1]);
      },
    };
    const before = crossCheckCount();
    const r = evaluate(HOST_MODULE, [X], { host });
    expect(crossCheckCount()).toBe(before + 1);
    // One outfeed and one recv, as the module makes: the compiled run did not call the host again.
    expect(outs.map((v) => Array.from((v as { data: Float64Array }).data))).toEqual([[2, 1, 3.5]]);
    expect(recvs).toBe(1);
    expect(Array.from((r as { data: Float64Array }).data)).toEqual([9, 1.5, 2.5]);
  });

  it("throws CrossCheckError when the compiled run hands the host another value or makes other host calls", () => {
    restore = installCompile(outfeedFlipping(compile)) ?? null;
    const host = { outfeed: () => {}, recv: () => literal("f32", [3], [7, 0.5, -1]) };
    expect(() => evaluate(HOST_MODULE, [X], { host })).toThrow(CrossCheckError);
    expect(() => evaluate(HOST_MODULE, [X], { host })).toThrow(/outfeed call 1 hands out another value: value 2 differs: -3.5 vs 3.5/);
    installCompile((m, o) => compile(m, { ...o, host: { ...o?.host, outfeed: () => {} } }));
    expect(() => evaluate(HOST_MODULE, [X], { host })).toThrow(/the compiled engine makes 0 outfeed call\(s\); the reference made 1/);
  });

  it("throws CrossCheckError when the engines throw the same class with other messages", () => {
    restore = installCompile(() => {
      throw new EvalError("module add_one takes 1 argument, but 2 were given");
    }) ?? null;
    expect(() => evaluate(addOne(), [])).toThrow(/the engines throw different errors: compiled EvalError: module add_one takes 1 argument, but 2 were given; reference EvalError: module add_one takes 1 argument, but 0 were given/);
  });

  it("checks evaluateSpmd device by device where devices do not talk, and counts the rest as not checked", () => {
    const before = crossCheckTally();
    const r = evaluateSpmd(addOne(), [[X], [literal("f32", [3], [4, 5, 6])]], { replicaCount: 2 });
    expect(r.map((v) => Array.from((v as { data: Float64Array }).data))).toEqual([[2, 1, 3.5], [5, 6, 7]]);
    expect(crossCheckTally().spmdChecked).toBe(before.spmdChecked + 1);
    restore = installCompile(flipping(compile)) ?? null;
    expect(() => evaluateSpmd(addOne(), [[X], [X]], { replicaCount: 2 })).toThrow(/disagrees with evaluateSpmd\(m, ...\) on module add_one: device 0: results differ/);
    installCompile(restore ?? compile);
    restore = null;
    const b = new XlaBuilder("replica");
    b.replicaId();
    const withId = b.build();
    evaluateSpmd(withId, [[], []], { replicaCount: 2 });
    expect(crossCheckTally().skipped.get(SPMD_UNCHECKED)).toBe((before.skipped.get(SPMD_UNCHECKED) ?? 0) + 1);
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
    // Both refusing: the compiled engine names the fusion holding the instruction; anything else must match.
    const fused = new EvalError(budget.message.replace("b (broadcast)", "b (fusion)"));
    expect(disagreement({ ok: false, error: budget }, { ok: false, error: fused })).toBeUndefined();
    const otherSize = new EvalError(fused.message.replace("f32[2147483648]", "f32[2147483649]"));
    expect(disagreement({ ok: false, error: budget }, { ok: false, error: otherSize })).toMatch(/the engines throw different errors/);
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
