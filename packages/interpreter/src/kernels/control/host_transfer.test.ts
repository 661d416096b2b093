/**
 * infeed, outfeed, send/recv on one device, through evaluate's `host`
 * option. XLA's HloEvaluator has no kernels for these ops; what they carry is
 * the value itself, bit for bit (the arithmetic around them is exact in f32,
 * as XLA CPU computes it). A device-to-device send/recv pair is a loopback on
 * one device (kernels/control/host_transfer.ts).
 */
import { XlaBuilder } from "@minixla/builder";
import {
  EvalError, type Literal, cse, dce, isTupleLiteral, literal, parseHloModule, printHloModule, shape, toNested, verificationProblems,
} from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { evaluate } from "../../evaluate.ts";

/** Tokens hold no data; toNested shows a token[] as 0. */
const nested = (l: Literal): unknown => (isTupleLiteral(l) ? l.elements.map(nested) : toNested(l));
const x = literal("f32", [2, 3], [1.5, -0, Number.NaN, Infinity, -3.25, 7]);

const FEEDS = parseHloModule(`HloModule feeds
ENTRY e {
  p = f32[2,3] parameter(0)
  tok = token[] after-all()
  in1 = (f32[2,3], token[]) infeed(tok), infeed_config="first"
  a = f32[2,3] get-tuple-element(in1), index=0
  t1 = token[] get-tuple-element(in1), index=1
  in2 = (s32[2], token[]) infeed(t1)
  b = s32[2] get-tuple-element(in2), index=0
  t2 = token[] get-tuple-element(in2), index=1
  sum = f32[2,3] add(p, a)
  o = token[] outfeed(sum, t2), outfeed_config="out"
  ROOT r = (f32[2,3], s32[2]) tuple(sum, b)
}
`);

describe("infeed and outfeed", () => {
  it("take the queued values in order and hand the outfeed value out", () => {
    const outs: Literal[] = [];
    const fed = literal("f32", [2, 3], [0.25, 1, 2, -Infinity, 3.25, -7]);
    const host = { infeed: [fed, literal("s32", [2], [-5, 2147483647])], outfeed: (v: Literal) => outs.push(v) };
    const sum = [[1.75, 1, Number.NaN], [Number.NaN, 0, 0]];
    expect(nested(evaluate(FEEDS, [x], { host }))).toEqual([sum, [-5, 2147483647]]);
    expect(outs.map(nested)).toEqual([sum]);
    // Each evaluate call starts at the head of the queue again.
    expect(nested(evaluate(FEEDS, [x], { host }))).toEqual([sum, [-5, 2147483647]]);
    expect(outs.length).toBe(2);
  });

  it("refuse an empty queue, a value of another shape and a missing outfeed host", () => {
    const fed = literal("f32", [2, 3], [0, 0, 0, 0, 0, 0]);
    expect(() => evaluate(FEEDS, [x], { host: { infeed: [fed], outfeed: () => {} } }))
      .toThrow(new EvalError("infeed in2: the infeed queue is empty (1 value given, all taken); it expects a value of shape s32[2] (evaluate's host.infeed)"));
    expect(() => evaluate(FEEDS, [x], { host: { infeed: [literal("f32", [3, 2], [0, 0, 0, 0, 0, 0])] } }))
      .toThrow("infeed in1: infeed value 0 has shape f32[3,2], but the instruction expects f32[2,3]");
    expect(() => evaluate(FEEDS, [x], { host: { infeed: [fed, literal("s32", [2], [1, 2])] } }))
      .toThrow("outfeed o: no host to take the f32[2,3] value (evaluate's host.outfeed)");
    expect(() => evaluate(FEEDS, [x])).toThrow(EvalError);
  });
});

