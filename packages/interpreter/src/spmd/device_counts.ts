/**
 * How many replicas and partitions a module runs on: the header's
 * replica_count / num_partitions when it has them, else what its collectives
 * need, read off their groups (device_grid.ts's group modes) and, for
 * all-gather, reduce-scatter and all-to-all with no groups, off the ratio of
 * result to operand sizes along the gathered or scattered dimension.
 */
import { type HloInstruction, type HloModule, OPCODES, type Shape, isTupleShape } from "@minixla/hlo";
import { type GroupMode, groupIds, groupMode } from "./device_grid.ts";

/** A module's grid as far as its header says. */
export interface HeaderDeviceCounts {
  readonly replicaCount?: number;
  readonly numPartitions?: number;
}

/** replica_count and num_partitions of the module header, where given. */
export function headerDeviceCounts(m: HloModule): HeaderDeviceCounts {
  const read = (name: string) => {
    const v = m.headerAttributes.find((a) => a.name === name)?.value;
    return v === undefined ? undefined : Number(v);
  };
  const replicaCount = read("replica_count");
  const numPartitions = read("num_partitions");
  return { ...(replicaCount !== undefined ? { replicaCount } : {}), ...(numPartitions !== undefined ? { numPartitions } : {}) };
}

function firstArray(s: Shape): Shape {
  return isTupleShape(s) && s.tupleShapes.length > 0 ? firstArray(s.tupleShapes[0]) : s;
}

/** Devices in a group when there are no groups: result over operand size along the dimension (or the inverse). */
function sizeRatio(inst: HloInstruction, operandShape: Shape | undefined): number {
  if (!("dimension" in inst.attributes) || inst.attributes.dimension === undefined || operandShape === undefined) return 1;
  const d = inst.attributes.dimension;
  const out = firstArray(inst.opcode === "all-gather-start" && isTupleShape(inst.shape) ? inst.shape.tupleShapes[1] : inst.shape);
  const input = firstArray(operandShape);
  if (isTupleShape(out) || isTupleShape(input)) return 1;
  const a = out.dimensions[d];
  const b = input.dimensions[d];
  if (!(a > 0 && b > 0)) return 1;
  return a >= b ? Math.round(a / b) : Math.round(b / a);
}

/**
 * The grid a module needs: the header's counts where given; else, per
 * collective, the largest id of its groups + 1 (replica ids without a
 * channel or with use_global_device_ids=false, partition ids for
 * channel-carrying all-to-all, collective-broadcast and collective-permute,
 * replicas for flattened ids), or the size ratio when it has no groups.
 * 1 x 1 for a module without collectives.
 */
export function inferDeviceCounts(m: HloModule): { readonly replicaCount: number; readonly numPartitions: number } {
  const header = headerDeviceCounts(m);
  let replicas = 1;
  let partitions = 1;
  const need = (mode: GroupMode, n: number) => {
    if (mode === "cross-partition") partitions = Math.max(partitions, n);
    else replicas = Math.max(replicas, n);
  };
  for (const c of m.computations) {
    const shapes = new Map(c.instructions.map((i) => [i.name, i.shape]));
    for (const inst of c.instructions) {
      if (OPCODES[inst.opcode].family !== "collective") continue;
      const a = inst.attributes as { readonly replicaGroups?: Parameters<typeof groupIds>[0]; readonly channelId?: number; readonly useGlobalDeviceIds?: boolean; readonly sourceTargetPairs?: readonly (readonly [number, number])[] };
      const hasChannel = a.channelId !== undefined;
      if (a.sourceTargetPairs !== undefined) {
        const most = a.sourceTargetPairs.reduce((x, [s, t]) => Math.max(x, s + 1, t + 1), 1);
        need(hasChannel ? "cross-partition" : "cross-replica", most);
        continue;
      }
      if (a.replicaGroups === undefined) continue;
      let mode: GroupMode;
      try {
        mode = groupMode(inst, hasChannel, "useGlobalDeviceIds" in a ? a.useGlobalDeviceIds : undefined);
      } catch {
        continue; // the evaluator reports the bad combination
      }
      const groups = groupIds(a.replicaGroups);
      const n = groups.length === 0 ? sizeRatio(inst, shapes.get(inst.operands[0])) : groups.reduce((x, g) => g.reduce((y, id) => Math.max(y, id + 1), x), 1);
      need(mode, n);
    }
  }
  return { replicaCount: header.replicaCount ?? replicas, numPartitions: header.numPartitions ?? partitions };
}
