/**
 * Shape rules and text of infeed, outfeed, send, send-done, recv and
 * recv-done, with XLA's messages (hlo_verifier.cc: HandleInfeed,
 * HandleOutfeed, HandleSend, HandleSendDone, HandleRecv, HandleRecvDone,
 * CheckIsTokenOperand). The printed module is XLA's own printing
 * (jaxlib 0.10.2, hlo_module_from_text(...).to_string(short_parsable)).
 */
import { describe, expect, it } from "vitest";
import { ParseError, ShapeError } from "../errors.ts";
import type { AttributesOf, Opcode } from "../opcode.ts";
import { type Shape, shape, tupleShape } from "../shape.ts";
import { parseHloModule } from "../text/parser.ts";
import { printHloModule } from "../text/printer.ts";
import { inferShape } from "./shape_inference.ts";

const f32 = (...dims: number[]) => shape("f32", dims);
const u32 = shape("u32", []);
const token = shape("token", []);
const device = { channelId: 1, isHostTransfer: false };

function infer<K extends Opcode>(opcode: K, operands: readonly Shape[], attributes: AttributesOf<K>, declared?: Shape): Shape {
  return inferShape({ opcode, operands, attributes: attributes as never, called: [], declared });
}

describe("host-transfer shape rules", () => {
  it("infeed gives (data, token) from its declared shape", () => {
    const s = tupleShape([f32(2), token]);
    expect(infer("infeed", [token], { infeedConfig: "" }, s)).toEqual(s);
  });

  it("infeed refuses a non-token operand, a missing or malformed declared shape", () => {
    expect(() => infer("infeed", [f32(2)], { infeedConfig: "" }, tupleShape([f32(2), token])))
      .toThrow(new ShapeError("infeed: Expected operand 0 to be token-shaped, actual shape is f32[2]"));
    expect(() => infer("infeed", [token], { infeedConfig: "" })).toThrow(/infeed needs its result shape \(data, token\[\]\) declared/);
    expect(() => infer("infeed", [token], { infeedConfig: "" }, f32(2))).toThrow("infeed: infeed expects a (data, token[]) tuple shape; got f32[2].");
    expect(() => infer("infeed", [token], { infeedConfig: "" }, tupleShape([f32(2), f32(2)])))
      .toThrow("infeed: Expected instruction to have shape equal to (f32[2], token[]), actual shape is (f32[2], f32[2])");
  });

  it("outfeed gives a token; outfeed_shape must equal the operand's (layout aside)", () => {
    expect(infer("outfeed", [f32(2, 3), token], { outfeedConfig: "" })).toEqual(token);
    expect(infer("outfeed", [f32(2, 3), token], { outfeedShape: shape("f32", [2, 3], [0, 1]), outfeedConfig: "c" })).toEqual(token);
    expect(() => infer("outfeed", [f32(2, 3), token], { outfeedShape: f32(3, 2), outfeedConfig: "" }))
      .toThrow(new ShapeError("outfeed: Expected outfeed shape to be equal to operand's shape f32[2,3], actual shape is f32[3,2]"));
    expect(() => infer("outfeed", [f32(2, 3), f32(2, 3)], { outfeedConfig: "" }))
      .toThrow("outfeed: Expected operand 1 to be token-shaped, actual shape is f32[2,3]");
  });

  it("send gives (data, u32[], token), send-done a token", () => {
    const s = infer("send", [f32(2, 3), token], device);
    expect(s).toEqual(tupleShape([f32(2, 3), u32, token]));
    expect(infer("send-done", [s], device)).toEqual(token);
    expect(() => infer("send", [f32(2, 3), u32], device)).toThrow("send: Expected operand 1 to be token-shaped, actual shape is u32[]");
    expect(() => infer("send-done", [f32(2, 3)], device))
      .toThrow("send-done: send-done expects the (data, u32[], token[]) result of a send as its operand; got f32[2,3].");
  });

  it("recv gives its declared (data, u32[], token), recv-done (data, token)", () => {
    const s = tupleShape([f32(4), u32, token]);
    expect(infer("recv", [token], device, s)).toEqual(s);
    expect(infer("recv-done", [s], device)).toEqual(tupleShape([f32(4), token]));
    expect(() => infer("recv", [f32(4)], device, s)).toThrow("recv: Expected operand 0 to be token-shaped, actual shape is f32[4]");
    expect(() => infer("recv", [token], device, tupleShape([f32(4), token])))
      .toThrow("recv: recv expects a (data, u32[], token[]) tuple shape; got (f32[4], token[]).");
    expect(() => infer("recv-done", [tupleShape([f32(4), token])], device))
      .toThrow("recv-done: recv-done expects the (data, u32[], token[]) result of a recv as its operand; got (f32[4], token[]).");
  });
});

