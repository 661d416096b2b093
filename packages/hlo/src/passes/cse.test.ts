import { describe, expect, it } from "vitest";
import { literal } from "../literal.ts";
import { shape, tupleShape } from "../shape.ts";
import { verifyModule } from "../verify/verifier.ts";
import { cse } from "./cse.ts";
import { constant, mainOf, op, param, show } from "./test_support.ts";

const f = shape("f64", [2]);

describe("cse", () => {
  it("merges identical instructions, commutative operands in either order, and compare EQ both ways", () => {
    const m = mainOf(
      param("x", 0, "f64", [2]),
      param("y", 1, "f64", [2]),
      op("a1", "add", ["x", "y"], f),
      op("a2", "add", ["y", "x"], f),
      op("e1", "compare", ["a1", "x"], shape("pred", [2]), { direction: "EQ" }),
      op("e2", "compare", ["x", "a2"], shape("pred", [2]), { direction: "EQ" }),
      op("t", "tuple", ["a1", "a2", "e1", "e2"], tupleShape([f, f, shape("pred", [2]), shape("pred", [2])])),
    );
    const out = cse.run(m);
    verifyModule(out);
    expect(show(out)).toMatchInlineSnapshot(`
      "ENTRY main
        x = f64[2] parameter() {"parameterNumber":0}
        y = f64[2] parameter() {"parameterNumber":1}
        a1 = f64[2] add(x, y)
        e1 = pred[2] compare(a1, x) {"direction":"EQ"}
        ROOT t = (f64[2], f64[2], pred[2], pred[2]) tuple(a1, a1, e1, e1)"
    `);
  });

  it("keeps operand order for non-commutative ops and LT compares", () => {
    const m = mainOf(
      param("x", 0, "f64", [2]),
      param("y", 1, "f64", [2]),
      op("s1", "subtract", ["x", "y"], f),
      op("s2", "subtract", ["y", "x"], f),
      op("l1", "compare", ["x", "y"], shape("pred", [2]), { direction: "LT" }),
      op("l2", "compare", ["y", "x"], shape("pred", [2]), { direction: "LT" }),
      op("t", "tuple", ["s1", "s2", "l1", "l2"], tupleShape([f, f, shape("pred", [2]), shape("pred", [2])])),
    );
    expect(cse.run(m)).toBe(m);
  });

  it("never merges parameters, even of the same shape", () => {
    const m = mainOf(param("x", 0, "f64", [2]), param("y", 1, "f64", [2]), op("t", "tuple", ["x", "y"], tupleShape([f, f])));
    expect(cse.run(m)).toBe(m);
  });

  it("merges constants by value bits: equal values merge, -0 and 0 stay apart, NaNs of one payload merge", () => {
    const m = mainOf(
      constant("a", 1.5, "f64", [2]),
      constant("b", 1.5, "f64", [2]),
      constant("z", 0),
      constant("nz", -0),
      constant("n1", Number.NaN),
      constant("n2", Number.NaN),
      constant("i", 0, "s32"),
      op("t", "tuple", ["a", "b", "z", "nz", "n1", "n2", "i"], tupleShape([f, f, shape("f64", []), shape("f64", []), shape("f64", []), shape("f64", []), shape("s32", [])])),
    );
    const out = cse.run(m);
    expect(show(out)).toMatchInlineSnapshot(`
      "ENTRY main
        a = f64[2] constant() {1.5,1.5}
        z = f64[] constant() {0}
        nz = f64[] constant() {-0}
        n1 = f64[] constant() {NaN}
        i = s32[] constant() {0}
        ROOT t = (f64[2], f64[2], f64[], f64[], f64[], f64[], s32[]) tuple(a, a, z, nz, n1, n1, i)"
    `);
  });

  it("does not merge constants whose NaN payloads differ", () => {
    const bits = new Float64Array(2);
    new DataView(bits.buffer).setBigUint64(0, 0x7ff8000000000001n, true);
    bits[1] = Number.NaN;
    const a = { ...constant("a", 0, "f64", [1]), attributes: { literal: { shape: shape("f64", [1]), data: bits.subarray(0, 1) } } };
    const b = { ...constant("b", 0, "f64", [1]), attributes: { literal: { shape: shape("f64", [1]), data: bits.subarray(1, 2) } } };
    const m = mainOf(a as never, b as never, op("t", "tuple", ["a", "b"], tupleShape([shape("f64", [1]), shape("f64", [1])])));
    expect(Number.isNaN(bits[0]) && Number.isNaN(bits[1])).toBe(true);
    expect(cse.run(m)).toBe(m);
  });

  it("does not merge values of different shapes or attributes", () => {
    const m = mainOf(
      param("x", 0, "f64", [2, 2]),
      op("t1", "transpose", ["x"], shape("f64", [2, 2]), { dimensions: [1, 0] }),
      op("t2", "transpose", ["x"], shape("f64", [2, 2]), { dimensions: [0, 1] }),
      op("r1", "reshape", ["x"], shape("f64", [4])),
      op("r2", "reshape", ["x"], shape("f64", [1, 4])),
      op("t", "tuple", ["t1", "t2", "r1", "r2"], tupleShape([shape("f64", [2, 2]), shape("f64", [2, 2]), shape("f64", [4]), shape("f64", [1, 4])])),
    );
    expect(cse.run(m)).toBe(m);
  });

  it("merges chains: once the operands merge, their users merge too", () => {
    const m = mainOf(
      param("x", 0, "f64", [2]),
      op("n1", "negate", ["x"], f),
      op("n2", "negate", ["x"], f),
      op("e1", "exponential", ["n1"], f),
      op("e2", "exponential", ["n2"], f),
      op("s", "add", ["e1", "e2"], f),
    );
    expect(show(cse.run(m))).toMatchInlineSnapshot(`
      "ENTRY main
        x = f64[2] parameter() {"parameterNumber":0}
        n1 = f64[2] negate(x)
        e1 = f64[2] exponential(n1)
        ROOT s = f64[2] add(e1, e1)"
    `);
  });

  it("treats attributes equal regardless of key order and literal identity", () => {
    const l = literal("s32", [2], [1, 2]);
    const m = mainOf(
      op("a", "constant", [], shape("s32", [2]), { literal: l }),
      op("b", "constant", [], shape("s32", [2]), { literal: literal("s32", [2], [1, 2]) }),
      op("t", "tuple", ["a", "b"], tupleShape([shape("s32", [2]), shape("s32", [2])])),
    );
    expect(show(cse.run(m))).toMatchInlineSnapshot(`
      "ENTRY main
        a = s32[2] constant() {1,2}
        ROOT t = (s32[2], s32[2]) tuple(a, a)"
    `);
  });
});
