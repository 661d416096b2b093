/**
 * Which devices a collective joins, XLA's rules (xla/service/collective_ops_utils.cc:
 * GetCollectiveOpGroupMode, GetParticipatingDevices; mesh groups as in
 * xla/hlo/ir/collective_device_list.cc). Devices form a grid of replicas x
 * partitions; minixla numbers them replica-major (device = replica *
 * partitions + partition, XLA's flattened id), which is also the order of
 * `evaluateSpmd`'s arguments and results.
 *
 * The group mode comes from channel_id and use_global_device_ids:
 * no channel: cross-replica (ids are replicas, per partition); a channel and
 * no use_global_device_ids attribute (all-to-all, collective-broadcast,
 * collective-permute): cross-partition (ids are partitions, per replica);
 * use_global_device_ids=false: cross-replica-and-partition (ids are replicas,
 * each taking all its partitions); true: flattened ids. Empty groups mean
 * every replica (partition); a device in no group, or in two, is an error.
 */
import { EvalError, type HloInstruction, type ReplicaGroups, expandReplicaGroups, replicaGroupsToString } from "@minixla/hlo";
import type { Immutable } from "immer";

/** The devices of a multi-device run: replicas x partitions. */
export interface DeviceGrid {
  readonly replicas: number;
  readonly partitions: number;
}

/** XLA's CollectiveOpGroupMode. */
export type GroupMode = "cross-replica" | "cross-partition" | "cross-replica-and-partition" | "flattened-id";

/** The attributes every grouped collective carries (use_global_device_ids only where the opcode has it). */
interface GroupedAttributes {
  readonly replicaGroups: Immutable<ReplicaGroups>;
  readonly channelId?: number;
  readonly useGlobalDeviceIds?: boolean;
}

type Named = { readonly name: string; readonly opcode: string };

/** GetCollectiveOpGroupMode: `useGlobal` undefined where the opcode has no such attribute. */
export function groupMode(inst: Named, hasChannel: boolean, useGlobal: boolean | undefined): GroupMode {
  if (!hasChannel) {
    if (useGlobal === true) throw new EvalError(`${inst.name} (${inst.opcode}): use_global_device_ids=true needs a channel_id (XLA: invalid combination of has_channel_id and use_global_device_ids)`);
    return "cross-replica";
  }
  if (useGlobal === undefined) return "cross-partition";
  return useGlobal ? "flattened-id" : "cross-replica-and-partition";
}

/** The mode of a grouped collective from its attributes. */
export function modeOf(inst: Named & { readonly attributes: GroupedAttributes }): GroupMode {
  const a = inst.attributes;
  return groupMode(inst, a.channelId !== undefined, "useGlobalDeviceIds" in a ? a.useGlobalDeviceIds : undefined);
}

/**
 * The mesh form's groups: each mesh axis reshaped into its referenced
 * sub-axes, the grouped (sub-)axes transposed to the end, rows of the group
 * size (MeshAxesReplicaGroupList::flattened_replica_groups).
 */
export function expandMeshGroups(g: Immutable<Extract<ReplicaGroups, { kind: "mesh" }>>): number[][] {
  const reshape: number[] = [];
  const grouped: number[] = [];
  g.axes.forEach((axis) => {
    const refs = g.groupAxes.map((r, k) => ({ ...r, k })).filter((r) => r.name === axis.name);
    const offset = reshape.length;
    if (refs.length === 0) {
      reshape.push(axis.size);
      return;
    }
    if (refs.length === 1 && refs[0].size === undefined) {
      reshape.push(axis.size);
      grouped.push(offset);
      return;
    }
    // Sub-axes `name:(pre)size`, sorted by pre-size, with padding between them; grouped in the order written.
    const sorted = [...refs].sort((a, b) => (a.preSize ?? 1) - (b.preSize ?? 1));
    const at = new Map<number, number>();
    let prefix = 1;
    for (const r of sorted) {
      const pre = r.preSize ?? 1;
      const size = r.size ?? axis.size;
      if (pre !== prefix) {
        reshape.push(pre / prefix);
        prefix = pre;
      }
      at.set(r.k, reshape.length);
      reshape.push(size);
      prefix *= size;
    }
    if (prefix !== axis.size) reshape.push(axis.size / prefix);
    for (const r of refs) grouped.push(at.get(r.k) as number);
  });
  const perm = [...reshape.keys()].filter((d) => !grouped.includes(d)).concat(grouped);
  const groupSize = grouped.reduce((p, d) => p * reshape[d], 1);
  const total = reshape.reduce((p, s) => p * s, 1);
  return expandReplicaGroups({ kind: "iota", groupCount: total / groupSize, groupSize, reshapeDimensions: reshape, transposePermutation: perm });
}

