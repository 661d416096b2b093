import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  MINIFLOAT_FORMATS, type MinifloatName, minifloatFromBits, minifloatToBits, roundToMinifloat,
} from "./minifloat.ts";

/** ml_dtypes 0.6.0's tables, made by scripts/gen_minifloat_golden.py. */
type Golden = number | "nan" | "inf" | "-inf" | "-0";
interface GoldenFormat {
  readonly numpy: string;
  readonly max: number;
  readonly tiny: number;
  readonly smallestSubnormal: number;
  readonly values: readonly Golden[];
  readonly cases: readonly (readonly [Golden, number])[];
}
const golden = JSON.parse(readFileSync(new URL("../testdata/minifloat_golden.json", import.meta.url), "utf8")) as {
  readonly formats: { readonly [K in MinifloatName]: GoldenFormat };
};

function num(g: Golden): number {
  switch (g) {
    case "nan": return NaN;
    case "inf": return Infinity;
    case "-inf": return -Infinity;
    case "-0": return -0;
    default: return g;
  }
}

const NAMES = Object.keys(MINIFLOAT_FORMATS) as MinifloatName[];

/** A NaN with its sign bit set, made from bits (a `-NaN` literal may be folded to NaN by the compiler). */
const NEGATIVE_NAN = new Float64Array(new BigUint64Array([0xfff8000000000000n]).buffer)[0];

