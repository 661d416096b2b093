/**
 * StableHLO round trips, which need the StableHLO reader (`parseModule`, which
 * tells HLO text from StableHLO by content):
 * - StableHLO -> minixla -> StableHLO -> minixla gives the same graph, over the
 *   golden StableHLO texts of test/corpus/stablehlo-print;
 * - HLO -> StableHLO text -> HLO keeps what the module computes, for seeded
 *   random element-wise modules (fast-check): both modules evaluate to the
 *   same values.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { literal, parseHloModule, parseModule, printStableHlo } from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";
import { graphOf } from "./support/hlo_graph.ts";

const GOLDEN = new URL("./corpus/stablehlo-print/", import.meta.url).pathname;
const goldenFiles = ["xla-jax", "xla-ops", "jax-models"].flatMap((corpus) =>
  readdirSync(join(GOLDEN, corpus))
    .filter((f) => f.endsWith(".mlir"))
    .sort()
    .map((f) => join(GOLDEN, corpus, f)),
);

/** Golden texts the reader refuses, with the reason: each must still be refused (a fix moves it out of this list). */
const NOT_READ: Readonly<Record<string, string>> = {
};

describe("StableHLO -> minixla -> StableHLO -> minixla", () => {
  it.each(goldenFiles.map((f) => [f.slice(GOLDEN.length), f] as const))("%s reads back as the same graph", (id, file) => {
    const refused = NOT_READ[id];
    if (refused !== undefined) {
      expect(() => parseModule(readFileSync(file, "utf8"))).toThrow(refused);
      return;
    }
    const first = parseModule(readFileSync(file, "utf8"));
    const again = parseModule(printStableHlo(first));
    expect(graphOf(again)).toEqual(graphOf(first));
  });
});

const UNARY = ["negate", "abs", "exponential", "tanh", "floor", "sine"] as const;
const BINARY = ["add", "subtract", "multiply", "maximum", "minimum"] as const;

/** An element-wise f32[3] module: each step applies a unary op to an earlier value or a binary op to two. */
const moduleText = fc
  .array(
    fc.oneof(
      fc.record({ op: fc.constantFrom(...UNARY), a: fc.nat() }),
      fc.record({ op: fc.constantFrom(...BINARY), a: fc.nat(), b: fc.nat() }),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((steps) => {
    const lines = ["  v0 = f32[3] parameter(0)", "  v1 = f32[3] parameter(1)"];
    steps.forEach((s, k) => {
      const n = k + 2;
      const a = `v${s.a % n}`;
      lines.push("b" in s ? `  v${n} = f32[3] ${s.op}(${a}, v${s.b % n})` : `  v${n} = f32[3] ${s.op}(${a})`);
    });
    lines[lines.length - 1] = lines[lines.length - 1].replace(/^ {2}/, "  ROOT ");
    return `HloModule m\n\nENTRY main {\n${lines.join("\n")}\n}\n`;
  });

describe("HLO -> StableHLO -> HLO", () => {
  it("prints every random element-wise module", () => {
    fc.assert(
      fc.property(moduleText, (text) => {
        const m = parseHloModule(text);
        const printed = printStableHlo(m);
        expect(printed).toContain("func.func public @main(%arg0: tensor<3xf32>, %arg1: tensor<3xf32>) -> tensor<3xf32>");
      }),
      { seed: 22, numRuns: 100 },
    );
  });

  it("reads the printed text back as a module computing the same values", () => {
    const args = [literal("f32", [3], [0.5, -2, 3.25]), literal("f32", [3], [1, 0.125, -7])];
    fc.assert(
      fc.property(moduleText, (text) => {
        const m = parseHloModule(text);
        const back = parseModule(printStableHlo(m));
        expect(evaluate(back, args)).toEqual(evaluate(m, args));
      }),
      { seed: 22, numRuns: 100 },
    );
  });
});
