/**
 * StableHLO's interpreter tests for the collectives, the ordering op and the
 * dynamic ops (test/corpus/stablehlo/by_hand, see ORIGIN.md there),
 * translated by hand to HLO and compared with the values of their
 * `check.expect_eq_const` lines.
 *
 * minixla evaluates on one replica and one partition, so only the tests whose
 * checked values one process computes alone are translated; every other
 * module or function of the vendored files is listed in SKIPPED with the
 * reason, and a test checks that the two lists cover the files exactly.
 * Each translated module was also run on real XLA (CPU, jaxlib 0.10.2,
 * test/corpus/xla-ops/run_hlo.py), which gave the same values, except
 * collective-broadcast, which XLA's CPU backend does not compile
 * ("UNIMPLEMENTED: HLO opcode `collective-broadcast` is not supported by
 * XLA:CPU ThunkEmitter"), and after-all, whose token XLA cannot hand back
 * (it ran with the token consumed by add-dependency).
 *
 * StableHLO at the vendored commit has no tests with values for cholesky or
 * batch_norm_*; acos, acosh, asin, asinh, atanh, cosh, sinh and top_k have
 * only JAX-generated ones (test/stablehlo_testdata.test.ts); real, imag and
 * complex are in test/stablehlo_interpret.test.ts, convolution, fft,
 * triangular_solve and rng_bit_generator in their own tests.
 */
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Literal, isTupleLiteral, parseHloModule } from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";

const DIR = new URL("./corpus/stablehlo/by_hand/", import.meta.url);

/** One checked value: its HLO shape text and row-major values (bigint for s64/u64). */
interface Want {
  readonly shape: string;
  readonly values: readonly (number | bigint)[];
}

interface HandCase {
  /** `<file>.mlir:<module or function>` */
  readonly id: string;
  /** What the translation keeps and leaves out of the StableHLO test. */
  readonly note?: string;
  /** HLO module whose root is the tuple of the checked values, in the test's order. */
  readonly hlo: string;
  /** The StableHLO test's expected values; "token" when it checks nothing and only has to run. */
  readonly want: readonly Want[] | "token";
}

const s64 = (shape: string, values: readonly number[]): Want => ({ shape: `s64${shape}`, values: values.map(BigInt) });
const module = (name: string, body: readonly string[]): string => `HloModule ${name}\n\nENTRY main {\n${body.map((l) => `  ${l}`).join("\n")}\n}\n`;

const OPERANDS_1x2 = ["{ {1, 2} }", "{ {3, 4} }", "{ {5, 6} }", "{ {7, 8} }"];

/** Four collective-broadcasts of the four processes' operands, each process alone in its group. */
function broadcastEach(name: string, channel: string): string {
  return module(name, [
    ...OPERANDS_1x2.map((v, k) => `operand${k} = s64[1,2] constant(${v})`),
    ...OPERANDS_1x2.map((_, k) => `result${k} = s64[1,2] collective-broadcast(operand${k}), ${channel}replica_groups={{0}}`),
    "ROOT results = (s64[1,2], s64[1,2], s64[1,2], s64[1,2]) tuple(result0, result1, result2, result3)",
  ]);
}

