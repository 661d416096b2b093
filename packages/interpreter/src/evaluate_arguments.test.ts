/**
 * evaluate validates its arguments' data, not only their shapes (issue 11,
 * item 2): the data is the storage the element type calls for (Float64Array,
 * BigInt64Array for s64, BigUint64Array for u64, interleaved Float64Array for
 * complex) with one slot per element (two for complex), and a tuple argument
 * has the parameter's structure. Errors are EvalErrors naming the argument's
 * index, its parameter and the shapes.
 */
import { EvalError, type HloModule, type Literal, literal, parseHloModule, shape, toNested, tupleLiteral, tupleShape } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { evaluate } from "./evaluate.ts";

const parse = (body: string): HloModule => parseHloModule(`HloModule m\n\nENTRY e {\n${body}\n}\n`);

const negate = parse("  p = f64[2,3]{1,0} parameter(0)\n  ROOT n = f64[2,3]{1,0} negate(p)");

const errorOf = (f: () => unknown): Error => {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected a throw");
};

describe("an argument's data must match its shape", () => {
  it("refuses 2 or 7 values for f64[2,3]", () => {
    for (const n of [2, 7]) {
      const e = errorOf(() => evaluate(negate, [{ shape: shape("f64", [2, 3]), data: new Float64Array(n) }]));
      expect(e).toBeInstanceOf(EvalError);
      expect(e.message).toBe(`argument 0 (parameter p): a f64[2,3] literal needs its data as a Float64Array of 6 values, got Float64Array of ${n} values`);
    }
  });

  it("refuses a literal without data, naming the argument instead of failing with a TypeError", () => {
    expect(() => evaluate(negate, [{ shape: shape("f64", [2, 3]) } as Literal])).toThrow(
      new EvalError("argument 0 (parameter p): a f64[2,3] literal needs its data as a Float64Array of 6 values, got no data"),
    );
  });

  it("refuses the wrong storage kind: numbers for s64, bigints for f64, half the slots for complex", () => {
    const s64 = parse("  a = f32[] parameter(0)\n  b = s64[2]{0} parameter(1)\n  ROOT n = s64[2]{0} negate(b)");
    const f32 = literal("f32", [], [1]);
    expect(() => evaluate(s64, [f32, { shape: shape("s64", [2]), data: new Float64Array(2) }])).toThrow(
      new EvalError("argument 1 (parameter b): a s64[2] literal needs its data as a BigInt64Array of 2 values, got Float64Array of 2 values"),
    );
    expect(() => evaluate(negate, [{ shape: shape("f64", [2, 3]), data: new BigInt64Array(6) } as never])).toThrow(/got BigInt64Array of 6 values/);
    const c64 = parse("  p = c64[2]{0} parameter(0)\n  ROOT n = c64[2]{0} negate(p)");
    expect(() => evaluate(c64, [{ shape: shape("c64", [2]), data: new Float64Array(2) }])).toThrow(
      /argument 0 \(parameter p\): a c64\[2\] literal needs its data as a Float64Array \(re, im interleaved\) of 4 values, got Float64Array of 2 values/,
    );
    expect(() => evaluate(negate, [{ shape: shape("f64", [2, 3]), data: [1, 2, 3, 4, 5, 6] } as never])).toThrow(/got object/);
  });

  it("still takes well-formed arguments of every storage kind", () => {
    const s64 = parse("  a = f32[] parameter(0)\n  b = s64[2]{0} parameter(1)\n  ROOT n = s64[2]{0} negate(b)");
    const out = evaluate(s64, [literal("f32", [], [1]), literal("s64", [2], [2n ** 62n, -3n])]);
    expect(toNested(out as never)).toEqual([-(2n ** 62n), 3n]);
  });

  it("refuses a malformed shape and a shape that differs, naming both shapes", () => {
    expect(() => evaluate(negate, [{ shape: { elementType: "f64", dimensions: [2, -3] }, data: new Float64Array(6) } as never])).toThrow(
      /argument 0 \(parameter p\): its shape is malformed: shape: Invalid dimension size -3 at dimension 1/,
    );
    expect(() => evaluate(negate, [literal("f64", [3, 2], [1, 2, 3, 4, 5, 6])])).toThrow(
      new EvalError("argument 0 (parameter p): must have shape f64[2,3], but has f64[3,2]"),
    );
  });

  it("refuses a missing argument, a non-literal and a non-array argument list", () => {
    expect(() => evaluate(negate, [])).toThrow(new EvalError("module m takes 1 argument, but 0 were given"));
    expect(() => evaluate(negate, [null as never])).toThrow(new EvalError("argument 0 (parameter p): expected a literal of shape f64[2,3], got null"));
    expect(() => evaluate(negate, "x" as never)).toThrow(EvalError);
  });
});

describe("a tuple argument must have the parameter's structure", () => {
  const m = parse(
    "  p = (f32[2]{0}, (s32[], pred[])) parameter(0)\n  ROOT g = f32[2]{0} get-tuple-element(p), index=0",
  );
  const inner = tupleShape([shape("s32", []), shape("pred", [])]);
  const good = tupleLiteral([literal("f32", [2], [1, 2]), tupleLiteral([literal("s32", [], [3]), literal("pred", [], [true])])]);

  it("takes a well-formed tuple", () => {
    expect(toNested(evaluate(m, [good]) as never)).toEqual([1, 2]);
  });

  it("refuses missing elements and bad data inside, naming the tuple index", () => {
    const noElements = { shape: good.shape } as never;
    expect(() => evaluate(m, [noElements])).toThrow(
      /argument 0 \(parameter p\): a tuple literal of shape \(f32\[2\], \(s32\[\], pred\[\]\)\) needs an elements array of 2, got undefined/,
    );
    const short = { shape: good.shape, elements: [good.elements[0]] } as never;
    expect(() => evaluate(m, [short])).toThrow(/needs an elements array of 2, got 1 elements/);
    const badInner = { shape: good.shape, elements: [good.elements[0], { shape: inner, elements: [literal("s32", [], [3]), { shape: shape("pred", []), data: new Float64Array(3) }] }] } as never;
    expect(() => evaluate(m, [badInner])).toThrow(
      new EvalError("argument 0 (parameter p): a pred[] literal at tuple index 1.1 needs its data as a Float64Array of 1 values, got Float64Array of 3 values"),
    );
  });
});
