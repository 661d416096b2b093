/**
 * The collective, token and inverse-trigonometric builder methods end to end:
 * shapes as XlaBuilder gives them, text as XLA prints it, and values on one
 * device as XLA's CPU backend computes them.
 */
import { XlaBuilder } from "@minixla/builder";
import { type HloModule, ShapeError, isTupleLiteral, literal, printHloModule, shape, toNested, tupleShape } from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";
import { describe, expect, it } from "vitest";

const f32 = (...d: number[]) => shape("f32", d);

function adder(): HloModule {
  const b = new XlaBuilder("add");
  return b.build(b.add(b.parameter(0, f32(), "x"), b.parameter(1, f32(), "y")));
}

/** The instruction lines of the entry computation, without their names. */
const lines = (m: HloModule): string[] =>
  printHloModule(m).split("\n").filter((l) => l.startsWith("  ")).map((l) => l.trim().replace(/^(ROOT )?[\w.-]+ = /, ""));

describe("XlaBuilder collectives", () => {
  it("allReduce records its reducer and attributes as XLA prints them, and is the identity on one device", () => {
    const b = new XlaBuilder("ar");
    const x = b.parameter(0, f32(2, 2), "x");
    const r = b.allReduce(x, adder(), { replicaGroups: [[0]], channelId: 1, useGlobalDeviceIds: true });
    expect(r.shape).toEqual(f32(2, 2));
    const m = b.build(r);
    expect(lines(m).at(-1)).toMatch(/^f32\[2,2\]\{1,0\} all-reduce\(x\), channel_id=1, replica_groups=\{\{0\}\}, use_global_device_ids=true, to_apply=add\S*$/);
    const v = literal("f32", [2, 2], [1, -0, Number.NaN, 4]);
    expect(toNested(evaluate(m, [v]) as never)).toEqual([[1, -0], [Number.NaN, 4]]);
  });

  it("allReduce of several operands returns a tuple; async pairs give the same values", () => {
    const b = new XlaBuilder("ar2");
    const x = b.parameter(0, f32(2), "x");
    const y = b.parameter(1, shape("f32", [3]), "y");
    expect(b.allReduce([x, y], adder()).shape).toEqual(tupleShape([f32(2), f32(3)]));
    const done = b.allReduceDone(b.allReduceStart(x, adder()));
    const out = evaluate(b.build(done), [literal("f32", [2], [5, 6]), literal("f32", [3], [1, 2, 3])]);
    expect(toNested(out as never)).toEqual([5, 6]);
  });

  it("allGather scales the gathered dimension by the shard count; its async pair returns (input, output)", () => {
    const b = new XlaBuilder("ag");
    const x = b.parameter(0, f32(2, 3), "x");
    expect(b.allGather(x, 1, 2).shape).toEqual(f32(2, 6));
    expect(b.allGather(x, 0, 1, { replicaGroups: [[0, 1, 2]] }).shape).toEqual(f32(6, 3));
    // Those two need 2 and 3 devices: evaluating them is refused.
    expect(() => evaluate(b.build(), [literal("f32", [2, 3], [1, 2, 3, 4, 5, 6])])).toThrow(/need devices other than device 0|sized for more than one device/);
    const b1 = new XlaBuilder("ag1");
    const start = b1.allGatherStart(b1.parameter(0, f32(2, 3), "x"), 0);
    expect(start.shape).toEqual(tupleShape([f32(2, 3), f32(2, 3)]));
    const m = b1.build(b1.allGatherDone(start));
    expect(toNested(evaluate(m, [literal("f32", [2, 3], [1, 2, 3, 4, 5, 6])]) as never)).toEqual([[1, 2, 3], [4, 5, 6]]);
  });

  it("reduceScatter divides the scattered dimension, with XLA's message when it cannot", () => {
    const b = new XlaBuilder("rs");
    const x = b.parameter(0, f32(4, 6), "x");
    expect(b.reduceScatter(x, adder(), 1, 3).shape).toEqual(f32(4, 2));
    expect(() => b.reduceScatter(x, adder(), 1, 4)).toThrow("ReduceScatter operand scatter dimension size 6 must be dividable by shard_count 4.");
    expect(() => b.reduceScatter(x, adder(), 1, 1, { replicaGroups: [[0, 1, 2, 3]] })).toThrow(ShapeError);
  });

  it("allToAll with different split and concat dimensions adds XLA's reshape, transpose, reshape", () => {
    const b = new XlaBuilder("a2a");
    const x = b.parameter(0, f32(4, 6), "x");
    const r = b.allToAll(x, 0, 1, 2);
    expect(r.shape).toEqual(f32(2, 12));
    expect(lines(b.build(r)).map((l) => l.split("(")[0])).toEqual([
      "f32[4,6]{1,0} parameter",
      "f32[4,6]{1,0} all-to-all",
      "f32[2,2,6]{2,1,0} reshape",
      "f32[2,2,6]{2,1,0} transpose",
      "f32[2,12]{1,0} reshape",
    ]);
    const t = b.allToAllTuple([x, x], { replicaGroups: [[0, 1]] });
    expect(t.shape).toEqual(tupleShape([f32(4, 6), f32(4, 6)]));
  });

  it("collectivePermute delivers the operand on {0,0} and zeros when nothing reaches device 0", () => {
    const b = new XlaBuilder("cp");
    const x = b.parameter(0, f32(3), "x");
    const same = b.collectivePermute(x, [[0, 0]], 7);
    const none = b.collectivePermute(x, [[0, 1]]);
    const viaAsync = b.collectivePermuteDone(b.collectivePermuteStart(x, [[0, 0]]));
    const m = b.build(b.tuple([same, none, viaAsync]));
    expect(lines(m)[1]).toBe("f32[3]{0} collective-permute(x), channel_id=7, source_target_pairs={{0,0}}");
    const out = evaluate(m, [literal("f32", [3], [1, 2, 3])]);
    if (!isTupleLiteral(out)) throw new Error("expected a tuple");
    expect(out.elements.map((e) => toNested(e as never))).toEqual([[1, 2, 3], [0, 0, 0], [1, 2, 3]]);
  });

  it("replicaId and partitionId are u32 zeros; afterAll, addDependency and domain pass values through", () => {
    const b = new XlaBuilder("ids");
    const x = b.parameter(0, f32(2), "x");
    const token = b.afterAll([b.afterAll([])]);
    expect(token.shape).toEqual(shape("token", []));
    const dep = b.domain(b.addDependency(x, token), '{kind="sharding", entry={maximal device=0}, exit={maximal device=0}}');
    const m = b.build(b.tuple([b.replicaId(), b.partitionId(), dep, b.rngGetAndUpdateState(4)]));
    expect(printHloModule(m)).toContain('domain(add-dependency), domain={kind="sharding", entry={maximal device=0}, exit={maximal device=0}}');
    const out = evaluate(m, [literal("f32", [2], [-0, 2])]);
    if (!isTupleLiteral(out)) throw new Error("expected a tuple");
    expect(out.elements.map((e) => toNested(e as never))).toEqual([0, 0, [-0, 2], [117515157n, 0n]]);
    expect(() => b.addDependency(x, x)).toThrow("add-dependency: The second operand of add-dependency must be a token; got f32[2].");
  });
});

