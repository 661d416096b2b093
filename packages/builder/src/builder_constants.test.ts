/**
 * Weakly typed constants (constantR0/R1/R2 without an element type take the
 * type of the operand they meet), strongly typed ones, and computations given
 * as functions or ready-made reducers: what the builder records.
 */
import { type ElementType, type HloModule, ShapeError, printHloModule, shape, shapeToString } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { XlaBuilder } from "./builder.ts";
import { maxReducer, minReducer, productReducer, sumReducer } from "./reducers.ts";

/** The entry computation's instruction lines of a printed module. */
function entryLines(m: HloModule): string[] {
  const text = printHloModule(m);
  const body = text.slice(text.indexOf("ENTRY"));
  return body.split("\n").slice(1).map((l) => l.trim()).filter((l) => l !== "" && l !== "}");
}

describe("a constant without an element type takes the type of the operand it meets", () => {
  it("f32 program: b.mul(x, constantR0(2)) records f32[] constant(2) and stays f32", () => {
    const b = new XlaBuilder("scale");
    const x = b.parameter(0, shape("f32", [2]), "x");
    const y = b.mul(x, b.constantR0(2));
    expect(shapeToString(y.shape)).toBe("f32[2]");
    expect(entryLines(b.build())).toEqual([
      "x = f32[2]{0} parameter(0)",
      "constant = f32[] constant(2)",
      "ROOT multiply = f32[2]{0} multiply(x, constant)",
    ]);
  });

  it("s32 program: the constant is s32, on either side", () => {
    const b = new XlaBuilder("ints");
    const i = b.parameter(0, shape("s32", [3]), "i");
    b.sub(b.constantR0(7), i);
    expect(entryLines(b.build())).toEqual([
      "i = s32[3]{0} parameter(0)",
      "constant = s32[] constant(7)",
      "ROOT subtract = s32[3]{0} subtract(constant, i)",
    ]);
  });

  it("one weak constant met by two types is recorded once per type", () => {
    const b = new XlaBuilder("two_types");
    const x = b.parameter(0, shape("f32", []), "x");
    const i = b.parameter(1, shape("s32", []), "i");
    const one = b.constantR0(1);
    b.tuple([b.add(x, one), b.add(i, one), b.mul(x, one)]);
    const lines = entryLines(b.build());
    expect(lines.filter((l) => l.includes("constant("))).toEqual(["constant = f32[] constant(1)", "constant.1 = s32[] constant(1)"]);
    expect(lines).toContain("multiply = f32[] multiply(x, constant)");
  });

  it("compare, select, clamp and pad type their weak operands from the others", () => {
    const b = new XlaBuilder("ternary");
    const x = b.parameter(0, shape("f32", [2]), "x");
    const lt = b.lt(x, b.constantR0(0));
    const sel = b.select(lt, b.constantR0(0), x);
    const cl = b.clamp(b.constantR0(-1), x, b.constantR0(1));
    const pd = b.pad(x, b.constantR0(0), [{ low: 1, high: 0, interior: 0 }]);
    const m = b.build(b.tuple([lt, sel, cl, pd]));
    for (const l of entryLines(m).filter((l) => l.includes("constant("))) expect(l).toMatch(/= f32\[\] constant\(-?[01]\)$/);
    expect(shapeToString(sel.shape)).toBe("f32[2]");
    expect(shapeToString(pd.shape)).toBe("f32[3]");
  });

  it("a reduce init takes its operand's type; a dynamic-slice index is s32", () => {
    const b = new XlaBuilder("inits");
    const x = b.parameter(0, shape("bf16", [4]), "x");
    const r = b.reduce(x, b.constantR0(0), sumReducer("bf16"), [0]);
    const d = b.dynamicSlice(x, [b.constantR0(1)], [2]);
    const lines = entryLines(b.build(b.tuple([r, d])));
    expect(lines).toContain("constant = bf16[] constant(0)");
    expect(lines).toContain("constant.1 = s32[] constant(1)");
  });

  it("alone, as the root or in a non-element-wise op, it is f64 (pred for a boolean)", () => {
    const b = new XlaBuilder("alone");
    const c = b.constantR0(2);
    expect(b.getShape(c)).toEqual(shape("f64", []));
    expect(entryLines(b.build())).toEqual(["ROOT constant = f64[] constant(2)"]);
    const p = new XlaBuilder("flag");
    const t = p.constantR0(true);
    expect(shapeToString(p.broadcast(t, [2]).shape)).toBe("pred[2]");
    const q = new XlaBuilder("neg");
    expect(shapeToString(q.neg(q.constantR0(1)).shape)).toBe("f64[]");
  });

  it("a value that does not fit the type it meets is a ShapeError", () => {
    const b = new XlaBuilder("misfit");
    const i = b.parameter(0, shape("s32", []), "i");
    const u = b.parameter(1, shape("u8", []), "u");
    expect(() => b.mul(i, b.constantR0(2.5))).toThrow(ShapeError);
    expect(() => b.mul(i, b.constantR0(2.5))).toThrow(
      "multiply: constant 2.5 (no element type given) cannot take type s32 from the operand it meets: not an integer; give the constant an element type",
    );
    expect(() => b.add(i, b.constantR0(2 ** 31))).toThrow("out of range");
    expect(() => b.add(u, b.constantR0(-1))).toThrow("cannot take type u8");
    // A failed call leaves nothing recorded.
    expect(entryLines(b.build(b.tuple([i, u])))).toHaveLength(3);
  });

  it("with an element type the constant is strongly typed: f64 promotes an f32 operand (XLA's rule), s32 with f32 is refused", () => {
    const b = new XlaBuilder("strong");
    const x = b.parameter(0, shape("f32", [2]), "x");
    expect(shapeToString(b.constantR0(3, "s32").shape)).toBe("s32[]");
    expect(shapeToString(b.mul(x, b.constantR0(2, "f64")).shape)).toBe("f64[2]");
    expect(() => b.mul(x, b.constantR0(2, "s32"))).toThrow(ShapeError);
  });

  it("s64, complex and a boolean meeting a number type", () => {
    const b = new XlaBuilder("kinds");
    const l = b.parameter(0, shape("s64", []), "l");
    const c = b.parameter(1, shape("c64", []), "c");
    const x = b.parameter(2, shape("f32", []), "x");
    b.tuple([b.add(l, b.constantR0(3)), b.mul(c, b.constantR0(2)), b.add(x, b.constantR0(true))]);
    const lines = entryLines(b.build()).filter((l) => l.includes("constant("));
    expect(lines).toEqual(["constant = s64[] constant(3)", "constant.1 = c64[] constant((2, 0))", "constant.2 = f32[] constant(1)"]);
    expect(() => b.add(l, b.constantR0(2 ** 60))).toThrow("out of range");
  });

  it("weak with weak: both take their default type", () => {
    const b = new XlaBuilder("both_weak");
    b.mul(b.constantR0(2), b.constantR0(3));
    expect(entryLines(b.build())).toEqual([
      "constant = f64[] constant(2)",
      "constant.1 = f64[] constant(3)",
      "ROOT multiply = f64[] multiply(constant, constant.1)",
    ]);
  });
});

