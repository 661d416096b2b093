/**
 * Evaluating what XLA's parser reads beyond the basics, against values real
 * XLA (jaxlib 0.10.2, CPU) computed for the same modules and inputs: elided
 * constants (refused unless a choice is given), bounded dynamic dimensions
 * with set/get-dimension-size, scalar clamp bounds and select predicates, and
 * JAX output with Shardy annotations.
 */
import { readFileSync } from "node:fs";
import { type ArrayLiteral, EvalError, type Literal, type TupleLiteral, algsimp, cse, literal, parseHloModule, scalar } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { constantFolding } from "./constant_folding.ts";
import { resolveElidedConstants } from "./elided_constants.ts";
import { evaluate } from "./evaluate.ts";

const read = (name: string): string => readFileSync(new URL(`../../hlo/testdata/xla_text/${name}`, import.meta.url), "utf8");
const values = (l: Literal): number[] => Array.from((l as ArrayLiteral).data as Float64Array, Number);
const tupleValues = (l: Literal): number[][] => (l as TupleLiteral).elements.map(values);

describe("elided constants (constant({...}))", () => {
  const m = parseHloModule(read("elided_constant.hlo"));
  const p = literal("f32", [2, 3], [1, 2, 3, 4, 5, 6]);

  it("are refused with an EvalError that names them and the way out", () => {
    expect(() => evaluate(m, [p])).toThrow(EvalError);
    expect(() => evaluate(m, [p])).toThrow(
      'module elided has elided constants (written constant({...}), values unknown): main/w; evaluate with the option elidedConstants: "zeros" or "random" (minixla run --elided zeros|random)',
    );
  });

  it("evaluate as zeros when asked", () => {
    expect(values(evaluate(m, [p], { elidedConstants: "zeros" }))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("evaluate as seeded random values in [-1, 1) when asked, the same for the same seed", () => {
    const a = values(evaluate(m, [p], { elidedConstants: "random" }));
    const b = values(evaluate(m, [p], { elidedConstants: "random" }));
    const c = values(evaluate(m, [p], { elidedConstants: "random", elidedSeed: 7 }));
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    a.forEach((v, i) => {
      expect(Math.abs(v - (i + 1))).toBeLessThan(1);
      expect(Math.fround(v)).toBe(v);
    });
    expect(a).not.toEqual([1, 2, 3, 4, 5, 6]);
    expect(resolveElidedConstants(m, "random")).toBe(resolveElidedConstants(m, "random"));
  });

  it("are never folded, merged or simplified as if their placeholder zeros were their values", () => {
    const text = "ENTRY e {\n  p = f32[2] parameter(0)\n  w = f32[2] constant({...})\n  v = f32[2] constant({...})\n  m = f32[2] multiply(w, p)\n  n = f32[2] negate(w)\n  ROOT t = (f32[2], f32[2], f32[2], f32[2]) tuple(m, n, v, w)\n}\n";
    const module = parseHloModule(text);
    for (const pass of [constantFolding, cse, algsimp]) expect(pass.run(module)).toBe(module);
  });
});

describe("bounded dynamic dimensions", () => {
  const args = [literal("f32", [4, 3], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]), scalar(2, "s32")];

  it("get-dimension-size returns the size set-dimension-size set, through element-wise ops declared dynamic (XLA: 2, 3)", () => {
    const r = evaluate(parseHloModule(read("dynamic_dimensions.hlo")), args);
    const [n, g, g1] = tupleValues(r);
    expect([g, g1]).toEqual([[2], [3]]);
    // Values are held at the bound.
    expect(n).toEqual([-0, -1, -2, -3, -4, -5, -6, -7, -8, -9, -10, -11]);
  });

  it("a dimension declared static reports its size (XLA: 4), and set-dimension-size sets a size even when declared static (XLA: 2)", () => {
    const text = read("dynamic_dimensions.hlo");
    const staticNegate = text.replace("n = f32[<=4,3] negate(d)", "n = f32[4,3] negate(d)").replace("ROOT t = (f32[<=4,3]", "ROOT t = (f32[4,3]");
    expect(tupleValues(evaluate(parseHloModule(staticNegate), args))[1]).toEqual([4]);
    const staticSet = text.replace("d = f32[<=4,3] set-dimension-size", "d = f32[4,3] set-dimension-size");
    expect(tupleValues(evaluate(parseHloModule(staticSet), args))[1]).toEqual([2]);
  });

  it("refuses a size beyond the bound", () => {
    expect(() => evaluate(parseHloModule(read("dynamic_dimensions.hlo")), [args[0], scalar(5, "s32")])).toThrow(
      "d (set-dimension-size): size 5 of dimension 0 is outside [0, 4], the bound of f32[4,3]",
    );
  });
});

describe("scalar clamp bounds and select predicates, which XLA's verifier accepts", () => {
  it("evaluate as XLA does", () => {
    const text = [
      "HloModule m",
      "",
      "ENTRY e {",
      "  x = f32[4] parameter(0)",
      "  p = pred[] parameter(1)",
      "  lo = f32[] constant(-1)",
      "  hi = f32[] constant(2)",
      "  c = f32[4] clamp(lo, x, hi)",
      "  n = f32[4] negate(x)",
      "  s = f32[4] select(p, c, n)",
      "  v = f32[4] constant({0, 1, 2, 3})",
      "  c2 = f32[4] clamp(v, x, hi)",
      "  ROOT t = (f32[4], f32[4], f32[4]) tuple(c, s, c2)",
      "}",
    ].join("\n");
    const x = literal("f32", [4], [-3, 0.5, 1.5, 7]);
    // XLA: [-1, 0.5, 1.5, 2], [-1, 0.5, 1.5, 2], [0, 1, 2, 2].
    expect(tupleValues(evaluate(parseHloModule(text), [x, scalar(true, "pred")]))).toEqual([[-1, 0.5, 1.5, 2], [-1, 0.5, 1.5, 2], [0, 1, 2, 2]]);
    expect(tupleValues(evaluate(parseHloModule(text), [x, scalar(false, "pred")]))[1]).toEqual([3, -0.5, -1.5, -7]);
  });
});

describe("JAX output with Shardy annotations", () => {
  it("parses and runs, matching XLA's values", () => {
    const m = parseHloModule(read("shardy_jax.hlo"));
    const a = literal("f32", [8, 4], Array.from({ length: 32 }, (_, i) => (i % 7) / 7 - 0.4));
    const b = literal("f32", [4, 6], Array.from({ length: 24 }, (_, i) => (i % 5) / 5 - 0.3));
    const xla = [-0.22206176817417145, 0.10837852954864502, 0.0571126863360405, -0.19729909300804138, 0.3339933753013611, -0.3084343671798706, 0.5984209775924683, -0.22206176817417145];
    const got = values(evaluate(m, [a, b]));
    // XLA's CPU tanh is an approximation: agreement to a few f32 ulps.
    got.forEach((v, i) => expect(Math.abs(v - xla[i])).toBeLessThan(1e-6));
  });
});
