/**
 * StableHLO's interpreter tests that run several processes
 * (`interpreter.run_parallel`, test/corpus/stablehlo/by_hand, see ORIGIN.md
 * there), translated by hand to HLO and run with evaluateSpmd: each module's
 * parameters are the process's operands, devices are numbered replica-major
 * as `programs=[[replica 0's partitions], [replica 1's], ...]` lists them, and
 * the results are compared with the `check.expect_eq_const` values.
 *
 * StableHLO's channel_handle with handle 0 is no channel_id (cross-replica),
 * handle 1 is `channel_id=1`; padded groups (`[2, -1]`) lose their padding.
 * One case differs on purpose: all_gather's cross_replica_and_partition_issue_1933
 * orders a group's partitions outer (StableHLO's spec) where XLA orders its
 * replicas outer (collective_ops_utils.cc GetParticipatingDevices); real XLA
 * (CPU, jaxlib 0.10.2, 2 replicas x 2 partitions of host devices,
 * test/corpus/spmd/spmd_xla.py) gave the values asserted here, which minixla follows.
 * Run through that script with the header's replica_count / num_partitions,
 * every translated module but collective-broadcast's (XLA:CPU has no kernel
 * for it) and partition_id's (no arguments to shard) gave exactly these values.
 */
import { describe, expect, it } from "vitest";
import { type Literal, isTupleLiteral, literal, parseHloModule } from "@minixla/hlo";
import { evaluate, evaluateSpmd } from "@minixla/interpreter";
import { SPMD_CASES } from "./corpus/stablehlo/spmd_cases.ts";

function flat(l: Literal): number[][] {
  const parts = isTupleLiteral(l) ? l.elements : [l];
  return parts.map((p) => {
    if (isTupleLiteral(p)) throw new Error("a nested tuple where an array was expected");
    return Array.from(p.data as ArrayLike<number | bigint>, Number);
  });
}

describe("StableHLO's multi-process interpreter tests, run by evaluateSpmd", () => {
  for (const c of SPMD_CASES) {
    it(`${c.id} on ${c.replicas} replica(s) x ${c.partitions} partition(s) gives the checked values${c.note ? ` (${c.note})` : ""}`, () => {
      const m = parseHloModule(c.hlo);
      const out = evaluateSpmd(m, c.args, { replicaCount: c.replicas, numPartitions: c.partitions });
      expect(out.map(flat)).toEqual(c.want);
    });
  }

  it("one device gives what evaluate gives", () => {
    const m = parseHloModule(`HloModule one\n\nadd {\n  a = s64[] parameter(0)\n  b = s64[] parameter(1)\n  ROOT c = s64[] add(a, b)\n}\n\nENTRY main {\n  p = s64[4] parameter(0)\n  ROOT r = s64[4] all-reduce(p), replica_groups={}, to_apply=add\n}\n`);
    const x = literal("s64", [4], [1n, 2n, 3n, 4n]);
    const [alone] = evaluateSpmd(m, [[x]]);
    expect(flat(alone)).toEqual(flat(evaluate(m, [x])));
  });
});
