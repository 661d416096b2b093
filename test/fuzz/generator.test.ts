/**
 * The fuzzer's generator without XLA: seeded (the same seed gives the same
 * programs), every family drawn, every program one minixla parses and
 * verifies, and its constant form (what XLA's constant folder gets) holds
 * the same inputs bit for bit.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { constantFolding } from "@minixla/interpreter";
import { firstBitDifference, parseHloModule, verifyModule } from "@minixla/hlo";
import { runMinixla } from "./compare.ts";
import { scalarize } from "./differential.ts";
import { programs } from "./generator.ts";
import { FAMILIES, constantText, parameterText } from "./program.ts";

const sample = fc.sample(programs(), { seed: 11, numRuns: 300 });

describe("fuzz program generator", () => {
  it("is seeded and draws every family", () => {
    expect(fc.sample(programs(), { seed: 11, numRuns: 300 }).map(parameterText)).toEqual(sample.map(parameterText));
    for (const f of FAMILIES) expect(sample.some((p) => p.family === f), f).toBe(true);
  });

  it("gives modules that parse and verify, in both forms", () => {
    for (const p of sample) {
      verifyModule(parseHloModule(parameterText(p)));
      verifyModule(parseHloModule(constantText(p)));
    }
  });

  it("writes constant inputs that read back as the same bits", () => {
    for (const p of sample.filter((q) => q.family === "convert" || q.family === "bitcast-convert").slice(0, 40)) {
      const folded = constantFolding.run(parseHloModule(constantText(p)));
      const root = folded.computations.at(-1)?.instructions.find((i) => i.opcode === "constant" && i.name === "r");
      const want = runMinixla(p, "reference")[0];
      if (root?.opcode === "constant") expect(firstBitDifference(root.attributes.literal, want)).toBeUndefined();
    }
  });

  it("cuts an element-wise program down to one element", () => {
    const p = sample.find((q) => q.family === "binary" && q.params[0].dims.length === 2 && q.params[1].dims.length === 2);
    expect(p).toBeDefined();
    if (p === undefined) return;
    const s = scalarize(p, 1);
    expect(s?.params.map((q) => q.values)).toEqual(p.params.map((q) => [q.values[1]]));
    verifyModule(parseHloModule(parameterText(s ?? p)));
  });
});
