/**
 * dynamic-reshape through every layer: text as XLA prints it, the shape rule's
 * XLA messages, the builder, and the interpreter against XLA CPU (jaxlib
 * 0.10.2) on the same modules. Values are held at the bound: the operand's
 * row-major data read as the bounded shape, as XLA's dynamic padder does; the
 * runtime sizes come back through get-dimension-size.
 */
import { describe, expect, it } from "vitest";
import { XlaBuilder } from "@minixla/builder";
import { type ArrayLiteral, type Literal, type TupleLiteral, inferShape, literal, parseHloModule, printHloModule, shape, verifyModule } from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";

const leaf = (l: Literal, i: number): number[] => Array.from(((l as TupleLiteral).elements[i] as ArrayLiteral).data, Number);

// XLA's xla_client_test DynamicReshape case: f32[2,3] -> f32[2,<=3], size 2 kept in dimension 1.
const KEEP = `HloModule dynamic_reshape

ENTRY main {
  a = f32[2,3] parameter(0)
  n = s32[] parameter(1)
  r = f32[2,<=3] dynamic-reshape(a, n, n)
  s = f32[2,2] slice(r), slice={[0:2], [0:2]}
  g0 = s32[] get-dimension-size(r), dimensions={0}
  g1 = s32[] get-dimension-size(r), dimensions={1}
  ROOT t = (f32[2,2], s32[], s32[]) tuple(s, g0, g1)
}
`;

const SPLIT = `HloModule dynamic_reshape_split

ENTRY main {
  a = s32[6] parameter(0)
  m = s32[] parameter(1)
  n = s32[] parameter(2)
  r = s32[<=2,<=3] dynamic-reshape(a, m, n)
  g0 = s32[] get-dimension-size(r), dimensions={0}
  g1 = s32[] get-dimension-size(r), dimensions={1}
  c = s32[2,3] copy(r)
  ROOT t = (s32[2,3], s32[], s32[]) tuple(c, g0, g1)
}
`;

describe("dynamic-reshape", () => {
  it("prints as XLA does: bounded dimensions, no attributes", () => {
    const printed = printHloModule(parseHloModule(SPLIT));
    // XLA's to_string: ROOT-less line `%r = s32[<=2,<=3]{1,0} dynamic-reshape(%a, %m, %n)`.
    expect(printed).toContain("r = s32[<=2,<=3]{1,0} dynamic-reshape(a, m, n)");
    expect(printHloModule(parseHloModule(printed))).toBe(printed);
  });

  it("evaluates as XLA CPU: values at the bound, sizes from the operands", () => {
    const keep = evaluate(parseHloModule(KEEP), [literal("f32", [2, 3], [1, 2, 3, 4, 5, 6]), literal("s32", [], [2])]);
    // XLA CPU: [[1,2],[4,5]], 2, 2 (dimension 0 is static: its size).
    expect(leaf(keep, 0)).toEqual([1, 2, 4, 5]);
    expect([leaf(keep, 1), leaf(keep, 2)]).toEqual([[2], [2]]);
    const a = literal("s32", [6], [10, 11, 12, 13, 14, 15]);
    const full = evaluate(parseHloModule(SPLIT), [a, literal("s32", [], [2]), literal("s32", [], [3])]);
    expect(leaf(full, 0)).toEqual([10, 11, 12, 13, 14, 15]);
    expect([leaf(full, 1), leaf(full, 2)]).toEqual([[2], [3]]);
    // XLA CPU with sizes (1, 3): get-dimension-size 1 and 3; the first row 10, 11, 12 (the rest is padding).
    const short = evaluate(parseHloModule(SPLIT), [a, literal("s32", [], [1]), literal("s32", [], [3])]);
    expect(leaf(short, 0).slice(0, 3)).toEqual([10, 11, 12]);
    expect([leaf(short, 1), leaf(short, 2)]).toEqual([[1], [3]]);
  });

  it("passes a size outside [0, bound] through, as XLA CPU does", () => {
    const m = parseHloModule(`HloModule m

ENTRY main {
  a = f32[6] parameter(0)
  n = s32[] parameter(1)
  r = f32[<=6] dynamic-reshape(a, n)
  ROOT g = s32[] get-dimension-size(r), dimensions={0}
}
`);
    const a = literal("f32", [6], [1, 2, 3, 4, 5, 6]);
    // XLA CPU: -3 and 9.
    expect(Number((evaluate(m, [a, literal("s32", [], [-3])]) as ArrayLiteral).data[0])).toBe(-3);
    expect(Number((evaluate(m, [a, literal("s32", [], [9])]) as ArrayLiteral).data[0])).toBe(9);
  });

  it("checks shapes with XLA's messages", () => {
    const rule = (operands: Parameters<typeof inferShape>[0]["operands"], declared: ReturnType<typeof shape>) =>
      () => inferShape({ opcode: "dynamic-reshape", operands, attributes: {}, called: [], declared });
    const bounded = { ...shape("f32", [2, 4]), dynamicDimensions: [true, true] };
    expect(rule([shape("f32", [6]), shape("s32", []), shape("s32", [])], bounded)).toThrow(
      "dynamic-reshape: Reshape operation has mismatched element counts: from=6 (f32[6]) to=8 (f32[<=2,<=4]).",
    );
    expect(rule([shape("f32", [8]), shape("f32", []), shape("s32", [])], bounded)).toThrow(
      "dynamic-reshape: DynamicReshape's dim size has to be scalar S32, got (f32[]): ",
    );
    expect(rule([shape("f32", [8]), shape("s32", [])], bounded)).toThrow("DynamicReshape needs one dim size per result dimension");
    expect(rule([shape("s32", [8]), shape("s32", []), shape("s32", [])], bounded)).toThrow("must keep the element type");
  });

  it("is recorded by XlaBuilder.dynamicReshape", () => {
    const b = new XlaBuilder("dynamic_reshape_builder");
    const a = b.parameter(0, shape("f32", [2, 3]), "a");
    const n = b.parameter(1, shape("s32", []), "n");
    const r = b.dynamicReshape(a, [n, n], [2, 3], [false, true]);
    expect(r.shape).toEqual({ ...shape("f32", [2, 3]), dynamicDimensions: [false, true] });
    const m = b.build(b.getDimensionSize(r, 1));
    verifyModule(m);
    expect(printHloModule(m)).toContain("f32[2,<=3]{1,0} dynamic-reshape(a, n, n)");
    expect(Number((evaluate(m, [literal("f32", [2, 3], [1, 2, 3, 4, 5, 6]), literal("s32", [], [2])]) as ArrayLiteral).data[0])).toBe(2);
    expect(() => b.dynamicReshape(a, [n], [6], [true, false])).toThrow(
      "DynamicReshape has to have the same number of elements in new_sizes (1) and dims_are_dynamic (2)",
    );
  });
});
