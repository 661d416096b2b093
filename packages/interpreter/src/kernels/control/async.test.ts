/**
 * copy-start / copy-done, async-start / -update / -done and
 * collective-broadcast on one device. XLA's CPU backend refuses all three
 * ("HLO opcode `copy-start` is not supported by XLA:CPU ThunkEmitter", the
 * same for collective-broadcast; async ops die in its verifier after the
 * StableHLO round trip), so the values follow XLA's HloEvaluator
 * (HandleCopyStart: (x, x, u32 0); HandleAsyncStart: ((operands), the
 * wrapped computation's result), context zero-filled; HandleAsyncDone:
 * element {1}) and, for the wrapped computation, XLA CPU's values of the same
 * computation run as a module (run_hlo.py, jaxlib 0.10.2).
 */
import { XlaBuilder } from "@minixla/builder";
import { EvalError, type Literal, isTupleLiteral, literal, parseHloModule, shape, toNested } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { evaluate } from "../../evaluate.ts";

const nested = (l: Literal): unknown => (isTupleLiteral(l) ? l.elements.map(nested) : toNested(l));
const x = literal("f32", [2, 3], [1.5, -0, Number.NaN, Infinity, -3.25, 7]);
const same = [[1.5, -0, Number.NaN], [Infinity, -3.25, 7]];

describe("copy-start and copy-done", () => {
  it("hold (x, x, u32 0) and give x back bit for bit", () => {
    const m = parseHloModule(`HloModule m
ENTRY main {
  p0 = f32[2,3] parameter(0)
  cs = (f32[2,3], f32[2,3], u32[]) copy-start(p0), cross_program_prefetch_index=0
  cd = f32[2,3] copy-done(cs)
  ROOT t = ((f32[2,3], f32[2,3], u32[]), f32[2,3]) tuple(cs, cd)
}
`);
    const out = nested(evaluate(m, [x])) as unknown[];
    expect(out).toEqual([[same, same, 0], same]);
    expect(Object.is((out[1] as number[][])[0][1], -0)).toBe(true);
  });
});

describe("async-start, async-update, async-done", () => {
  const text = `HloModule m
wrapped {
  a = f32[2,3] parameter(0)
  b = f32[2,3] parameter(1)
  m = f32[2,3] multiply(a, b)
  ROOT s = f32[2,3] add(m, a)
}

ENTRY main {
  p0 = f32[2,3] parameter(0)
  st = ((f32[2,3], f32[2,3]), f32[2,3], s32[]) async-start(p0, p0), calls=wrapped
  up = ((f32[2,3], f32[2,3]), f32[2,3], s32[]) async-update(st)
  dn = f32[2,3] async-done(up)
  ROOT t = (((f32[2,3], f32[2,3]), f32[2,3], s32[]), f32[2,3]) tuple(up, dn)
}
`;
  // XLA CPU on x*x + x: [3.75 0 nan inf 7.3125 56] (-0*-0 + -0 is +0).
  const result = [[3.75, 0, Number.NaN], [Infinity, 7.3125, 56]];
  it("run the wrapped computation and carry ((operands), result, zero context)", () => {
    const out = nested(evaluate(parseHloModule(text), [x])) as unknown[];
    expect(out).toEqual([[[same, same], result, 0], result]);
    expect(Object.is(((out[1] as number[][])[0][1]), 0)).toBe(true);
  });
  it("are recorded by the builder with the same values", () => {
    const w = new XlaBuilder("wrapped");
    const a = w.parameter(0, shape("f32", [2, 3]), "a");
    const wrapped = w.build(w.add(w.mul(a, a), a));
    const b = new XlaBuilder("m");
    const p = b.parameter(0, shape("f32", [2, 3]), "p");
    const st = b.asyncStart(wrapped, [p]);
    const dn = b.asyncDone(b.asyncUpdate(st));
    expect(dn.shape).toEqual(shape("f32", [2, 3]));
    expect(nested(evaluate(b.build(dn), [x]))).toEqual(result);
    const c = new XlaBuilder("c");
    const q = c.parameter(0, shape("f32", [2, 3]), "q");
    expect(nested(evaluate(c.build(c.copyDone(c.copyStart(q, 0))), [x]))).toEqual(same);
  });
});

describe("XLA's sugared async spelling (op-start / op-update / op-done)", () => {
  it("reads XLA's own printing of a one-instruction wrapped computation and evaluates it", () => {
    // XLA prints async-start(p0, p0), calls=wrapped (wrapped = multiply) like this.
    const m = parseHloModule(`HloModule as
ENTRY %main (p0: f32[2,3]) -> f32[2,3] {
  %p0 = f32[2,3]{1,0} parameter(0)
  %st = ((f32[2,3]{1,0}, f32[2,3]{1,0}), f32[2,3]{1,0}, s32[]) multiply-start(%p0, %p0)
  %up = ((f32[2,3]{1,0}, f32[2,3]{1,0}), f32[2,3]{1,0}, s32[]) multiply-update(%st)
  ROOT %dn = f32[2,3]{1,0} multiply-done(%up)
}
`);
    expect(nested(evaluate(m, [x]))).toEqual([[2.25, 0, Number.NaN], [Infinity, 10.5625, 49]]);
  });
  it("keeps the wrapped op's attributes and called computations", () => {
    const m = parseHloModule(`HloModule sugar_reduce
%add (a: f32[], b: f32[]) -> f32[] {
  %a = f32[] parameter(0)
  %b = f32[] parameter(1)
  ROOT %c = f32[] add(%a, %b)
}

ENTRY %main (p0: f32[4,2]) -> f32[4] {
  %p0 = f32[4,2]{1,0} parameter(0)
  %z = f32[] constant(0)
  %st = ((f32[4,2]{1,0}, f32[]), f32[4]{0}) reduce-start(%p0, %z), dimensions={1}, to_apply=%add
  ROOT %dn = f32[4]{0} reduce-done(%st)
}
`);
    // XLA CPU on the plain reduce: [1.5 nan inf 0.3].
    const b = literal("f32", [4, 2], [1.5, -0, Number.NaN, 2, Infinity, -1e30, 0.1, 0.2]);
    expect(nested(evaluate(m, [b]))).toEqual([1.5, Number.NaN, Infinity, 0.30000001192092896]);
  });
  it("needs the ((operands), result) shape written", () => {
    expect(() => parseHloModule("HloModule m\nENTRY e {\n  p = f32[2] parameter(0)\n  ROOT s = f32[2] negate-start(p)\n}\n")).toThrow(
      "negate-start needs its shape written as ((operand shapes), result shape, ...) before the opcode",
    );
  });
});

describe("collective-broadcast", () => {
  const module = (groups: string) => parseHloModule(`HloModule m
ENTRY main {
  p0 = s32[4] parameter(0)
  ROOT cb = s32[4] collective-broadcast(p0), replica_groups=${groups}
}
`);
  const v = literal("s32", [4], [3, -1, 0, 2147483647]);
  it("is the identity on one device", () => {
    expect(nested(evaluate(module("{}"), [v]))).toEqual([3, -1, 0, 2147483647]);
    expect(nested(evaluate(module("{{0}}"), [v]))).toEqual([3, -1, 0, 2147483647]);
    const b = new XlaBuilder("b");
    const r = b.collectiveBroadcast(b.parameter(0, shape("s32", [4]), "p"), [[0]], 2);
    expect(nested(evaluate(b.build(r), [v]))).toEqual([3, -1, 0, 2147483647]);
  });
  it("refuses groups that need another device", () => {
    expect(() => evaluate(module("{{0,1}}"), [v])).toThrow(EvalError);
  });
});
