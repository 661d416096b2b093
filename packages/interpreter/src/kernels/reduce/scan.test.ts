/**
 * scan against XLA CPU (jaxlib 0.10.2 runs HLO `scan` through run_hlo.py; the
 * values below are its results on these modules and inputs), its shape rule's
 * refusals (XLA's parser messages where it has them) and its text form.
 */
import { XlaBuilder } from "@minixla/builder";
import { type ArrayLiteral, ShapeError, type TupleLiteral, literal, parseHloModule, printHloModule, verificationProblems } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { evaluate } from "../../evaluate.ts";

const values = (l: ArrayLiteral): number[] => Array.from(l.data as Float64Array);
const parts = (l: unknown): number[][] => (l as TupleLiteral).elements.map((e) => values(e as ArrayLiteral));

const cumsum = (flags: string) => `HloModule frontend_attributes_scan

add_comp {
  param0 = f32[] parameter(0)
  param1 = f32[] parameter(1)
  add = f32[] add(param0, param1)
  ROOT t = (f32[], f32[]) tuple(add, add)
}

ENTRY main {
  operand = f32[10] parameter(0)
  init = f32[] parameter(1)
  ROOT scan = (f32[10], f32[]) scan(operand, init), dimensions={0}, num_carries=1${flags}, to_apply=add_comp
}`;
const ten = literal("f32", [10], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
const hundred = literal("f32", [], [100]);

describe("scan gives XLA CPU's values", () => {
  it("a running sum with its carry (frontend_attributes.hlo's scan)", () => {
    const r = evaluate(parseHloModule(cumsum(", is_associative=true")), [ten, hundred]);
    expect(parts(r)).toEqual([[100, 101, 103, 106, 110, 115, 121, 128, 136, 145], [145]]);
  });

  it("is_reverse runs from the last index down and writes each output at its index", () => {
    const r = evaluate(parseHloModule(cumsum(", is_reverse=true")), [ten, hundred]);
    expect(parts(r)).toEqual([[145, 145, 144, 142, 139, 135, 130, 124, 117, 109], [145]]);
  });

  it("scans dimension 1 of two inputs with two carries of different types", () => {
    const m = parseHloModule(`HloModule m
body {
  x = f32[3] parameter(0)
  y = s32[3] parameter(1)
  acc = f32[3] parameter(2)
  cnt = s32[] parameter(3)
  yf = f32[3] convert(y)
  s = f32[3] add(acc, x)
  m = f32[3] multiply(s, yf)
  one = s32[] constant(1)
  c1 = s32[] add(cnt, one)
  ROOT t = (f32[3], f32[3], s32[]) tuple(m, s, c1)
}
ENTRY e {
  x = f32[3,4] parameter(0)
  y = s32[3,4] parameter(1)
  a0 = f32[3] parameter(2)
  c0 = s32[] parameter(3)
  ROOT r = (f32[3,4], f32[3], s32[]) scan(x, y, a0, c0), dimensions={1}, num_carries=2, to_apply=body
}`);
    const x = literal("f32", [3, 4], [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5]);
    const y = literal("s32", [3, 4], [-1, 0, 1, -1, 0, 1, -1, 0, 1, -1, 0, 1]);
    const r = evaluate(m, [x, y, literal("f32", [3], [1, 2, 3]), literal("s32", [], [7])]);
    expect(parts(r)).toEqual([[-1, 0, 2.5, -4, 0, 6.5, -9.5, 0, 7, -11.5, 0, 22], [4, 13, 22], [11]]);
  });

  it("without carries returns the stacked output alone; with only a carry, the carry", () => {
    const noCarry = parseHloModule(`HloModule m
body {
  x = f32[2] parameter(0)
  ROOT n = f32[2] negate(x)
}
ENTRY e {
  x = f32[3,2] parameter(0)
  ROOT r = f32[3,2] scan(x), dimensions={0}, num_carries=0, is_reverse=true, to_apply=body
}`);
    const out = evaluate(noCarry, [literal("f32", [3, 2], [0, 1, 2, 3, 4, 5])]) as ArrayLiteral;
    expect(values(out)).toEqual([-0, -1, -2, -3, -4, -5]);
    expect(Object.is(values(out)[0], -0)).toBe(true);
    const onlyCarry = parseHloModule(`HloModule m
body {
  x = f32[] parameter(0)
  acc = f32[] parameter(1)
  two = f32[] constant(2)
  m = f32[] multiply(acc, two)
  ROOT s = f32[] add(m, x)
}
ENTRY e {
  x = f32[5] parameter(0)
  init = f32[] parameter(1)
  ROOT r = f32[] scan(x, init), dimensions={0}, num_carries=1, is_reverse=true, to_apply=body
}`);
    expect(values(evaluate(onlyCarry, [literal("f32", [5], [1, 0, 1, 1, 0]), literal("f32", [], [0.5])]) as ArrayLiteral)).toEqual([29]);
  });

  it("a zero-length scan returns empty outputs and the initial carries", () => {
    const m = parseHloModule(cumsum("").replaceAll("f32[10]", "f32[0]"));
    expect(parts(evaluate(m, [literal("f32", [0], []), hundred]))).toEqual([[], [100]]);
  });
});

describe("scan's text and shape rule", () => {
  it("prints as XLA does: is_reverse only when true, is_associative always", () => {
    const printed = printHloModule(parseHloModule(cumsum(", is_reverse=true")));
    expect(printed).toContain("scan(operand, init), dimensions={0}, num_carries=1, is_reverse=true, is_associative=false, to_apply=add_comp");
    expect(printHloModule(parseHloModule(printed))).toBe(printed);
  });

  /** The parse error or the verifier's problems of the edited module, as one text. */
  const bad = (edit: (t: string) => string): string => {
    try {
      return verificationProblems(parseHloModule(edit(cumsum(", is_associative=true")))).join("\n");
    } catch (e) {
      return (e as Error).message;
    }
  };
  it("refuses what XLA's parser refuses, with its messages", () => {
    expect(bad((t) => t.replace("num_carries=1", "num_carries=3"))).toContain("expects at least 3 operands to match the number of carries, but has 2 operands");
    expect(bad((t) => t.replace("param1 = f32[] parameter(1)", "param1 = f32[] parameter(1)\n  p2 = f32[] parameter(2)"))).toContain(
      "expects 2 operands to match the number of parameters of to_apply, but to_apply has 3 parameters",
    );
    expect(bad((t) => t.replace("dimensions={0}", "dimensions={0,0}"))).toMatch(/expects exactly one dimension/);
  });

  it("refuses an out-of-range dimension and a declared shape unlike the inferred one", () => {
    expect(bad((t) => t.replace("dimensions={0}", "dimensions={1}"))).toMatch(/scan dimension 1 of operand 0 f32\[10\] is out of bounds/);
    expect(bad((t) => t.replace("ROOT scan = (f32[10], f32[])", "ROOT scan = (f32[9], f32[])"))).toMatch(/stored shape \(f32\[9\], f32\[\]\) differs from the inferred shape \(f32\[10\], f32\[\]\)/);
  });

  it("the builder records it, a function body taking the slices then the carries", () => {
    const b = new XlaBuilder("scan");
    const x = b.parameter(0, { elementType: "f32", dimensions: [4, 2] }, "x");
    const init = b.parameter(1, { elementType: "f32", dimensions: [2] }, "init");
    const r = b.scan([x], [init], (sb, slice, acc) => {
      const s = sb.add(slice, acc);
      return [s, s];
    }, 0);
    expect(r.shape).toEqual({ elementType: "tuple", tupleShapes: [{ elementType: "f32", dimensions: [4, 2] }, { elementType: "f32", dimensions: [2] }] });
    const out = evaluate(b.build(r), [literal("f32", [4, 2], [1, 2, 3, 4, 5, 6, 7, 8]), literal("f32", [2], [10, 20])]);
    expect(parts(out)).toEqual([[11, 22, 14, 26, 19, 32, 26, 40], [26, 40]]);
    expect(() => b.scan([x], [init], (sb, slice) => slice, 2)).toThrow(ShapeError);
  });
});
