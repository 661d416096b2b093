import { describe, expect, it } from "vitest";
import type { ElementType } from "../element_type.ts";
import type { HloInstruction } from "../instruction.ts";
import { entryComputation } from "../module.ts";
import { shape } from "../shape.ts";
import { verifyModule } from "../verify/verifier.ts";
import { algsimp } from "./algsimp.ts";
import { constant, mainOf, op, param, show } from "./test_support.ts";

/** main(x: t[2]) with `c` = broadcast of a scalar constant v, and root = opcode(x, c) (or (c, x) when swapped). */
function withConstant(opcode: HloInstruction["opcode"], v: number, t: ElementType, swapped = false) {
  const s = shape(t, [2]);
  return mainOf(
    param("x", 0, t, [2]),
    constant("k", v, t),
    op("c", "broadcast", ["k"], s, { dimensions: [] }),
    op("r", opcode, swapped ? ["c", "x"] : ["x", "c"], s),
  );
}
const rootOf = (m: ReturnType<typeof mainOf>) => entryComputation(m).root;
const simplifiedRoot = (opcode: HloInstruction["opcode"], v: number, t: ElementType, swapped = false) => {
  const m = withConstant(opcode, v, t, swapped);
  verifyModule(m);
  const out = algsimp.run(m);
  verifyModule(out);
  return out === m ? "unchanged" : rootOf(out);
};

