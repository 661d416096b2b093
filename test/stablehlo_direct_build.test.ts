// The StableHLO reader builds a sound module directly (packages/hlo/src/stablehlo/direct_build.ts), not
// through the HLO text parser. On every JAX-lowered corpus module and a sample of StableHLO's test data,
// that module is the one the HLO text parser builds from its print (every instruction's shape,
// attributes, operands and called computations alike), and it is deeply frozen.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type HloModule, parseHloModule, parseModule, printHloModule } from "@minixla/hlo";

const ROOT = join(import.meta.dirname, "corpus");
const files = [
  ...["stablehlo-print/xla-jax", "stablehlo-print/xla-ops", "stablehlo-print/jax-models"].flatMap((d) =>
    readdirSync(join(ROOT, d)).filter((f) => f.endsWith(".mlir")).map((f) => join(d, f)),
  ),
  ...readdirSync(join(ROOT, "stablehlo-mlir/testdata")).filter((f, i) => f.endsWith(".mlir") && i % 5 === 0).map((f) => join("stablehlo-mlir/testdata", f)),
];

/** Every object and array reachable from x is frozen (iterative: deep modules do not blow the stack). */
function deeplyFrozen(x: unknown): boolean {
  const stack: unknown[] = [x];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== "object" || seen.has(v) || ArrayBuffer.isView(v)) continue;
    seen.add(v);
    if (!Object.isFrozen(v)) return false;
    stack.push(...Object.values(v as object));
  }
  return true;
}

/** The module's computations as plain data, for a deep comparison. */
const graph = (m: HloModule): unknown => JSON.parse(JSON.stringify(m.computations, (_, v) => (typeof v === "bigint" ? `${v}n` : ArrayBuffer.isView(v) ? Array.from(v as unknown as ArrayLike<number>) : v)));

describe("the StableHLO reader's direct module build", () => {
  it(`gives the HLO parser's module on ${files.length} corpus files, deeply frozen`, () => {
    let read = 0;
    for (const f of files) {
      let m: HloModule;
      try {
        m = parseModule(readFileSync(join(ROOT, f), "utf8"));
      } catch {
        continue; // test files of several functions or refused types: the reader's own tests cover them
      }
      const text = printHloModule(m);
      // XLA's HLO parser (and minixla's, after it) reads the complex "(nan, x)" as (nan, nan): not a round trip.
      if (/\(-?nan,/.test(text)) continue;
      read++;
      const again = parseHloModule(text);
      expect(graph(m), f).toEqual(graph(again));
      expect(deeplyFrozen(m), `${f} is deeply frozen`).toBe(true);
    }
    expect(read).toBeGreaterThan(150);
  });
});
