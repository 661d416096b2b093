/**
 * StableHLO's interpreter tests for convolution (openxla/stablehlo,
 * stablehlo/tests/interpret/convolution.mlir at 3c9301c11), translated by hand
 * to HLO text: `dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` is
 * `dim_labels=b01f_01io->b01f`, the window's size is the kernel's spatial
 * sizes, and an i8 x i8 -> i32 convolution is a preferred element type. The
 * expected values are StableHLO's (XLA's CPU backend gives the same).
 */
import { describe, expect, test } from "vitest";
import { type ArrayLiteral, parseHloModule, toNested } from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";

const LHS = "{{{1},{2},{5},{6}},{{3},{4},{7},{8}},{{10},{11},{14},{15}},{{12},{13},{16},{17}}}";

const module = (lhsType: string, rhs: string, result: string, attrs: string) => `HloModule convolution_test

ENTRY main {
  lhs = ${lhsType}[1,4,4,1] constant({${LHS}})
  rhs = ${rhs}
  ROOT result = ${result} convolution(lhs, rhs), ${attrs}
}
`;

const ones = (t: string, dims: readonly number[], v = 1) => {
  const nest = (d: readonly number[]): string => (d.length === 0 ? `${v}` : `{${new Array(d[0]).fill(nest(d.slice(1))).join(",")}}`);
  return `${t}[${dims.join(",")}] constant(${nest(dims)})`;
};

const CASES: readonly { readonly name: string; readonly text: string; readonly want: unknown }[] = [
  {
    name: "convolution_op_test_si64",
    text: module("s64", ones("s64", [3, 3, 1, 1]), "s64[1,2,2,1]", "window={size=3x3 stride=4x4 lhs_dilate=2x2}, dim_labels=b01f_01io->b01f"),
    want: [[[[10], [26]], [[46], [62]]]],
  },
  {
    name: "convolution_op_test_si8",
    text: module("s8", ones("s8", [3, 3, 1, 1], 10), "s32[1,2,2,1]", "window={size=3x3 stride=4x4 lhs_dilate=2x2}, dim_labels=b01f_01io->b01f"),
    want: [[[[100], [260]], [[460], [620]]]],
  },
  {
    name: "convolution_op_test_padding",
    text: module("s64", ones("s64", [3, 3, 1, 1]), "s64[1,2,2,1]", "window={size=3x3 stride=4x4 pad=1_1x1_1 lhs_dilate=2x2}, dim_labels=b01f_01io->b01f"),
    want: [[[[1], [5]], [[10], [14]]]],
  },
  {
    name: "convolution_batch_group_count_4",
    text: module("s64", ones("s64", [1, 2, 1, 4]), "s64[1,1,2,4]", "window={size=1x2 stride=4x4 lhs_dilate=2x2}, dim_labels=0b1f_01io->b01f, batch_group_count=4"),
    want: [[[[1, 3, 10, 12], [5, 7, 14, 16]]]],
  },
  {
    name: "convolution_feature_group_count_2",
    text: module("s64", ones("s64", [1, 2, 1, 4]), "s64[1,2,1,4]", "window={size=1x1 stride=4x4 lhs_dilate=2x2}, dim_labels=b0f1_0i1o->b01f, feature_group_count=2"),
    want: [[[[3, 3, 11, 11]], [[21, 21, 29, 29]]]],
  },
];

describe("StableHLO's convolution interpreter tests", () => {
  test.each(CASES)("$name", ({ text, want }) => {
    const got = evaluate(parseHloModule(text), []) as ArrayLiteral;
    expect(JSON.stringify(toNested(got), (_, v) => (typeof v === "bigint" ? Number(v) : v))).toBe(JSON.stringify(want));
  });
});