describe.each(NAMES)("%s against ml_dtypes", (name) => {
  const f = MINIFLOAT_FORMATS[name];
  const g = golden.formats[name];

  it("has ml_dtypes' name, max finite and smallest positive value", () => {
    expect(f.numpy).toBe(g.numpy);
    expect(f.maxFinite).toBe(g.max);
    expect(f.minPositive).toBe(g.smallestSubnormal);
    expect(2 ** f.bitWidth).toBe(g.values.length);
  });

  it("decodes every bit pattern to ml_dtypes' value", () => {
    g.values.forEach((v, bits) => expect(minifloatFromBits(bits, f)).toBe(num(v)));
  });

  it("encodes every value back to its bit pattern (NaN to ml_dtypes' canonical NaN)", () => {
    g.values.forEach((v, bits) => {
      const x = num(v);
      if (Number.isNaN(x)) return;
      expect(minifloatToBits(x, f)).toBe(bits);
    });
    const firstNaN = g.values.findIndex((v) => v === "nan");
    if (firstNaN >= 0) expect(minifloatFromBits(minifloatToBits(NaN, f), f)).toBeNaN();
  });

  it("rounds every float64 input to the value ml_dtypes' direct conversion gives", () => {
    const wrong: string[] = [];
    for (const [input, bits] of g.cases) {
      const x = num(input);
      if (Number.isNaN(x)) continue;
      const got = roundToMinifloat(x, f);
      const want = num(g.values[bits]);
      if (!Object.is(got, want) && !(Number.isNaN(got) && Number.isNaN(want))) wrong.push(`${input} -> ${got}, ml_dtypes ${want}`);
      else if (minifloatToBits(x, f) !== bits) wrong.push(`${input} -> bits ${minifloatToBits(x, f)}, ml_dtypes ${bits}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe("NaN, infinity and zero rules", () => {
  const F = MINIFLOAT_FORMATS;
  it("gives NaN where the format has it, and what XLA's convert gives where it has none", () => {
    for (const name of NAMES) {
      const r = roundToMinifloat(NaN, F[name]);
      // f4e2m1fn has no NaN: XLA's convert (and ml_dtypes for the x86 default NaN) gives -0.
      if (name === "f4e2m1fn") expect(Object.is(r, -0)).toBe(true);
      else expect(r).toBeNaN();
    }
  });

  it("sends ±inf to ±inf (ieee), NaN (fn, fnuz, f8e8m0fnu) or ±max (f4e2m1fn)", () => {
    expect(roundToMinifloat(-Infinity, F.f8e5m2)).toBe(-Infinity);
    expect(roundToMinifloat(Infinity, F.f8e4m3fn)).toBeNaN();
    expect(roundToMinifloat(-Infinity, F.f8e4m3fnuz)).toBeNaN();
    expect(roundToMinifloat(Infinity, F.f8e8m0fnu)).toBeNaN();
    expect(roundToMinifloat(-Infinity, F.f4e2m1fn)).toBe(-6);
  });

  it("keeps -0 except in the fnuz formats, which have none, and f8e8m0fnu, which has no zero", () => {
    expect(Object.is(roundToMinifloat(-0, F.f8e4m3fn), -0)).toBe(true);
    expect(Object.is(roundToMinifloat(-1e-10, F.f8e5m2), -0)).toBe(true);
    expect(Object.is(roundToMinifloat(-0, F.f8e4m3fnuz), 0)).toBe(true);
    expect(Object.is(roundToMinifloat(-1e-10, F.f8e5m2fnuz), 0)).toBe(true);
    expect(roundToMinifloat(0, F.f8e8m0fnu)).toBeNaN();
    expect(roundToMinifloat(-2, F.f8e8m0fnu)).toBeNaN();
  });

  it("rounds from the double directly, not through f32 (XLA's convert from f64)", () => {
    // 1 + 1/16 is a tie between 1 and 1.125; 2^-40 above it, f32 would make it the tie again.
    expect(roundToMinifloat(1 + 1 / 16 + 2 ** -40, F.f8e4m3fn)).toBe(1.125);
    expect(roundToMinifloat(1 + 1 / 16, F.f8e4m3fn)).toBe(1);
  });

  it("encodes NaN with its sign where the format keeps one", () => {
    expect(minifloatToBits(NaN, F.f8e4m3fn)).toBe(0x7f);
    expect(minifloatToBits(NEGATIVE_NAN, F.f8e4m3fn)).toBe(0xff);
    expect(minifloatToBits(NaN, F.f8e5m2)).toBe(0x7e);
    expect(minifloatToBits(NaN, F.f8e4m3)).toBe(0x7c);
    expect(minifloatToBits(NaN, F.f8e3m4)).toBe(0x78);
    expect(minifloatToBits(NaN, F.f8e4m3fnuz)).toBe(0x80);
    expect(minifloatToBits(NaN, F.f8e8m0fnu)).toBe(0xff);
    expect(minifloatToBits(NaN, F.f4e2m1fn)).toBe(0x8);
    // ml_dtypes keeps the sign of an input that becomes NaN (bytes from its scalar conversion).
    expect(minifloatToBits(-Infinity, F.f8e4m3fn)).toBe(0xff);
    expect(minifloatToBits(-1e300, F.f8e4m3fn)).toBe(0xff);
    expect(minifloatToBits(NEGATIVE_NAN, F.f8e5m2)).toBe(0xfe);
    expect(minifloatToBits(NEGATIVE_NAN, F.f8e3m4)).toBe(0xf8);
    expect(minifloatToBits(NEGATIVE_NAN, F.f8e5m2fnuz)).toBe(0x80);
    expect(minifloatToBits(NEGATIVE_NAN, F.f8e8m0fnu)).toBe(0xff);
    expect(minifloatToBits(NEGATIVE_NAN, F.f4e2m1fn)).toBe(0x0);
  });

  it("rounds f8e8m0fnu below 2^-126 as ml_dtypes does: up to 2^-126 above 2^-127, else 2^-127", () => {
    const f = F.f8e8m0fnu;
    expect(roundToMinifloat(1.01 * 2 ** -127, f)).toBe(2 ** -126);
    expect(roundToMinifloat(2 ** -127, f)).toBe(2 ** -127);
    expect(roundToMinifloat(1e-300, f)).toBe(2 ** -127);
    expect(roundToMinifloat(2.5 * 2 ** -127, f)).toBe(2 ** -126);
    expect(roundToMinifloat(3 * 2 ** -127, f)).toBe(2 ** -125);
    expect(roundToMinifloat(1.49 * 2 ** 127, f)).toBe(2 ** 127);
    expect(roundToMinifloat(1.5 * 2 ** 127, f)).toBeNaN();
  });
});
