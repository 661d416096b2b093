/**
 * Shape rules of the inverse trigonometric and hyperbolic ops, the
 * collectives and the token ops, with XLA's messages (shape_inference.cc,
 * hlo_verifier.cc, and the parser's own check on use_global_device_ids).
 */
import { describe, expect, it } from "vitest";
import type { AttributesOf, Opcode } from "../opcode.ts";
import { ShapeError } from "../errors.ts";
import { type ProgramShape, type Shape, shape, tupleShape } from "../shape.ts";
import { inferShape } from "./shape_inference.ts";

const f32 = (...dims: number[]) => shape("f32", dims);
const ADD: ProgramShape = { parameters: [f32(), f32()], result: f32() };
const groups = (...gs: number[][]) => ({ kind: "list" as const, groups: gs });
const common = { replicaGroups: groups(), useGlobalDeviceIds: false, constrainLayout: false };

function infer<K extends Opcode>(opcode: K, operands: readonly Shape[], attributes: AttributesOf<K>, opts: { called?: ProgramShape[]; declared?: Shape } = {}): Shape {
  return inferShape({ opcode, operands, attributes: attributes as never, called: opts.called ?? [], declared: opts.declared });
}

describe("acos, acosh, asin, asinh, atanh, cosh, sinh", () => {
  const ops = ["acos", "acosh", "asin", "asinh", "atanh", "cosh", "sinh"] as const;
  it.each(ops)("%s keeps a floating or complex operand's shape", (op) => {
    for (const t of ["f32", "f64", "f16", "bf16", "c64", "c128", "f8e4m3fn"] as const) {
      expect(infer(op, [shape(t, [2, 0])], {})).toEqual(shape(t, [2, 0]));
    }
  });
  it.each(ops)("%s rejects integers and pred with XLA's message", (op) => {
    expect(() => infer(op, [shape("s32", [3])], {})).toThrow(ShapeError);
    expect(() => infer(op, [shape("s32", [3])], {})).toThrow(`${op}: Expected element type in shape to be floating or complex for ${op} operation; got S32.`);
    expect(() => infer(op, [shape("pred", [])], {})).toThrow(`got PRED.`);
  });
});