describe("algsimp", () => {
  it("removes x + (-0) for floats on either side, and x + 0 for integers", () => {
    expect(simplifiedRoot("add", -0, "f64")).toBe("x");
    expect(simplifiedRoot("add", -0, "f32", true)).toBe("x");
    expect(simplifiedRoot("add", 0, "s32")).toBe("x");
    expect(simplifiedRoot("add", 0, "u8", true)).toBe("x");
  });

  it("keeps x + (+0) for floats, because -0 + 0 is +0", () => {
    expect(simplifiedRoot("add", 0, "f64")).toBe("unchanged");
    expect(simplifiedRoot("add", 0, "f32", true)).toBe("unchanged");
  });

  it("removes x - (+0) for floats but keeps x - (-0) and 0 - x", () => {
    expect(simplifiedRoot("subtract", 0, "f64")).toBe("x");
    expect(simplifiedRoot("subtract", -0, "f64")).toBe("unchanged");
    expect(simplifiedRoot("subtract", 0, "f64", true)).toBe("unchanged");
    expect(simplifiedRoot("subtract", 0, "s64")).toBe("x");
  });

  it("removes x * 1 and 1 * x, and x / 1 but not 1 / x", () => {
    expect(simplifiedRoot("multiply", 1, "f64")).toBe("x");
    expect(simplifiedRoot("multiply", 1, "s32", true)).toBe("x");
    expect(simplifiedRoot("divide", 1, "f32")).toBe("x");
    expect(simplifiedRoot("divide", 1, "f32", true)).toBe("unchanged");
  });

  it("folds x * 0 to the zero for integers only: never for floats (NaN*0, inf*0, -1*0)", () => {
    expect(simplifiedRoot("multiply", 0, "s32")).toBe("c");
    expect(simplifiedRoot("multiply", 0, "u16", true)).toBe("c");
    expect(simplifiedRoot("multiply", 0, "f64")).toBe("unchanged");
    expect(simplifiedRoot("multiply", -0, "f32", true)).toBe("unchanged");
  });

  it("simplifies or/xor with 0, and with 0, and with true, and idempotent ops", () => {
    expect(simplifiedRoot("or", 0, "s32")).toBe("x");
    expect(simplifiedRoot("xor", 0, "pred", true)).toBe("x");
    expect(simplifiedRoot("and", 0, "u32")).toBe("c");
    expect(simplifiedRoot("and", 1, "pred")).toBe("x");
    expect(simplifiedRoot("and", 1, "s32")).toBe("unchanged");
    const m = mainOf(param("x", 0, "f64", [2]), op("mx", "maximum", ["x", "x"], shape("f64", [2])));
    expect(rootOf(algsimp.run(m))).toBe("x");
  });

  it("removes max(x, -inf) and min(x, +inf), and the integer type's extremes, but not other bounds", () => {
    expect(simplifiedRoot("maximum", -Infinity, "f64")).toBe("x");
    expect(simplifiedRoot("minimum", Infinity, "f32", true)).toBe("x");
    expect(simplifiedRoot("maximum", -128, "s8")).toBe("x");
    expect(simplifiedRoot("minimum", 255, "u8")).toBe("x");
    expect(simplifiedRoot("maximum", Infinity, "f64")).toBe("unchanged");
    expect(simplifiedRoot("maximum", -3.4e38, "f32")).toBe("unchanged");
  });

  it("does not remove an identity whose other operand would change the result shape", () => {
    const m = mainOf(param("x", 0, "f64", [3]), constant("k", -0, "f64", [2, 3]), op("r", "add", ["x", "k"], shape("f64", [2, 3]), { broadcastDimensions: [1] }));
    expect(algsimp.run(m)).toBe(m);
  });

  it("cancels double negation and double not, but not a single one", () => {
    const f = shape("f64", [2]);
    const m = mainOf(param("x", 0, "f64", [2]), op("n1", "negate", ["x"], f), op("n2", "negate", ["n1"], f), op("n3", "negate", ["n2"], f));
    const out = entryComputation(algsimp.run(m));
    expect(out.instructions.map((i) => `${i.name}(${i.operands.join(",")})`)).toEqual(["x()", "n1(x)", "n3(x)"]);
    const p = shape("pred", [2]);
    const b = mainOf(param("x", 0, "pred", [2]), op("a", "not", ["x"], p), op("b", "not", ["a"], p));
    expect(rootOf(algsimp.run(b))).toBe("x");
  });

  it("composes reshapes, transposes and broadcasts, and removes the identity ones", () => {
    const m = mainOf(
      param("x", 0, "f64", [2, 3]),
      op("r1", "reshape", ["x"], shape("f64", [3, 2])),
      op("r2", "reshape", ["r1"], shape("f64", [6])),
      op("t1", "transpose", ["x"], shape("f64", [3, 2]), { dimensions: [1, 0] }),
      op("t2", "transpose", ["t1"], shape("f64", [2, 3]), { dimensions: [1, 0] }),
      op("b1", "broadcast", ["r2"], shape("f64", [4, 6]), { dimensions: [1] }),
      op("b2", "broadcast", ["b1"], shape("f64", [4, 5, 6]), { dimensions: [0, 2] }),
      op("t", "tuple", ["r2", "t2", "b2"], { elementType: "tuple", tupleShapes: [shape("f64", [6]), shape("f64", [2, 3]), shape("f64", [4, 5, 6])] }),
    );
    const out = algsimp.run(m);
    verifyModule(out);
    expect(show(out)).toMatchInlineSnapshot(`
      "ENTRY main
        x = f64[2,3] parameter() {"parameterNumber":0}
        r1 = f64[3,2] reshape(x)
        r2 = f64[6] reshape(x)
        t1 = f64[3,2] transpose(x) {"dimensions":[1,0]}
        b1 = f64[4,6] broadcast(r2) {"dimensions":[1]}
        b2 = f64[4,5,6] broadcast(r2) {"dimensions":[2]}
        ROOT t = (f64[6], f64[2,3], f64[4,5,6]) tuple(r2, x, b2)"
    `);
  });

  it("removes no-op slice, pad, reverse, copy, convert and single-operand concatenate", () => {
    const f = shape("f64", [2, 1]);
    const m = mainOf(
      param("x", 0, "f64", [2, 1]),
      constant("z", 0),
      op("s", "slice", ["x"], f, { starts: [0, 0], limits: [2, 1], strides: [1, 5] }),
      op("p", "pad", ["s", "z"], f, { padding: [{ low: 0, high: 0, interior: 0 }, { low: 0, high: 0, interior: 3 }] }),
      op("v", "reverse", ["p"], f, { dimensions: [1] }),
      op("c", "copy", ["v"], f),
      op("k", "convert", ["c"], f),
      op("cat", "concatenate", ["k"], f, { dimension: 0 }),
    );
    verifyModule(m);
    expect(rootOf(algsimp.run(m))).toBe("x");
  });

  it("keeps slices, pads and reverses that move data", () => {
    const m = mainOf(
      param("x", 0, "f64", [3]),
      constant("z", 0),
      op("s", "slice", ["x"], shape("f64", [1]), { starts: [1], limits: [2], strides: [1] }),
      op("p", "pad", ["x", "z"], shape("f64", [3]), { padding: [{ low: 1, high: -1, interior: 0 }] }),
      op("v", "reverse", ["x"], shape("f64", [3]), { dimensions: [0] }),
      op("k", "convert", ["x"], shape("f32", [3])),
      op("t", "tuple", ["s", "p", "v", "k"], { elementType: "tuple", tupleShapes: [shape("f64", [1]), shape("f64", [3]), shape("f64", [3]), shape("f32", [3])] }),
    );
    verifyModule(m);
    expect(algsimp.run(m)).toBe(m);
  });

  it("folds a select whose predicate is constant", () => {
    const f = shape("f64", [2]);
    const pick = (v: boolean) =>
      rootOf(algsimp.run(mainOf(param("a", 0, "f64", [2]), param("b", 1, "f64", [2]), constant("p", v ? 1 : 0, "pred", [2]), op("s", "select", ["p", "a", "b"], f))));
    expect(pick(true)).toBe("a");
    expect(pick(false)).toBe("b");
  });

  it("computes an element-wise op of scalar broadcasts once, on the scalars", () => {
    const f = shape("f64", [2, 2]);
    const m = mainOf(
      constant("a", 2),
      constant("b", 3),
      op("ba", "broadcast", ["a"], f, { dimensions: [] }),
      op("bb", "broadcast", ["b"], f, { dimensions: [] }),
      op("lt", "compare", ["ba", "bb"], shape("pred", [2, 2]), { direction: "LT" }),
    );
    const out = algsimp.run(m);
    verifyModule(out);
    expect(show(out)).toMatchInlineSnapshot(`
      "ENTRY main
        a = f64[] constant() {2}
        b = f64[] constant() {3}
        ba = f64[2,2] broadcast(a) {"dimensions":[]}
        bb = f64[2,2] broadcast(b) {"dimensions":[]}
        compare = pred[] compare(a, b) {"direction":"LT"}
        ROOT lt = pred[2,2] broadcast(compare) {"dimensions":[]}"
    `);
  });

  it("returns the module itself when no rule applies", () => {
    const m = mainOf(param("x", 0, "f64", [2]), param("y", 1, "f64", [2]), op("s", "add", ["x", "y"], shape("f64", [2])));
    expect(algsimp.run(m)).toBe(m);
  });
});
