/**
 * StableHLO's check ops as `minixla run` judges a test file: each function
 * between `// -----` lines runs, each check is reported at its position, a
 * tally ends the report, and any failure makes the status 1. The tolerances
 * are StableHLO's: expect_almost_eq within 1e-4 absolute by default,
 * expect_close within 3 units in the last place by default.
 */
import { describe, expect, it } from "vitest";
import { runStableHloTests } from "@minixla/cli";

function runText(text: string): { status: number; lines: string[] } {
  const out: string[] = [];
  const status = runStableHloTests({ out: (s: string) => out.push(s), err: () => {} } as never, "t.mlir", text);
  return { status, lines: out.join("").trim().split("\n") };
}

const FILE = `func.func @exact() {
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  %b = stablehlo.add %a, %a : tensor<3xi64>
  check.expect_eq_const %b, dense<[2, 4, 6]> : tensor<3xi64>
  func.return
}

// -----

func.func @almost() {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[1.00005, 2.0]> : tensor<2xf32>
  check.expect_almost_eq %a, %b : tensor<2xf32>
  check.expect_almost_eq_const %a, dense<[1.001, 2.0]> : tensor<2xf32>
  func.return
}

// -----

func.func @main() -> tensor<f32> {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %b = stablehlo.constant dense<1.00000024> : tensor<f32>
  %c = stablehlo.constant dense<1.0000006> : tensor<f32>
  stablehlo.custom_call @check.expect_close(%a, %b) {has_side_effect = true} : (tensor<f32>, tensor<f32>) -> ()
  stablehlo.custom_call @check.expect_close(%a, %c) {has_side_effect = true} : (tensor<f32>, tensor<f32>) -> ()
  return %a : tensor<f32>
}
`;

describe("StableHLO test files", () => {
  it("reports each check at its position, then the tally, with status 1 on a failure", () => {
    const { status, lines } = runText(FILE);
    expect(lines).toEqual([
      "PASS t.mlir:4:3 @exact check.expect_eq_const",
      "PASS t.mlir:13:3 @almost check.expect_almost_eq",
      "FAIL t.mlir:14:3 @almost check.expect_almost_eq_const: element 0: got 1, expected 1.0010000467300415",
      "PASS t.mlir:24:3 @main check.expect_close",
      "FAIL t.mlir:25:3 @main check.expect_close: element 0: got 1, expected 1.0000005960464478",
      "3 passed, 2 failed",
    ]);
    expect(status).toBe(1);
  });

  it("has status 0 when every check passes", () => {
    const { status, lines } = runText(FILE.split("// -----")[0]);
    expect(lines.at(-1)).toBe("1 passed, 0 failed");
    expect(status).toBe(0);
  });
});
