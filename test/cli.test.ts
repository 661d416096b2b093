/**
 * The minixla command end to end: each test spawns `node
 * packages/cli/bin/minixla.js ...` as a user would and checks its output,
 * the files it writes and its exit code (0 ok, 1 failure, 2 usage error).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { literal, readNpy, toNested, writeNpy } from "@minixla/hlo";
import { cliRunner, scratch } from "./support/cli.ts";

const { work, file } = scratch("minixla-cli-");
const minixla = cliRunner(60_000);

/** x + y with y broadcast along dimension 1, written explicitly as XLA prints it. */
const ADD_ROW = `HloModule add_row, entry_computation_layout={(f64[2,3]{1,0}, f64[3]{0})->f64[2,3]{1,0}}

ENTRY main {
  x = f64[2,3]{1,0} parameter(0)
  y = f64[3]{0} parameter(1)
  yb = f64[2,3]{1,0} broadcast(y), dimensions={1}
  ROOT sum = f64[2,3]{1,0} add(x, yb)
}
`;

/** A tuple root: out0 = a + b, out1 = a * b. */
const SUM_PRODUCT = `HloModule sum_product

ENTRY main {
  a = s32[2]{0} parameter(0)
  b = s32[2]{0} parameter(1)
  s = s32[2]{0} add(a, b)
  p = s32[2]{0} multiply(a, b)
  ROOT t = (s32[2]{0}, s32[2]{0}) tuple(s, p)
}
`;

/** The same as ADD_ROW, recorded with an implicit broadcast. */
const IMPLICIT = `HloModule implicit

ENTRY main {
  x = f64[2,3]{1,0} parameter(0)
  y = f64[3]{0} parameter(1)
  ROOT sum = f64[2,3]{1,0} add(x, y), broadcast_dimensions={1}
}
`;

describe.concurrent("minixla run", () => {
  test("with no file runs the broadcasting demo: matrix + vector gives [[8 10 12] [11 13 15]]", async () => {
    const r = await minixla("run");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/matrix \+ vector/);
    expect(r.stdout).toMatch(/out0: f64\[2,3\] = \[\[ 8\. 10\. 12\.\]\n\s+\[11\. 13\. 15\.\]\]/);
    expect(r.stdout).toMatch(/out0: f64\[4,2\] = \[\[ 6\.  7\.\]/);
    // The recorded module keeps the implicit broadcast; the lowered one makes it explicit.
    const first = r.stdout.split("== 2.")[0];
    const [recorded, lowered] = first.split("lowered HLO:");
    expect(recorded).toContain("broadcast_dimensions={1}");
    expect(lowered).toMatch(/broadcast\(.*\), dimensions=\{1\}/);
    expect(lowered).not.toContain("broadcast_dimensions");
  });

  test("FILE with .npy inputs prints the result and --output writes out0.npy", async () => {
    const hlo = file("add_row.hlo", ADD_ROW);
    const x = file("x.npy", writeNpy(literal("f64", [2, 3], [1, 2, 3, 4, 5, 6])));
    const y = file("y.npy", writeNpy(literal("f64", [3], [7, 8, 9])));
    const out = join(work, "out_add");
    const r = await minixla("run", hlo, "--input", x, "--input", y, "--output", out);
    expect(r.stderr).not.toMatch(/error/i);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("out0: f64[2,3] = [[ 8. 10. 12.]\n                  [11. 13. 15.]]\n");
    const back = readNpy(new Uint8Array(readFileSync(join(out, "out0.npy"))));
    expect(back.shape).toEqual({ elementType: "f64", dimensions: [2, 3] });
    expect(toNested(back)).toEqual([[8, 10, 12], [11, 13, 15]]);
  });

  test("a tuple root prints and writes one output per element; JSON inputs take the parameter's type", async () => {
    const hlo = file("sum_product.hlo", SUM_PRODUCT);
    const b = file("b.json", "[10, -20]");
    const out = join(work, "out_tuple");
    const r = await minixla("run", hlo, "--input-json", "[3, 4]", "--input", b, "--output", out);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("out0: s32[2] = [ 13 -16]\nout1: s32[2] = [ 30 -80]\n");
    expect(toNested(readNpy(new Uint8Array(readFileSync(join(out, "out1.npy")))))).toEqual([30, -80]);
    expect(readNpy(new Uint8Array(readFileSync(join(out, "out0.npy")))).shape.elementType).toBe("s32");
  });

  test("a module with an implicit broadcast is lowered before it is evaluated", async () => {
    const r = await minixla("run", file("implicit_run.hlo", IMPLICIT), "--input-json", "[[1,2,3],[4,5,6]]", "--input-json", "[7,8,9]");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("[[ 8. 10. 12.]");
  });
});

describe.concurrent("minixla lower", () => {
  test("prints the module with the implicit broadcast made explicit", async () => {
    const r = await minixla("lower", file("implicit.hlo", IMPLICIT));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^HloModule implicit/);
    expect(r.stdout).toMatch(/f64\[2,3\](\{1,0\})? broadcast\(%?y\), dimensions=\{1\}/);
    expect(r.stdout).not.toContain("broadcast_dimensions");
  });
});

