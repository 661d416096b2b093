import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PASS_NAMES, passesOf } from "./pipeline.ts";
import { pickedOf, specOf } from "./pass_picker.ts";

describe("the pass picker", () => {
  it("writes the ticked passes in order, wrapped in fixpoint when asked, as a spec the pipeline reads back", () => {
    expect(specOf({ passes: ["dce", "cse"], fixpoint: false })).toBe("dce,cse");
    expect(specOf({ passes: ["simplify"], fixpoint: true })).toBe("fixpoint(simplify)");
    expect(specOf({ passes: [], fixpoint: true })).toBe("");
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PASS_NAMES), { minLength: 1, maxLength: 5 }), fc.boolean(), (passes, fixpoint) => {
        const spec = specOf({ passes, fixpoint });
        expect(pickedOf(spec, PASS_NAMES)).toEqual({ passes, fixpoint });
        // The pipeline accepts every spec the picker writes ("default" and "simplify" stand for several passes).
        const groups = passes.some((p) => p === "default" || p === "simplify");
        const n = passesOf(spec).length;
        if (fixpoint) expect(n).toBe(1);
        else if (groups) expect(n).toBeGreaterThanOrEqual(passes.length);
        else expect(n).toBe(passes.length);
      }),
      { numRuns: 50 },
    );
  });

  it("reads typed specs back into ticks only when they are a plain or fixpoint list of known passes", () => {
    expect(pickedOf(" fixpoint( dce , cse ) ", PASS_NAMES)).toEqual({ passes: ["dce", "cse"], fixpoint: true });
    expect(pickedOf("lower-broadcasts", PASS_NAMES)).toEqual({ passes: ["lower-broadcasts"], fixpoint: false });
    expect(pickedOf("dce,fixpoint(cse)", PASS_NAMES)).toBeUndefined();
    expect(pickedOf("no-such-pass", PASS_NAMES)).toBeUndefined();
  });
});
