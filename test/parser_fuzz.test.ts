/**
 * Fuzzing the HLO parser with mutated corpus texts: truncations, swapped
 * tokens, random bytes, huge numbers and deep nesting. Every failure must be a
 * ParseError (never a TypeError, RangeError or stack overflow), a hang would
 * trip the test timeout, and whatever parses must print and parse back to the
 * same text. A seeded PRNG keeps the run deterministic.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ParseError, parseHloModule, printHloModule } from "@minixla/hlo";
import { prng } from "./support/prng.ts";

const CORPUS = new URL("../../shared/conformance/xla-jax/", import.meta.url).pathname;
const texts = existsSync(CORPUS)
  ? readdirSync(CORPUS).filter((c) => existsSync(`${CORPUS}${c}/module.hlo`)).sort().map((c) => readFileSync(`${CORPUS}${c}/module.hlo`, "utf8"))
  : [];


const HUGE = ["1e999", "99999999999999999999", "-1", "0", "-0", "1.5", "nan", "inf", "9007199254740993", "18446744073709551616", "-9223372036854775809"];
const BYTES = ["(", ")", "{", "}", "[", "]", ",", "=", ":", "<", "?", "%", "-", "->", "\"", "/*", "*/", "//", "\n", "\0", "é", "😀", "ROOT", "ENTRY", "x", "0"];

type Mutation = (t: string, r: () => number) => string;
const at = (t: string, r: () => number) => Math.floor(r() * (t.length + 1));
const pick = <T>(xs: readonly T[], r: () => number): T => xs[Math.floor(r() * xs.length)];

const MUTATIONS: Record<string, Mutation> = {
  truncate: (t, r) => t.slice(0, at(t, r)),
  swapTokens: (t, r) => {
    const toks = t.split(/(\s+|[(){}[\],=:])/);
    const i = Math.floor(r() * toks.length);
    const j = Math.floor(r() * toks.length);
    [toks[i], toks[j]] = [toks[j], toks[i]];
    return toks.join("");
  },
  insertBytes: (t, r) => {
    const i = at(t, r);
    let s = "";
    for (let k = 1 + Math.floor(r() * 4); k > 0; k--) s += pick(BYTES, r);
    return t.slice(0, i) + s + t.slice(i);
  },
  deleteSpan: (t, r) => {
    const i = at(t, r);
    return t.slice(0, i) + t.slice(i + 1 + Math.floor(r() * 8));
  },
  hugeNumber: (t, r) => {
    const nums = [...t.matchAll(/\b\d+(\.\d+)?\b/g)];
    if (nums.length === 0) return t;
    const m = pick(nums, r);
    const i = m.index ?? 0;
    return t.slice(0, i) + pick(HUGE, r) + t.slice(i + m[0].length);
  },
  deepNesting: (t, r) => {
    const i = at(t, r);
    return t.slice(0, i) + pick(["(", "{", "[", "({"], r).repeat(50000 / (r() < 0.5 ? 1 : 2)) + t.slice(i);
  },
  duplicateLine: (t, r) => {
    const lines = t.split("\n");
    const i = Math.floor(r() * lines.length);
    lines.splice(i, 0, lines[Math.floor(r() * lines.length)]);
    return lines.join("\n");
  },
};

describe("the HLO parser under fuzzing", () => {
  it("raises only ParseError, quickly, on thousands of mutated corpus texts", () => {
    expect(texts.length).toBeGreaterThan(0);
    const r = prng(20240611);
    const names = Object.keys(MUTATIONS);
    const outcomes = { parsed: 0, parseErrors: 0 };
    for (let n = 0; n < 3000; n++) {
      const name = names[n % names.length];
      let text = pick(texts, r);
      // Some cases stack two mutations.
      text = MUTATIONS[name](text, r);
      if (r() < 0.25) text = MUTATIONS[pick(names, r)](text, r);
      try {
        const m = parseHloModule(text);
        const printed = printHloModule(m);
        expect(printHloModule(parseHloModule(printed))).toBe(printed);
        outcomes.parsed++;
      } catch (e) {
        if (!(e instanceof ParseError)) {
          throw new Error(`mutation ${name} #${n} raised ${(e as Error).name}: ${(e as Error).message}\n--- text (first 500 chars) ---\n${text.slice(0, 500)}`);
        }
        expect(e.line).toBeGreaterThanOrEqual(1);
        expect(e.column).toBeGreaterThanOrEqual(1);
        outcomes.parseErrors++;
      }
    }
    // Both outcomes occur: the mutations are neither all harmless nor all fatal.
    expect(outcomes.parsed).toBeGreaterThan(50);
    expect(outcomes.parseErrors).toBeGreaterThan(1000);
  });

  it("reports 100000 levels of '(' or '{' as a ParseError", () => {
    for (const text of ["(".repeat(100000), "{".repeat(100000), `HloModule m\nENTRY e {\n  ROOT x = ${"(".repeat(100000)}`, `HloModule m, a=${"{".repeat(100000)}`]) {
      expect(() => parseHloModule(text)).toThrow(ParseError);
    }
  });
});
