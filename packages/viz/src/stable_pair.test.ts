import { type HloModule, dce, lowerBroadcasts, parseHloModule } from "@minixla/hlo";

const deadCode = (m: HloModule): HloModule => dce.run(m);
import { describe, expect, it } from "vitest";
import { renderStable, renderStablePair, unionModule } from "./stable_pair.ts";

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

describe("renderStablePair across a pipeline's steps", () => {
  it("places every instruction at one spot in every step, given the steps as context", async () => {
    const m0 = MODULE;
    const m1 = lowerBroadcasts(m0);
    const m2 = deadCode(m1);
    const context = [m0, m1, m2];
    const first = await renderStablePair(m0, m1, { context });
    const second = await renderStablePair(m1, m2, { context });
    const input = await renderStable(m0, { context, idPrefix: "b:" });
    const spots = new Map<string, string>();
    for (const [svg, prefix] of [[first.before, "b:"], [first.after, "a:"], [second.before, "b:"], [second.after, "a:"], [input, "b:"]] as const) {
      for (const [k, at] of placements(svg, prefix)) {
        const changed = first.diff.changed.includes(k) || second.diff.changed.includes(k);
        if (changed) continue;
        expect(spots.get(k) ?? at, k).toBe(at);
        spots.set(k, at);
      }
    }
    expect(spots.size).toBe(keys(m0).length + first.diff.added.length - first.diff.changed.length);
    // The second step removed an instruction the first drew: its spot was laid out once, for every step.
    expect(second.diff.removed).toContain("main/dead");
  });
});
