/**
 * Every XlaBuilder method that takes a shape or sizes validates them as
 * shape() does (issue 11, item 3): shape objects made by hand are
 * re-validated, so -1, NaN, 1.5, Infinity and sizes past 2^53 are a
 * ShapeError naming the op and the dimension, never a recorded instruction.
 */
import { type Literal, type Shape, ShapeError, literal, shape, tupleShape } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { XlaBuilder } from "./builder.ts";

const BAD_SIZES: readonly (readonly [string, number])[] = [
  ["-1", -1],
  ["NaN", Number.NaN],
  ["1.5", 1.5],
  ["Infinity", Number.POSITIVE_INFINITY],
  ["2^53", 2 ** 53],
  ["2^60", 2 ** 60],
];

/** A shape object made by hand, as a JS caller could pass it. */
const handMade = (d: number): Shape => ({ elementType: "f32", dimensions: [2, d] }) as Shape;

const errorOf = (f: () => unknown): Error => {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected a throw");
};

/** Each method, called with the bad size, and the op its error must name. */
const CALLS: readonly (readonly [string, string, (b: XlaBuilder, d: number) => unknown])[] = [
  ["parameter", "parameter", (b, d) => b.parameter(0, handMade(d), "p")],
  ["parameter (inside a tuple shape)", "parameter", (b, d) => b.parameter(0, tupleShape([shape("f32", []), handMade(d)]), "p")],
  ["iota", "iota", (b, d) => b.iota(handMade(d) as never, 0)],
  ["constant", "constant", (b, d) => b.constant({ shape: handMade(d), data: new Float64Array(2) } as Literal)],
  ["customCall", "custom-call", (b, d) => b.customCall("target", [], handMade(d))],
  ["bitcast", "bitcast", (b, d) => b.bitcast(b.constantR0(1), handMade(d))],
  ["broadcast", "broadcast", (b, d) => b.broadcast(b.constantR0(1), [2, d])],
  ["broadcastInDim", "broadcast", (b, d) => b.broadcastInDim(b.constantR0(1), [2, d], [])],
  ["reshape", "reshape", (b, d) => b.reshape(b.constantR0(1), [2, d])],
];

describe("builder methods refuse bad sizes with a ShapeError naming the op and the dimension", () => {
  for (const [method, opcode, call] of CALLS) {
    for (const [label, d] of BAD_SIZES) {
      it(`${method} with a size of ${label}`, () => {
        const b = new XlaBuilder("t");
        const e = errorOf(() => call(b, d));
        expect(e).toBeInstanceOf(ShapeError);
        expect(e.message.startsWith(`${opcode}: `)).toBe(true);
        // XLA's wording for a negative broadcast size names the size only.
        if (!(method === "broadcast" && d === -1)) expect(e.message).toMatch(/at dimension 1 of (output )?shape/);
        expect(e.message).toContain(String(d));
      });
    }
  }

  it("records nothing for a refused call", () => {
    const b = new XlaBuilder("t");
    const x = b.parameter(0, shape("f32", [2]), "x");
    expect(() => b.iota({ elementType: "f32", dimensions: [-1] } as never, 0)).toThrow(ShapeError);
    expect(b.build().computations[0].instructions.map((i) => i.name)).toEqual([x.name]);
  });

  it("refuses a hand-made element type and layout", () => {
    const b = new XlaBuilder("t");
    expect(errorOf(() => b.parameter(0, { elementType: "f31", dimensions: [] } as never, "p")).message).toMatch(
      /^parameter: shape: unknown element type 'f31'/,
    );
    expect(errorOf(() => b.parameter(0, { elementType: "f32", dimensions: [2, 3], layout: [1, 1] } as never, "p")).message).toMatch(
      /^parameter: shape: layout \{1,1\} is not a permutation/,
    );
  });
});

describe("constant re-validates a hand-made literal's data", () => {
  it("refuses data of the wrong length or storage, and a missing data array", () => {
    const b = new XlaBuilder("t");
    const s = shape("f64", [2, 3]);
    expect(() => b.constant({ shape: s, data: new Float64Array(2) })).toThrow(
      new ShapeError("constant: literal of shape f64[2,3] needs its data as a Float64Array of 6 values, got Float64Array of 2 values"),
    );
    expect(() => b.constant({ shape: shape("s64", [1]), data: new Float64Array(1) })).toThrow(/needs its data as a BigInt64Array of 1 values/);
    expect(() => b.constant({ shape: s } as never)).toThrow(/got undefined/);
  });

  it("checks tuple literals element by element", () => {
    const b = new XlaBuilder("t");
    const good = literal("f32", [2], [1, 2]);
    const bad = { shape: shape("f32", [3]), data: new Float64Array(1) };
    expect(() => b.constant({ shape: tupleShape([good.shape, bad.shape]), elements: [good, bad] } as never)).toThrow(
      /constant: literal\.elements\[1\] of shape f32\[3\] needs/,
    );
    expect(b.constant({ shape: tupleShape([good.shape]), elements: [good] } as never).shape).toEqual(tupleShape([good.shape]));
  });

  it("accepts literals made by literal(), of every storage kind", () => {
    const b = new XlaBuilder("t");
    expect(b.constant(literal("s64", [2], [1n, -1n])).shape).toEqual(shape("s64", [2]));
    expect(b.constant(literal("c64", [1], [[1, 2]])).shape).toEqual(shape("c64", [1]));
  });
});
