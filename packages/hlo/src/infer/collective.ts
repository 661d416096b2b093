/**
 * Shape rules of the collectives (shape_inference.cc: InferAllReduceShape,
 * InferAllGatherShape, InferAllGatherStartShape, InferReduceScatterShape,
 * InferAllToAllShape, InferAllToAllTupleShape, InferCollectivePermuteShape,
 * InferCollectivePermuteStartShape, InferRaggedAllToAllShape and the -done rules), plus replica-id and
 * partition-id (u32 scalars).
 *
 * The shard count of all-gather and reduce-scatter is the size of a replica
 * group; with no groups (every device) it is the module's device count,
 * which the text does not carry, so it is read off the declared result shape
 * where there is one, and is 1 (one device) otherwise; so is the partition
 * count of the cross-replica-and-partition mode (shardCount).
 */
import type { Immutable } from "immer";
import type { ReplicaGroups } from "../attributes.ts";
import { type ArrayShape, type Shape, expectArray, isTupleShape, shape, shapeToString, shapesEqual, tupleShape } from "../shape.ts";
import { meshGroupSize } from "../replica_groups.ts";
import { verifyReducerShape } from "./reducer.ts";
import { type FamilyRules, calledAt, fail } from "./rule.ts";
import { U32_SCALAR } from "./common_shapes.ts";

/** The size of every replica group, or undefined when there are none; groups of unequal size are refused. */
export function replicaGroupSize(g: Immutable<ReplicaGroups>, opcode: string): number | undefined {
  if (g.kind === "iota") return g.groupSize;
  if (g.kind === "mesh") return meshGroupSize(g);
  if (g.groups.length === 0) return undefined;
  const size = g.groups[0].length;
  if (g.groups.some((x) => x.length !== size)) fail(`Replica groups expected to be of uniform size for ${opcode}; got ${g.groups.map((x) => `{${x.join(",")}}`).join(",")}.`);
  if (size === 0) fail(`Replica groups of ${opcode} must not be empty.`);
  return size;
}

/** XLA's parser refuses global device ids without a channel (they name devices across the whole system). */
function checkGlobalIds(a: { readonly useGlobalDeviceIds: boolean; readonly channelId?: number }): void {
  if (a.useGlobalDeviceIds && a.channelId === undefined) fail("Cannot have use_global_device_ids=true without channel_id");
}

const arrays = (operands: readonly Shape[], what: string): ArrayShape[] => operands.map((o) => expectArray(o, what));
const oneOrTuple = (shapes: readonly Shape[]): Shape => (shapes.length === 1 ? shapes[0] : tupleShape(shapes));

/**
 * The shard count of all-gather and reduce-scatter: the group size; in
 * cross-replica-and-partition mode (a channel_id without global device ids)
 * each group spans every partition too, so the size is the group's times the
 * partition count, which the text does not carry: it is read off the
 * declared result where that is a multiple of the group size.
 */
function shardCount(
  a: { readonly replicaGroups: Immutable<ReplicaGroups>; readonly channelId?: number; readonly useGlobalDeviceIds: boolean },
  opcode: string, fromDeclared: () => number,
): number {
  const size = replicaGroupSize(a.replicaGroups, opcode);
  if (size === undefined) return fromDeclared();
  if (a.channelId === undefined || a.useGlobalDeviceIds) return size;
  const declared = fromDeclared();
  return declared > size && declared % size === 0 ? declared : size;
}

/** The declared result arrays, in operand order, or undefined when there is no usable declared shape. */
function declaredArrays(declared: Shape | undefined, count: number): readonly Shape[] | undefined {
  if (declared === undefined) return undefined;
  if (count === 1) return [declared];
  return isTupleShape(declared) && declared.tupleShapes.length === count ? declared.tupleShapes : undefined;
}

/** The shard count a declared result implies (result / operand along `dim` for a gather, the inverse for a scatter). */
function shardCountFromDeclared(operands: readonly ArrayShape[], declared: readonly Shape[] | undefined, dim: number, gather: boolean): number {
  const d = declared?.[0];
  const o = operands[0];
  if (d === undefined || isTupleShape(d) || d.dimensions.length !== o.dimensions.length || dim >= o.dimensions.length) return 1;
  const [big, small] = gather ? [d.dimensions[dim], o.dimensions[dim]] : [o.dimensions[dim], d.dimensions[dim]];
  return small > 0 && big % small === 0 && big >= small ? big / small : 1;
}

function allReduceShape(operands: readonly Shape[], called: Parameters<typeof calledAt>[0]): Shape {
  const xs = arrays(operands, "operand of cross replica sum");
  const t = xs[0].elementType;
  verifyReducerShape(calledAt(called, 0, "to_apply"), [shape(t, [])], [t], 1);
  return oneOrTuple(xs);
}

function allGatherShape(operands: readonly ArrayShape[], dim: number, shardCount: number): Shape {
  return oneOrTuple(
    operands.map((o) => {
      if (dim >= o.dimensions.length) fail(`all-gather dimension ${dim} is out of bounds for operand shape ${shapeToString(o)}.`);
      return { ...o, dimensions: o.dimensions.map((s, i) => (i === dim ? s * shardCount : s)) };
    }),
  );
}

/** The result arrays of an all-gather-start's declared (input, output) tuple. */
function startOutputs(declared: Shape | undefined, count: number): readonly Shape[] | undefined {
  if (declared === undefined || !isTupleShape(declared) || declared.tupleShapes.length !== 2) return undefined;
  return declaredArrays(declared.tupleShapes[1], count);
}

function tupleElement(s: Shape, i: number, opcode: string): Shape {
  if (!isTupleShape(s) || s.tupleShapes.length <= i) fail(`${opcode} expects a tuple operand with at least ${i + 1} elements; got ${shapeToString(s)}.`);
  return s.tupleShapes[i];
}

