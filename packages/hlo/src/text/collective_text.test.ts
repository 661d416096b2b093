/**
 * The collectives' and token ops' attributes in HLO text: modules printed by
 * XLA itself (xla_client's short_parsable printer, jaxlib 0.10.2) parse and
 * print back unchanged, and iota replica groups come out in XLA's canonical
 * form.
 */
import { describe, expect, it } from "vitest";
import { ParseError } from "../errors.ts";
import { expandReplicaGroups } from "../replica_groups.ts";
import { parseHloModule } from "./parser.ts";
import { printHloModule } from "./printer.ts";

/** XLA's own printing of a module with every collective, async pair, id and token op. */
const COLLECTIVES = `HloModule collectives, entry_computation_layout={(f32[2,3]{1,0}, f32[2,3]{1,0})->(f32[2,3]{1,0}, (f32[2,3]{1,0}, f32[2,3]{1,0}), f32[2,3]{1,0}, f32[2,3]{1,0}, f32[2,3]{1,0}, /*index=5*/f32[2,3]{1,0}, (f32[2,3]{1,0}, f32[2,3]{1,0}), f32[2,3]{1,0}, f32[2,3]{1,0}, u32[], /*index=10*/u32[], f32[2,3]{1,0})}

add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT c = f32[] add(a, b)
}

ENTRY e {
  p = f32[2,3]{1,0} parameter(0)
  ag = f32[2,3]{1,0} all-gather(p), channel_id=2, replica_groups={{0}}, dimensions={1}, use_global_device_ids=true
  rng = u64[2]{0} rng-get-and-update-state(), delta=8
  ar = f32[2,3]{1,0} all-reduce(p), channel_id=3, replica_groups={{0}}, constrain_layout=true, use_global_device_ids=true, to_apply=add
  q = f32[2,3]{1,0} parameter(1)
  ar2 = (f32[2,3]{1,0}, f32[2,3]{1,0}) all-reduce(p, q), replica_groups=[1,1]<=[1], to_apply=add
  ars = f32[2,3]{1,0} all-reduce-start(p), replica_groups={}, to_apply=add
  ard = f32[2,3]{1,0} all-reduce-done(ars)
  ags = (f32[2,3]{1,0}, f32[2,3]{1,0}) all-gather-start(p), replica_groups={}, constrain_layout=true, dimensions={0}
  agd = f32[2,3]{1,0} all-gather-done(ags)
  rs = f32[2,3]{1,0} reduce-scatter(p), channel_id=1, replica_groups={{0}}, use_global_device_ids=true, dimensions={1}, to_apply=add
  a2a = f32[2,3]{1,0} all-to-all(p), channel_id=1, replica_groups={{0}}, constrain_layout=true, dimensions={1}
  a2t = (f32[2,3]{1,0}, f32[2,3]{1,0}) all-to-all(p, q), replica_groups={{0,1}}
  cp = f32[2,3]{1,0} collective-permute(p), channel_id=1, source_target_pairs={{0,0}}
  cps = (f32[2,3]{1,0}, f32[2,3]{1,0}) collective-permute-start(p), source_target_pairs={{0,1},{1,0}}
  cpd = f32[2,3]{1,0} collective-permute-done(cps)
  rid = u32[] replica-id()
  pid = u32[] partition-id()
  t0 = token[] after-all()
  t1 = token[] after-all(t0, t0)
  dep = f32[2,3]{1,0} add-dependency(p, t1)
  dom = f32[2,3]{1,0} domain(dep), domain={kind="sharding", entry={maximal device=0}, exit={maximal device=1}}
  ROOT t = (f32[2,3]{1,0}, (f32[2,3]{1,0}, f32[2,3]{1,0}), f32[2,3]{1,0}, f32[2,3]{1,0}, f32[2,3]{1,0}, /*index=5*/f32[2,3]{1,0}, (f32[2,3]{1,0}, f32[2,3]{1,0}), f32[2,3]{1,0}, f32[2,3]{1,0}, u32[], /*index=10*/u32[], f32[2,3]{1,0}) tuple(ar, ar2, ard, agd, rs, a2a, a2t, cp, cpd, rid, pid, dom)
}
`;

