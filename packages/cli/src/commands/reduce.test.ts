import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseHloModule, verificationProblems } from "@minixla/hlo";
import { main } from "../main.ts";
import type { CommandIo } from "./command.ts";

const ROOT = join(import.meta.dirname, "../../../..");
const dir = mkdtempSync(join(tmpdir(), "minixla-reduce-"));
const big = join(dir, "big.hlo");
writeFileSync(
  big,
  `HloModule big

ENTRY main {
  x = f32[8] parameter(0)
  y = f32[8] parameter(1)
  a = f32[8] exponential(x)
  b = f32[8] multiply(a, y)
  d = f32[8] subtract(b, b)
  e = f32[8] tanh(d)
  f = f32[8] sqrt(y)
  g = f32[8] add(e, f)
  ROOT t = (f32[8], f32[8]) tuple(g, a)
}
`,
);

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: CommandIo = { out: (t) => void (out += t), err: (t) => void (err += t) };
  const code = await main(["reduce", ...argv], io);
  return { code, out, err };
}

describe("minixla reduce", () => {
  it("--until pass-changes-result with a plugin: shrinks to the wrong rule's pattern, progress on stderr, -o written", async () => {
    const out = join(dir, "small.hlo");
    const plugin = join(ROOT, "examples/wrong_rules/subtract_self.ts");
    const r = await run(big, "--until", "pass-changes-result=subtract-self", "--plugin", plugin, "-o", out, "--max-seconds", "60");
    expect(r.code, r.err).toBe(0);
    expect(r.out).toBe("");
    expect(r.err).toMatch(/^reduce: 9 instructions\n/);
    expect(r.err).toMatch(/reduced 9 -> 2 instructions: \d+ candidates tried, \d+ kept\nwrote /);
    const small = parseHloModule(readFileSync(out, "utf8"));
    expect(verificationProblems(small)).toEqual([]);
    expect(readFileSync(out, "utf8")).toMatch(/ROOT d = f32\[1\]\{0\} subtract\(b, b\)/);
  });

  it("--until error=TEXT keeps the instruction that throws; the result goes to stdout without -o", async () => {
    const bad = join(dir, "bad.hlo");
    writeFileSync(bad, `HloModule bad\n\nENTRY main {\n  x = f32[4] parameter(0)\n  n = f32[4] negate(x)\n  c = f32[4] custom-call(n), custom_call_target="no_such_target"\n  ROOT s = f32[4] sine(c)\n}\n`);
    const r = await run(bad, "--until", "error=no_such_target");
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/custom-call/);
    expect(r.out).not.toMatch(/sine|negate/);
  });

  it("--until-cmd runs a shell command on each candidate ({} is its file)", async () => {
    const r = await run(big, "--until-cmd", "grep -q sqrt {}");
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/ROOT f = f32\[1\]\{0\} sqrt\(y\)/);
    expect(r.err).toMatch(/reduced 9 -> 2 instructions/);
  });

  it("exits 1 when the module does not meet the condition to begin with", async () => {
    const r = await run(big, "--until", "engines-differ", "--trials", "4");
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/does not meet the condition to begin with/);
  });

  it("exits 2 on usage mistakes", async () => {
    for (const argv of [
      [big],
      [big, "--until", "engines-differ", "--until-cmd", "true"],
      [big, "--until", "sometimes"],
      [big, "--until", "pass-changes-result="],
      [big, "--until", "pass-changes-result=nosuchpass"],
      [big, "--until", "engines-differ", "--passes", "dce"],
      [big, "--until", "engines-differ", "--max-seconds", "0"],
    ]) {
      const r = await run(...argv);
      expect(r.code, argv.join(" ")).toBe(2);
    }
  });
});
