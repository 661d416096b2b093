/**
 * StableHLO's multi-process interpreter tests (by_hand/*.mlir, see ORIGIN.md)
 * translated by hand to HLO for evaluateSpmd: each case's program, every
 * device's operands (replica-major) and the checked values. Run by
 * test/stablehlo_spmd.test.ts; spmd_xla.py in test/corpus/spmd runs such a
 * module on real XLA.
 */
import { type ElementType, type Literal, literal } from "@minixla/hlo";

/** One translated test. */
export interface SpmdCase {
  /** `<file>.mlir:<module>` of the vendored tests. */
  readonly id: string;
  readonly replicas: number;
  readonly partitions: number;
  readonly note?: string;
  /** The process program as an HLO module; its parameters are the process's operands. */
  readonly hlo: string;
  /** Each device's operands (replica-major). */
  readonly args: readonly (readonly Literal[])[];
  /** Each device's checked values, flattened row-major, one list per result (a tuple root lists its elements). */
  readonly want: readonly (readonly (readonly number[])[])[];
}

const s64 = (dims: readonly number[], values: readonly number[]): Literal => literal("s64", dims, values.map(BigInt));
const typed = (t: ElementType, dims: readonly number[], values: readonly number[]): Literal => (t === "s64" ? s64(dims, values) : literal(t, dims, values));

const ADD_S64 = "add {\n  a = s64[] parameter(0)\n  b = s64[] parameter(1)\n  ROOT c = s64[] add(a, b)\n}\n";
const program = (body: readonly string[], computations = ""): string =>
  `HloModule spmd_case\n\n${computations}\nENTRY main {\n${body.map((l) => `  ${l}`).join("\n")}\n}\n`;

const A2 = s64([2, 2], [1, 2, 3, 4]);
const B2 = s64([2, 2], [5, 6, 7, 8]);
const V0 = s64([4], [1, 2, 3, 4]);
const V1 = s64([4], [5, 6, 7, 8]);
const M0 = s64([2, 4], [1, 2, 3, 4, 5, 6, 7, 8]);
const M1 = s64([2, 4], [9, 10, 11, 12, 13, 14, 15, 16]);
const BCAST = [[1, 2], [3, 4], [5, 6], [7, 8]].map((v) => [s64([1, 2], v)]);
const PERMUTE_IN = [0, 1, 2, 3, 4].map((k) => [s64([2, 2], [4 * k + 1, 4 * k + 2, 4 * k + 3, 4 * k + 4])]);
const PERMUTE_WANT = [[[0, 0, 0, 0]], [[1, 2, 3, 4]], [[5, 6, 7, 8]], [[13, 14, 15, 16]], [[17, 18, 19, 20]]];

const allGather = (attrs: string, out = "s64[2,4]") => program(["p = s64[2,2] parameter(0)", `ROOT r = ${out} all-gather(p), ${attrs}dimensions={1}`]);
const allReduce = (attrs: string) => program(["p = s64[4] parameter(0)", `ROOT r = s64[4] all-reduce(p), ${attrs}to_apply=add`], ADD_S64);
const reduceScatter = (attrs: string) => program(["p = s64[2,4] parameter(0)", `ROOT r = s64[2,2] reduce-scatter(p), ${attrs}dimensions={1}, to_apply=add`], ADD_S64);
const allToAll = (attrs: string) =>
  // StableHLO's split 1 / concat 0 becomes HLO's one dimension: split along 1, then move the received chunks to 0.
  program([
    "p = s64[2,4] parameter(0)",
    `a = s64[2,4] all-to-all(p), ${attrs}dimensions={1}`,
    "r3 = s64[2,2,2] reshape(a)",
    "t = s64[2,2,2] transpose(r3), dimensions={1,0,2}",
    "ROOT r = s64[4,2] reshape(t)",
  ]);