/** XLA's printing of iota replica groups, the inverse functions and reduce-scatter's constrain_layout. */
const IOTA_AND_INVERSE = `HloModule iota_groups, entry_computation_layout={(f32[4]{0}, c64[2]{0})->(f32[4]{0}, f32[8]{0}, f32[4]{0}, f32[4]{0}, f32[4]{0}, /*index=5*/f32[4]{0}, f32[4]{0}, c64[2]{0})}

add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT c = f32[] add(a, b)
}

ENTRY e {
  p = f32[4]{0} parameter(0)
  ar = f32[4]{0} all-reduce(p), replica_groups=[2,2]<=[4], to_apply=add
  ag = f32[8]{0} all-gather(p), replica_groups=[2,2]<=[2,2]T(1,0), dimensions={0}
  rs = f32[4]{0} reduce-scatter(p), channel_id=1, replica_groups={}, constrain_layout=true, use_global_device_ids=true, dimensions={0}, to_apply=add
  x1 = f32[4]{0} acos(p)
  x2 = f32[4]{0} acosh(x1)
  x3 = f32[4]{0} asinh(x2)
  x4 = f32[4]{0} sinh(x3)
  cc = c64[2]{0} parameter(1)
  y = c64[2]{0} atanh(cc)
  y2 = c64[2]{0} cosh(y)
  y3 = c64[2]{0} asin(y2)
  ROOT t = (f32[4]{0}, f32[8]{0}, f32[4]{0}, f32[4]{0}, f32[4]{0}, /*index=5*/f32[4]{0}, f32[4]{0}, c64[2]{0}) tuple(ar, ag, rs, x1, x2, x3, x4, y3)
}
`;

/** Iota groups as written ... */
const IOTA_WRITTEN = `HloModule iota_forms
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT c = f32[] add(a, b)
}
ENTRY e {
  p = f32[8] parameter(0)
  a1 = f32[8] all-reduce(p), replica_groups=[2,2]<=[2,2]T(0,1), to_apply=add
  a2 = f32[8] all-reduce(p), replica_groups=[4,2]<=[2,2,2]T(0,2,1), to_apply=add
  a3 = f32[8] all-reduce(p), replica_groups=[2,4]<=[2,2,2]T(2,0,1), to_apply=add
  a4 = f32[8] all-reduce(p), replica_groups=[8,1]<=[2,1,4]T(2,1,0), to_apply=add
  a5 = f32[8] all-reduce(p), replica_groups=[1,1]<=[1], to_apply=add
  ROOT t = (f32[8], f32[8], f32[8], f32[8], f32[8]) tuple(a1, a2, a3, a4, a5)
}
`;
/** ... and as XLA prints them back (size-1 dimensions dropped, adjacent ones merged, identity transposes left out). */
const IOTA_CANONICAL = `HloModule iota_forms, entry_computation_layout={(f32[8]{0})->(f32[8]{0}, f32[8]{0}, f32[8]{0}, f32[8]{0}, f32[8]{0})}

add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT c = f32[] add(a, b)
}

ENTRY e {
  p = f32[8]{0} parameter(0)
  a1 = f32[8]{0} all-reduce(p), replica_groups=[2,2]<=[4], to_apply=add
  a2 = f32[8]{0} all-reduce(p), replica_groups=[4,2]<=[2,2,2]T(0,2,1), to_apply=add
  a3 = f32[8]{0} all-reduce(p), replica_groups=[2,4]<=[4,2]T(1,0), to_apply=add
  a4 = f32[8]{0} all-reduce(p), replica_groups=[8,1]<=[2,4]T(1,0), to_apply=add
  a5 = f32[8]{0} all-reduce(p), replica_groups=[1,1]<=[1], to_apply=add
  ROOT t = (f32[8]{0}, f32[8]{0}, f32[8]{0}, f32[8]{0}, f32[8]{0}) tuple(a1, a2, a3, a4, a5)
}
`;

