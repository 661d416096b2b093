import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseHloModule, printHloModule } from "@minixla/hlo";
import { main } from "../main.ts";
import type { CommandIo } from "./command.ts";

const MODULE = `HloModule m, replica_count=2

sum {
  a = f64[] parameter(0)
  b = f64[] parameter(1)
  ROOT c = f64[] add(a, b)
}

ENTRY main {
  x = f64[2,3] parameter(0)
  v = f64[3] parameter(1)
  s = f64[2,3] add(x, v), broadcast_dimensions={1}
  z = f64[] constant(0)
  ROOT r = f64[2] reduce(s, z), dimensions={1}, to_apply=sum
}
`;

function setup(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), "minixla-convert-"));
  const file = join(dir, "in.hlo");
  writeFileSync(file, MODULE);
  return { dir, file };
}

async function run(argv: readonly string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: CommandIo = { out: (t) => void (out += t), err: (t) => void (err += t) };
  const code = await main(argv, io);
  return { code, out, err };
}

describe("minixla convert", () => {
  it("prints StableHLO: the entry as public @main, the reducer as a region, the implicit broadcast made explicit", async () => {
    const { file } = setup();
    const r = await run(["convert", file, "--to", "stablehlo"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^module @m attributes \{mhlo\.num_partitions = 1 : i32, mhlo\.num_replicas = 2 : i32\} \{/);
    expect(r.out).toContain("func.func public @main(%arg0: tensor<2x3xf64>, %arg1: tensor<3xf64>) -> tensor<2xf64> {");
    expect(r.out).toContain("stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf64>) -> tensor<2x3xf64>");
    expect(r.out).toMatch(/"stablehlo\.reduce"\(%\d+, %\d+\) <\{dimensions = array<i64: 1>\}> \(\{\n\s+\^bb0\(%a\d+: tensor<f64>, %a\d+: tensor<f64>\):/);
    // Only the entry function: the reducer is inlined, so no private function is printed.
    expect(r.out.match(/func\.func/g)).toHaveLength(1);
  });

  it("prints HLO text that reads back as the same module, to a file with -o", async () => {
    const { dir, file } = setup();
    const out = join(dir, "out.hlo");
    const r = await run(["convert", file, "--to", "hlo", "-o", out]);
    expect(r.code).toBe(0);
    expect(r.out).toBe("");
    const written = readFileSync(out, "utf8");
    expect(printHloModule(parseHloModule(written))).toBe(printHloModule(parseHloModule(MODULE)));
  });

  it("refuses a missing or unknown --to, and a missing file, as usage errors", async () => {
    const { dir, file } = setup();
    expect((await run(["convert", file])).code).toBe(2);
    const bad = await run(["convert", file, "--to", "mlir"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--to must be one of stablehlo, hlo, got 'mlir'");
    expect((await run(["convert", join(dir, "absent.hlo"), "--to", "hlo"])).code).toBe(2);
  });

  it("names the op StableHLO has no form for", async () => {
    const { dir } = setup();
    const file = join(dir, "state.hlo");
    writeFileSync(
      file,
      `HloModule s

ENTRY main {
  p = f32[4] parameter(0)
  ROOT r = f32[4] all-to-all(p), replica_groups=mesh['a'=2,'b'=2] {'a'}, dimensions={0}
}
`,
    );
    const r = await run(["convert", file, "--to", "stablehlo"]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("all-to-all (instruction r) has no StableHLO form");
  });
});