describe("XlaBuilder inverse trigonometric and hyperbolic methods", () => {
  it("record acos ... sinh with the operand's shape and XLA's values", () => {
    const b = new XlaBuilder("trig");
    const x = b.parameter(0, f32(3), "x");
    const ops = [b.acos(x), b.acosh(x), b.asin(x), b.asinh(x), b.atanh(x), b.cosh(x), b.sinh(x)];
    for (const op of ops) expect(op.shape).toEqual(f32(3));
    const out = evaluate(b.build(b.tuple(ops)), [literal("f32", [3], [0.5, 1, -0])]);
    if (!isTupleLiteral(out)) throw new Error("expected a tuple");
    // XLA (f32): acos(0.5) = 1.0471975803375244, acosh(1) = 0, atanh(1) = inf, sinh(-0) = -0, ...
    expect(out.elements.map((e) => toNested(e as never))).toEqual([
      [1.0471975803375244, 0, 1.5707963705062866],
      [Number.NaN, 0, Number.NaN],
      [0.5235987901687622, 1.5707963705062866, -0],
      [0.4812118113040924, 0.8813735842704773, -0],
      [0.5493061542510986, Infinity, -0],
      [1.1276259422302246, 1.5430806875228882, 1],
      [0.5210952758789062, 1.175201177597046, -0],
    ]);
    expect(() => b.acos(b.parameter(1, shape("s32", [2]), "i"))).toThrow(
      "acos: Expected element type in shape to be floating or complex for acos operation; got S32.",
    );
  });
});