export const collectiveRules: FamilyRules<"collective"> = {
  "all-reduce": ({ operands, called, attributes }) => {
    // all-reduce alone allows groups of different sizes (hlo_verifier.cc's CheckReplicaGroups).
    checkGlobalIds(attributes);
    return allReduceShape(operands, called);
  },
  "all-reduce-start": ({ operands, called, attributes }) => {
    checkGlobalIds(attributes);
    return allReduceShape(operands, called);
  },
  // The returned value from AllReduceDone is the operand forwarded.
  "all-reduce-done": ({ operands }) => operands[0],

  "all-gather": ({ operands, attributes, declared }) => {
    const xs = arrays(operands, "operand of all-gather");
    checkGlobalIds(attributes);
    const n = shardCount(attributes, "all-gather", () => shardCountFromDeclared(xs, declaredArrays(declared, xs.length), attributes.dimension, true));
    return allGatherShape(xs, attributes.dimension, n);
  },
  "all-gather-start": ({ operands, attributes, declared }) => {
    const xs = arrays(operands, "operand of all-gather");
    checkGlobalIds(attributes);
    const n = shardCount(attributes, "all-gather-start", () => shardCountFromDeclared(xs, startOutputs(declared, xs.length), attributes.dimension, true));
    return tupleShape([oneOrTuple(xs), allGatherShape(xs, attributes.dimension, n)]);
  },
  "all-gather-done": ({ operands }) => tupleElement(operands[0], 1, "all-gather-done"),

  "reduce-scatter": ({ operands, attributes, called, declared }) => {
    const xs = arrays(operands, "operand of reduce-scatter");
    checkGlobalIds(attributes);
    const dim = attributes.dimension;
    const n = shardCount(attributes, "reduce-scatter", () => shardCountFromDeclared(xs, declaredArrays(declared, xs.length), dim, false));
    const t = xs[0].elementType;
    verifyReducerShape(calledAt(called, 0, "to_apply"), [shape(t, [])], [t], 1);
    return oneOrTuple(
      xs.map((o) => {
        if (dim >= o.dimensions.length) fail(`reduce-scatter dimension ${dim} is out of bounds for operand shape ${shapeToString(o)}.`);
        const size = o.dimensions[dim];
        if (size % n !== 0) fail(`ReduceScatter operand scatter dimension size ${size} must be dividable by shard_count ${n}.`);
        return { ...o, dimensions: o.dimensions.map((s, i) => (i === dim ? s / n : s)) };
      }),
    );
  },

  "all-to-all": ({ operands, attributes }) => {
    const groupSize = replicaGroupSize(attributes.replicaGroups, "all-to-all");
    const dim = attributes.dimension;
    if (dim === undefined) {
      // Tuple form: N operands of one shape, one per device of the group.
      operands.forEach((o, i) => {
        if (!shapesEqual(o, operands[0])) {
          fail(
            `HLO all-to-all has operands with different shapes: the 0th operand shape ${shapeToString(operands[0])}, but the ${i}th operand has shape ${shapeToString(o)}.`,
          );
        }
      });
      return tupleShape(operands);
    }
    if (operands.length !== 1) fail(`all-to-all with a split dimension takes one operand; got ${operands.length}.`);
    const x = expectArray(operands[0], "operand of all-to-all");
    if (dim >= x.dimensions.length) fail(`AllToAll split_dimension ${dim} is out-of-bounds in shape ${shapeToString(x)}.`);
    const count = groupSize ?? 1;
    if (x.dimensions[dim] % count !== 0) fail(`AllToAll split dimension size ${x.dimensions[dim]} must be dividable by split_count ${count}.`);
    // In HLO the split and concat dimensions are the same one, so the shape is kept.
    return x;
  },

  "collective-permute": ({ operands }) => expectArray(operands[0], "operand of collective-permute"),
  "collective-permute-start": ({ operands, declared }) => {
    const x = expectArray(operands[0], "operand of collective-permute-start");
    // Older XLA adds two u32[] context elements; they come from the declared shape.
    const context = declared !== undefined && isTupleShape(declared) ? declared.tupleShapes.slice(2) : [];
    for (const c of context) {
      if (!shapesEqual(c, U32_SCALAR)) fail(`collective-permute-start context elements must be u32[]; got ${shapeToString(c)}.`);
    }
    return tupleShape([x, x, ...context]);
  },
  "collective-permute-done": ({ operands }) => tupleElement(operands[0], 1, "collective-permute-done"),

  "collective-broadcast": ({ operands }) => expectArray(operands[0], "operand of collective-broadcast"),
  // hlo_verifier.cc HandleRaggedAllToAll: the four offsets/sizes operands share one rank-1 or rank-2 shape;
  // InferRaggedAllToAllShape: the result is operand 1 (output).
  "ragged-all-to-all": ({ operands }) => {
    for (let i = 2; i < 6; i++) {
      const o = operands[i];
      if (o === undefined || isTupleShape(o) || (o.dimensions.length !== 1 && o.dimensions.length !== 2)) {
        fail(`RaggedAllToAll operand ${i} must be rank 1 or 2: ${o === undefined ? "missing" : shapeToString(o)}`);
      }
      if (i > 2 && !shapesEqual(operands[i - 1], o)) fail(`RaggedAllToAll operands have different shapes (${i - 1}, ${i}): ${shapeToString(operands[i - 1])} vs ${shapeToString(o)}`);
    }
    return expectArray(operands[1], "operand 1 of ragged-all-to-all");
  },
  "replica-id": () => U32_SCALAR,
  "partition-id": () => U32_SCALAR,
};