describe("collective shape rules", () => {
  it("all-reduce returns its operand, or a tuple of several; the reducer is checked", () => {
    expect(infer("all-reduce", [f32(2, 3)], common, { called: [ADD] })).toEqual(f32(2, 3));
    expect(infer("all-reduce", [f32(2), f32(3)], common, { called: [ADD] })).toEqual(tupleShape([f32(2), f32(3)]));
    expect(infer("all-reduce-start", [f32(2)], common, { called: [ADD] })).toEqual(f32(2));
    expect(infer("all-reduce-done", [f32(2)], {})).toEqual(f32(2));
    // Unlike the gathers and scatters, all-reduce takes groups of different sizes.
    expect(infer("all-reduce", [f32(2)], { ...common, replicaGroups: groups([0, 2], [1]) }, { called: [ADD] })).toEqual(f32(2));
    const bad: ProgramShape = { parameters: [f32()], result: f32() };
    expect(() => infer("all-reduce", [f32(2)], common, { called: [bad] })).toThrow("Reduction function must take 2 parameters, but takes 1 parameter(s).");
    expect(() => infer("all-reduce", [tupleShape([f32(2)])], common, { called: [ADD] })).toThrow(
      "all-reduce: Expected array argument for operand of cross replica sum, but got (f32[2]).",
    );
  });

  it("refuses use_global_device_ids without a channel_id, as XLA's parser does", () => {
    expect(() => infer("all-reduce", [f32(2)], { ...common, useGlobalDeviceIds: true }, { called: [ADD] })).toThrow(
      "all-reduce: Cannot have use_global_device_ids=true without channel_id",
    );
    expect(infer("all-reduce", [f32(2)], { ...common, useGlobalDeviceIds: true, channelId: 1 }, { called: [ADD] })).toEqual(f32(2));
  });

  it("all-gather multiplies the gathered dimension by the group size (else the declared shape's ratio, else 1)", () => {
    expect(infer("all-gather", [f32(2, 3)], { ...common, replicaGroups: groups([0, 1]), dimension: 1 })).toEqual(f32(2, 6));
    expect(infer("all-gather", [f32(2, 3)], { ...common, replicaGroups: { kind: "iota", groupCount: 2, groupSize: 4, reshapeDimensions: [8] }, dimension: 0 })).toEqual(f32(8, 3));
    expect(infer("all-gather", [f32(2, 3)], { ...common, dimension: 0 }, { declared: f32(6, 3) })).toEqual(f32(6, 3));
    expect(infer("all-gather", [f32(2, 3)], { ...common, dimension: 0 })).toEqual(f32(2, 3));
    expect(infer("all-gather", [f32(2), f32(4)], { ...common, replicaGroups: groups([0]), dimension: 0 })).toEqual(tupleShape([f32(2), f32(4)]));
    expect(() => infer("all-gather", [f32(2)], { ...common, replicaGroups: groups([0, 1], [2]), dimension: 0 })).toThrow(
      "Replica groups expected to be of uniform size for all-gather; got {0,1},{2}.",
    );
  });

  it("in cross-replica-and-partition mode the shard count spans the partitions too (read off the declared shape)", () => {
    const crp = { ...common, replicaGroups: groups([0, 1]), channelId: 1, dimension: 1 };
    // 2 replicas x 2 partitions: a group of 2 replicas gathers from 4 devices (hlo_verifier.cc GetSubgroupSize).
    expect(infer("all-gather", [f32(2, 2)], crp, { declared: f32(2, 8) })).toEqual(f32(2, 8));
    expect(infer("all-gather", [f32(2, 2)], crp)).toEqual(f32(2, 4));
    // A declared size that is no multiple of the group size is not taken: the group size stands.
    expect(infer("all-gather", [f32(2, 2)], crp, { declared: f32(2, 6) })).toEqual(f32(2, 4));
    // Cross-replica (no channel) and flattened ids: the group is exactly the listed devices.
    expect(infer("all-gather", [f32(2, 2)], { ...crp, channelId: undefined }, { declared: f32(2, 8) })).toEqual(f32(2, 4));
    expect(infer("all-gather", [f32(2, 2)], { ...crp, useGlobalDeviceIds: true }, { declared: f32(2, 8) })).toEqual(f32(2, 4));
    expect(infer("reduce-scatter", [f32(8)], { ...crp, dimension: 0 }, { called: [ADD], declared: f32(2) })).toEqual(f32(2));
  });

  it("sizes the mesh-axes form's groups by the (sub-)axes they span", () => {
    const mesh = (groupAxes: { name: string; preSize?: number; size?: number }[]) => ({
      kind: "mesh" as const, axes: [{ name: "a", size: 2 }, { name: "b", size: 4 }], groupAxes,
    });
    expect(infer("all-gather", [f32(8, 4)], { ...common, replicaGroups: mesh([{ name: "b", preSize: 1, size: 2 }]), dimension: 0 })).toEqual(f32(16, 4));
    expect(infer("all-gather", [f32(8, 4)], { ...common, replicaGroups: mesh([{ name: "b" }]), dimension: 1 })).toEqual(f32(8, 16));
    expect(infer("reduce-scatter", [f32(8, 4)], { ...common, replicaGroups: mesh([{ name: "a" }, { name: "b" }]), dimension: 0 }, { called: [ADD] })).toEqual(f32(1, 4));
  });

  it("all-gather-start gives (input, output) and all-gather-done the output", () => {
    const start = infer("all-gather-start", [f32(1, 8, 4)], { ...common, replicaGroups: groups([0, 1, 2, 3, 4, 5, 6, 7]), dimension: 0 });
    // XLA's ShapeInferenceTest.AllGatherStart.
    expect(start).toEqual(tupleShape([f32(1, 8, 4), f32(8, 8, 4)]));
    expect(infer("all-gather-done", [start], {})).toEqual(f32(8, 8, 4));
    const multi = infer("all-gather-start", [f32(1, 8, 4), f32(1, 5)], { ...common, replicaGroups: groups([0, 1, 2, 3, 4, 5, 6, 7]), dimension: 0 });
    expect(multi).toEqual(tupleShape([tupleShape([f32(1, 8, 4), f32(1, 5)]), tupleShape([f32(8, 8, 4), f32(8, 5)])]));
  });

  it("reduce-scatter divides the scattered dimension by the group size", () => {
    expect(infer("reduce-scatter", [f32(4, 6)], { ...common, replicaGroups: groups([0, 1]), dimension: 1 }, { called: [ADD] })).toEqual(f32(4, 3));
    expect(infer("reduce-scatter", [f32(4, 6)], { ...common, dimension: 0 }, { called: [ADD], declared: f32(1, 6) })).toEqual(f32(1, 6));
    expect(() => infer("reduce-scatter", [f32(4, 5)], { ...common, replicaGroups: groups([0, 1]), dimension: 1 }, { called: [ADD] })).toThrow(
      "reduce-scatter: ReduceScatter operand scatter dimension size 5 must be dividable by shard_count 2.",
    );
  });

  it("all-to-all keeps the shape (array form) or returns the tuple of equal operands", () => {
    const a2a = { replicaGroups: groups([0, 1]), constrainLayout: false };
    expect(infer("all-to-all", [f32(4, 6)], { ...a2a, dimension: 1 })).toEqual(f32(4, 6));
    expect(infer("all-to-all", [f32(2), f32(2)], a2a)).toEqual(tupleShape([f32(2), f32(2)]));
    expect(() => infer("all-to-all", [f32(2, 3)], { ...a2a, dimension: 2 })).toThrow("AllToAll split_dimension 2 is out-of-bounds in shape f32[2,3].");
    expect(() => infer("all-to-all", [f32(3)], { ...a2a, dimension: 0 })).toThrow("AllToAll split dimension size 3 must be dividable by split_count 2.");
    expect(() => infer("all-to-all", [f32(2), f32(3)], a2a)).toThrow(
      "HLO all-to-all has operands with different shapes: the 0th operand shape f32[2], but the 1th operand has shape f32[3].",
    );
  });

  it("collective-permute keeps the shape; its start pairs it with the result (and XLA's older u32[] contexts)", () => {
    const pairs = { sourceTargetPairs: [[0, 0]] as [number, number][] };
    expect(infer("collective-permute", [f32(2)], pairs)).toEqual(f32(2));
    expect(infer("collective-permute-start", [f32(2)], pairs)).toEqual(tupleShape([f32(2), f32(2)]));
    const old = tupleShape([f32(2), f32(2), shape("u32", []), shape("u32", [])]);
    expect(infer("collective-permute-start", [f32(2)], pairs, { declared: old })).toEqual(old);
    expect(infer("collective-permute-done", [old], {})).toEqual(f32(2));
    expect(() => infer("collective-permute-done", [f32(2)], {})).toThrow("collective-permute-done expects a tuple operand with at least 2 elements; got f32[2].");
  });

  it("replica-id and partition-id are u32 scalars", () => {
    expect(infer("replica-id", [], {})).toEqual(shape("u32", []));
    expect(infer("partition-id", [], {})).toEqual(shape("u32", []));
  });
});

