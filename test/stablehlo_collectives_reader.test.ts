/**
 * The StableHLO reader's collectives: all_reduce, all_gather, reduce_scatter,
 * all_to_all, collective_permute and collective_broadcast read into the HLO
 * ops of the same name with HLO's attribute spelling, and evaluate (one
 * device: evaluate; several: evaluateSpmd) to the values StableHLO's spec
 * gives, computed here from the operands by a direct reading of the spec.
 */
import { describe, expect, it } from "vitest";
import { type Literal, ParseError, isTupleLiteral, literal, lowerBroadcasts, parseModule, printHloModule } from "@minixla/hlo";
import { evaluate, evaluateSpmd } from "@minixla/interpreter";

const ADD = `({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
    })`;

/** A module of `replicas` replicas whose main applies `body` (one op named %0) to %arg0. */
function module(replicas: number, arg: string, result: string, op: string): string {
  return `module @coll attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = ${replicas} : i32} {
  func.func public @main(%arg0: ${arg}) -> ${result} {
    %0 = ${op}
    return %0 : ${result}
  }
}
`;
}

const s64 = (dims: readonly number[], values: readonly number[]): Literal => literal("s64", dims, values.map(BigInt));
const values = (l: Literal): number[] => {
  if (isTupleLiteral(l)) throw new Error("expected an array literal");
  return Array.from(l.data as ArrayLike<bigint>, Number);
};
const runAll = (text: string, args: readonly Literal[]): number[][] =>
  evaluateSpmd(lowerBroadcasts(parseModule(text)), args.map((a) => [a])).map(values);

/** The printed HLO line of the one `opcode` instruction holds each of `attrs` (in HLO's printed order, whatever it is). */
function expectOp(text: string, shape: string, opcode: string, attrs: readonly string[]): void {
  const line = printHloModule(parseModule(text)).split("\n").find((l) => l.includes(` ${opcode}(`));
  expect(line).toBeDefined();
  expect(line).toContain(`${shape}`);
  for (const a of attrs) expect(line?.split(/, (?=[a-z_]+=)/)).toContain(a);
}

/** Row-major 2-D helpers for the expected values. */
const rowsOf = (xs: readonly number[], cols: number): number[][] => Array.from({ length: xs.length / cols }, (_, r) => xs.slice(r * cols, (r + 1) * cols));
const colSlice = (xs: readonly number[], cols: number, from: number, to: number): number[] => rowsOf(xs, cols).flatMap((r) => r.slice(from, to));

const X = [[1, 2, 3, 4, 5, 6, 7, 8], [10, 20, 30, 40, 50, 60, 70, 80], [100, 200, 300, 400, 500, 600, 700, 800]];

