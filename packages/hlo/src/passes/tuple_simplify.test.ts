import { describe, expect, it } from "vitest";
import { shape, tupleShape } from "../shape.ts";
import { verifyModule } from "../verify/verifier.ts";
import { dce } from "./dce.ts";
import { tupleSimplify } from "./tuple_simplify.ts";
import { mainOf, op, param, show } from "./test_support.ts";

const f = shape("f64", [2]);
const s = shape("s32", []);

describe("tuple-simplify", () => {
  it("forwards get-tuple-element of a tuple to the element", () => {
    const m = mainOf(
      param("x", 0, "f64", [2]),
      param("i", 1, "s32"),
      op("t", "tuple", ["x", "i"], tupleShape([f, s])),
      op("g", "get-tuple-element", ["t"], s, { index: 1 }),
      op("n", "negate", ["g"], s),
    );
    const out = dce.run(tupleSimplify.run(m));
    verifyModule(out);
    expect(show(out)).toMatchInlineSnapshot(`
      "ENTRY main
        x = f64[2] parameter() {"parameterNumber":0}
        i = s32[] parameter() {"parameterNumber":1}
        ROOT n = s32[] negate(i)"
    `);
  });

  it("replaces a tuple rebuilt from all elements of another tuple by that tuple", () => {
    const ts = tupleShape([f, s]);
    const mod = mainOf(
      { ...param("p", 0), shape: ts },
      op("g0", "get-tuple-element", ["p"], f, { index: 0 }),
      op("g1", "get-tuple-element", ["p"], s, { index: 1 }),
      op("t", "tuple", ["g0", "g1"], ts),
    );
    const out = dce.run(tupleSimplify.run(mod));
    verifyModule(out);
    expect(show(out)).toMatchInlineSnapshot(`
      "ENTRY main
        ROOT p = (f64[2], s32[]) parameter() {"parameterNumber":0}"
    `);
  });

  it("keeps a tuple that reorders, repeats or takes only part of the elements", () => {
    const ts = tupleShape([f, f]);
    const p = { ...param("p", 0), shape: tupleShape([f, f, f]) };
    const swapped = mainOf(
      { ...param("p", 0), shape: ts },
      op("g0", "get-tuple-element", ["p"], f, { index: 0 }),
      op("g1", "get-tuple-element", ["p"], f, { index: 1 }),
      op("t", "tuple", ["g1", "g0"], ts),
    );
    expect(tupleSimplify.run(swapped)).toBe(swapped);
    const partial = mainOf(
      p,
      op("g0", "get-tuple-element", ["p"], f, { index: 0 }),
      op("g1", "get-tuple-element", ["p"], f, { index: 1 }),
      op("t", "tuple", ["g0", "g1"], ts),
    );
    expect(tupleSimplify.run(partial)).toBe(partial);
  });
});
