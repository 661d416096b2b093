/**
 * `minixla graph`'s pictures of every module of the in-repo XLA/JAX corpus
 * (test/corpus/xla-jax): the DOT text is accepted by Graphviz's own parser,
 * the SVG Graphviz lays out from it has one node per instruction (and a
 * cluster per called computation), and the HTML page one node per
 * instruction too. All in one process, each module timed: a module must draw
 * within a few seconds.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseHloModule } from "@minixla/hlo";
import { graphHtml, moduleToDot, renderSvg, validateDot } from "@minixla/viz";
import { describe, expect, it } from "vitest";
import { ROOT } from "./support/cli.ts";

const CORPUS = join(ROOT, "test/corpus/xla-jax");
const modules = readdirSync(CORPUS, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const count = (text: string, pattern: RegExp): number => (text.match(pattern) ?? []).length;

describe("pictures of the xla-jax corpus", () => {
  it("has modules to draw", () => {
    expect(modules.length).toBeGreaterThanOrEqual(80);
  });

  it("draws every module as valid DOT, an SVG and an HTML page with one node per instruction, each within 5 s", async () => {
    const slow: string[] = [];
    let largest = { name: "", instructions: 0, ms: 0 };
    for (const name of modules) {
      const m = parseHloModule(readFileSync(join(CORPUS, name, "module.hlo"), "utf8"));
      const instructions = m.computations.reduce((n, c) => n + c.instructions.length, 0);
      const t0 = performance.now();
      const dot = moduleToDot(m);
      await validateDot(dot);
      const svg = await renderSvg(dot);
      const html = await graphHtml(m);
      const ms = performance.now() - t0;
      expect(count(svg, /<g id="n:[^"]*" class="node /g), name).toBe(instructions);
      expect(count(svg, /class="cluster /g), name).toBe(m.computations.length - 1);
      expect(count(html, /<g id="g\d+:n:[^"]*" class="node /g), name).toBe(instructions);
      if (ms > 5000) slow.push(`${name}: ${ms.toFixed(0)} ms`);
      if (instructions > largest.instructions) largest = { name, instructions, ms };
    }
    expect(slow).toEqual([]);
    console.log(`largest module ${largest.name}: ${largest.instructions} instructions drawn (DOT, SVG, HTML) in ${largest.ms.toFixed(0)} ms`);
  }, 240_000);
});