describe("StableHLO collectives read as HLO collectives", () => {
  it("all_reduce: groups padded with -1 lose the padding, channel and global ids carry over, each group sums", () => {
    const text = module(3, "tensor<8xi64>", "tensor<8xi64>",
      `"stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>, use_global_device_ids}> ${ADD} : (tensor<8xi64>) -> tensor<8xi64>`);
    expectOp(text, "s64[8]", "all-reduce", ["replica_groups={{0,1},{2}}", "channel_id=1", "use_global_device_ids=true"]);
    const got = runAll(text, X.map((x) => s64([8], x)));
    const sum01 = X[0].map((x, i) => x + X[1][i]);
    expect(got).toEqual([sum01, sum01, X[2]]);
  });

  it("all_reduce with empty replica groups on one device is the identity (evaluate)", () => {
    const text = module(1, "tensor<3xi64>", "tensor<3xi64>",
      `"stablehlo.all_reduce"(%arg0) <{replica_groups = dense<> : tensor<0x0xi64>}> ${ADD} : (tensor<3xi64>) -> tensor<3xi64>`);
    const m = parseModule(text);
    expect(printHloModule(m)).toContain("replica_groups={}");
    expect(values(evaluate(lowerBroadcasts(m), [s64([3], [4, -5, 6])]))).toEqual([4, -5, 6]);
  });

  it("all_gather concatenates the group's operands along all_gather_dim", () => {
    const text = module(2, "tensor<2x4xi64>", "tensor<2x8xi64>",
      `"stablehlo.all_gather"(%arg0) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x4xi64>) -> tensor<2x8xi64>`);
    expectOp(text, "s64[2,8]", "all-gather", ["replica_groups={{0,1}}", "dimensions={1}"]);
    const want = rowsOf(X[0], 4).flatMap((r, i) => [...r, ...rowsOf(X[1], 4)[i]]);
    expect(runAll(text, X.slice(0, 2).map((x) => s64([2, 4], x)))).toEqual([want, want]);
  });

  it("reduce_scatter sums the group and gives device i the i-th block of scatter_dimension", () => {
    const text = module(2, "tensor<2x4xi64>", "tensor<2x2xi64>",
      `"stablehlo.reduce_scatter"(%arg0) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 1 : i64}> ${ADD} : (tensor<2x4xi64>) -> tensor<2x2xi64>`);
    expectOp(text, "s64[2,2]", "reduce-scatter", ["replica_groups={{0,1}}", "dimensions={1}"]);
    const sum = X[0].map((x, i) => x + X[1][i]);
    expect(runAll(text, X.slice(0, 2).map((x) => s64([2, 4], x)))).toEqual([colSlice(sum, 4, 0, 2), colSlice(sum, 4, 2, 4)]);
  });

  it("all_to_all with split_dimension = concat_dimension is one HLO all-to-all", () => {
    const text = module(2, "tensor<2x4xi64>", "tensor<2x4xi64>",
      `"stablehlo.all_to_all"(%arg0) <{concat_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x4xi64>) -> tensor<2x4xi64>`);
    expectOp(text, "s64[2,4]", "all-to-all", ["replica_groups={{0,1}}", "dimensions={1}"]);
    expect(printHloModule(parseModule(text))).not.toContain("transpose");
    // Device d receives chunk d (columns 2d..2d+2) of every device, concatenated along columns in device order.
    const want = (d: number) => rowsOf(X[0], 4).flatMap((_, r) => [0, 1].flatMap((s) => rowsOf(X[s], 4)[r].slice(2 * d, 2 * d + 2)));
    expect(runAll(text, X.slice(0, 2).map((x) => s64([2, 4], x)))).toEqual([want(0), want(1)]);
  });

  it("all_to_all with split_dimension 1 and concat_dimension 0 stacks the received chunks along rows", () => {
    const text = module(2, "tensor<2x4xi64>", "tensor<4x2xi64>",
      `"stablehlo.all_to_all"(%arg0) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x4xi64>) -> tensor<4x2xi64>`);
    expectOp(text, "s64[2,4]", "all-to-all", ["replica_groups={{0,1}}", "dimensions={1}"]);
    expect(printHloModule(parseModule(text))).toMatch(/s64\[2,2,2\]\S* transpose\(\S+\), dimensions=\{1,0,2\}/);
    // A channel handle makes it cross-partition (StableHLO's spec); the handle becomes channel_id.
    expectOp(text.replace("<{concat_dimension", "<{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, concat_dimension"), "s64[2,4]", "all-to-all", ["channel_id=3"]);
    const want = (d: number) => [0, 1].flatMap((s) => colSlice(X[s], 4, 2 * d, 2 * d + 2));
    expect(runAll(text, X.slice(0, 2).map((x) => s64([2, 4], x)))).toEqual([want(0), want(1)]);
  });

  it("all_to_all with split_dimension 0 and concat_dimension 1 places the received chunks side by side", () => {
    const text = module(2, "tensor<4x2xi64>", "tensor<2x4xi64>",
      `"stablehlo.all_to_all"(%arg0) <{concat_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4x2xi64>) -> tensor<2x4xi64>`);
    // Device d receives rows 2d..2d+2 of every device; row r of its result is [x_0 row 2d+r, x_1 row 2d+r].
    const want = (d: number) => [0, 1].flatMap((r) => [0, 1].flatMap((s) => rowsOf(X[s], 2)[2 * d + r]));
    expect(runAll(text, X.slice(0, 2).map((x) => s64([4, 2], x)))).toEqual([want(0), want(1)]);
  });

  it("collective_permute sends along source_target_pairs; a device no pair targets gets zeros", () => {
    const text = module(3, "tensor<8xi64>", "tensor<8xi64>",
      `"stablehlo.collective_permute"(%arg0) <{source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>}> : (tensor<8xi64>) -> tensor<8xi64>`);
    expectOp(text, "s64[8]", "collective-permute", ["source_target_pairs={{0,1},{1,2}}"]);
    // With a channel handle the pairs name partitions (StableHLO's spec: cross-partition).
    expectOp(text.replace("<{source", "<{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source"), "s64[8]", "collective-permute", ["channel_id=1"]);
    expect(runAll(text, X.map((x) => s64([8], x)))).toEqual([new Array<number>(8).fill(0), X[0], X[1]]);
  });

  it("collective_broadcast gives every device of a group its first device's operand", () => {
    const text = module(3, "tensor<8xi64>", "tensor<8xi64>",
      `"stablehlo.collective_broadcast"(%arg0) <{replica_groups = dense<[[2, 0]]> : tensor<1x2xi64>}> : (tensor<8xi64>) -> tensor<8xi64>`);
    expectOp(text, "s64[8]", "collective-broadcast", ["replica_groups={{2,0}}"]);
    const got = runAll(text, X.map((x) => s64([8], x)));
    expect(got[0]).toEqual(X[2]);
    expect(got[2]).toEqual(X[2]);
  });

  it("refuses a malformed replica_groups or a missing dimension with a ParseError", () => {
    const bad = module(2, "tensor<2x4xi64>", "tensor<2x8xi64>",
      `"stablehlo.all_gather"(%arg0) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x4xi64>) -> tensor<2x8xi64>`);
    expect(() => parseModule(bad)).toThrow(ParseError);
    expect(() => parseModule(bad)).toThrow(/all_gather_dim/);
    const flatGroups = module(2, "tensor<8xi64>", "tensor<8xi64>",
      `"stablehlo.collective_broadcast"(%arg0) <{replica_groups = dense<[0, 1]> : tensor<2xi64>}> : (tensor<8xi64>) -> tensor<8xi64>`);
    expect(() => parseModule(flatGroups)).toThrow(/rank-2/);
  });
});
