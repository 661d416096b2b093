/**
 * The whole shared corpus of XLA-computed cases, one test per case, through
 * the same runConformance that `minixla conformance` uses. The corpus lives
 * beside the repository (../shared/conformance/xla-jax); without it the
 * suite is skipped with a message saying so.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { describeFailure, loadManifest, runConformance } from "@minixla/cli";

const CORPUS = join(import.meta.dirname, "../../shared/conformance/xla-jax");
const present = existsSync(join(CORPUS, "manifest.json"));
if (!present) console.warn(`conformance corpus not found at ${CORPUS}: skipping the XLA conformance cases`);

describe.skipIf(!present)("XLA conformance corpus (../shared/conformance/xla-jax)", () => {
  const names = present ? loadManifest(CORPUS).cases.map((c) => c.name) : [];

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
