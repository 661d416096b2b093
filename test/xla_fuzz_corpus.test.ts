/**
 * The vendored differential-fuzz corpus (test/corpus/xla-fuzz/, made by real
 * XLA): every case matches XLA's CPU backend in numerics "xla-cpu" (exactly,
 * or within the documented ulps of ULP_TOLERANCES), and every case XLA's
 * constant folder folded matches in numerics "reference". Each evaluate is
 * also run on the compiled engine and compared bit for bit (test/setup).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compareOutputs, runMinixla, toleranceOf } from "./fuzz/compare.ts";
import { type Corpus, caseProgram } from "./fuzz/corpus.ts";
import { FAMILIES } from "./fuzz/program.ts";
import { hexLiteral } from "./fuzz/xla_client.ts";

const corpus = JSON.parse(readFileSync(new URL("./corpus/xla-fuzz/cases.json", import.meta.url), "utf8")) as Corpus;

describe("xla-fuzz corpus", () => {
  it("holds at least 2,000 cases covering every op family", () => {
    expect(corpus.cases.length).toBeGreaterThanOrEqual(2000);
    for (const f of FAMILIES) expect(corpus.cases.filter((c) => c.family === f).length, f).toBeGreaterThan(50);
    expect(corpus.cases.filter((c) => c.folded !== undefined).length).toBeGreaterThanOrEqual(1500);
  });

  for (const family of FAMILIES) {
    it(`${family}: every case gives XLA's bits in both modes`, () => {
      const failures: string[] = [];
      for (const c of corpus.cases.filter((x) => x.family === family)) {
        const p = caseProgram(c);
        const want = (arrays: Corpus["cases"][number]["cpu"]) => arrays.map((a) => hexLiteral(a.type, a.dims, a.hex));
        const cpu = compareOutputs(runMinixla(p, "xla-cpu"), want(c.cpu), toleranceOf(p, "xla-cpu"));
        if (cpu !== undefined) failures.push(`xla-cpu ${c.label}: ${cpu.message}`);
        if (c.folded !== undefined) {
          const ref = compareOutputs(runMinixla(p, "reference"), want(c.folded), toleranceOf(p, "reference"));
          if (ref !== undefined) failures.push(`reference ${c.label}: ${ref.message}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
