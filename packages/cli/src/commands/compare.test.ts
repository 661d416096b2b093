import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { literal, writeNpy } from "@minixla/hlo";
import { main } from "../main.ts";
import type { CommandIo } from "./command.ts";

const dir = mkdtempSync(join(tmpdir(), "minixla-compare-"));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const mod = (root: string, extra = "") => `HloModule m\n\nENTRY main {\n  x = f32[4] parameter(0)\n  y = f32[4] parameter(1)\n${extra}  ROOT r = f32[4] ${root}\n}\n`;
const sub = file("sub.hlo", mod("subtract(x, x)"));
const zero = file("zero.hlo", mod("broadcast(z), dimensions={}", "  z = f32[] constant(0)\n"));
const add = file("add.hlo", mod("add(x, y)"));
const add2 = file("add2.hlo", mod("add(y, x)"));
const other = file("other.hlo", "HloModule o\n\nENTRY main {\n  x = f32[5] parameter(0)\n  ROOT r = f32[5] negate(x)\n}\n");

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: CommandIo = { out: (t) => void (out += t), err: (t) => void (err += t) };
  const code = await main(["compare", ...argv], io);
  return { code, out, err };
}

describe("minixla compare", () => {
  it("exits 1 and shows the first differing elements when the modules differ (x - x against 0: NaN and inf)", async () => {
    const r = await run(sub, zero, "--random", "50");
    expect(r.code).toBe(1);
    expect(r.out).toContain(`A = ${sub}, B = ${zero}`);
    expect(r.out).toContain("parameters (f32[4], f32[4])");
    expect(r.out).toContain("50 random input sets (seed 0); exact, -0 distinct from 0; engines reference, reference");
    expect(r.out).toMatch(/^DIFFER on input set \d+ \(\d+ of 50 run\):$/m);
    expect(r.out).toMatch(/^ {4}at \[\d\]: A NaN, B 0$/m);
  });

  it("exits 0 when every output agrees (x + y against y + x)", async () => {
    const r = await run(add, add2, "--random", "20", "--seed", "5");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^equal: 1 output agree on 20 input sets$/m);
  });

  it("compares a module with itself after --passes, and the two engines with --engine reference,compiled", async () => {
    const p = await run(add, "--passes=default", "--random", "10");
    expect(p.code).toBe(0);
    expect(p.out).toContain(`${add}: before vs after --passes=default`);
    const e = await run(add, "--engine", "reference,compiled", "--random", "10");
    expect(e.code).toBe(0);
    expect(e.out).toContain(`${add}: the reference vs the compiled engine`);
  });

  it("reads one input set from --inputs DIR (in0.npy, in1.npy, ...) and applies --rtol/--atol", async () => {
    const inputs = mkdtempSync(join(dir, "in-"));
    writeFileSync(join(inputs, "in0.npy"), writeNpy(literal("f32", [4], [1, 2, 3, 4])));
    writeFileSync(join(inputs, "in1.npy"), writeNpy(literal("f32", [4], [1, 1, 1, 1])));
    const r = await run(add, zero, "--inputs", inputs, "--atol", "4");
    expect(r.out).toContain(`inputs from ${inputs}; rtol=0, atol=4`);
    expect(r.code).toBe(1); // 3 + 1 - 0 > 4 at index 3
    expect(r.out).toMatch(/out0: 1 of 4 elements differ\n {4}at \[3\]: A 5, B 0/);
  });

  it("names both parameter lists when the modules take different parameters (exit 1)", async () => {
    const r = await run(add, other);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/take different parameters/);
  });

  it("exits 2 on usage mistakes", async () => {
    for (const argv of [
      [],
      [add],
      [add, add2, "--exact", "--rtol", "1"],
      [add, add2, "--engine", "gpu"],
      [add, add2, "--passes", "dce"],
      [add, add2, "--inputs", dir, "--random", "3"],
      [add, add2, "--random", "0"],
      [add, "--plugin", "x.ts"],
    ]) {
      const r = await run(...argv);
      expect(r.code, argv.join(" ")).toBe(2);
    }
  });
});
