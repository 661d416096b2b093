/**
 * XLA CPU's computing custom calls: `__onednn$layernorm` against XLA CPU's
 * values (test/corpus/xla-cpu-custom-calls/layernorm.json, jaxlib 0.10.2),
 * and `GetRngSeed`, whose value XLA leaves to the run: a u64 fixed by the
 * rngSeed option and the instruction's name.
 */
import { readFileSync } from "node:fs";
import { type ArrayLiteral, type TupleLiteral, literal, parseHloModule } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.ts";

interface LayerNormGolden {
  readonly x: readonly number[];
  readonly scale: readonly number[];
  readonly shift: readonly number[];
  readonly backend_configs: Readonly<Record<string, string>>;
  readonly results: Readonly<Record<string, readonly number[]>>;
}
const golden = JSON.parse(
  readFileSync(new URL("../../../../test/corpus/xla-cpu-custom-calls/layernorm.json", import.meta.url), "utf8"),
) as LayerNormGolden;

describe("custom-call __onednn$layernorm (XLA CPU's oneDNN layer norm)", () => {
  for (const [name, config] of Object.entries(golden.backend_configs)) {
    it(`normalizes over the last dimension with scale and shift, ${name} (within 2.5e-7 of XLA CPU's O(1) values)`, () => {
      const m = parseHloModule(`HloModule t
ENTRY e {
  x = f32[2,3,4] parameter(0)
  s = f32[4] parameter(1)
  b = f32[4] parameter(2)
  ROOT ln = f32[2,3,4] custom-call(x, s, b), custom_call_target="__onednn$layernorm", backend_config=${config}
}`);
      const r = evaluate(m, [literal("f32", [2, 3, 4], golden.x), literal("f32", [4], golden.scale), literal("f32", [4], golden.shift)]) as ArrayLiteral;
      const got = Array.from(r.data as Float64Array);
      const worst = Math.max(...got.map((g, i) => Math.abs(g - golden.results[name][i])));
      // oneDNN accumulates in f32, minixla in float64 rounding once: they differ by f32 rounding (1.2e-7 seen), not by formula.
      expect(worst).toBeLessThan(2.5e-7);
    });
  }

  it("refuses a scale that is not the size of the last dimension", () => {
    const m = parseHloModule(`HloModule t
ENTRY e {
  x = f32[2,3] parameter(0)
  s = f32[2] parameter(1)
  ROOT ln = f32[2,3] custom-call(x, s, s), custom_call_target="__onednn$layernorm"
}`);
    expect(() => evaluate(m, [literal("f32", [2, 3], [1, 2, 3, 4, 5, 6]), literal("f32", [2], [1, 1])])).toThrow(/scale and shift of that size/);
  });
});

describe("custom-call GetRngSeed", () => {
  const m = parseHloModule(`HloModule t
ENTRY e {
  a = u64[] custom-call(), custom_call_target="GetRngSeed"
  b = u64[] custom-call(), custom_call_target="GetRngSeed"
  ROOT t = (u64[], u64[]) tuple(a, b)
}`);
  const seeds = (rngSeed: number): bigint[] =>
    (evaluate(m, [], { rngSeed }) as TupleLiteral).elements.map((e) => (e as ArrayLiteral).data[0] as bigint);

  it("gives each call its own u64, the same on every run with the same rngSeed", () => {
    const [a, b] = seeds(0);
    expect(a).not.toBe(b);
    expect(seeds(0)).toEqual([a, b]);
  });

  it("changes with the rngSeed option", () => {
    expect(seeds(1)[0]).not.toBe(seeds(0)[0]);
  });
});
