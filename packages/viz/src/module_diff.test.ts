import { lowerBroadcasts, parseHloModule } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { changeMap, diffModules, isEmptyDiff } from "./module_diff.ts";

const m = parseHloModule(`HloModule m
ENTRY e {
  x = f64[2,3] parameter(0)
  y = f64[3] parameter(1)
  ROOT add = f64[2,3] add(x, y), broadcast_dimensions={1}
}`);

describe("diffModules", () => {
  it("finds what lowering added (the broadcast) and changed (the add's operand and attributes)", () => {
    const d = diffModules(m, lowerBroadcasts(m));
    expect(d).toEqual({ added: ["e/broadcast"], removed: [], changed: ["e/add"] });
    expect([...changeMap(d, "before")]).toEqual([["e/add", "changed"]]);
    expect([...changeMap(d, "after")]).toEqual([["e/broadcast", "added"], ["e/add", "changed"]]);
  });

  it("finds removed instructions, a root that moved, and no change in an identical module", () => {
    const after = parseHloModule(`HloModule m
ENTRY e {
  x = f64[2,3] parameter(0)
  y = f64[3] parameter(1)
  ROOT x2 = f64[2,3] negate(x)
  add = f64[2,3] add(x, y), broadcast_dimensions={1}
}`);
    expect(diffModules(m, after)).toEqual({ added: ["e/x2"], removed: [], changed: ["e/add"] });
    expect(diffModules(after, m)).toEqual({ added: [], removed: ["e/x2"], changed: ["e/add"] });
    expect(isEmptyDiff(diffModules(m, parseHloModule(`HloModule m
ENTRY e {
  x = f64[2,3] parameter(0)
  y = f64[3] parameter(1)
  ROOT add = f64[2,3] add(x, y), broadcast_dimensions={1}
}`)))).toBe(true);
  });
});
