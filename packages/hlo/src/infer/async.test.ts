/**
 * Shape rules and text of copy-start / copy-done, async-start / -update /
 * -done and collective-broadcast, with XLA's messages (hlo_verifier.cc:
 * HandleCopyStart, HandleCopyDone, CheckAsyncOpComputationShapes,
 * HandleAsyncStart; shape_inference.cc: InferCollectiveBroadcastShape). The
 * printed lines are XLA's own printing of the same modules (jaxlib 0.10.2,
 * hlo_module_from_text(...).to_string()), less the `%` sigils and layouts.
 */
import { describe, expect, it } from "vitest";
import type { AttributesOf, Opcode } from "../opcode.ts";
import { ShapeError } from "../errors.ts";
import { type ProgramShape, type Shape, shape, tupleShape } from "../shape.ts";
import { parseHloModule } from "../text/parser.ts";
import { printHloModule } from "../text/printer.ts";
import { inferShape } from "./shape_inference.ts";

const f32 = (...dims: number[]) => shape("f32", dims);
const u32 = shape("u32", []);
const s32 = shape("s32", []);
const main = { asyncExecutionThread: "main" };

function infer<K extends Opcode>(opcode: K, operands: readonly Shape[], attributes: AttributesOf<K>, opts: { called?: ProgramShape[]; declared?: Shape } = {}): Shape {
  return inferShape({ opcode, operands, attributes: attributes as never, called: opts.called ?? [], declared: opts.declared });
}

describe("copy-start and copy-done", () => {
  it("copy-start gives (destination, source, u32[] context), copy-done the destination", () => {
    const start = infer("copy-start", [f32(2, 3)], { crossProgramPrefetchIndex: 0 });
    expect(start).toEqual(tupleShape([f32(2, 3), f32(2, 3), u32]));
    expect(infer("copy-done", [start], {})).toEqual(f32(2, 3));
  });
  it("copy-done refuses buffers of different shapes with XLA's message", () => {
    expect(() => infer("copy-done", [tupleShape([f32(2, 3), f32(3, 2), u32])], {})).toThrow(
      "copy-done: Source and destination buffers in CopyDone arguments need to be the same shape found f32[2,3] and f32[3,2]",
    );
    expect(() => infer("copy-done", [f32(2)], {})).toThrow(ShapeError);
  });
});

describe("async-start, async-update, async-done", () => {
  const wrapped: ProgramShape = { parameters: [f32(10)], result: f32(20) };
  const state = tupleShape([tupleShape([f32(10)]), f32(20), s32]);
  it("async-start gives ((operands), result, context...) with the context read off the declared shape", () => {
    expect(infer("async-start", [f32(10)], main, { called: [wrapped] })).toEqual(tupleShape([tupleShape([f32(10)]), f32(20)]));
    expect(infer("async-start", [f32(10)], main, { called: [wrapped], declared: state })).toEqual(state);
  });
  it("async-update hands the state on and async-done gives element {1}, with or without the computation", () => {
    expect(infer("async-update", [state], main, { called: [wrapped] })).toEqual(state);
    expect(infer("async-update", [state], main)).toEqual(state);
    expect(infer("async-done", [state], main)).toEqual(f32(20));
  });
  it("refuses mismatches with XLA's verifier messages", () => {
    expect(() => infer("async-start", [f32(11)], main, { called: [wrapped] })).toThrow(
      "async-start: The async-start expects the shape of operand 0 to match the async shape at index {0} (f32[11] vs f32[10]).",
    );
    expect(() => infer("async-done", [f32(20)], main)).toThrow(
      "async-done: The async-done expects the async shape to be a tuple of at least two elements, found f32[20].",
    );
    expect(() => infer("async-done", [tupleShape([tupleShape([f32(10)]), f32(21)])], main, { called: [wrapped] })).toThrow(
      "async-done: The async-done expects the async shape at index {1} to match the async computation root shape (f32[21] vs f32[20]).",
    );
    expect(() => infer("async-update", [tupleShape([tupleShape([f32(9)]), f32(20)])], main, { called: [wrapped] })).toThrow(
      "async-update: The async-update expects the async shape at index {0} to match async computation parameter shape ((f32[9]) vs (f32[10])).",
    );
  });
});

describe("collective-broadcast", () => {
  it("gives its operand's shape, and refuses a tuple with XLA's message", () => {
    const a = { replicaGroups: { kind: "list" as const, groups: [[0]] }, constrainLayout: false };
    expect(infer("collective-broadcast", [shape("s32", [4])], a)).toEqual(shape("s32", [4]));
    expect(() => infer("collective-broadcast", [tupleShape([f32(1)])], a)).toThrow(
      "collective-broadcast: Expected array argument for operand of collective-broadcast, but got (f32[1]).",
    );
  });
});

