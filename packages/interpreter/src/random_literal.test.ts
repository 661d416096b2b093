import { describe, expect, it } from "vitest";
import { type ArrayLiteral, ELEMENT_TYPES, ELEMENT_TYPE_INFO, shape, tupleShape } from "@minixla/hlo";
import { randomLiteralOfShape } from "./elided_constants.ts";
import { randomLiteralWithSpecials, specialValues } from "./random_literal.ts";

const has = (vals: readonly unknown[], v: number): boolean => vals.some((x) => typeof x === "number" && (Number.isNaN(v) ? Number.isNaN(x) : Object.is(x, v)));

describe("specialValues", () => {
  it("lists f32's NaN, signed zeros, infinities, denormal and normal extremes", () => {
    const v = specialValues("f32");
    for (const x of [NaN, 0, -0, Infinity, -Infinity, 1, -1, 2 ** -149, -(2 ** -149), 2 ** -126, 3.4028234663852886e38, -3.4028234663852886e38]) {
      expect(has(v, x), String(x)).toBe(true);
    }
  });
  it("gives f64 its own denormal and f16 its own", () => {
    expect(has(specialValues("f64"), Number.MIN_VALUE)).toBe(true);
    expect(has(specialValues("f64"), 2 ** -1022)).toBe(true);
    expect(has(specialValues("f16"), 2 ** -24)).toBe(true);
    expect(has(specialValues("f16"), 2 ** -14)).toBe(true);
    expect(has(specialValues("f16"), 65504)).toBe(true);
  });
  it("keeps only values the type holds: no inf in f8e4m3fn, no -0 in fnuz, no zero in f8e8m0fnu, no NaN in f4e2m1fn", () => {
    expect(has(specialValues("f8e4m3fn"), Infinity)).toBe(false);
    expect(has(specialValues("f8e4m3fn"), 448)).toBe(true);
    expect(has(specialValues("f8e4m3fnuz"), -0)).toBe(false);
    expect(has(specialValues("f8e8m0fnu"), 0)).toBe(false);
    expect(has(specialValues("f4e2m1fn"), NaN)).toBe(false);
    for (const t of ELEMENT_TYPES) {
      const info = ELEMENT_TYPE_INFO[t];
      if (info.kind !== "float") continue;
      for (const x of specialValues(t)) {
        const r = info.normalize(x as number);
        expect(Number.isNaN(x as number) ? Number.isNaN(r) : Object.is(r, x), `${t} ${String(x)}`).toBe(true);
      }
    }
  });
  it("gives the integer extremes, s64 and u64 as bigint", () => {
    expect(specialValues("s8")).toEqual(expect.arrayContaining([-128, 127, 0, 1, -1]));
    expect(specialValues("u32")).toEqual(expect.arrayContaining([0, 4294967295]));
    expect(specialValues("u32")).not.toContain(-1);
    expect(specialValues("s64")).toEqual(expect.arrayContaining([-(2n ** 63n), 2n ** 63n - 1n]));
    expect(specialValues("u64")).toEqual(expect.arrayContaining([2n ** 64n - 1n]));
    expect(specialValues("pred")).toEqual([0, 1]);
    expect(specialValues("token")).toEqual([]);
  });
  it("gives complex types (re, im) pairs", () => {
    const c = specialValues("c64");
    expect(c.every((v) => Array.isArray(v) && v.length === 2)).toBe(true);
    expect(c.some((v) => Array.isArray(v) && v[0] === Infinity)).toBe(true);
  });
});

describe("randomLiteralWithSpecials", () => {
  it("is deterministic per seed and differs between seeds", () => {
    const s = shape("f32", [64]);
    const a = randomLiteralWithSpecials(s, 7) as ArrayLiteral;
    const b = randomLiteralWithSpecials(s, 7) as ArrayLiteral;
    const c = randomLiteralWithSpecials(s, 8) as ArrayLiteral;
    expect([...a.data]).toEqual([...b.data]);
    expect([...a.data]).not.toEqual([...c.data]);
  });
  it("with probability 0 gives randomLiteralOfShape's values, with 1 only specials", () => {
    const s = shape("s64", [16]);
    expect([...(randomLiteralWithSpecials(s, 3, { specialProbability: 0 }) as ArrayLiteral).data]).toEqual(
      [...(randomLiteralOfShape(s, 3) as ArrayLiteral).data],
    );
    const all = randomLiteralWithSpecials(s, 3, { specialProbability: 1 }) as ArrayLiteral;
    for (const x of all.data) expect(specialValues("s64")).toContain(x);
  });
  it("reaches NaN and infinity in f32 at the default probability", () => {
    const l = randomLiteralWithSpecials(shape("f32", [1000]), 1) as ArrayLiteral;
    const d = Array.from(l.data as Float64Array);
    expect(d.some(Number.isNaN)).toBe(true);
    expect(d.some((x) => x === Infinity || x === -Infinity)).toBe(true);
    expect(d.filter((x) => Math.abs(x) <= 1 && !Object.is(x, -0) && x !== 0).length).toBeGreaterThan(800);
  });
  it("fills tuples element by element and complex pairs", () => {
    const l = randomLiteralWithSpecials(tupleShape([shape("c64", [8]), shape("pred", [3])]), 2, { specialProbability: 1 });
    expect(l.shape.elementType).toBe("tuple");
  });
});
