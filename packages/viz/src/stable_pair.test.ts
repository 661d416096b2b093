import { type HloModule, dce, lowerBroadcasts, parseHloModule } from "@minixla/hlo";

const deadCode = (m: HloModule): HloModule => dce.run(m);
import { describe, expect, it } from "vitest";
import { renderStablePair, unionModule } from "./stable_pair.ts";

/** A module with dead code (dce removes it) and implicit broadcasts (lowering adds broadcasts), and a reducer cluster. */
const MODULE = parseHloModule(`HloModule m

sum {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

ENTRY main {
  x = f32[2,3] parameter(0)
  v = f32[3] parameter(1)
  dead = f32[2,3] negate(x)
  y = f32[2,3] add(x, v), broadcast_dimensions={1}
  z = f32[2,3] multiply(y, v), broadcast_dimensions={1}
  zero = f32[] constant(0)
  ROOT r = f32[2] reduce(z, zero), dimensions={1}, to_apply=sum
}`);

/** Each drawn node's first label line's position, by its SVG id without the side's prefix. */
function placements(svg: string, prefix: string): Map<string, string> {
  const out = new Map<string, string>();
  const group = new RegExp(`<g id="${prefix}n:([^"]+)" class="[^"]*">([\\s\\S]*?)</g>`, "g");
  for (const m of svg.matchAll(group)) {
    const text = /<text [^>]*?x="([-\d.]+)" y="([-\d.]+)"/.exec(m[2]);
    if (text !== null) out.set(m[1], `${text[1]},${text[2]}`);
  }
  return out;
}
const viewBox = (svg: string): string => /viewBox="([^"]+)"/.exec(svg)?.[1] ?? "";
const keys = (m: HloModule): string[] => m.computations.flatMap((c) => c.instructions.map((i) => `${c.name}/${i.name}`));

describe("renderStablePair", () => {
  for (const [pass, run] of [["dce", deadCode], ["lower-broadcasts", (m: HloModule) => lowerBroadcasts(m)]] as const) {
    it(`draws ${pass}'s before and after with every instruction both have at the same place, in boxes of one size`, async () => {
      const before = MODULE;
      const after = run(MODULE);
      const pair = await renderStablePair(before, after);
      const b = placements(pair.before, "b:");
      const a = placements(pair.after, "a:");
      expect([...b.keys()].sort()).toEqual(keys(before).sort());
      expect([...a.keys()].sort()).toEqual(keys(after).sort());
      const changed = new Set(pair.diff.changed);
      const shared = [...b.keys()].filter((k) => a.has(k));
      expect(shared.length).toBeGreaterThan(5);
      // Unchanged nodes keep the same label at the same coordinates; changed ones keep their centre (checked by x below).
      for (const k of shared) if (!changed.has(k)) expect(a.get(k), k).toBe(b.get(k));
      expect(viewBox(pair.after)).toBe(viewBox(pair.before));
      expect(pair.diff.added.length + pair.diff.removed.length).toBeGreaterThan(0);
      for (const k of pair.diff.added) expect(pair.after).toMatch(new RegExp(`<g id="a:n:${k}" class="[^"]*hlo(-|&#45;)added`));
      for (const k of pair.diff.removed) expect(pair.before).toMatch(new RegExp(`<g id="b:n:${k}" class="[^"]*hlo(-|&#45;)removed`));
    });
  }

  it("puts what a pass removed back into the union, after the instruction it followed", () => {
    const after = deadCode(MODULE);
    const union = unionModule(MODULE, after);
    expect(keys(union).sort()).toEqual(keys(MODULE).sort());
    const entry = union.computations.find((c) => c.name === "main")!;
    const names = entry.instructions.map((i) => i.name);
    expect(names.indexOf("dead")).toBe(names.indexOf("v") + 1);
  });
});
