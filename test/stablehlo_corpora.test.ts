/**
 * The XLA-computed corpora from their StableHLO text: each case of
 * test/corpus/xla-jax and test/corpus/jax-models also holds `module.mlir`,
 * the same JAX function printed by JAX's default `as_text()` (see the
 * corpora's READMEs), and read by the StableHLO reader it must give XLA's
 * outputs within the case's tolerance, as its HLO text does.
 */
import { cpSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { describeFailure, loadManifest, runConformance } from "@minixla/cli";
import { scratch } from "./support/cli.ts";
import { XLA_JAX_CORPUS } from "./support/corpus.ts";

const JAX_MODELS = new URL("./corpus/jax-models/", import.meta.url).pathname;

for (const [label, dir] of [["xla-jax", XLA_JAX_CORPUS], ["jax-models", JAX_MODELS]] as const) {
  describe(`${label} from StableHLO text (module.mlir)`, () => {
    const names = loadManifest(dir).cases.map((c) => c.name);
    test.each(names)("%s matches XLA", (name) => {
      const report = runConformance(dir, { names: [name], moduleFile: "module.mlir" });
      expect(report.cases.length).toBe(1);
      const [result] = report.cases;
      expect(result.passed, describeFailure(result)).toBe(true);
    });
  });
}

describe("a corpus of StableHLO text alone", () => {
  const { work } = scratch("minixla-mlir-corpus-");
  test("runs each case's module.mlir where it has no module.hlo (as `minixla conformance DIR` does)", () => {
    const manifest = loadManifest(XLA_JAX_CORPUS);
    const picked = manifest.cases.slice(0, 3);
    for (const c of picked) {
      cpSync(join(XLA_JAX_CORPUS, c.dir), join(work, c.dir), { recursive: true });
      rmSync(join(work, c.dir, "module.hlo"));
    }
    writeFileSync(join(work, "manifest.json"), JSON.stringify({ ...manifest, cases: picked }));
    const report = runConformance(work);
    for (const r of report.cases) expect(r.passed, describeFailure(r)).toBe(true);
    expect(report.cases.map((r) => r.name)).toEqual(picked.map((c) => c.name));
  });
});
