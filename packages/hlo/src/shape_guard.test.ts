/**
 * One rule for dimension sizes at every entry point that makes a shape
 * (issue 11, item 3): each size an integer in [0, 2^53), the element count at
 * most 2^53 - 1, and every violation a ShapeError (a ParseError with a
 * position in text) naming the dimension.
 */
import { describe, expect, it } from "vitest";
import { HloError, ParseError, ShapeError } from "./errors.ts";
import { literal } from "./literal.ts";
import { checkShape, dimensionsProblem, shape, shapeProblem, tupleShape } from "./shape.ts";
import { parseHloModule } from "./text/parser.ts";

const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error("expected a throw");
};

const BAD_SIZES: readonly (readonly [string, number])[] = [
  ["-1", -1],
  ["NaN", Number.NaN],
  ["1.5", 1.5],
  ["Infinity", Number.POSITIVE_INFINITY],
  ["2^53", 2 ** 53],
  ["2^60", 2 ** 60],
  ["1e300", 1e300],
];

describe("shape() refuses sizes outside [0, 2^53) with a ShapeError naming the dimension", () => {
  for (const [label, d] of BAD_SIZES) {
    it(`refuses f64[2,${label}]`, () => {
      const e = thrown(() => shape("f64", [2, d]));
      expect(e).toBeInstanceOf(ShapeError);
      expect((e as Error).message).toBe(
        `Invalid dimension size ${String(d)} at dimension 1 of shape f64[2,${String(d)}]: a size must be an integer in [0, 2^53)`,
      );
    });
  }

  it("refuses a shape whose element count passes 2^53 - 1, naming where the product passes it", () => {
    expect(() => shape("f32", [2 ** 27, 2 ** 27])).toThrow(
      new ShapeError("shape f32[134217728,134217728] has more than 2^53 - 1 elements (the product of its sizes passes that at dimension 1)"),
    );
  });

  it("accepts the largest sizes and counts, zero sizes and scalars", () => {
    expect(shape("f32", [2 ** 53 - 1]).dimensions).toEqual([2 ** 53 - 1]);
    expect(shape("f32", [2 ** 26, 2 ** 26]).dimensions).toEqual([2 ** 26, 2 ** 26]);
    expect(shape("f32", [0, 2 ** 52]).dimensions).toEqual([0, 2 ** 52]);
    expect(shape("pred", []).dimensions).toEqual([]);
    expect(dimensionsProblem("f32", [0, 2 ** 60])).toMatch(/dimension 1/);
  });
});

describe("literal() refuses bad sizes with ShapeError, not a bare HloError", () => {
  for (const [label, d] of BAD_SIZES) {
    it(`refuses a literal of f64[${label}]`, () => {
      const e = thrown(() => literal("f64", [d], []));
      expect(e).toBeInstanceOf(ShapeError);
      expect((e as Error).message).toMatch(/at dimension 0 of shape f64\[/);
    });
  }
  it("still refuses a wrong number of values with an HloError", () => {
    expect(thrown(() => literal("f64", [2, 3], [1, 2]))).toBeInstanceOf(HloError);
  });
});

describe("the text parser applies the same rule, with a position", () => {
  const moduleWith = (shapeText: string) => `HloModule m\n\nENTRY e {\n  ROOT p = ${shapeText} parameter(0)\n}\n`;

  it("refuses a size of 2^53 and an element count past 2^53 - 1", () => {
    const e = thrown(() => parseHloModule(moduleWith("f32[9007199254740992]")));
    expect(e).toBeInstanceOf(ParseError);
    expect((e as ParseError).line).toBe(4);
    expect((e as Error).message).toMatch(/^4:16: a dimension size 9007199254740992 is too large/);
    const e2 = thrown(() => parseHloModule(moduleWith("f32[134217728,134217728]")));
    expect(e2).toBeInstanceOf(ParseError);
    expect((e2 as Error).message).toMatch(/more than 2\^53 - 1 elements/);
  });

  it("accepts a 2^31-element shape (refusing to allocate it is the evaluator's job)", () => {
    expect(() => parseHloModule(moduleWith("s32[2147483648]{0}"))).not.toThrow();
  });
});

describe("checkShape re-validates shape objects made by hand", () => {
  it("names what it checks and the dimension, also inside tuples", () => {
    const bad = { elementType: "f32", dimensions: [3, -1] } as never;
    expect(() => checkShape(bad, "parameter: shape")).toThrow(
      new ShapeError("parameter: shape: Invalid dimension size -1 at dimension 1 of shape f32[3,-1]: a size must be an integer in [0, 2^53)"),
    );
    expect(() => checkShape(tupleShape([shape("f32", []), bad]), "custom-call: shape")).toThrow(/dimension 1 of shape f32\[3,-1\]/);
  });

  it("refuses unknown element types, non-array dimensions, bad layouts and bad dynamic flags", () => {
    expect(shapeProblem({ elementType: "f31", dimensions: [] })).toMatch(/unknown element type 'f31'/);
    expect(shapeProblem({ elementType: "f32", dimensions: "2" })).toMatch(/must be an array/);
    expect(shapeProblem({ elementType: "f32", dimensions: [2, 3], layout: [0, 0] })).toMatch(/not a permutation/);
    expect(shapeProblem({ elementType: "f32", dimensions: [2], dynamicDimensions: [true, false] })).toMatch(/one boolean per dimension/);
    expect(shapeProblem({ elementType: "tuple" })).toMatch(/tupleShapes/);
    expect(shapeProblem(null)).toMatch(/expected a shape/);
    expect(shapeProblem(shape("f32", [2, 3], [0, 1]))).toBeUndefined();
  });
});
