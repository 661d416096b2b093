/** Collectives (one replica, one partition when evaluated): all-reduce, all-gather, reduce-scatter, all-to-all, permutes, ids. */
import { type AttributesOf, type HloModule, type Shape, ShapeError, tupleShape } from "@minixla/hlo";
import { type CollectiveOptions, collectiveAttributes } from "../collective_options.ts";
import type { XlaOp } from "../op.ts";
import type { Recorder } from "../recorder.ts";
import { type ComputationOf, computation } from "../sub_builder.ts";
import { reshape, transpose } from "./data_movement.ts";
import { arrayOf, listOf } from "./operand_shapes.ts";

type Pairs = readonly (readonly [number, number])[];

/** The (T, T) -> T computation of a collective, T the first operand's element type. */
function collectiveComputation<B>(r: Recorder<B>, where: string, operands: readonly XlaOp[], c: ComputationOf<B>): HloModule {
  if (typeof c !== "function") return c;
  const first = operands[0];
  if (first === undefined) throw new ShapeError(`${where}: expected at least one operand`);
  const t = arrayOf(r.typed(first, undefined, where), where).elementType;
  return computation(r, c, [t, t], "reducer");
}

/** The result of a gather (scatter) by `shardCount` along `dim`, where the groups do not say it; undefined for 1. */
function scaledDeclared(operands: readonly XlaOp[], dim: number, shardCount: number, gather: boolean): Shape | undefined {
  if (shardCount === 1) return undefined;
  if (!Number.isInteger(shardCount) || shardCount < 1) throw new ShapeError(`collective: shard_count must be a positive integer; got ${shardCount}`);
  const shapes = operands.map((o) => {
    const s = arrayOf(o, gather ? "allGather" : "reduceScatter");
    if (!gather && dim < s.dimensions.length && s.dimensions[dim] % shardCount !== 0) {
      throw new ShapeError(`reduce-scatter: ReduceScatter operand scatter dimension size ${s.dimensions[dim]} must be dividable by shard_count ${shardCount}.`);
    }
    return { ...s, dimensions: s.dimensions.map((d, i) => (i !== dim ? d : gather ? d * shardCount : d / shardCount)) };
  });
  return shapes.length === 1 ? shapes[0] : tupleShape(shapes);
}

function permuteAttributes(pairs: Pairs, channelId: number | undefined): AttributesOf<"collective-permute"> {
  return { sourceTargetPairs: pairs.map(([s, t]) => [s, t]), ...(channelId === undefined ? {} : { channelId }) };
}

export function allReduce<B>(
  r: Recorder<B>, opcode: "all-reduce" | "all-reduce-start", operand: XlaOp | readonly XlaOp[], reducer: ComputationOf<B>, opts: CollectiveOptions,
): XlaOp {
  const operands = listOf(operand);
  return r.atomically(() => r.add(opcode, operands, collectiveAttributes(opts), { called: [collectiveComputation(r, opcode, operands, reducer)] }));
}

export function allGather(r: Recorder, operand: XlaOp | readonly XlaOp[], allGatherDimension: number, shardCount: number, opts: CollectiveOptions): XlaOp {
  const operands = listOf(operand);
  const declared = scaledDeclared(operands, allGatherDimension, shardCount, true);
  return r.add("all-gather", operands, { ...collectiveAttributes(opts), dimension: allGatherDimension }, { declared });
}

export function allGatherStart(r: Recorder, operand: XlaOp | readonly XlaOp[], allGatherDimension: number, shardCount: number, opts: CollectiveOptions): XlaOp {
  const operands = listOf(operand);
  const out = scaledDeclared(operands, allGatherDimension, shardCount, true);
  const input = operands.length === 1 ? operands[0].shape : tupleShape(operands.map((o) => o.shape));
  const declared = out === undefined ? undefined : tupleShape([input, out]);
  return r.add("all-gather-start", operands, { ...collectiveAttributes(opts), dimension: allGatherDimension }, { declared });
}

export function reduceScatter<B>(
  r: Recorder<B>, operand: XlaOp | readonly XlaOp[], reducer: ComputationOf<B>, scatterDimension: number, shardCount: number, opts: CollectiveOptions,
): XlaOp {
  const operands = listOf(operand);
  const declared = scaledDeclared(operands, scatterDimension, shardCount, false);
  return r.atomically(() => {
    const called = collectiveComputation(r, "reduce-scatter", operands, reducer);
    return r.add("reduce-scatter", operands, { ...collectiveAttributes(opts), dimension: scatterDimension }, { called: [called], declared });
  });
}

export function allToAll(r: Recorder, operand: XlaOp, splitDimension: number, concatDimension: number, splitCount: number, opts: CollectiveOptions): XlaOp {
  const s = arrayOf(operand, "allToAll");
  const { useGlobalDeviceIds: _unused, ...common } = collectiveAttributes(opts);
  const a2a = r.add("all-to-all", [operand], { ...common, dimension: splitDimension });
  if (splitDimension === concatDimension) return a2a;
  const dims = s.dimensions;
  const sizes = dims.flatMap((d, i) => (i === splitDimension ? [splitCount, d / splitCount] : [d]));
  const permutation = dims.flatMap((_, i) => {
    const after = i >= splitDimension ? i + 1 : i;
    return i === concatDimension ? [splitDimension, after] : [after];
  });
  const expected = dims.map((d, i) => (i === splitDimension ? d / splitCount : i === concatDimension ? d * splitCount : d));
  return reshape(r, transpose(r, reshape(r, a2a, sizes), permutation), expected);
}

export function allToAllTuple(r: Recorder, operands: readonly XlaOp[], opts: CollectiveOptions): XlaOp {
  const { useGlobalDeviceIds: _unused, ...common } = collectiveAttributes(opts);
  return r.add("all-to-all", operands, common);
}

export function collectivePermute(
  r: Recorder, opcode: "collective-permute" | "collective-permute-start", operand: XlaOp, sourceTargetPairs: Pairs, channelId: number | undefined,
): XlaOp {
  return r.add(opcode, [operand], permuteAttributes(sourceTargetPairs, channelId));
}

export function collectiveBroadcast(r: Recorder, operand: XlaOp, replicaGroups: readonly (readonly number[])[], channelId: number | undefined): XlaOp {
  const { useGlobalDeviceIds: _unused, ...common } = collectiveAttributes({ replicaGroups, channelId });
  return r.add("collective-broadcast", [operand], common);
}

/** ragged-all-to-all over (input, output, input_offsets, send_sizes, output_offsets, recv_sizes), in HLO's operand order. */
export function raggedAllToAll(r: Recorder, operands: readonly [XlaOp, XlaOp, XlaOp, XlaOp, XlaOp, XlaOp], replicaGroups: readonly (readonly number[])[], channelId: number | undefined): XlaOp {
  const { useGlobalDeviceIds: _unused, ...common } = collectiveAttributes({ replicaGroups, channelId });
  return r.add("ragged-all-to-all", operands, common);
}

/** all-reduce-done, all-gather-done, collective-permute-done: the result of their start. */
export function collectiveDone(r: Recorder, opcode: "all-reduce-done" | "all-gather-done" | "collective-permute-done", start: XlaOp): XlaOp {
  return r.add(opcode, [start], {});
}

export function deviceId(r: Recorder, opcode: "replica-id" | "partition-id"): XlaOp {
  return r.add(opcode, [], {});
}