describe("send and recv with the host", () => {
  const m = parseHloModule(`HloModule host
ENTRY e {
  p = f32[2,3] parameter(0)
  tok = token[] after-all()
  s = (f32[2,3], u32[], token[]) send(p, tok), channel_id=3, is_host_transfer=true
  sd = token[] send-done(s), channel_id=3, is_host_transfer=true
  r = (s64[2], u32[], token[]) recv(sd), channel_id=4, is_host_transfer=true
  rd = (s64[2], token[]) recv-done(r), channel_id=4, is_host_transfer=true
  v = s64[2] get-tuple-element(rd), index=0
  ROOT twice = s64[2] add(v, v)
}
`);

  it("hand the sent value to host.send and take host.recv's value", () => {
    const sent: [number, unknown][] = [];
    const host = {
      send: (c: number, v: Literal) => sent.push([c, nested(v)]),
      recv: (c: number) => literal("s64", [2], [BigInt(c), -(2n ** 62n)]),
    };
    expect(nested(evaluate(m, [x], { host }))).toEqual([8n, -(2n ** 63n)]);
    expect(sent).toEqual([[3, [[1.5, -0, Number.NaN], [Infinity, -3.25, 7]]]]);
  });

  it("refuse a missing host end and a received value of another shape", () => {
    expect(() => evaluate(m, [x], { host: { recv: () => literal("s64", [2], [1n, 2n]) } }))
      .toThrow("send s: no host to take the f32[2,3] value (evaluate's host.send)");
    expect(() => evaluate(m, [x], { host: { send: () => {} } })).toThrow("recv r: no host to give the s64[2] value (evaluate's host.recv)");
    expect(() => evaluate(m, [x], { host: { send: () => {}, recv: () => literal("s32", [2], [1, 2]) } }))
      .toThrow("recv r: the received value has shape s32[2], but the instruction expects s64[2]");
  });
});

describe("device-to-device send and recv on one device", () => {
  it("loop back: a recv takes what a send on its channel sent earlier, first in first out", () => {
    const m = parseHloModule(`HloModule loopback
ENTRY e {
  p = f32[2,3] parameter(0)
  tok = token[] after-all()
  s1 = (f32[2,3], u32[], token[]) send(p, tok), channel_id=1, frontend_attributes={_xla_send_recv_source_target_pairs={{0,0}}}
  n = f32[2,3] negate(p)
  s2 = (f32[2,3], u32[], token[]) send(n, tok), channel_id=1
  r1 = (f32[2,3], u32[], token[]) recv(tok), channel_id=1, frontend_attributes={_xla_send_recv_source_target_pairs={{0,0}}}
  r2 = (f32[2,3], u32[], token[]) recv(tok), channel_id=1
  rd1 = (f32[2,3], token[]) recv-done(r1), channel_id=1
  rd2 = (f32[2,3], token[]) recv-done(r2), channel_id=1
  sd1 = token[] send-done(s1), channel_id=1
  sd2 = token[] send-done(s2), channel_id=1
  a = f32[2,3] get-tuple-element(rd1), index=0
  b = f32[2,3] get-tuple-element(rd2), index=0
  c = u32[] get-tuple-element(r1), index=1
  ROOT t = (f32[2,3], f32[2,3], u32[], token[]) tuple(a, b, c, sd2)
}
`);
    expect(verificationProblems(m)).toEqual([]);
    expect(nested(evaluate(m, [x]))).toEqual([
      [[1.5, -0, Number.NaN], [Infinity, -3.25, 7]],
      [[-1.5, 0, Number.NaN], [-Infinity, 3.25, -7]],
      0,
      0,
    ]);
  });

  it("refuse a recv with no earlier send on its channel", () => {
    const m = parseHloModule(`HloModule lonely
ENTRY e {
  p = f32[2] parameter(0)
  tok = token[] after-all()
  s = (f32[2], u32[], token[]) send(p, tok), channel_id=1
  r = (f32[2], u32[], token[]) recv(tok), channel_id=2
  ROOT rd = (f32[2], token[]) recv-done(r), channel_id=2
}
`);
    expect(() => evaluate(m, [literal("f32", [2], [1, 2])])).toThrow(
      new EvalError("recv r: no send on channel 2 ran before it in this evaluation; on one device a recv (no host transfer) only receives what a send on its channel sent earlier (expected shape f32[2])"),
    );
  });
});

