/**
 * What test/corpus/stablehlo-print/acceptance.json records of the StableHLO
 * printer on the xla-hlo corpus (XLA's own .hlo files), pinned without XLA:
 * the record covers every module and its counts are its results' tally; on a
 * representative subset (the shortest modules of each status) a module
 * recorded as printed still prints, well formed, and reads back through
 * StableHLO -> minixla -> StableHLO -> minixla as the same graph (and the same
 * text), and a module recorded as refused is still refused for its reason.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { StableHloPrintError, parseHloModule, parseModule, printStableHlo } from "@minixla/hlo";
import { corpusModules } from "./corpus/xla-hlo/corpus.ts";
import { graphOf } from "./support/hlo_graph.ts";
import { mlirProblems } from "./support/mlir_wellformed.ts";

interface Verdict {
  readonly corpus: string;
  readonly id: string;
  readonly status: string;
  readonly reason?: string;
}
interface Record {
  readonly counts: { readonly [corpus: string]: { readonly [status: string]: number } };
  readonly results: readonly Verdict[];
}

const record = JSON.parse(readFileSync(new URL("./corpus/stablehlo-print/acceptance.json", import.meta.url), "utf8")) as Record;
const modules = corpusModules();
const texts = new Map(modules.map((m) => [m.id, m.text]));
const verdicts = record.results.filter((r) => r.corpus === "xla-hlo");

/** Per status, the PER_STATUS shortest modules (ties broken by id): small enough to round trip quickly, one of every kind. */
const PER_STATUS = 5;
const subset = [...new Set(verdicts.map((v) => v.status))].sort().flatMap((status) =>
  verdicts
    .filter((v) => v.status === status && !(status === "skipped" && v.reason?.startsWith("too large")))
    .map((v) => ({ ...v, text: texts.get(v.id) ?? "" }))
    .sort((a, b) => a.text.length - b.text.length || (a.id < b.id ? -1 : 1))
    .slice(0, PER_STATUS),
);

describe("acceptance.json on the xla-hlo corpus", () => {
  it("records every module of the corpus once", () => {
    expect(verdicts.map((v) => v.id).sort()).toEqual(modules.map((m) => m.id).sort());
  });

  it("counts are the tally of its results, per corpus and status", () => {
    const tally: { [corpus: string]: { [status: string]: number } } = {};
    for (const r of record.results) {
      tally[r.corpus] ??= {};
      tally[r.corpus][r.status] = (tally[r.corpus][r.status] ?? 0) + 1;
    }
    expect(tally).toEqual(record.counts);
  });

  it("the subset holds a module of every status the corpus has", () => {
    expect(new Set(subset.map((v) => v.status))).toEqual(new Set(verdicts.filter((v) => !v.reason?.startsWith("too large")).map((v) => v.status)));
  });

  it.each(subset.map((v) => [`${v.status}: ${v.id}`, v] as const))("%s", (_name, v) => {
    if (v.status === "refused") {
      const m = parseHloModule(v.text);
      expect(() => printStableHlo(m)).toThrow(StableHloPrintError);
      expect(() => printStableHlo(m)).toThrow(v.reason?.replace(/^[^:]*: /, "") ?? "");
      return;
    }
    if (v.status === "skipped" && v.reason?.startsWith("minixla does not read it")) {
      expect(() => parseHloModule(v.text)).toThrow();
      return;
    }
    const printed = printStableHlo(parseHloModule(v.text));
    expect(mlirProblems(printed)).toEqual([]);
    const first = parseModule(printed);
    const again = parseModule(printStableHlo(first));
    expect(graphOf(again)).toEqual(graphOf(first));
    expect(printStableHlo(again)).toBe(printStableHlo(first));
  });
});