const CASES: readonly HandCase[] = [
  {
    id: "after_all.mlir:after_all_op_test",
    hlo: module("after_all_op_test", [
      "input0 = token[] after-all()",
      "input1 = token[] after-all()",
      "ROOT result = token[] after-all(input0, input1)",
    ]),
    want: "token",
  },
  {
    id: "replica_id.mlir:distribution_ops",
    note: "process 0 (replica 0) only: replica 1's check needs a second replica",
    hlo: module("replica_id", ["result = u32[] replica-id()", "ROOT results = (u32[]) tuple(result)"]),
    want: [{ shape: "u32[]", values: [0] }],
  },
  {
    id: "partition_id.mlir:distribution_ops",
    note: "process 0 (partition 0) only: partition 1's check needs a second partition",
    hlo: module("partition_id", ["result = u32[] partition-id()", "ROOT results = (u32[]) tuple(result)"]),
    want: [{ shape: "u32[]", values: [0] }],
  },
  {
    id: "collective_broadcast.mlir:cross_replica_single_replica",
    note:
      "1 replica x 4 partitions, cross-replica groups {{0}}: each process is alone in its group, so each result is what " +
      "process 0 computes from that process's operand",
    hlo: broadcastEach("cross_replica_single_replica", ""),
    want: [s64("[1,2]", [1, 2]), s64("[1,2]", [3, 4]), s64("[1,2]", [5, 6]), s64("[1,2]", [7, 8])],
  },
  {
    id: "collective_broadcast.mlir:cross_partition_single_partition",
    note:
      "4 replicas x 1 partition, cross-partition groups {{0}} (StableHLO's channel_handle becomes channel_id): " +
      "each process is alone in its group",
    hlo: broadcastEach("cross_partition_single_partition", "channel_id=1, "),
    want: [s64("[1,2]", [1, 2]), s64("[1,2]", [3, 4]), s64("[1,2]", [5, 6]), s64("[1,2]", [7, 8])],
  },
  {
    id: "dynamic_slice.mlir:dynamic_slice",
    note: "start indices 3, 3 are clamped to 0, 0 so that the 3x3 slice fits",
    hlo: module("dynamic_slice", [
      "operand = s64[3,3] constant({ {1, 1, 1}, {1, 1, 1}, {1, 1, 1} })",
      "start_indices0 = s64[] constant(3)",
      "start_indices1 = s64[] constant(3)",
      "result = s64[3,3] dynamic-slice(operand, start_indices0, start_indices1), dynamic_slice_sizes={3,3}",
      "ROOT results = (s64[3,3]) tuple(result)",
    ]),
    want: [s64("[3,3]", [1, 1, 1, 1, 1, 1, 1, 1, 1])],
  },
  {
    id: "dynamic_update_slice.mlir:dynamic_update_slice",
    note: "start indices 4, 4 are clamped to 2, 1 so that the 2x3 update fits",
    hlo: module("dynamic_update_slice", [
      "operand = s64[4,4] constant({ {1, 1, 1, 1}, {1, 1, 1, 1}, {1, 2, 2, 2}, {1, 2, 2, 2} })",
      "update = s64[2,3] constant({ {1, 1, 1}, {1, 1, 1} })",
      "start_indices0 = s64[] constant(4)",
      "start_indices1 = s64[] constant(4)",
      "result = s64[4,4] dynamic-update-slice(operand, update, start_indices0, start_indices1)",
      "ROOT results = (s64[4,4]) tuple(result)",
    ]),
    want: [s64("[4,4]", Array.from({ length: 16 }, () => 1))],
  },
  {
    id: "dynamic_reshape.mlir:dynamic_reshape_op_test_si64",
    note: "StableHLO's output_shape tensor [6] becomes one s32 scalar per output dimension, as HLO's dynamic-reshape takes them",
    hlo: module("dynamic_reshape", [
      "operand = s64[1,6] constant({ {1, 2, 3, 4, 5, 6} })",
      "output_shape0 = s32[] constant(6)",
      "result = s64[6] dynamic-reshape(operand, output_shape0)",
      "ROOT results = (s64[6]) tuple(result)",
    ]),
    want: [s64("[6]", [1, 2, 3, 4, 5, 6])],
  },
  {
    id: "get_dimension_size.mlir:get_dimension_size_op_test_si64",
    hlo: module("get_dimension_size", [
      "operand = s64[2,3] constant({ {1, 2, 3}, {4, 5, 6} })",
      "result = s32[] get-dimension-size(operand), dimensions={1}",
      "ROOT results = (s32[]) tuple(result)",
    ]),
    want: [{ shape: "s32[]", values: [3] }],
  },
];

const MULTI = (layout: string, why: string) => `runs ${layout} processes; ${why}: translated for evaluateSpmd in test/stablehlo_spmd.test.ts`;

