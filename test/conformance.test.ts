/**
 * The whole XLA-computed corpus, one test per case, through the same
 * runConformance that `minixla conformance` uses. The corpus is the
 * repository's copy (test/corpus/xla-jax, see its README.md), so this runs
 * in a clone of the repository alone; `.ci/run` also runs the outside corpus
 * when it is present.
 */
import { describe, expect, test } from "vitest";
import { describeFailure, loadManifest, runConformance } from "@minixla/cli";
import { XLA_JAX_CORPUS as CORPUS } from "./support/corpus.ts";

describe("XLA conformance corpus (test/corpus/xla-jax)", () => {
  const names = loadManifest(CORPUS).cases.map((c) => c.name);

  test("holds the 88 cases", () => {
    expect(names.length).toBe(88);
  });

  test.each(names)("%s matches XLA", (name) => {
    const report = runConformance(CORPUS, { names: [name] });
    expect(report.cases.length).toBe(1);
    const [result] = report.cases;
    expect(result.passed, describeFailure(result)).toBe(true);
  });
});
