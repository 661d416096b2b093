/**
 * `minixla run --replicas N --partitions M` (each device's outputs, its own
 * seeded inputs, .npy files per device) and the evaluate options
 * `--rng-seed S` and `--max-bytes N`, run as a user runs the command.
 */
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { isTupleLiteral, readNpy } from "@minixla/hlo";
import { join } from "node:path";
import { cliRunner, scratch } from "./support/cli.ts";

const run = cliRunner(30_000);
const PSUM = "test/corpus/spmd/psum.hlo";
const dirs = scratch("minixla-spmd-");
const RNG = dirs.file(
  "rng.hlo",
  "HloModule rng\n\nENTRY main {\n  lo = f32[] constant(0)\n  hi = f32[] constant(1)\n  ROOT r = f32[4] rng(lo, hi), distribution=rng_uniform\n}\n",
);

/** The printed outputs of each device, keyed by its header line. */
function byDevice(stdout: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of stdout.trimEnd().split("\n")) {
    if (line.startsWith("== ")) out.set(line, (current = []));
    else current?.push(line);
  }
  return out;
}

describe("minixla run on several devices", () => {
  test("prints each device's outputs: its replica-id shifted input, and the all-reduce over replicas", async () => {
    const r = await run("run", PSUM, "--replicas", "2", "--input-json", "[1,2,3]");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        "== replica 0, partition 0 ==",
        "out0: f32[3] = [1. 2. 3.]",
        "out1: f32[3] = [3. 5. 7.]",
        "== replica 1, partition 0 ==",
        "out0: f32[3] = [2. 3. 4.]",
        "out1: f32[3] = [3. 5. 7.]",
        "",
      ].join("\n"),
    );
  });

  test("draws each device's own inputs with --random-inputs; device 0's are a plain run's", async () => {
    const grid = await run("run", PSUM, "--replicas", "2", "--partitions", "2", "--random-inputs", "--seed", "3");
    const plain = await run("run", PSUM, "--random-inputs", "--seed", "3", "--engine", "reference");
    expect(grid.code).toBe(0);
    const devices = byDevice(grid.stdout);
    expect([...devices.keys()]).toEqual(["== replica 0, partition 0 ==", "== replica 0, partition 1 ==", "== replica 1, partition 0 ==", "== replica 1, partition 1 =="]);
    const inputs = [...devices.values()].map((lines) => lines[0]);
    expect(new Set(inputs).size).toBe(4);
    expect(plain.stdout.split("\n")[0]).toBe(inputs[0]);
    // Cross-replica groups per partition: replicas 0 and 1 of a partition share their sum.
    expect(devices.get("== replica 0, partition 1 ==")?.[1]).toBe(devices.get("== replica 1, partition 1 ==")?.[1]);
    expect(devices.get("== replica 0, partition 0 ==")?.[1]).not.toBe(devices.get("== replica 0, partition 1 ==")?.[1]);
  });

  test("writes r<r>p<p>_out<i>.npy with --output", async () => {
    const dir = join(dirs.work, "npy");
    const r = await run("run", PSUM, "--replicas", "2", "--input-json", "[1,2,3]", "--output", dir);
    expect(r.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(["r0p0_out0.npy", "r0p0_out1.npy", "r1p0_out0.npy", "r1p0_out1.npy"]);
    const sum = readNpy(readFileSync(join(dir, "r1p0_out1.npy")));
    expect(isTupleLiteral(sum) ? [] : Array.from(sum.data as Float64Array)).toEqual([3, 5, 7]);
    expect(r.stderr).toContain("wrote 4 files to");
  });

  test("refuses device counts that are not positive integers, and the compiled engine or --iterations", async () => {
    for (const [args, message] of [
      [["--replicas", "0"], "--replicas takes an integer from 1 to 4096, got '0'"],
      [["--partitions", "x"], "--partitions takes an integer from 1 to 4096, got 'x'"],
      [["--replicas", "2", "--engine", "compiled"], "uses the reference engine once"],
      [["--replicas", "2", "--iterations", "3"], "uses the reference engine once"],
    ] as const) {
      const r = await run("run", PSUM, "--input-json", "[1,2,3]", ...args);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(message);
    }
    const demo = await run("run", "--replicas", "2");
    expect(demo.code).toBe(2);
  });

  test("runs a module on a grid other than its header's, and names a collective whose groups do not fit", async () => {
    const r = await run("run", PSUM, "--replicas", "1", "--partitions", "3", "--input-json", "[1,2,3]");
    // replica_groups={} spans whatever replicas there are: on 1 x 3 each partition is alone.
    expect(r.code).toBe(0);
    expect(byDevice(r.stdout).get("== replica 0, partition 2 ==")).toEqual(["out0: f32[3] = [1. 2. 3.]", "out1: f32[3] = [1. 2. 3.]"]);
    const pairs = dirs.file("pairs.hlo", "HloModule pairs\n\nENTRY main {\n  x = s32[2] parameter(0)\n  ROOT g = s32[4] all-gather(x), replica_groups={{0,1}}, dimensions={0}\n}\n");
    const bad = await run("run", pairs, "--replicas", "3", "--input-json", "[1,2]");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("EvalError: g (all-gather): id 2 doesn't appear in replica_groups={{0,1}}");
  });
});

describe("minixla run's evaluate options", () => {
  test("--rng-seed changes the rng op's values, and the same seed repeats them", async () => {
    const a = await run("run", RNG, "--rng-seed", "1");
    const b = await run("run", RNG, "--rng-seed", "1");
    const c = await run("run", RNG, "--rng-seed", "2");
    const d = await run("run", RNG);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).not.toBe(c.stdout);
    expect(d.stdout).toBe((await run("run", RNG, "--rng-seed", "0")).stdout);
  });

  test("--max-bytes refuses a result over the budget before allocating it", async () => {
    const r = await run("run", PSUM, "--input-json", "[1,2,3]", "--max-bytes", "8");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/EvalError: .*8 bytes/);
    expect((await run("run", PSUM, "--input-json", "[1,2,3]", "--max-bytes", "0")).code).toBe(2);
  });
});
