// docs/xla.md's golden-test walkthrough, run as written: each line of the
// `golden-walkthrough` block in a scratch folder (with `examples/` linked in),
// `npx -y pnpm@10 exec minixla` standing for the workspace's bin. Lines that
// need jax ($PY, `minixla golden`) run only where this machine has it; the
// conformance lines always run, on the case in test/corpus/golden-walkthrough
// when the first two could not make it. A line marked `# exits 1` must fail.
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, scratch } from "./support/cli.ts";
import { fencedBlocks } from "./support/readme.ts";
import { NO_XLA_MESSAGE, testXlaPython } from "./support/xla.ts";

const python = testXlaPython();
const VENDORED = join(ROOT, "test/corpus/golden-walkthrough");
const block = fencedBlocks(readFileSync(join(ROOT, "docs/xla.md"), "utf8")).find((b) => b.marker === "golden-walkthrough");
const lines = (block?.body ?? "").split("\n").filter((l) => l.trim() !== "");
const needsXla = (line: string): boolean => line.includes("$PY") || line.includes("minixla golden");
if (python === undefined) console.warn(`test/xla_walkthrough.test.ts: the walkthrough's jax lines are ${NO_XLA_MESSAGE}; the conformance lines run on the kept case`);

function runLine(line: string, cwd: string): { code: number | null; out: string } {
  const command = line.replaceAll("npx -y pnpm@10 exec minixla", `"${process.execPath}" "${join(ROOT, "packages/cli/bin/minixla.js")}"`);
  const r = spawnSync("bash", ["-c", command], {
    cwd,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, ...(python === undefined ? {} : { PY: python, MINIXLA_XLA_PYTHON: python }) },
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe("docs/xla.md golden walkthrough", () => {
  const { work } = scratch("minixla-walkthrough-");
  symlinkSync(join(ROOT, "examples"), join(work, "examples"));

  it("has the four steps: JAX, golden, conformance, a planted bug", () => {
    expect(lines.length).toBe(4);
    expect(lines.filter(needsXla).length).toBe(2);
    expect(lines[3]).toMatch(/# exits 1$/);
  });

  it("runs as written", () => {
    if (python === undefined) cpSync(join(VENDORED, "goldens"), join(work, "goldens"), { recursive: true });
    const outputs: string[] = [];
    for (const line of lines) {
      if (needsXla(line) && python === undefined) continue;
      const r = runLine(line, work);
      outputs.push(r.out);
      expect(r.code, `${line}\n${r.out}`).toBe(/# exits 1$/.test(line) ? 1 : 0);
    }
    // The clean corpus passes; with the wrong pass the same case fails, with its ulps.
    expect(outputs.at(-2)).toContain("1 passed, 0 failed");
    expect(outputs.at(-1)).toMatch(/FAIL shift: output 0 at \[\d+,\d+\]: .* max \d+ ulps\)\n0 passed, 1 failed/);
    if (python !== undefined) {
      // XLA made the same case the repository keeps.
      for (const f of ["shift/module.hlo", "shift/in0.npy", "shift/in1.npy", "shift/out0.npy"]) {
        expect(readFileSync(join(work, "goldens", f)).equals(readFileSync(join(VENDORED, "goldens", f))), f).toBe(true);
      }
    }
  }, 240_000);
});
