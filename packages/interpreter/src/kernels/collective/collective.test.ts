/**
 * Collectives, tokens and the RNG state on one device, against XLA's CPU
 * results for the same modules (run_hlo.py, jaxlib 0.10.2): all-reduce,
 * all-gather, all-to-all and their async pairs return the operand;
 * collective-permute delivers it on a pair {0,0} and zeros otherwise;
 * reduce-scatter folds from the reducer's identity; ids are 0;
 * rng-get-and-update-state starts at 0x7012395 and advances by delta per run.
 */
import { EvalError, type Literal, isTupleLiteral, literal, parseHloModule, toNested } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { evaluate } from "../../evaluate.ts";

const ADD = "add {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT c = f32[] add(a, b)\n}\n";

const MODULE = `HloModule collectives

${ADD}
ENTRY e {
  p = f32[2,3]{1,0} parameter(0)
  ar = f32[2,3]{1,0} all-reduce(p), channel_id=3, replica_groups={{0}}, use_global_device_ids=true, to_apply=add
  ars = f32[2,3]{1,0} all-reduce-start(p), replica_groups={}, to_apply=add
  ard = f32[2,3]{1,0} all-reduce-done(ars)
  ag = f32[2,3]{1,0} all-gather(p), replica_groups={{0}}, dimensions={1}
  ags = (f32[2,3]{1,0}, f32[2,3]{1,0}) all-gather-start(p), replica_groups={}, dimensions={0}
  agd = f32[2,3]{1,0} all-gather-done(ags)
  rs = f32[2,3]{1,0} reduce-scatter(p), replica_groups={{0}}, dimensions={1}, to_apply=add
  a2a = f32[2,3]{1,0} all-to-all(p), replica_groups={{0}}, dimensions={1}
  cp = f32[2,3]{1,0} collective-permute(p), channel_id=1, source_target_pairs={{0,0}}
  cpe = f32[2,3]{1,0} collective-permute(p), source_target_pairs={}
  cpo = f32[2,3]{1,0} collective-permute(p), source_target_pairs={{0,1}}
  cps = (f32[2,3]{1,0}, f32[2,3]{1,0}) collective-permute-start(p), source_target_pairs={{0,0}}
  cpd = f32[2,3]{1,0} collective-permute-done(cps)
  rid = u32[] replica-id()
  pid = u32[] partition-id()
  t0 = token[] after-all()
  t1 = token[] after-all(t0, t0)
  dep = f32[2,3]{1,0} add-dependency(p, t1)
  dom = f32[2,3]{1,0} domain(dep), domain={kind="sharding", entry={maximal device=0}, exit={maximal device=0}}
  rng = u64[2]{0} rng-get-and-update-state(), delta=8
  ROOT t = (f32[2,3]{1,0}, f32[2,3]{1,0}, f32[2,3]{1,0}, f32[2,3]{1,0}, f32[2,3]{1,0}, /*index=5*/f32[2,3]{1,0}, f32[2,3]{1,0}, f32[2,3]{1,0}, f32[2,3]{1,0}, f32[2,3]{1,0}, /*index=10*/u32[], u32[], f32[2,3]{1,0}, u64[2]{0}) tuple(ar, ard, ag, agd, rs, a2a, cp, cpe, cpo, cpd, rid, pid, dom, rng)
}
`;

const elements = (l: Literal): unknown[] => (isTupleLiteral(l) ? l.elements.map((e) => (isTupleLiteral(e) ? elements(e) : toNested(e))) : [toNested(l)]);