describe("constantR1 and constantR2", () => {
  it("typed and weak forms", () => {
    const b = new XlaBuilder("arrays");
    const x = b.parameter(0, shape("f32", [2, 3]), "x");
    const v = b.constantR1([1, 2, 3], "s32");
    const m = b.constantR2([[1, 2, 3], [4, 5, 6]]);
    const y = b.add(x, m);
    const z = b.add(x, b.constantR1([10, 20, 30]), [1]);
    expect(shapeToString(v.shape)).toBe("s32[3]");
    expect(shapeToString(y.shape)).toBe("f32[2,3]");
    expect(shapeToString(z.shape)).toBe("f32[2,3]");
    const lines = entryLines(b.build(b.tuple([v, y, z])));
    expect(lines).toContain("constant = s32[3]{0} constant({1, 2, 3})");
    expect(lines).toContain("constant.1 = f32[2,3]{1,0} constant({ { 1, 2, 3 }, { 4, 5, 6 } })");
    expect(lines).toContain("constant.2 = f32[3]{0} constant({10, 20, 30})");
  });

  it("ragged rows are a ShapeError", () => {
    expect(() => new XlaBuilder("r").constantR2([[1, 2], [3]])).toThrow("constantR2: row 1 has 1 values, row 0 has 2");
  });
});

/** A scalar (T, T) -> T module built by hand, as before function reducers. */
function handBuilt(name: string, t: ElementType, params: readonly [string, string], op: "add" | "max" | "min" | "mul" | "or" | "and"): HloModule {
  const sb = new XlaBuilder(name);
  const l = sb.parameter(0, shape(t, []), params[0]);
  const r = sb.parameter(1, shape(t, []), params[1]);
  return sb.build(sb[op](l, r));
}