/** XLA's printing of the mesh-axes form of replica_groups (whose group sizes, 2, 2 and 8, size the results). */
const MESH = `HloModule mesh_groups, entry_computation_layout={(f32[8,4]{1,0})->(f32[8,4]{1,0}, f32[16,4]{1,0}, f32[1,4]{1,0})}

add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT c = f32[] add(a, b)
}

ENTRY e {
  p = f32[8,4]{1,0} parameter(0)
  a1 = f32[8,4]{1,0} all-reduce(p), replica_groups=mesh['axis_0'=2,'axis_1'=2] {'axis_1'}, to_apply=add
  a2 = f32[16,4]{1,0} all-gather(p), channel_id=1, replica_groups=mesh['a'=2,'b'=4] {'b':(1)2}, dimensions={0}, use_global_device_ids=true
  a3 = f32[1,4]{1,0} reduce-scatter(p), channel_id=2, replica_groups=mesh['a'=2,'b'=4] {'a','b'}, use_global_device_ids=true, dimensions={0}, to_apply=add
  ROOT t = (f32[8,4]{1,0}, f32[16,4]{1,0}, f32[1,4]{1,0}) tuple(a1, a2, a3)
}
`;

describe("collective attributes in HLO text", () => {
  it.each([
    ["every collective, async pair, id and token op", COLLECTIVES],
    ["iota replica groups and the inverse trigonometric ops", IOTA_AND_INVERSE],
    ["mesh-axes replica groups, sub-axes included", MESH],
  ])("prints %s exactly as XLA does", (_what, text) => {
    expect(printHloModule(parseHloModule(text))).toBe(text);
  });

  it("canonicalizes iota replica groups as XLA does", () => {
    expect(printHloModule(parseHloModule(IOTA_WRITTEN))).toBe(IOTA_CANONICAL);
  });

  it("keeps the attributes it reads", () => {
    const entry = parseHloModule(COLLECTIVES).computations.find((c) => c.name === "e");
    const ar = entry?.instructions.find((i) => i.name === "ar");
    expect(ar?.attributes).toEqual({
      replicaGroups: { kind: "list", groups: [[0]] }, channelId: 3, constrainLayout: true, useGlobalDeviceIds: true,
    });
    expect(ar?.called).toEqual(["add"]);
    const cps = entry?.instructions.find((i) => i.name === "cps");
    expect(cps?.attributes).toEqual({ sourceTargetPairs: [[0, 1], [1, 0]] });
    const rng = entry?.instructions.find((i) => i.name === "rng");
    expect(rng?.attributes).toEqual({ delta: 8 });
  });

  it("expands iota groups: iota, reshape, transpose, then rows of the group size", () => {
    expect(expandReplicaGroups({ kind: "iota", groupCount: 2, groupSize: 4, reshapeDimensions: [4, 2], transposePermutation: [1, 0] })).toEqual([
      [0, 2, 4, 6],
      [1, 3, 5, 7],
    ]);
    expect(expandReplicaGroups({ kind: "iota", groupCount: 2, groupSize: 2, reshapeDimensions: [4] })).toEqual([[0, 1], [2, 3]]);
    expect(expandReplicaGroups({ kind: "list", groups: [[1, 0], [2]] })).toEqual([[1, 0], [2]]);
  });

  const withLine = (line: string) => `HloModule m\nENTRY e {\n  p = f32[2] parameter(0)\n  ROOT r = ${line}\n}\n`;
  it.each([
    ["f32[2] collective-permute(p)", "attribute source_target_pairs is expected but not seen"],
    ["f32[2] collective-permute(p), source_target_pairs={{0,1,2}}", "expects 'source_target_pairs=' to be a list of pairs"],
    ["f32[2] all-gather(p), replica_groups={}", "attribute dimensions is expected but not seen"],
    ["u64[2] rng-get-and-update-state()", "attribute delta is expected but not seen"],
    ["f32[2] domain(p)", "attribute domain is expected but not seen"],
    ["f32[2] all-to-all(p), channel_id=1, use_global_device_ids=true, dimensions={0}", "unexpected attribute 'use_global_device_ids'"],
    ["f32[2] all-gather(p), replica_groups=[2,2]<=[3], dimensions={0}", "expects the iota reshape dimensions to hold 4 devices"],
    ["f32[2] all-gather(p), replica_groups=mesh['x'=1] {'x'}, dimensions={0}", "MeshAxesReplicaGroupList must have more than one device per group, but got 1"],
    ["f32[2] all-gather(p), replica_groups=mesh['x'=2] {'y'}, dimensions={0}", "replica group axis 'y' is not an axis of the mesh"],
  ])("rejects %s", (line, message) => {
    expect(() => parseHloModule(withLine(line))).toThrow(ParseError);
    expect(() => parseHloModule(withLine(line))).toThrow(message);
  });
});
