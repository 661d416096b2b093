/**
 * The minixla command as a tool (issue 12): --version, help with every
 * option described, errors that name the file (FILE:LINE:COLUMN for parse
 * errors), `run` grown like XLA's run_hlo_module (--random-inputs --seed,
 * --iterations with timing, --numerics, a progress line), and `opt` with a
 * pass-name grammar (simplify, fixpoint(...), default) and dumps of every pass
 * run inside a fixpoint. Each test spawns the command as a user would.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { readNpy } from "@minixla/hlo";
import { ROOT, cliRunner, scratch } from "./support/cli.ts";

const { work, file } = scratch("minixla-tools-");
const minixla = cliRunner(120_000);

/** A while loop doubling a vector N times (s32 counter, f32 state). */
const loop = (n: number) => `HloModule loop

cond {
  s = (s32[], f32[4]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  n = s32[] constant(${n})
  ROOT lt = pred[] compare(i, n), direction=LT
}

body {
  s = (s32[], f32[4]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  x = f32[4] get-tuple-element(s), index=1
  one = s32[] constant(1)
  i2 = s32[] add(i, one)
  x2 = f32[4] add(x, x)
  ROOT t = (s32[], f32[4]) tuple(i2, x2)
}

ENTRY e {
  x = f32[4] parameter(0)
  z = s32[] constant(0)
  t = (s32[], f32[4]) tuple(z, x)
  w = (s32[], f32[4]) while(t), condition=cond, body=body
  ROOT r = f32[4] get-tuple-element(w), index=1
}
`;

/** Two parameters of different types, so random inputs exercise both. */
const MIXED = `HloModule mixed

ENTRY main {
  a = f32[3] parameter(0)
  b = s32[2] parameter(1)
  ROOT t = (f32[3], s32[2]) tuple(a, b)
}
`;

/** Work for every simplify pass: a constant to fold, a duplicate for cse, dead code for dce. */
const SIMPLIFIABLE = `HloModule simp

ENTRY e {
  x = f32[4] parameter(0)
  b = f32[4] multiply(x, x)
  c = f32[4] multiply(x, x)
  two = f32[] constant(2)
  three = f32[] constant(3)
  s = f32[] add(two, three)
  sb = f32[4] broadcast(s), dimensions={}
  d = f32[4] add(b, c)
  ROOT r = f32[4] add(d, sb)
}
`;

describe.concurrent("--version and help", () => {
  test("--version prints the CLI package's version", async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, "packages/cli/package.json"), "utf8")) as { version: string };
    const r = await minixla("--version");
    expect(r).toEqual({ code: 0, stdout: `minixla ${version}\n`, stderr: "" });
  });

  test("help run lists every option with a description; run --help prints the same", async () => {
    const r = await minixla("help", "run");
    expect(r.code).toBe(0);
    for (const option of ["input FILE", "input-json JSON", "random-inputs", "seed S", "output DIR", "elided", "engine", "numerics", "iterations N", "progress", "help"]) {
      expect(r.stdout).toMatch(new RegExp(`^  --${option}.*  \\S.{10,}$`, "m"));
    }
    expect((await minixla("run", "--help")).stdout).toBe(r.stdout);
  });

  test.each([
    ["opt", ["passes SPEC", "dump DIR", "list", "plugin", "no-verify"]],
    ["conformance", ["filter TAG", "json", "numerics", "engine"]],
    ["lower", ["help"]],
  ])("help %s describes %j", async (command, options) => {
    const r = await minixla("help", command);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^usage: minixla ${command}`));
    for (const option of options) expect(r.stdout).toMatch(new RegExp(`^  --${option}.*  \\S.{5,}$`, "m"));
  });

  test("help of an unknown command is a usage error", async () => {
    const r = await minixla("help", "frobnicate");
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^minixla help: unknown command 'frobnicate'/);
  });
});

describe.concurrent("errors name the module's file", () => {
  test("a parse error: FILE:LINE:COLUMN, the error, the line and a caret", async () => {
    const path = file("bad_type.hlo", "HloModule m\nENTRY e {\n  p = f46[4,10] parameter(0)\n  ROOT r = f32[4,10] negate(p)\n}\n");
    for (const command of ["run", "lower", "opt"]) {
      const r = await minixla(command, path);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`minixla ${command}: ${path}:3:7: ParseError: unknown element type 'f46'\n  p = f46[4,10] parameter(0)\n      ^\n`);
    }
  });

  test("a verification error: FILE: VerifyError", async () => {
    const path = file("bad_verify.hlo", "HloModule m\nENTRY e {\n  p = f32[4] parameter(0)\n  ROOT r = f32[4] dot(p, p)\n}\n");
    const r = await minixla("run", path, "--random-inputs");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^minixla run: ${path.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: (VerifyError|ShapeError): `));
  });

  test("an evaluation error: FILE: EvalError", async () => {
    const path = file("elided.hlo", "HloModule m\nENTRY e {\n  ROOT c = f32[3] constant({...})\n}\n");
    const r = await minixla("run", path);
    expect(r.code).toBe(1);
    expect(r.stderr.startsWith(`minixla run: ${path}: EvalError: module m has elided constants`)).toBe(true);
  });
});