describe("text of the new ops", () => {
  const lines = (text: string) => printHloModule(parseHloModule(text)).split("\n").map((l) => l.trim());
  it("prints copy-start's prefetch index and collective-broadcast's groups as XLA does", () => {
    const out = lines(`HloModule m
ENTRY main {
  p0 = f32[2,3] parameter(0)
  cs = (f32[2,3], f32[2,3], u32[]) copy-start(p0), cross_program_prefetch_index=0
  cd = f32[2,3] copy-done(cs)
  cs2 = (f32[2,3], f32[2,3], u32[]) copy-start(p0)
  cd2 = f32[2,3] copy-done(cs2)
  cb = f32[2,3] collective-broadcast(cd), channel_id=1, replica_groups={{0}}
  ROOT cb2 = f32[2,3] collective-broadcast(cd2), replica_groups={}
}
`);
    expect(out).toContain("cs = (f32[2,3]{1,0}, f32[2,3]{1,0}, u32[]) copy-start(p0), cross_program_prefetch_index=0");
    expect(out).toContain("cd = f32[2,3]{1,0} copy-done(cs)");
    expect(out).toContain("cs2 = (f32[2,3]{1,0}, f32[2,3]{1,0}, u32[]) copy-start(p0)");
    expect(out).toContain("cb = f32[2,3]{1,0} collective-broadcast(cd), channel_id=1, replica_groups={{0}}");
    expect(out).toContain("ROOT cb2 = f32[2,3]{1,0} collective-broadcast(cd2), replica_groups={}");
  });
  it("prints the thread and calls= on async-start only, as XLA does for a computation of several instructions", () => {
    const out = lines(`HloModule m
wrapped {
  a = f32[2,3] parameter(0)
  b = f32[2,3] parameter(1)
  m = f32[2,3] multiply(a, b)
  ROOT s = f32[2,3] add(m, a)
}, execution_thread="side"

ENTRY main {
  p0 = f32[2,3] parameter(0)
  st = ((f32[2,3], f32[2,3]), f32[2,3], s32[]) async-start(p0, p0), calls=wrapped, async_execution_thread="side"
  up = ((f32[2,3], f32[2,3]), f32[2,3], s32[]) async-update(st), calls=wrapped
  ROOT dn = f32[2,3] async-done(up)
}
`);
    expect(out).toContain('st = ((f32[2,3]{1,0}, f32[2,3]{1,0}), f32[2,3]{1,0}, s32[]) async-start(p0, p0), async_execution_thread="side", calls=wrapped');
    expect(out).toContain("up = ((f32[2,3]{1,0}, f32[2,3]{1,0}), f32[2,3]{1,0}, s32[]) async-update(st)");
    expect(out).toContain("ROOT dn = f32[2,3]{1,0} async-done(up)");
  });
  it("prints a one-op wrapped computation as XLA's op-start / op-done sugar, thread first, and reads it back", () => {
    const text = `HloModule m
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT c = f32[] add(a, b)
}

wrapped {
  x = f32[4,2] parameter(0)
  y = f32[] parameter(1)
  ROOT r = f32[4] reduce(x, y), dimensions={1}, to_apply=add
}

ENTRY main {
  p0 = f32[4,2] parameter(0)
  z = f32[] constant(0)
  st = ((f32[4,2], f32[]), f32[4]) async-start(p0, z), calls=wrapped, async_execution_thread="side", metadata={op_name="foo"}
  up = ((f32[4,2], f32[]), f32[4]) async-update(st)
  ROOT dn = f32[4] async-done(up), metadata={op_name="bar"}
}
`;
    const printed = printHloModule(parseHloModule(text));
    const out = printed.split("\n").map((l) => l.trim());
    // XLA: %st = ((f32[4,2]{1,0}, f32[]), f32[4]{0}) reduce-start(%p0, %z), async_execution_thread="side", dimensions={1}, to_apply=%add, metadata={op_name="foo"}
    expect(out).toContain('st = ((f32[4,2]{1,0}, f32[]), f32[4]{0}) reduce-start(p0, z), async_execution_thread="side", dimensions={1}, to_apply=add, metadata={op_name="foo"}');
    expect(out).toContain("up = ((f32[4,2]{1,0}, f32[]), f32[4]{0}) reduce-update(st)");
    expect(out).toContain('ROOT dn = f32[4]{0} reduce-done(up), metadata={op_name="bar"}');
    expect(printed).not.toContain("wrapped {");
    expect(printHloModule(parseHloModule(printed))).toBe(printed);
  });
  it("keeps the plain form where the sugar would lose the operand order", () => {
    const out = lines(`HloModule m
wrapped {
  x = f32[4] parameter(0)
  y = f32[4] parameter(1)
  ROOT r = f32[4] subtract(y, x)
}

ENTRY main {
  p0 = f32[4] parameter(0)
  p1 = f32[4] parameter(1)
  st = ((f32[4], f32[4]), f32[4]) async-start(p0, p1), calls=wrapped
  ROOT dn = f32[4] async-done(st)
}
`);
    expect(out).toContain("st = ((f32[4]{0}, f32[4]{0}), f32[4]{0}) async-start(p0, p1), calls=wrapped");
    expect(out).toContain("ROOT dn = f32[4]{0} async-done(st)");
  });
});
