/**
 * The divergence corpus (test/corpus/xla-fuzz/divergences.json, made by
 * generate.ts there with real XLA): fuzz programs on which minixla and XLA
 * disagree, each marked with the row that explains it. Every case
 * must still diverge exactly as kept — minixla gives the kept bits, and they
 * are not XLA's (within the ulp table) — so a fix fails this test as surely
 * as a new wrong value does, until the case and the numerics guide's table change.
 * The table in docs/numerics.md must hold exactly the rows the corpus can name.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { firstBitDifference } from "@minixla/hlo";
import { compareOutputs, runMinixla, toleranceOf } from "./fuzz/compare.ts";
import { type CorpusArray, type DivergenceCorpus, caseProgram } from "./fuzz/corpus.ts";
import { hexLiteral } from "./fuzz/xla_client.ts";
import { DIVERGENCE_ROWS } from "./corpus/xla-fuzz/divergence_rows.ts";

const corpus = JSON.parse(readFileSync(new URL("./corpus/xla-fuzz/divergences.json", import.meta.url), "utf8")) as DivergenceCorpus;
const readme = readFileSync(new URL("../docs/numerics.md", import.meta.url), "utf8");
const literals = (arrays: readonly CorpusArray[]) => arrays.map((a) => hexLiteral(a.type, a.dims, a.hex));

/** The ids in the first column of the numerics guide's table of divergences not yet matched. */
function readmeRowIds(): string[] {
  const start = readme.indexOf("<!-- divergence-rows -->");
  expect(start, "docs/numerics.md marks its divergence table with <!-- divergence-rows -->").toBeGreaterThan(0);
  const ids: string[] = [];
  for (const line of readme.slice(start).split("\n").slice(1)) {
    if (!line.startsWith("|")) {
      if (ids.length > 0) break;
      continue;
    }
    const id = /^\|\s*`([a-z0-9-]+)`\s*\|/.exec(line);
    if (id !== null) ids.push(id[1]);
  }
  return ids;
}

describe("the divergence corpus", () => {
  it("names only rows of the numerics guide's table, which holds exactly the rows the generator can name", () => {
    expect(readmeRowIds()).toEqual([...DIVERGENCE_ROWS]);
    for (const c of corpus.cases) expect(DIVERGENCE_ROWS as readonly string[], c.label).toContain(c.row);
  });

  it("keeps the diverging programs of its fuzz runs", () => {
    expect(corpus.cases.length).toBeGreaterThanOrEqual(DIVERGENCE_FLOOR);
    const perRow = new Map<string, number>();
    for (const c of corpus.cases) perRow.set(c.row, (perRow.get(c.row) ?? 0) + 1);
    console.log(`divergence corpus: ${corpus.cases.length} cases: ${[...perRow].map(([r, n]) => `${r} ${n}`).join(", ")}`);
  });

  corpus.cases.forEach((c, k) => {
    it(`#${k} ${c.mode} ${c.label} [${c.row}] diverges from XLA exactly as kept`, () => {
      const p = caseProgram(c);
      const got = runMinixla(p, c.mode);
      const kept = literals(c.minixla);
      expect(got.length).toBe(kept.length);
      got.forEach((g, i) => {
        const d = firstBitDifference(g, kept[i]);
        expect(d?.message, `output ${i} is no longer the kept divergence: fixed, or wrong another way? Update divergences.json and the row ${c.row}`).toBeUndefined();
      });
      const fromXla = compareOutputs(got, literals(c.xla), toleranceOf(p, c.mode));
      expect(fromXla, `agrees with XLA now: take the case out and the row ${c.row} with it if it was its last`).toBeDefined();
    });
  });
});

/** The least number of kept divergences (the count generate.ts kept, docs/numerics.md). */
const DIVERGENCE_FLOOR = 12;