describe.concurrent("minixla conformance", () => {
  const corpus = join(work, "corpus");
  const addTwo = `HloModule add_two

ENTRY main {
  a = f64[2]{0} parameter(0)
  b = f64[2]{0} parameter(1)
  ROOT s = f64[2]{0} add(a, b)
}
`;
  const entry = (name: string, tags: readonly string[]) => ({
    name,
    dir: name,
    inputs: [
      { file: "in0.npy", dtype: "float64", shape: [2] },
      { file: "in1.npy", dtype: "float64", shape: [2] },
    ],
    outputs: [{ file: "out0.npy", dtype: "float64", shape: [2] }],
    tolerance: { exact: true },
    tags,
  });
  for (const [name, want] of [["good_add", [4, 6]], ["bad_add", [4, 7]]] as const) {
    mkdirSync(join(corpus, name), { recursive: true });
    writeFileSync(join(corpus, name, "module.hlo"), addTwo);
    writeFileSync(join(corpus, name, "in0.npy"), writeNpy(literal("f64", [2], [1, 2])));
    writeFileSync(join(corpus, name, "in1.npy"), writeNpy(literal("f64", [2], [3, 4])));
    writeFileSync(join(corpus, name, "out0.npy"), writeNpy(literal("f64", [2], want)));
  }
  writeFileSync(
    join(corpus, "manifest.json"),
    JSON.stringify({ generator: "hand", variant: "test", cases: [entry("good_add", ["ok"]), entry("bad_add", ["broken"])] }),
  );

  test("names the failing case, output, element, values and difference, then tallies; exit 1", async () => {
    const r = await minixla("conformance", corpus);
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines).toEqual([
      // 6 and 7 as f64 lie 2^50 values apart.
      "FAIL bad_add: output 0 at [1]: got 6, want 7, |diff| 1 (exact; 1 of 2 elements differ, max 1125899906842624 ulps)",
      "1 passed, 1 failed",
    ]);
  });

  test("--filter keeps the cases with that tag (or name part); all passing exits 0", async () => {
    const r = await minixla("conformance", corpus, "--filter", "ok");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("1 passed, 0 failed\n");
    expect((await minixla("conformance", corpus, "--filter", "bad_")).stdout).toMatch(/0 passed, 1 failed\n$/);
  });

  test("--json prints a machine-readable report", async () => {
    const r = await minixla("conformance", corpus, "--json");
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { passed: number; failed: number; cases: { name: string; passed: boolean }[] };
    expect(report.passed).toBe(1);
    expect(report.failed).toBe(1);
    expect(report.cases.map((c) => [c.name, c.passed])).toEqual([["good_add", true], ["bad_add", false]]);
  });

  test("a malformed manifest is reported with the field at fault", async () => {
    const bad = join(work, "bad_corpus");
    mkdirSync(bad, { recursive: true });
    writeFileSync(join(bad, "manifest.json"), JSON.stringify({ cases: [{ name: "x", dir: "x", inputs: [], outputs: [], tolerance: {} }] }));
    const r = await minixla("conformance", bad);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not a valid manifest: .*cases\.0\.outputs/);
  });
});

describe.concurrent("usage errors exit 2 with a message and no stack trace", () => {
  test.each([
    [["frobnicate"], /unknown command 'frobnicate'/],
    [[], /usage: minixla COMMAND/],
    [["run", "--bogus"], /unknown option '--bogus'/],
    [["run", "/nonexistent/m.hlo"], /cannot read \/nonexistent\/m\.hlo/],
    [["run", "--input", "a.npy"], /the demo takes no --input/],
    [["lower"], /expected exactly one FILE\.hlo/],
    [["conformance"], /expected exactly one corpus DIR/],
    [["conformance", "/nonexistent"], /has no manifest\.json/],
  ])("minixla %j", async (args, message) => {
    const r = await minixla(...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  test("a wrong number of inputs names the parameters", async () => {
    const r = await minixla("run", file("add_row_count.hlo", ADD_ROW), "--input-json", "[[1,2,3],[4,5,6]]");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("the module takes 2 inputs (x: f64[2,3], y: f64[3]), but 1 was given");
  });

  test("a wrongly shaped input names both shapes", async () => {
    const y = file("y4.npy", writeNpy(literal("f64", [4], [1, 2, 3, 4])));
    const r = await minixla("run", file("add_row_shape.hlo", ADD_ROW), "--input-json", "[[1,2,3],[4,5,6]]", "--input", y);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/input 1 \(.*y4\.npy\) is f64\[4\], but parameter 1 \(y\) is f64\[3\]/);
  });

  test("JSON that does not fit the parameter says where", async () => {
    const r = await minixla("run", file("add_row_json.hlo", ADD_ROW), "--input-json", "[[1,2],[4,5]]", "--input-json", "[7,8,9]");
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/expected 3 elements at dimension 1 \(in \[0\]\), got an array of 2/);
  });

  test("malformed HLO exits 1 with the ParseError after FILE:LINE:COLUMN and no stack trace", async () => {
    const path = file("broken.hlo", "HloModule broken\n\nENTRY main {\n  ROOT x = f64[ parameter(0)\n}\n");
    const r = await minixla("run", path);
    expect(r.code).toBe(1);
    expect(r.stderr.startsWith(`minixla run: ${path}:4:17: ParseError: `)).toBe(true);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