/** XLA's printing of a module with every host-transfer op, both configs, the host flag and frontend attributes. */
const XLA_PRINTED = `HloModule host_transfer, entry_computation_layout={(f32[2,3]{1,0})->(f32[2,3]{1,0}, token[], token[], token[], token[], /*index=5*/token[], s32[])}

ENTRY e {
  tok = token[] after-all()
  r = (f32[2,3]{1,0}, u32[], token[]) recv(tok), channel_id=5, is_host_transfer=true
  rd = (f32[2,3]{1,0}, token[]) recv-done(r), channel_id=5, is_host_transfer=true
  rc2 = (f32[2,3]{1,0}, u32[], token[]) recv(tok), channel_id=6, frontend_attributes={_xla_send_recv_source_target_pairs={{0,1}}}
  rdn2 = (f32[2,3]{1,0}, token[]) recv-done(rc2), channel_id=6
  x = f32[2,3]{1,0} get-tuple-element(rdn2), index=0
  p = f32[2,3]{1,0} parameter(0)
  infd = (f32[2]{0}, token[]) infeed(tok), infeed_config="abc"
  t1 = token[] get-tuple-element(infd), index=1
  of = token[] outfeed(p, t1), outfeed_shape=f32[2,3]{0,1}, outfeed_config="x\\"y"
  d = f32[2]{0} get-tuple-element(infd), index=0
  of2 = token[] outfeed(d, t1), outfeed_shape=f32[2]{0}
  snd = (f32[2,3]{1,0}, u32[], token[]) send(p, tok), channel_id=5, is_host_transfer=true
  sd = token[] send-done(snd), channel_id=5, is_host_transfer=true
  sn2 = (f32[2,3]{1,0}, u32[], token[]) send(p, tok), channel_id=6, frontend_attributes={_xla_send_recv_source_target_pairs={{0,1}}}
  sdn2 = token[] send-done(sn2), channel_id=6, frontend_attributes={_xla_send_recv_source_target_pairs={{0,1}}}
  c1 = f32[] constant(1)
  c2 = s32[2]{0} constant({1, 2})
  tp = (f32[], s32[2]{0}) tuple(c1, c2)
  snd3 = ((f32[], s32[2]{0}), u32[], token[]) send(tp, tok)
  sdn3 = token[] send-done(snd3)
  inf2 = (s32[], token[]) infeed(tok)
  i2 = s32[] get-tuple-element(inf2), index=0
  ROOT t = (f32[2,3]{1,0}, token[], token[], token[], token[], /*index=5*/token[], s32[]) tuple(x, of, of2, sd, sdn2, sdn3, i2)
}
`;

describe("host-transfer ops in HLO text", () => {
  it("print exactly as XLA prints them", () => {
    expect(printHloModule(parseHloModule(XLA_PRINTED))).toBe(XLA_PRINTED);
  });

  it("read XLA's defaults: empty configs, outfeed_shape from the operand, no host transfer", () => {
    const m = parseHloModule(`HloModule m
ENTRY e {
  p = f32[2] parameter(0)
  tok = token[] after-all()
  o = token[] outfeed(p, tok)
  s = (f32[2], u32[], token[]) send(p, tok)
  ROOT d = token[] send-done(s)
}
`);
    const insts = m.computations[0].instructions;
    expect(insts[2].attributes).toEqual({ outfeedConfig: "" });
    expect(insts[3].attributes).toEqual({ isHostTransfer: false });
    expect(printHloModule(m)).toContain("o = token[] outfeed(p, tok), outfeed_shape=f32[2]{0}\n");
  });

  it("refuses a config that is not a string", () => {
    expect(() => parseHloModule(`HloModule m
ENTRY e {
  tok = token[] after-all()
  ROOT i = (f32[2], token[]) infeed(tok), infeed_config=3
}
`)).toThrow(ParseError);
  });
});