describe("computations as functions and ready-made reducers", () => {
  it("b.reduce with a function prints as with the same computation built by hand", () => {
    const viaFn = new XlaBuilder("sum_rows");
    {
      const x = viaFn.parameter(0, shape("f32", [2, 3]), "x");
      viaFn.reduce(x, viaFn.constantR0(0), (sb, a, c) => sb.add(a, c), [1]);
    }
    const byHand = new XlaBuilder("sum_rows");
    {
      const x = byHand.parameter(0, shape("f32", [2, 3]), "x");
      byHand.reduce(x, byHand.constantR0(0, "f32"), handBuilt("reducer", "f32", ["Arg_0", "Arg_1"], "add"), [1]);
    }
    expect(printHloModule(viaFn.build())).toBe(printHloModule(byHand.build()));
  });

  it("sumReducer/maxReducer/minReducer/productReducer are XLA's add_T/max_T/min_T/mul_T", () => {
    const cases = [
      [sumReducer, "add"],
      [maxReducer, "max"],
      [minReducer, "min"],
      [productReducer, "mul"],
    ] as const;
    for (const [reducer, op] of cases) {
      expect(printHloModule(reducer("s32"))).toBe(printHloModule(handBuilt(`${op}_S32`, "s32", ["lhs", "rhs"], op)));
    }
    expect(printHloModule(sumReducer("pred"))).toBe(printHloModule(handBuilt("add_PRED", "pred", ["lhs", "rhs"], "or")));
    expect(printHloModule(productReducer("pred"))).toBe(printHloModule(handBuilt("mul_PRED", "pred", ["lhs", "rhs"], "and")));
    // Made once per type: using it twice embeds it once.
    expect(sumReducer("f32")).toBe(sumReducer("f32"));
  });

  it("a variadic reduce function gets (acc..., x...) and returns a tuple", () => {
    const b = new XlaBuilder("argmax");
    const v = b.parameter(0, shape("f32", [4]), "v");
    const i = b.iota(shape("s32", [4]), 0);
    const r = b.reduce([v, i], [b.constantR0(-Infinity), b.constantR0(0)], (sb, av, ai, xv, xi) => {
      const take = sb.gt(xv, av);
      return [sb.select(take, xv, av), sb.select(take, xi, ai)];
    }, [0]);
    expect(shapeToString(r.shape)).toBe("(f32[], s32[])");
    const text = printHloModule(b.build());
    expect(text).toContain("Arg_0 = f32[] parameter(0)");
    expect(text).toContain("Arg_3 = s32[] parameter(3)");
  });

  it("reduceWindow, sort, map, scatter, selectAndScatter and allReduce take functions", () => {
    const b = new XlaBuilder("fns");
    const x = b.parameter(0, shape("f32", [4]), "x");
    const rw = b.reduceWindow(x, b.constantR0(-Infinity), (sb, a, c) => sb.max(a, c), { dimensions: [2], strides: [2] });
    const sorted = b.sort([x], (sb, l, r) => sb.lt(l, r), 0);
    const mapped = b.map([x], (sb, a) => sb.mul(a, sb.constantR0(2)));
    const idx = b.constantR2([[1]], "s32");
    const sc = b.scatter(x, idx, b.constantR1([5]), (sb, _old, u) => u, {
      updateWindowDims: [], insertedWindowDims: [0], scatterDimsToOperandDims: [0], indexVectorDim: 1,
    });
    const ss = b.selectAndScatter(x, (sb, l, r) => sb.ge(l, r), { dimensions: [2], strides: [2] }, b.constantR1([1, 2]), b.constantR0(0), (sb, a, c) => sb.add(a, c));
    const ar = b.allReduce(x, (sb, a, c) => sb.add(a, c));
    const shapes = [rw, sorted, mapped, sc, ss, ar].map((o) => shapeToString(o.shape));
    expect(shapes).toEqual(["f32[2]", "f32[4]", "f32[4]", "f32[4]", "f32[4]", "f32[4]"]);
    const text = printHloModule(b.build(b.tuple([rw, sorted, mapped, sc, ss, ar])));
    expect(text).toMatch(/constant(\.\d+)? = f32\[\] constant\(2\)/);
    expect(text).toMatch(/ROOT lt = pred\[\] compare\(Arg_0\.\d+, Arg_1\.\d+\), direction=LT/);
  });
});
