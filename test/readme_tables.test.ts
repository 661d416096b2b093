/**
 * The op and element-type tables of the documentation (README.md or a guide
 * in docs/, between marker comments) are what scripts/readme_tables.ts
 * generates; each table is in the documentation exactly once.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ALL_OPCODES } from "@minixla/hlo";
import { BUILDER_METHODS, XlaBuilder } from "@minixla/builder";
import { MARKERS, tableFiles, withFreshTables } from "../scripts/readme_tables.ts";

const docs = tableFiles().map((path) => ({ path, text: readFileSync(new URL(`../${path}`, import.meta.url), "utf8") }));

describe("the documentation's op and element-type tables", () => {
  it("are each in exactly one file, between one pair of markers", () => {
    for (const [start, end] of Object.values(MARKERS)) {
      const count = (m: string): number => docs.reduce((n, d) => n + d.text.split(m).length - 1, 0);
      expect([count(start), count(end)], start).toEqual([1, 1]);
    }
  });

  it("are exactly what the opcode, builder and element-type tables generate (run `pnpm readme-tables` to refresh)", () => {
    for (const d of docs) expect(d.text, d.path).toBe(withFreshTables(d.text));
  });

  it("name only builder methods that exist", () => {
    const proto = XlaBuilder.prototype as unknown as Record<string, unknown>;
    for (const op of ALL_OPCODES) for (const m of BUILDER_METHODS[op]) expect(typeof proto[m], `${op} -> ${m}`).toBe("function");
  });
});