describe("token and state shape rules", () => {
  const token = shape("token", []);
  it("after-all takes tokens only and gives a token", () => {
    expect(infer("after-all", [], {})).toEqual(token);
    expect(infer("after-all", [token, token], {})).toEqual(token);
    expect(() => infer("after-all", [f32(2)], {})).toThrow("after-all: Operands of token instructions must be TOKEN types.");
  });
  it("add-dependency passes its first operand's shape; domain is the identity", () => {
    const t = tupleShape([f32(2), shape("s32", [])]);
    expect(infer("add-dependency", [t, token], {})).toEqual(t);
    expect(() => infer("add-dependency", [f32(2), f32(2)], {})).toThrow("The second operand of add-dependency must be a token; got f32[2].");
    expect(infer("domain", [f32(3)], { domain: "{kind=\"sharding\", entry={maximal device=0}, exit={replicated}}" })).toEqual(f32(3));
  });
  it("rng-get-and-update-state is u64[2]", () => {
    expect(infer("rng-get-and-update-state", [], { delta: 8 })).toEqual(shape("u64", [2]));
    expect(() => infer("rng-get-and-update-state", [], { delta: 8 }, { declared: shape("u64", [3]) })).toThrow(
      "Invalid RngGetAndUpdateState, expect result to have shape u64[2], got u64[3]",
    );
  });
});
