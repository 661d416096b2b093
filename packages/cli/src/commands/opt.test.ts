import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HloError } from "@minixla/hlo";
import { ModuleFileError } from "../module_file.ts";
import { UsageError } from "../args.ts";
import { main } from "../main.ts";
import type { CommandIo } from "./command.ts";
import { unifiedDiff } from "./line_diff.ts";
import { optCommand } from "./opt.ts";

const MODULE = `HloModule m

ENTRY main {
  x = f64[2,3] parameter(0)
  v = f64[3] parameter(1)
  one = f64[] constant(1)
  m = f64[2,3] multiply(x, one)
  ROOT s = f64[2,3] add(m, v), broadcast_dimensions={1}
}
`;

function setup(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), "minixla-opt-"));
  const file = join(dir, "in.hlo");
  writeFileSync(file, MODULE);
  return { dir, file };
}

async function runOpt(argv: readonly string[]): Promise<{ code: number; out: string }> {
  let out = "";
  const io: CommandIo = { out: (t) => void (out += t), err: () => undefined };
  const code = await optCommand.run(argv, io);
  return { code, out };
}

describe("minixla opt", () => {
  it("runs the named passes and prints the module", async () => {
    const { file } = setup();
    const { code, out } = await runOpt([file, "--passes=lower-broadcasts,algsimp,cse,dce"]);
    expect(code).toBe(0);
    expect(out).toMatchInlineSnapshot(`
      "HloModule m, entry_computation_layout={(f64[2,3]{1,0}, f64[3]{0})->f64[2,3]{1,0}}

      ENTRY main {
        x = f64[2,3]{1,0} parameter(0)
        v = f64[3]{0} parameter(1)
        broadcast.1 = f64[2,3]{1,0} broadcast(v), dimensions={1}
        ROOT s = f64[2,3]{1,0} add(x, broadcast.1)
      }
      "
    `);
  });

  it("dumps every step as numbered files with a diff for each change", async () => {
    const { dir, file } = setup();
    const dump = join(dir, "dump");
    await runOpt([file, "--passes", "lower-broadcasts,algsimp,dce,cse", "--dump", dump]);
    expect(readdirSync(dump).sort()).toEqual([
      "00-input.hlo", "01-lower-broadcasts.diff", "01-lower-broadcasts.hlo", "02-algsimp.diff", "02-algsimp.hlo", "03-dce.diff", "03-dce.hlo", "04-cse.hlo",
    ]);
    expect(readFileSync(join(dump, "02-algsimp.diff"), "utf8")).toMatchInlineSnapshot(`
      "--- 01-lower-broadcasts.hlo
      +++ 02-algsimp.hlo
      @@ -5,8 +5,7 @@
         v = f64[3]{0} parameter(1)
         one = f64[] constant(1)
         broadcast = f64[2,3]{1,0} broadcast(one), dimensions={}
      -  m = f64[2,3]{1,0} multiply(x, broadcast)
         broadcast.1 = f64[2,3]{1,0} broadcast(v), dimensions={1}
      -  ROOT s = f64[2,3]{1,0} add(m, broadcast.1)
      +  ROOT s = f64[2,3]{1,0} add(x, broadcast.1)
       }
       
      "
    `);
  });

  it("lists the passes with their descriptions", async () => {
    const { out } = await runOpt(["--list"]);
    for (const name of ["lower-broadcasts", "algsimp", "cse", "dce", "inline", "tuple-simplify", "constant-folding"]) {
      expect(out).toMatch(new RegExp(`^  ${name} +\\S`, "m"));
    }
  });

  it("loads a plugin pass by path and runs it by name", async () => {
    const { dir, file } = setup();
    const plugin = join(dir, "rename.mjs");
    writeFileSync(plugin, `export const pass = { name: "rename-module", description: "renames the module", run: (m) => ({ ...m, name: "renamed" }) };\n`);
    const { out } = await runOpt([file, "--plugin", plugin, "--passes=rename-module"]);
    expect(out.split("\n")[0]).toMatch(/^HloModule renamed\b/);
    const listed = await runOpt(["--list", "--plugin", plugin]);
    expect(listed.out).toMatch(/^ {2}rename-module +renames the module \(plugin .*rename\.mjs\)$/m);
  });

  it("refuses a plugin that does not export a pass, and an unknown pass name", async () => {
    const { dir, file } = setup();
    const plugin = join(dir, "bad.mjs");
    writeFileSync(plugin, `export default { name: "bad" };\n`);
    await expect(runOpt([file, "--plugin", plugin])).rejects.toThrow(UsageError);
    await expect(runOpt([file, "--plugin", plugin])).rejects.toThrow(/must export an HloPass/);
    await expect(runOpt([file, "--passes=nope"])).rejects.toThrow(/unknown pass 'nope'; known: lower-broadcasts/);
  });

  it("blames a plugin pass that breaks the module", async () => {
    const { dir, file } = setup();
    const plugin = join(dir, "break.mjs");
    writeFileSync(plugin, `export default { name: "break-root", description: "points the root nowhere", run: (m) => ({ ...m, computations: m.computations.map((c) => ({ ...c, root: "ghost" })) }) };\n`);
    await expect(runOpt([file, "--plugin", plugin, "--passes=break-root"])).rejects.toThrow(/after pass break-root:[\s\S]*root ghost is not an instruction/);
  });
});

describe("minixla opt: user errors are one-line errors, never internal ones", () => {
  it("names a plugin pass that throws, as an HloError about the module's file", async () => {
    const { dir, file } = setup();
    const plugin = join(dir, "throws.mjs");
    writeFileSync(plugin, `export default { name: "throws", description: "reads a missing field", run: (m) => m.nothing.length };\n`);
    const error = await runOpt([file, "--plugin", plugin, "--passes=throws"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModuleFileError);
    expect((error as ModuleFileError).error).toBeInstanceOf(HloError);
    expect((error as ModuleFileError).file).toBe(file);
    await expect(runOpt([file, "--plugin", plugin, "--passes=throws"])).rejects.toThrow(/plugin pass throws \(.*throws\.mjs\) threw TypeError: /);
  });

  it("refuses --dump naming an existing file before running any pass, through main", async () => {
    const { dir, file } = setup();
    const target = join(dir, "dump.txt");
    writeFileSync(target, "keep");
    let err = "";
    const code = await main(["opt", file, "--dump", target], { out: () => undefined, err: (t) => void (err += t) });
    expect(code).toBe(1);
    expect(err).toBe(`minixla opt: --dump ${target}: exists and is not a directory\n`);
    expect(readFileSync(target, "utf8")).toBe("keep");
  });

  it("writes --dump into a directory it makes, one level at a time", async () => {
    const { dir, file } = setup();
    const { code } = await runOpt([file, "--dump", join(dir, "a", "b")]);
    expect(code).toBe(0);
    expect(readdirSync(join(dir, "a", "b"))).toContain("00-input.hlo");
  });
});

describe("unifiedDiff", () => {
  it("is empty for equal texts and shows removed before added lines with context", () => {
    expect(unifiedDiff("a\nb\n", "a\nb\n", "x", "y")).toBe("");
    expect(unifiedDiff("a\nb\nc\nd\n", "a\nB\nc\nd\ne\n", "x", "y")).toBe("--- x\n+++ y\n@@ -1,5 +1,6 @@\n a\n-b\n+B\n c\n d\n+e\n \n");
  });
});
