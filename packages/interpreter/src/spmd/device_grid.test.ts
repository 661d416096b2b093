/**
 * Replica groups as devices: the mesh form with whole axes and sub-axes
 * (the reshapes XLA's collective_device_list.cc documents), and each group
 * mode's mapping of ids to devices on a replicas x partitions grid.
 */
import { type InstructionOf, type ReplicaGroups, parseHloModule } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { expandMeshGroups, participantGroups } from "./device_grid.ts";

/** The groups of an all-reduce written with these replica_groups. */
function meshOf(text: string): Extract<ReplicaGroups, { kind: "mesh" }> {
  const m = parseHloModule(`HloModule m\n\nadd {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT c = f32[] add(a, b)\n}\n\nENTRY e {\n  p = f32[4] parameter(0)\n  ROOT r = f32[4] all-reduce(p), replica_groups=${text}, to_apply=add\n}\n`);
  const r = m.computations.at(-1)?.instructions.at(-1) as InstructionOf<"all-reduce">;
  const g = r.attributes.replicaGroups;
  if (g.kind !== "mesh") throw new Error("expected a mesh form");
  return g as Extract<ReplicaGroups, { kind: "mesh" }>;
}

const named = { name: "r", opcode: "all-reduce" };

describe("mesh replica groups", () => {
  it("group along whole axes", () => {
    expect(expandMeshGroups(meshOf("mesh['x'=2,'y'=2] {'y'}"))).toEqual([[0, 1], [2, 3]]);
    expect(expandMeshGroups(meshOf("mesh['x'=2,'y'=2] {'x'}"))).toEqual([[0, 2], [1, 3]]);
    expect(expandMeshGroups(meshOf("mesh['axis_0'=4,'axis_1'=2] {'axis_0'}"))).toEqual([[0, 2, 4, 6], [1, 3, 5, 7]]);
  });

  it("group along sub-axes: a:(1)2 of a=8 is the middle factor of [1,2,4]; a:(1)2 with a:(4)2 the outer and inner of [2,2,2]", () => {
    expect(expandMeshGroups(meshOf("mesh['a'=8] {'a':(1)2}"))).toEqual([[0, 4], [1, 5], [2, 6], [3, 7]]);
    expect(expandMeshGroups(meshOf("mesh['a'=8] {'a':(1)2,'a':(4)2}"))).toEqual([[0, 1, 4, 5], [2, 3, 6, 7]]);
  });
});

describe("group modes on a 2 x 3 grid (device = replica * 3 + partition)", () => {
  const grid = { replicas: 2, partitions: 3 };
  const list = (groups: number[][]): ReplicaGroups => ({ kind: "list", groups });

  it("cross-replica groups replicas within each partition", () => {
    expect(participantGroups(named, list([[1, 0]]), "cross-replica", grid)).toEqual([[3, 0], [4, 1], [5, 2]]);
  });
  it("cross-partition groups partitions within each replica", () => {
    expect(participantGroups(named, list([[0, 2], [1]]), "cross-partition", grid)).toEqual([[0, 2], [1], [3, 5], [4]]);
  });
  it("cross-replica-and-partition takes every partition of the group's replicas, replicas outer", () => {
    expect(participantGroups(named, list([[1, 0]]), "cross-replica-and-partition", grid)).toEqual([[3, 4, 5, 0, 1, 2]]);
  });
  it("flattened ids are devices", () => {
    expect(participantGroups(named, list([[5, 0, 1], [2, 3, 4]]), "flattened-id", grid)).toEqual([[5, 0, 1], [2, 3, 4]]);
    expect(() => participantGroups(named, list([]), "flattened-id", grid)).toThrow("replica groups cannot be empty with use_global_device_ids=true");
  });
});
