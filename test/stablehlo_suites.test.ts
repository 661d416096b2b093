/**
 * StableHLO's own test files (test/corpus/stablehlo-mlir, see its ORIGIN.md),
 * read by the StableHLO reader and run as `minixla run` runs them: each
 * file's status (every check passing, or its first problem) must be the one
 * status.json pins, so a regression, or a fix that is not recorded, fails.
 */
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fileStatus } from "../scripts/run_stablehlo_suite.ts";

const DIR = new URL("./corpus/stablehlo-mlir/", import.meta.url);
const pinned = JSON.parse(readFileSync(new URL("status.json", DIR), "utf8")) as Record<string, string>;

for (const suite of ["interpret", "testdata"] as const) {
  const files = readdirSync(new URL(`${suite}/`, DIR)).filter((f) => f.endsWith(".mlir")).sort();
  describe(`StableHLO ${suite} files`, () => {
    it("every vendored file has a pinned status", () => {
      expect(files.filter((f) => pinned[`${suite}/${f}`] === undefined)).toEqual([]);
    });
    it.each(files)("%s", (f) => {
      expect(fileStatus(new URL(`${suite}/${f}`, DIR).pathname, f)).toBe(pinned[`${suite}/${f}`]);
    });
  });
}

describe("the pinned tallies", () => {
  const statuses = Object.entries(pinned);
  it("at least 600 test-data files are vendored and more than 98% of them pass", () => {
    const testdata = statuses.filter(([k]) => k.startsWith("testdata/"));
    const passing = testdata.filter(([, s]) => s === "pass").length;
    expect(testdata.length).toBeGreaterThanOrEqual(600);
    expect(passing / testdata.length).toBeGreaterThan(0.98);
  });
});