describe("collectives on one replica and one partition", () => {
  const x = literal("f32", [2, 3], [1.5, -2, 0, 3.25, -0, 7]);
  const same = [[1.5, -2, 0], [3.25, -0, 7]];
  const zeros = [[0, 0, 0], [0, 0, 0]];

  it("give XLA CPU's values for every collective, token op and id", () => {
    const out = elements(evaluate(parseHloModule(MODULE), [x]));
    expect(out).toEqual([
      same, // all-reduce: the operand itself, -0 kept
      same, // all-reduce-start / done
      same, // all-gather
      same, // all-gather-start / done
      [[1.5, -2, 0], [3.25, 0, 7]], // reduce-scatter: 0 + x, so -0 becomes +0
      same, // all-to-all
      same, // collective-permute {{0,0}}
      zeros, // collective-permute {}: nothing sent to device 0
      zeros, // collective-permute {{0,1}}: device 0 only sends
      same, // collective-permute-start / done
      0, // replica-id
      0, // partition-id
      same, // add-dependency then domain
      [117515157n, 0n], // rng-get-and-update-state: 0x7012395, high word 0
    ]);
    expect(Object.is((out[0] as number[][])[1][1], -0)).toBe(true);
    expect(Object.is((out[4] as number[][])[1][1], 0)).toBe(true);
  });

  it("reduce-scatter folds from the reducer's identity as XLA's CPU runtime does (NaN under max/min)", () => {
    const y = literal("f32", [2, 3], [1.5, -2, 0, 3.25, -0, Number.NaN]);
    const run = (op: string) =>
      toNested(
        evaluate(
          parseHloModule(
            `HloModule m\nred {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT c = f32[] ${op}(a, b)\n}\nENTRY e {\n  p = f32[2,3] parameter(0)\n  ROOT r = f32[2,3] reduce-scatter(p), replica_groups={}, dimensions={0}, to_apply=red\n}\n`,
          ),
          [y],
        ) as never,
      );
    // XLA: add [1.5 -2 0 3.25 0 nan], multiply [... -0 nan], maximum [... -0 -inf], minimum [... -0 inf].
    expect(run("add")).toEqual([[1.5, -2, 0], [3.25, 0, Number.NaN]]);
    expect(run("multiply")).toEqual([[1.5, -2, 0], [3.25, -0, Number.NaN]]);
    expect(run("maximum")).toEqual([[1.5, -2, 0], [3.25, -0, -Infinity]]);
    expect(run("minimum")).toEqual([[1.5, -2, 0], [3.25, -0, Infinity]]);
  });

  it("advances each rng-get-and-update-state by its delta every time it runs, within one evaluation", () => {
    const text = `HloModule rngloop

cond {
  s = (s32[], u64[2]{0}) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  n = s32[] constant(3)
  ROOT lt = pred[] compare(i, n), direction=LT
}

body {
  s = (s32[], u64[2]{0}) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  one = s32[] constant(1)
  i2 = s32[] add(i, one)
  st = u64[2]{0} rng-get-and-update-state(), delta=5
  ROOT r = (s32[], u64[2]{0}) tuple(i2, st)
}

ENTRY e {
  z = s32[] constant(0)
  init = u64[2]{0} constant({0, 0})
  t = (s32[], u64[2]{0}) tuple(z, init)
  w = (s32[], u64[2]{0}) while(t), condition=cond, body=body
  ROOT st = u64[2]{0} get-tuple-element(w), index=1
}
`;
    const m = parseHloModule(text);
    // XLA CPU: the third run returns 0x7012395 + 2 * 5 = 117515167.
    expect(toNested(evaluate(m, []) as never)).toEqual([117515167n, 0n]);
    // A new evaluation starts from the initial state again.
    expect(toNested(evaluate(m, []) as never)).toEqual([117515167n, 0n]);
  });

  it("refuses replica groups that need a second device", () => {
    const text = (groups: string) =>
      `HloModule m\n${ADD}ENTRY e {\n  p = f32[2] parameter(0)\n  ROOT r = f32[2] all-reduce(p), replica_groups=${groups}, to_apply=add\n}\n`;
    const y = literal("f32", [2], [1, 2]);
    expect(() => evaluate(parseHloModule(text("{{0,1}}")), [y])).toThrow(EvalError);
    expect(() => evaluate(parseHloModule(text("{{0,1}}")), [y])).toThrow(/replica_groups=\{\{0,1\}\} need devices other than device 0/);
    expect(() => evaluate(parseHloModule(text("[2,2]<=[4]")), [y])).toThrow(/need devices other than device 0/);
    expect(toNested(evaluate(parseHloModule(text("[1,1]<=[1]")), [y]) as never)).toEqual([1, 2]);
    const permute = `HloModule m\nENTRY e {\n  p = f32[2] parameter(0)\n  ROOT r = f32[2] collective-permute(p), source_target_pairs={{1,0}}\n}\n`;
    expect(() => evaluate(parseHloModule(permute), [y])).toThrow(/send from device 1 to device 0/);
  });
});
