import { describe, expect, it } from "vitest";
import type { HloModule } from "../module.ts";
import { parseHloModule } from "../text/parser.ts";
import { printHloModule } from "../text/printer.ts";
import type { HloPass } from "./pass.ts";
import { runPipeline } from "./pipeline.ts";
import { HLO_PASS_REGISTRY, STANDARD_PASSES, defaultPipeline, passByName, passRegistry } from "./registry.ts";

/** A pass that changes nothing but counts its runs. */
function counting(name: string): HloPass & { runs: number } {
  const p = { name, description: `counts ${name}`, runs: 0, run: (m: HloModule) => (p.runs++, m) };
  return p;
}

const m = parseHloModule(`HloModule m
ENTRY e {
  x = f32[4] parameter(0)
  z = f32[] constant(-0)
  b = f32[4] broadcast(z), dimensions={}
  ROOT a = f32[4] add(x, b)
}
`);

describe("the pass registry", () => {
  it("offers each pass under one name", () => {
    const names = HLO_PASS_REGISTRY.available().map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect(HLO_PASS_REGISTRY.passes).toBe(STANDARD_PASSES);
    expect(names).toContain("xla-cpu-numerics");
    expect(HLO_PASS_REGISTRY.passes.map((p) => p.name)).not.toContain("xla-cpu-numerics");
  });

  it("finds every offered pass by name, and default/simplify as the pipeline's parts", () => {
    for (const p of HLO_PASS_REGISTRY.available()) expect(HLO_PASS_REGISTRY.lookup(p.name)).toBe(p);
    expect(HLO_PASS_REGISTRY.lookup("no-such-pass")).toBeUndefined();
    const pipeline = HLO_PASS_REGISTRY.lookup("default");
    expect(Array.isArray(pipeline) && pipeline.map((p) => p.name)).toEqual(defaultPipeline().map((p) => p.name));
    expect((HLO_PASS_REGISTRY.lookup("simplify") as HloPass).description).toBe("tuple-simplify, algsimp, cse, dce");
    expect(passByName("cse")).toBe(HLO_PASS_REGISTRY.lookup("cse"));
  });

  it("an extension lists its passes after the standard ones and runs its simplifiers inside simplify", () => {
    const extra = counting("extra");
    const extended = HLO_PASS_REGISTRY.extend({ passes: [extra], simplifiers: [extra] });
    expect(extended.passes.map((p) => p.name)).toEqual([...STANDARD_PASSES.map((p) => p.name), "extra"]);
    expect(extended.available().map((p) => p.name).at(-1)).toBe("xla-cpu-numerics");
    expect(extended.simplify().description).toBe("tuple-simplify, algsimp, extra, cse, dce");
    // The base registry is unchanged.
    expect(HLO_PASS_REGISTRY.lookup("extra")).toBeUndefined();
    const out = runPipeline(m, extended.defaultPipeline());
    expect(extra.runs).toBeGreaterThan(0);
    expect(printHloModule(out)).toBe(printHloModule(runPipeline(m, HLO_PASS_REGISTRY.defaultPipeline())));
  });

  it("plugins come last and are found by name", () => {
    const plugin = counting("plugin");
    const r = passRegistry({ passes: [], resultChanging: [], simplifiers: [] });
    expect(r.available([plugin])).toEqual([plugin]);
    expect(r.lookup("plugin", [plugin])).toBe(plugin);
    expect(r.lookup("plugin")).toBeUndefined();
  });
});
