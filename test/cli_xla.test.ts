// The minixla command's XLA paths: `run --engine xla` (and E,xla, SPMD,
// --iterations), `compare --engine reference,xla`, `run --expect`. Without
// Python or jaxlib every one of them fails within a second with the install
// command (always tested: a Python started with -S -I has no site packages,
// so no jax); with the local XLA they reproduce the corpus's outputs.
import { spawnSync } from "node:child_process";
import { chmodSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "@minixla/cli";
import { closeSharedXlaSessions } from "@minixla/xla";
import { scratch } from "./support/cli.ts";
import { NO_XLA_MESSAGE, testXlaPython } from "./support/xla.ts";

const python = testXlaPython();
if (python === undefined) console.warn(`test/cli_xla.test.ts: the with-XLA half ${NO_XLA_MESSAGE}`);
const CASE = join(import.meta.dirname, "corpus/xla-jax/binary_atan2");
const MODULE = join(CASE, "module.hlo");
const INPUTS = ["--input", join(CASE, "in0.npy"), "--input", join(CASE, "in1.npy")];
const PSUM = join(import.meta.dirname, "corpus/spmd/psum.hlo");
const { file } = scratch("minixla-cli-xla-");

async function cli(env: string | undefined, ...argv: string[]): Promise<{ code: number; out: string; err: string; ms: number }> {
  const saved = process.env.MINIXLA_XLA_PYTHON;
  if (env === undefined) delete process.env.MINIXLA_XLA_PYTHON;
  else process.env.MINIXLA_XLA_PYTHON = env;
  let out = "";
  let err = "";
  const t0 = performance.now();
  try {
    const code = await main(argv, { out: (t) => void (out += t), err: (t) => void (err += t) });
    return { code, out, err, ms: performance.now() - t0 };
  } finally {
    if (saved === undefined) delete process.env.MINIXLA_XLA_PYTHON;
    else process.env.MINIXLA_XLA_PYTHON = saved;
  }
}

afterEach(() => closeSharedXlaSessions());

// The Python without jax is python3 with its site packages turned off; a machine without python3 tests the missing interpreter only.
const hasPython3 = spawnSync("python3", ["-c", "pass"]).status === 0;
if (!hasPython3) console.warn("test/cli_xla.test.ts: no python3 on this machine; the Python-without-jax cases are skipped");

describe.skipIf(!hasPython3)("without jax: every --engine xla path stops within a second with the install command", () => {
  const noJax = file("python-without-jax", `#!/bin/sh\nexec python3 -S -I "$@"\n`);
  chmodSync(noJax, 0o755);
  const PATHS: readonly (readonly string[])[] = [
    ["run", MODULE, ...INPUTS, "--engine", "xla"],
    ["run", MODULE, ...INPUTS, "--engine", "both,xla"],
    ["run", MODULE, ...INPUTS, "--engine", "xla", "--iterations", "3"],
    ["run", PSUM, "--input-json", "[1,2,3]", "--replicas", "2", "--engine", "xla"],
    ["compare", MODULE, "--engine", "reference,xla", "--random", "3"],
  ];
  for (const argv of PATHS) {
    it(argv.slice(0, 1).concat(argv.slice(-4)).join(" "), async () => {
      const r = await cli(noJax, ...argv);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/XlaUnavailableError: .*cannot import/);
      expect(r.err).toContain(`-m pip install "jax==`);
      expect(r.out).toBe("");
      expect(r.ms).toBeLessThan(1000);
    });
  }
});

describe("without Python", () => {
  it("no Python at all names the missing interpreter", async () => {
    const r = await cli(join(import.meta.dirname, "no-such-python"), "run", MODULE, ...INPUTS, "--engine", "xla");
    expect(r.code).toBe(1);
    expect(r.err).toContain("no Python at");
    expect(r.err).toContain("apt-get install python3");
    expect(r.ms).toBeLessThan(1000);
  });
});

describe.skipIf(python === undefined)("with the local XLA", () => {
  it("run --engine xla reproduces the corpus output (--expect, exact)", async () => {
    const r = await cli(python, "run", MODULE, ...INPUTS, "--engine", "xla", "--expect", join(CASE, "out0.npy"), "--quiet");
    expect(r.err).toContain("1 output match --expect (exact)");
    expect(r.code).toBe(0);
    expect(r.out).toBe("");
  });
  it("run --engine compiled,xla agrees, and --iterations reports XLA's time beside minixla's", async () => {
    const r = await cli(python, "run", MODULE, ...INPUTS, "--engine", "compiled,xla", "--iterations", "3");
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/timing compiled: 3 iterations/);
    expect(r.err).toMatch(/timing xla: 3 iterations, median [0-9.]+ ms/);
    expect(r.err).toContain("compiled and xla agree");
  });
  it("run --replicas 2 --engine reference,xla runs the all-reduce on two XLA host devices", async () => {
    const r = await cli(python, "run", PSUM, "--input-json", "[1,2,3]", "--replicas", "2", "--engine", "reference,xla");
    expect(r.code).toBe(0);
    // Replica 0 adds 0, replica 1 adds 1; the all-reduce sums them.
    expect(r.out).toContain("== replica 1, partition 0 ==\nout0: f32[3] = [2. 3. 4.]\nout1: f32[3] = [3. 5. 7.]");
  });
  it("compare --engine reference,xla agrees on random inputs with specials", async () => {
    const r = await cli(python, "compare", join(import.meta.dirname, "corpus/xla-jax/softmax/module.hlo"), "--engine", "reference,xla", "--random", "8");
    expect(r.out).toContain("equal: 1 output agree on 8 input sets");
    expect(r.code).toBe(0);
  });
  it("an XLA output that is not the expected one fails with the first differing elements and their ulps", async () => {
    const r = await cli(python, "run", MODULE, "--input", join(CASE, "in1.npy"), "--input", join(CASE, "in0.npy"), "--engine", "xla", "--expect", join(CASE, "out0.npy"), "--quiet");
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/out0: \d+ of 12 elements differ \(exact; max \d+ ulps\)\n +at \[0,0\]: got [-0-9.e]+, expected [-0-9.e]+, \d+ ulps/);
  });
});