/** The groups as lists of ids (replica, partition or flattened ids by mode); [] for "every device". */
export function groupIds(groups: Immutable<ReplicaGroups>): number[][] {
  return groups.kind === "mesh" ? expandMeshGroups(groups) : expandReplicaGroups(groups);
}

/**
 * The participant groups of a collective over the whole grid, each a list of
 * devices in participant order (the order the collective combines them in);
 * every device is in exactly one group (at most one with `allowMissing`:
 * collective-broadcast leaves a device in no group out, StableHLO giving it zeros).
 */
export function participantGroups(inst: Named, groups: Immutable<ReplicaGroups>, mode: GroupMode, grid: DeviceGrid, allowMissing = false): number[][] {
  const { replicas: R, partitions: P } = grid;
  const lists = groupIds(groups);
  const text = () => replicaGroupsToString(groups);
  const idCount = mode === "cross-partition" ? P : mode === "flattened-id" ? R * P : R;
  if (mode === "flattened-id" && lists.length === 0) {
    throw new EvalError(`${inst.name} (${inst.opcode}): replica groups cannot be empty with use_global_device_ids=true`);
  }
  const ids = lists.length === 0 ? [[...Array(idCount).keys()]] : lists;
  const seen = new Set<number>();
  for (const g of ids) {
    for (const id of g) {
      if (!Number.isInteger(id) || id < 0 || id >= idCount) {
        throw new EvalError(
          `${inst.name} (${inst.opcode}): replica_groups=${text()} name id ${id}, but the ${mode} group mode has ids 0..${idCount - 1} on ${R} replica(s) x ${P} partition(s)`,
        );
      }
      if (seen.has(id)) throw new EvalError(`${inst.name} (${inst.opcode}): id ${id} appears twice in replica_groups=${text()}`);
      seen.add(id);
    }
  }
  if (seen.size !== idCount && !allowMissing) {
    const missing = [...Array(idCount).keys()].find((d) => !seen.has(d));
    throw new EvalError(`${inst.name} (${inst.opcode}): id ${missing} doesn't appear in replica_groups=${text()} (${mode}, ${R} replica(s) x ${P} partition(s))`);
  }
  const out: number[][] = [];
  switch (mode) {
    case "cross-replica":
      for (let p = 0; p < P; p++) for (const g of ids) out.push(g.map((r) => r * P + p));
      return out;
    case "cross-partition":
      for (let r = 0; r < R; r++) for (const g of ids) out.push(g.map((p) => r * P + p));
      return out;
    case "cross-replica-and-partition":
      for (const g of ids) out.push(g.flatMap((r) => [...Array(P).keys()].map((p) => r * P + p)));
      return out;
    case "flattened-id":
      return ids.map((g) => [...g]);
    default:
      return mode satisfies never;
  }
}

/** The participant groups of a grouped collective instruction. */
export function groupsOf(inst: HloInstruction & { readonly attributes: GroupedAttributes }, grid: DeviceGrid, allowMissing = false): number[][] {
  return participantGroups(inst, inst.attributes.replicaGroups, modeOf(inst), grid, allowMissing);
}

/**
 * collective-permute's pairs as device pairs: ids are replicas without a
 * channel (per partition) and partitions with one (per replica).
 */
export function permutePairs(inst: Named & { readonly attributes: { readonly sourceTargetPairs: readonly (readonly [number, number])[]; readonly channelId?: number } }, grid: DeviceGrid): [number, number][] {
  const { replicas: R, partitions: P } = grid;
  const crossPartition = inst.attributes.channelId !== undefined;
  const idCount = crossPartition ? P : R;
  const out: [number, number][] = [];
  for (const [s, t] of inst.attributes.sourceTargetPairs) {
    if (s >= idCount || t >= idCount) {
      throw new EvalError(`${inst.name} (${inst.opcode}): source_target_pairs name {${s},${t}}, but there are ${idCount} ${crossPartition ? "partitions" : "replicas"}`);
    }
    if (crossPartition) for (let r = 0; r < R; r++) out.push([r * P + s, r * P + t]);
    else for (let p = 0; p < P; p++) out.push([s * P + p, t * P + p]);
  }
  return out;
}