describe("builder methods", () => {
  it("InfeedWithToken, OutfeedWithToken, SendToHost, RecvFromHost, SendWithToken, RecvWithToken", () => {
    const b = new XlaBuilder("host");
    const p = b.parameter(0, shape("f32", [2]), "p");
    const tok = b.afterAll([]);
    const inf = b.infeedWithToken(tok, shape("f32", [2]), "cfg");
    const data = b.getTupleElement(inf, 0);
    const t1 = b.getTupleElement(inf, 1);
    const sum = b.add(p, data);
    const t2 = b.outfeedWithToken(sum, t1, shape("f32", [2]));
    const t3 = b.sendToHost(sum, t2, shape("f32", [2]), 9);
    const fromHost = b.recvFromHost(t3, shape("f32", [2]), 10);
    const t4 = b.sendWithToken(b.getTupleElement(fromHost, 0), b.getTupleElement(fromHost, 1), 11);
    const back = b.recvWithToken(t4, shape("f32", [2]), 11);
    const m = b.build(b.tuple([b.getTupleElement(back, 0), b.getTupleElement(back, 1)]));
    expect(verificationProblems(m)).toEqual([]);
    const text = printHloModule(m);
    expect(text).toContain("infeed(after-all), infeed_config=\"cfg\"\n");
    expect(text).toContain("outfeed(add, get-tuple-element.1), outfeed_shape=f32[2]{0}\n");
    expect(text).toContain("send(add, outfeed), channel_id=9, is_host_transfer=true\n");
    expect(text).toContain("send-done(send), channel_id=9, is_host_transfer=true\n");
    expect(text).toContain("recv-done(recv.1), channel_id=11\n");

    const outs: unknown[] = [];
    const sent: unknown[] = [];
    const host = {
      infeed: [literal("f32", [2], [0.5, -1])],
      outfeed: (v: Literal) => outs.push(nested(v)),
      send: (c: number, v: Literal) => sent.push([c, nested(v)]),
      recv: (c: number) => literal("f32", [2], [c, c + 0.25]),
    };
    expect(nested(evaluate(m, [literal("f32", [2], [2, 3])], { host }))).toEqual([[10, 10.25], 0]);
    expect(outs).toEqual([[2.5, 2]]);
    expect(sent).toEqual([[9, [2.5, 2]]]);
    expect(() => b.sendToHost(p, tok, shape("f32", [3]), 1)).toThrow("send: SendToHost shape f32[3] must be compatible with operand shape f32[2]");
  });
});

describe("passes", () => {
  it("dce keeps an unused outfeed and cse keeps two infeeds on one token apart", () => {
    const m = parseHloModule(`HloModule m
ENTRY e {
  p = f32[2] parameter(0)
  tok = token[] after-all()
  o = token[] outfeed(p, tok)
  i1 = (f32[2], token[]) infeed(tok)
  i2 = (f32[2], token[]) infeed(tok)
  a = f32[2] get-tuple-element(i1), index=0
  b = f32[2] get-tuple-element(i2), index=0
  ROOT s = f32[2] subtract(a, b)
}
`);
    const opt = cse.run(dce.run(m));
    expect(opt.computations[0].instructions.map((i) => i.name)).toEqual(["p", "tok", "o", "i1", "i2", "a", "b", "s"]);
    const host = { infeed: [literal("f32", [2], [5, 1]), literal("f32", [2], [2, 4])], outfeed: () => {} };
    expect(nested(evaluate(opt, [literal("f32", [2], [0, 0])], { host }))).toEqual([3, -3]);
  });
});