describe.concurrent("run like run_hlo_module", () => {
  const mixed = file("mixed.hlo", MIXED);

  test("--random-inputs gives the same values for the same seed on both engines, others for another seed", async () => {
    const a = await minixla("run", mixed, "--random-inputs", "--seed", "7");
    const b = await minixla("run", mixed, "--random-inputs", "--seed=7", "--engine", "reference");
    const c = await minixla("run", mixed, "--random-inputs", "--seed", "8");
    const d = await minixla("run", mixed, "--random-inputs");
    for (const r of [a, b, c, d]) expect(r.code, r.stderr).toBe(0);
    expect(a.stdout).toMatch(/^out0: f32\[3\] = \[.*\]\nout1: s32\[2\] = \[.*\]\n$/);
    expect(b.stdout).toBe(a.stdout);
    expect(c.stdout).not.toBe(a.stdout);
    expect(d.stdout).not.toBe(a.stdout);
    // Floats in [-1, 1), integers in [-4, 7].
    const floats = (/out0: f32\[3\] = \[(.*)\]/.exec(a.stdout)?.[1] ?? "").trim().split(/\s+/).map(Number);
    const ints = (/out1: s32\[2\] = \[(.*)\]/.exec(a.stdout)?.[1] ?? "").trim().split(/\s+/).map(Number);
    expect(floats).toHaveLength(3);
    for (const x of floats) expect(x >= -1 && x < 1).toBe(true);
    for (const x of ints) expect(Number.isInteger(x) && x >= -4 && x <= 7).toBe(true);
  });

  test("--iterations N prints the median and minimum time per engine on stderr, the result once on stdout", async () => {
    const one = await minixla("run", mixed, "--random-inputs", "--iterations", "3");
    expect(one.code).toBe(0);
    expect(one.stderr).toMatch(/^timing compiled: 3 iterations, median \d+\.\d{3} ms, min \d+\.\d{3} ms \(compile \d+\.\d{3} ms\)\n$/);
    const both = await minixla("run", mixed, "--random-inputs", "--iterations=2", "--engine", "both");
    expect(both.code).toBe(0);
    expect(both.stderr).toMatch(/^timing compiled: 2 iterations, median .* ms\)\ntiming reference: 2 iterations, median \d+\.\d{3} ms, min \d+\.\d{3} ms\n$/);
    expect(both.stdout).toBe(one.stdout);
  });

  test("--numerics xla-cpu applies XLA CPU's reciprocal divisor: 3 / 10 becomes 3 * 0.1", async () => {
    const div = file("div.hlo", "HloModule div\nENTRY main {\n  a = f64[1] parameter(0)\n  b = f64[] constant(10)\n  bb = f64[1] broadcast(b), dimensions={}\n  ROOT q = f64[1] divide(a, bb)\n}\n");
    const value = async (numerics: string) => {
      const out = join(work, `div_${numerics}`);
      const r = await minixla("run", div, "--input-json", "[3]", "--numerics", numerics, "--output", out);
      expect(r.code, r.stderr).toBe(0);
      return readNpy(new Uint8Array(readFileSync(join(out, "out0.npy")))).data[0];
    };
    expect(await value("reference")).toBe(0.3);
    expect(await value("xla-cpu")).toBe(3 * 0.1);
  });

  test("--progress prints a progress line each second of a long while loop, naming the loop and its iteration", async () => {
    // About two seconds on the reference engine.
    const r = await minixla("run", file("long_loop.hlo", loop(400_000)), "--input-json", "[0,1,-1,0.5]", "--engine", "reference", "--progress");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("out0: f32[4] = [  0.  inf -inf  inf]\n");
    expect(r.stderr).toMatch(/^progress: \d+\.\d s \(reference\), \d+ instructions and \d+ while-loop iterations done; w at iteration \d+\n/);
  });

  test("a short run with --progress prints no progress line", async () => {
    const r = await minixla("run", file("short_loop.hlo", loop(10)), "--input-json", "[1,2,3,4]", "--progress");
    expect(r).toEqual({ code: 0, stdout: "out0: f32[4] = [1024. 2048. 3072. 4096.]\n", stderr: "" });
  });

  test.each([
    [["--random-inputs", "--input-json", "[1,2,3]"], /--random-inputs replaces --input/],
    [["--seed", "3"], /--seed seeds --random-inputs or --elided random/],
    [["--random-inputs", "--seed", "-1"], /--seed takes an integer from 0 to 4294967295, got '-1'/],
    [["--random-inputs", "--iterations", "0"], /--iterations takes an integer from 1 to/],
    [["--random-inputs", "--numerics", "fast"], /--numerics takes xla-cpu or reference; got 'fast'/],
  ])("run %j is a usage error", async (args, message) => {
    const r = await minixla("run", mixed, ...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe.concurrent("opt: pipelines by name, dumps of every pass inside a fixpoint", () => {
  const simp = file("simp.hlo", SIMPLIFIABLE);

  test("default, its three steps spelled out, and fixpoint(simplify) after lowering give the same module", async () => {
    const plain = await minixla("opt", simp);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toMatch(/s = f32\[\] constant\(5\)/);
    expect(plain.stdout).not.toMatch(/ c = /);
    for (const spec of ["default", "lower-broadcasts,inline,fixpoint(simplify)", "lower-broadcasts, fixpoint( simplify )", "fixpoint(tuple-simplify,algsimp,constant-folding,cse,dce)"]) {
      const r = await minixla("opt", simp, `--passes=${spec}`);
      expect(r.stdout, spec).toBe(plain.stdout);
    }
    const once = await minixla("opt", simp, "--passes=simplify");
    expect(once.code).toBe(0);
    expect(once.stdout).toMatch(/s = f32\[\] constant\(5\)/);
  });

  test.each([
    ["fixpoint(simplify", "unclosed 'fixpoint(' (opened at column 1): end of input before its ')' (column 18)", 17],
    ["algsimp,fixpoint(cse", "unclosed 'fixpoint(' (opened at column 9): end of input before its ')' (column 21)", 20],
    ["fixpoint()", "expects a pass name, but sees ')' (column 10)", 9],
    ["algsimp,,dce", "expects a pass name, but sees ',' (column 9)", 8],
    ["dce(cse)", "only fixpoint(...) takes a list of passes, not 'dce' (column 1)", 0],
    ["cse,bogus", "unknown pass 'bogus'; known: ", 4],
    ["fixpoint(cse))", "expects ',' between passes, but sees ')' (column 14)", 13],
  ])("--passes=%s is a usage error naming the position", async (spec, message, caret) => {
    const r = await minixla("opt", simp, `--passes=${spec}`);
    expect(r.code).toBe(2);
    const [first, quoted, marker] = r.stderr.split("\n");
    expect(first).toContain(`minixla opt: --passes '${spec}': ${message}`);
    expect(quoted).toBe(`  ${spec}`);
    expect(marker).toBe(`  ${" ".repeat(caret)}^`);
  });

  test("--dump writes a numbered step for every pass inside the fixpoint that changed the module, with its diff", async () => {
    const dir = join(work, "dump");
    const r = await minixla("opt", simp, "--dump", dir);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([
      "00-input.hlo",
      "01-lower-broadcasts.hlo",
      "02-inline.hlo",
      "03-fixpoint-simplify.01-constant-folding.diff",
      "03-fixpoint-simplify.01-constant-folding.hlo",
      "03-fixpoint-simplify.02-cse.diff",
      "03-fixpoint-simplify.02-cse.hlo",
      "03-fixpoint-simplify.03-dce.diff",
      "03-fixpoint-simplify.03-dce.hlo",
      "03-fixpoint-simplify.diff",
      "03-fixpoint-simplify.hlo",
    ]);
    const cse = readFileSync(join(dir, "03-fixpoint-simplify.02-cse.diff"), "utf8");
    expect(cse).toMatch(/^--- 03-fixpoint-simplify\.01-constant-folding\.hlo\n\+\+\+ 03-fixpoint-simplify\.02-cse\.hlo\n/);
    expect(cse).toContain("-  c = f32[4]{0} multiply(x, x)");
    expect(cse).toContain("+  d = f32[4]{0} add(b, b)");
    // The step's own diff spans the whole fixpoint, from the step before it.
    expect(readFileSync(join(dir, "03-fixpoint-simplify.diff"), "utf8")).toMatch(/^--- 02-inline\.hlo\n\+\+\+ 03-fixpoint-simplify\.hlo\n/);
    expect(readFileSync(join(dir, "03-fixpoint-simplify.03-dce.hlo"), "utf8")).toBe(readFileSync(join(dir, "03-fixpoint-simplify.hlo"), "utf8"));
  });

  test("--list names simplify, the default pipeline and fixpoint(...)", async () => {
    const r = await minixla("opt", "--list");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("simplify: tuple-simplify, algsimp, constant-folding, cse, dce\n");
    expect(r.stdout).toContain("default pipeline (--passes=default): lower-broadcasts, inline, fixpoint(simplify)\n");
  });

  test("a .ts plugin and a .js plugin load alike", async () => {
    const body = `export const pass = { name: "rename-module", description: "renames the module", run: (m) => ({ ...m, name: "renamed" }) };\n`;
    for (const name of ["plugin_js.mjs", "plugin_ts.ts"]) {
      const r = await minixla("opt", simp, "--plugin", file(name, body), "--passes=rename-module");
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^HloModule renamed/);
    }
  });
});