const broadcast = (attrs: string) => program(["p = s64[1,2] parameter(0)", `ROOT r = s64[1,2] collective-broadcast(p), ${attrs}`]);
const permute = (attrs: string) => program(["p = s64[2,2] parameter(0)", `ROOT r = s64[2,2] collective-permute(p), ${attrs}source_target_pairs={{0,1},{1,2},{3,3},{4,4}}`]);

const GATHERED = [1, 2, 5, 6, 3, 4, 7, 8];
const SUMMED = [6, 8, 10, 12];
const A2A_0 = [1, 2, 5, 6, 9, 10, 13, 14];
const A2A_1 = [3, 4, 7, 8, 11, 12, 15, 16];

/** Every multi-process test of the vendored files, translated. */
export const SPMD_CASES: readonly SpmdCase[] = [
  { id: "all_gather.mlir:cross_replica", replicas: 2, partitions: 1, hlo: allGather("replica_groups={{0,1}}, "), args: [[A2], [B2]], want: [[GATHERED], [GATHERED]] },
  {
    id: "all_gather.mlir:cross_replica_and_partition",
    replicas: 2,
    partitions: 1,
    hlo: allGather("channel_id=1, replica_groups={{0,1}}, use_global_device_ids=false, "),
    args: [[A2], [B2]],
    want: [[GATHERED], [GATHERED]],
  },
  {
    id: "all_gather.mlir:cross_replica_and_partition_issue_1933",
    replicas: 2,
    partitions: 2,
    note: "XLA's order (replicas outer); StableHLO expects [5,6,1,2,5,6,5,6] per row",
    // Groups [[0, 1]] hold every replica; written {} since the shape rule reads a group's size off its ids, not x partitions.
    hlo: allGather("channel_id=1, replica_groups={}, use_global_device_ids=false, ", "s64[2,8]"),
    args: [[B2], [B2], [A2], [B2]],
    want: [0, 1, 2, 3].map(() => [[5, 6, 5, 6, 1, 2, 5, 6, 7, 8, 7, 8, 3, 4, 7, 8]]),
  },
  {
    id: "all_gather.mlir:flattened_ids",
    replicas: 2,
    partitions: 1,
    hlo: allGather("channel_id=1, replica_groups={{0,1}}, use_global_device_ids=true, "),
    args: [[A2], [B2]],
    want: [[GATHERED], [GATHERED]],
  },
  {
    id: "all_gather.mlir:cross_replica_variadic_inputs",
    replicas: 2,
    partitions: 1,
    hlo: program(["p = s64[2,2] parameter(0)", "q = s32[2,2] parameter(1)", "ROOT r = (s64[2,4], s32[2,4]) all-gather(p, q), replica_groups={{0,1}}, dimensions={1}"]),
    args: [
      [A2, typed("s32", [2, 2], [5, 6, 7, 8])],
      [s64([2, 2], [11, 12, 13, 14]), typed("s32", [2, 2], [15, 16, 17, 18])],
    ],
    want: [0, 1].map(() => [[1, 2, 11, 12, 3, 4, 13, 14], [5, 6, 15, 16, 7, 8, 17, 18]]),
  },
  { id: "all_reduce.mlir:cross_replica", replicas: 2, partitions: 1, hlo: allReduce("replica_groups={{0,1}}, "), args: [[V0], [V1]], want: [[SUMMED], [SUMMED]] },
  {
    id: "all_reduce.mlir:cross_replica_and_partition",
    replicas: 2,
    partitions: 1,
    hlo: allReduce("channel_id=1, replica_groups={{0,1}}, use_global_device_ids=false, "),
    args: [[V0], [V1]],
    want: [[SUMMED], [SUMMED]],
  },
  {
    id: "all_reduce.mlir:flattened_ids",
    replicas: 2,
    partitions: 1,
    hlo: allReduce("channel_id=1, replica_groups={{0,1}}, use_global_device_ids=true, "),
    args: [[V0], [V1]],
    want: [[SUMMED], [SUMMED]],
  },
  {
    id: "all_reduce.mlir:ragged_replica_groups",
    replicas: 3,
    partitions: 1,
    note: "groups [[0, 1], [2, -1]] lose their padding: {{0,1},{2}}",
    hlo: allReduce("replica_groups={{0,1},{2}}, "),
    args: [[V0], [V1], [s64([4], SUMMED)]],
    want: [[SUMMED], [SUMMED], [SUMMED]],
  },
  {
    id: "all_reduce.mlir:cross_replica_variadic",
    replicas: 2,
    partitions: 1,
    hlo: program(["p = s64[4] parameter(0)", "q = s64[5] parameter(1)", "ROOT r = (s64[4], s64[5]) all-reduce(p, q), replica_groups={{0,1}}, to_apply=add"], ADD_S64),
    args: [
      [V0, s64([5], [5, 6, 7, 8, 9])],
      [s64([4], [11, 12, 13, 14]), s64([5], [15, 16, 17, 18, 19])],
    ],
    want: [0, 1].map(() => [[12, 14, 16, 18], [20, 22, 24, 26, 28]]),
  },
  { id: "all_to_all.mlir:cross_replica", replicas: 2, partitions: 1, hlo: allToAll("replica_groups={{0,1}}, "), args: [[M0], [M1]], want: [[A2A_0], [A2A_1]] },
  {
    id: "all_to_all.mlir:cross_replica_issue_2433",
    replicas: 2,
    partitions: 1,
    hlo: allToAll("replica_groups={{1,0}}, "),
    args: [[M0], [M1]],
    want: [[[11, 12, 15, 16, 3, 4, 7, 8]], [[9, 10, 13, 14, 1, 2, 5, 6]]],
  },
  { id: "all_to_all.mlir:cross_partition", replicas: 1, partitions: 2, hlo: allToAll("channel_id=1, replica_groups={{0,1}}, "), args: [[M0], [M1]], want: [[A2A_0], [A2A_1]] },
  {
    id: "all_to_all.mlir:same_split_concat_dim",
    replicas: 2,
    partitions: 1,
    hlo: program(["p = s64[2,4] parameter(0)", "ROOT r = s64[2,4] all-to-all(p), replica_groups={{0,1}}, dimensions={0}"]),
    args: [[M0], [M1]],
    want: [[[1, 2, 3, 4, 9, 10, 11, 12]], [[5, 6, 7, 8, 13, 14, 15, 16]]],
  },
  {
    id: "all_to_all.mlir:cross_replica_variaidic",
    replicas: 2,
    partitions: 1,
    note: "one all-to-all per operand (HLO's array form takes one), each split along 1 and moved to 0 as in the single-operand cases",
    hlo: program([
      "p = s64[2,4] parameter(0)",
      "q = s32[3,4] parameter(1)",
      "a0 = s64[2,4] all-to-all(p), replica_groups={{0,1}}, dimensions={1}",
      "a1 = s32[3,4] all-to-all(q), replica_groups={{0,1}}, dimensions={1}",
      "r0 = s64[2,2,2] reshape(a0)",
      "t0 = s64[2,2,2] transpose(r0), dimensions={1,0,2}",
      "o0 = s64[4,2] reshape(t0)",
      "r1 = s32[3,2,2] reshape(a1)",
      "t1 = s32[2,3,2] transpose(r1), dimensions={1,0,2}",
      "o1 = s32[6,2] reshape(t1)",
      "ROOT r = (s64[4,2], s32[6,2]) tuple(o0, o1)",
    ]),
    args: [
      [M0, typed("s32", [3, 4], [9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20])],
      [s64([2, 4], [31, 32, 33, 34, 35, 36, 37, 38]), typed("s32", [3, 4], [43, 44, 45, 46, 49, 50, 51, 52, 53, 54, 55, 56])],
    ],
    want: [
      [[1, 2, 5, 6, 31, 32, 35, 36], [9, 10, 13, 14, 17, 18, 43, 44, 49, 50, 53, 54]],
      [[3, 4, 7, 8, 33, 34, 37, 38], [11, 12, 15, 16, 19, 20, 45, 46, 51, 52, 55, 56]],
    ],
  },
  {
    id: "collective_broadcast.mlir:cross_replica",
    replicas: 4,
    partitions: 1,
    hlo: broadcast("replica_groups={{2,1}}"),
    args: BCAST,
    want: [[[0, 0]], [[5, 6]], [[5, 6]], [[0, 0]]],
  },
  {
    id: "collective_broadcast.mlir:cross_replica_multiple_output",
    replicas: 4,
    partitions: 1,
    hlo: broadcast("replica_groups={{2,1,0}}"),
    args: BCAST,
    want: [[[5, 6]], [[5, 6]], [[5, 6]], [[0, 0]]],
  },
  {
    id: "collective_broadcast.mlir:cross_replica_multiple_partitions",
    replicas: 2,
    partitions: 2,
    hlo: broadcast("replica_groups={{1,0}}"),
    args: BCAST,
    want: [[[5, 6]], [[7, 8]], [[5, 6]], [[7, 8]]],
  },
  {
    id: "collective_broadcast.mlir:cross_partition",
    replicas: 1,
    partitions: 4,
    hlo: broadcast("channel_id=1, replica_groups={{2,1}}"),
    args: BCAST,
    want: [[[0, 0]], [[5, 6]], [[5, 6]], [[0, 0]]],
  },
  {
    id: "collective_broadcast.mlir:cross_partition_multiple_output",
    replicas: 1,
    partitions: 4,
    hlo: broadcast("channel_id=1, replica_groups={{2,1,0}}"),
    args: BCAST,
    want: [[[5, 6]], [[5, 6]], [[5, 6]], [[0, 0]]],
  },
  {
    id: "collective_broadcast.mlir:cross_partition_multiple_replicas",
    replicas: 2,
    partitions: 2,
    hlo: broadcast("channel_id=1, replica_groups={{1,0}}"),
    args: BCAST,
    want: [[[3, 4]], [[3, 4]], [[7, 8]], [[7, 8]]],
  },
  { id: "collective_permute.mlir:cross_replica_with_self_loops", replicas: 5, partitions: 1, hlo: permute(""), args: PERMUTE_IN, want: PERMUTE_WANT },
  { id: "collective_permute.mlir:cross_partition_with_self_loops", replicas: 1, partitions: 5, hlo: permute("channel_id=1, "), args: PERMUTE_IN, want: PERMUTE_WANT },
  {
    id: "reduce_scatter.mlir:cross_replica",
    replicas: 2,
    partitions: 1,
    hlo: reduceScatter("replica_groups={{0,1}}, "),
    args: [[M0], [M1]],
    want: [[[10, 12, 18, 20]], [[14, 16, 22, 24]]],
  },
  {
    id: "reduce_scatter.mlir:cross_replica_and_partition",
    replicas: 2,
    partitions: 1,
    hlo: reduceScatter("channel_id=1, replica_groups={{0,1}}, use_global_device_ids=false, "),
    args: [[M0], [M1]],
    want: [[[10, 12, 18, 20]], [[14, 16, 22, 24]]],
  },
  {
    id: "reduce_scatter.mlir:flattened_ids",
    replicas: 2,
    partitions: 1,
    hlo: reduceScatter("channel_id=1, replica_groups={{0,1}}, use_global_device_ids=true, "),
    args: [[M0], [M1]],
    want: [[[10, 12, 18, 20]], [[14, 16, 22, 24]]],
  },
  { id: "replica_id.mlir:distribution_ops", replicas: 2, partitions: 1, hlo: program(["ROOT r = u32[] replica-id()"]), args: [[], []], want: [[[0]], [[1]]] },
  { id: "partition_id.mlir:distribution_ops", replicas: 1, partitions: 2, hlo: program(["ROOT r = u32[] partition-id()"]), args: [[], []], want: [[[0]], [[1]]] },
];