/** Every other module or function of the vendored files, with the reason it is not translated. */
const SKIPPED: Readonly<Record<string, string>> = {
  "all_gather.mlir:cross_replica": MULTI("2 replicas", "group {0,1} gathers two operands"),
  "all_gather.mlir:cross_replica_and_partition": MULTI("2 replicas", "group {0,1} gathers two operands"),
  "all_gather.mlir:cross_replica_and_partition_issue_1933": MULTI("2x2", "groups of two processes"),
  "all_gather.mlir:flattened_ids": MULTI("2 replicas", "group {0,1} gathers two operands"),
  "all_gather.mlir:cross_replica_variadic_inputs": MULTI("2 replicas", "group {0,1} gathers two operands"),
  "all_reduce.mlir:cross_replica": MULTI("2 replicas", "group {0,1} sums two operands"),
  "all_reduce.mlir:cross_replica_and_partition": MULTI("2 replicas", "group {0,1} sums two operands"),
  "all_reduce.mlir:flattened_ids": MULTI("2 replicas", "group {0,1} sums two operands"),
  "all_reduce.mlir:ragged_replica_groups": MULTI("3 replicas", "groups {0,1} and {2}"),
  "all_reduce.mlir:cross_replica_variadic": MULTI("2 replicas", "group {0,1} sums two operands"),
  "all_to_all.mlir:cross_replica": MULTI("2 replicas", "group {0,1} exchanges halves"),
  "all_to_all.mlir:cross_replica_issue_2433": MULTI("2 replicas", "group {1,0} exchanges halves"),
  "all_to_all.mlir:cross_partition": MULTI("2 partitions", "group {0,1} exchanges halves"),
  "all_to_all.mlir:same_split_concat_dim": MULTI("2 replicas", "group {0,1} exchanges halves"),
  "all_to_all.mlir:cross_replica_variaidic": MULTI("2 replicas", "group {0,1} exchanges halves"),
  "collective_broadcast.mlir:cross_replica": MULTI("4 replicas", "group {2,1} broadcasts from replica 2"),
  "collective_broadcast.mlir:cross_replica_multiple_output": MULTI("4 replicas", "group {2,1,0} broadcasts from replica 2"),
  "collective_broadcast.mlir:cross_replica_multiple_partitions": MULTI("2x2", "group {1,0} broadcasts from replica 1"),
  "collective_broadcast.mlir:cross_partition": MULTI("4 partitions", "group {2,1} broadcasts from partition 2"),
  "collective_broadcast.mlir:cross_partition_multiple_output": MULTI("4 partitions", "group {2,1,0} broadcasts from partition 2"),
  "collective_broadcast.mlir:cross_partition_multiple_replicas": MULTI("2x2", "group {1,0} broadcasts from partition 1"),
  "collective_broadcast.mlir:has_dynamic_root": "StableHLO's has_dynamic_root (a root operand) has no HLO counterpart; it also runs 2 replicas",
  "collective_broadcast.mlir:has_dynamic_root_variadic": "StableHLO's has_dynamic_root (a root operand) has no HLO counterpart; it also runs 2 replicas",
  "collective_permute.mlir:cross_replica_with_self_loops": MULTI("5 replicas", "pairs send 0->1->2"),
  "collective_permute.mlir:cross_partition_with_self_loops": MULTI("5 partitions", "pairs send 0->1->2"),
  "collective_reduce.mlir:cross_replica": "stablehlo.collective_reduce has no HLO opcode; it also runs 2 replicas",
  "reduce_scatter.mlir:cross_replica": MULTI("2 replicas", "group {0,1} sums and scatters two operands"),
  "reduce_scatter.mlir:cross_replica_and_partition": MULTI("2 replicas", "group {0,1} sums and scatters two operands"),
  "reduce_scatter.mlir:flattened_ids": MULTI("2 replicas", "group {0,1} sums and scatters two operands"),
  "dynamic_broadcast_in_dim.mlir:broadcast_in_dim": "stablehlo.dynamic_broadcast_in_dim has no HLO opcode (XLA's importer makes it a static broadcast)",
  "dynamic_conv.mlir:dynamic_conv_op_test_si64": "stablehlo.dynamic_conv has no HLO opcode (XLA's importer makes it a static convolution)",
  "dynamic_gather.mlir:dynamic_gather_op_test": "stablehlo.dynamic_gather has no HLO opcode (XLA's importer makes it a static gather)",
  "dynamic_iota.mlir:dynamic_iota_op_test_si64_dim_0": "stablehlo.dynamic_iota has no HLO opcode (XLA's importer makes it a static iota)",
  "dynamic_iota.mlir:dynamic_iota_op_test_si64_dim_1": "stablehlo.dynamic_iota has no HLO opcode (XLA's importer makes it a static iota)",
  "dynamic_pad.mlir:dynamic_pad": "stablehlo.dynamic_pad has no HLO opcode (XLA's importer makes it a static pad)",
};

/** `file:name` of every module (or, in files without modules, every function but @main) of the vendored files. */
function vendoredIds(): string[] {
  const ids: string[] = [];
  for (const file of readdirSync(DIR).filter((f) => f.endsWith(".mlir")).sort()) {
    for (const chunk of readFileSync(new URL(file, DIR), "utf8").split(/^\/\/ -----$/m)) {
      const name = /^module @(\w+)/m.exec(chunk)?.[1] ?? /^func\.func @(\w+)/m.exec(chunk)?.[1];
      if (name !== undefined) ids.push(`${file}:${name}`);
    }
  }
  return ids;
}

function flatValues(l: Literal): (number | bigint)[] {
  if (isTupleLiteral(l)) throw new Error("a tuple where an array was expected");
  return Array.from(l.data as ArrayLike<number | bigint>);
}

describe("StableHLO interpreter tests of the collectives and dynamic ops, translated by hand", () => {
  it("translates or lists with a reason every test in the vendored files", () => {
    const covered = [...CASES.map((c) => c.id), ...Object.keys(SKIPPED)].sort();
    expect(covered).toEqual(vendoredIds().sort());
  });

  for (const c of CASES) {
    it(`${c.id}: gives StableHLO's values${c.note !== undefined ? ` (${c.note})` : ""}`, () => {
      const result = evaluate(parseHloModule(c.hlo), []);
      if (c.want === "token") {
        expect(isTupleLiteral(result) ? "tuple" : result.shape.elementType).toBe("token");
        return;
      }
      if (!isTupleLiteral(result)) throw new Error("the root is not a tuple");
      expect(result.elements.length).toBe(c.want.length);
      c.want.forEach((w, k) => {
        const got = result.elements[k];
        expect(isTupleLiteral(got) ? "tuple" : `${got.shape.elementType}[${got.shape.dimensions.join(",")}]`).toBe(w.shape);
        expect(flatValues(got)).toEqual(w.values);
      });
    });
  }
});
