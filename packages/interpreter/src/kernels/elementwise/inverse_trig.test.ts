/**
 * acos, acosh, asin, asinh, atanh, cosh and sinh against XLA's values
 * (testdata/inverse_trig_goldens.json, made by gen_inverse_trig_goldens.py:
 * XLA's HloEvaluator through constant folding). f32, f16 and bf16 are
 * computed in float64 and rounded, f64 by V8's Math functions; all match XLA
 * bit for bit on these inputs. Complex results (Kahan's formulas here,
 * libstdc++'s there) agree to a few units in the last place of the component
 * type, as the kernel's comment says they may.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { un } from "./test_support.ts";

interface Golden {
  readonly real_inputs: readonly string[];
  readonly complex_inputs: readonly (readonly [string, string])[];
  readonly results: Readonly<Record<string, readonly string[] | readonly (readonly [string, string])[]>>;
}
const golden = JSON.parse(readFileSync(new URL("../../../testdata/inverse_trig_goldens.json", import.meta.url), "utf8")) as Golden;
const num = (s: string): number => (s === "nan" ? Number.NaN : s === "inf" ? Infinity : s === "-inf" ? -Infinity : Number(s));

const OPS = ["acos", "acosh", "asin", "asinh", "atanh", "cosh", "sinh"] as const;

/** Equal as XLA's value: same NaN-ness, same sign of zero, and within `ulps` units in the last place of a type with `bits` mantissa bits. */
function close(got: number, want: number, bits: number, ulps: number): boolean {
  if (Number.isNaN(want)) return Number.isNaN(got);
  if (want === 0) return Object.is(got, want);
  if (!Number.isFinite(want)) return got === want;
  const ulp = 2 ** (Math.floor(Math.log2(Math.abs(want))) - bits);
  return Math.abs(got - want) <= ulps * ulp;
}

describe("inverse trigonometric and hyperbolic ops match XLA", () => {
  const inputs = golden.real_inputs.map(num);
  for (const op of OPS) {
    for (const [type, bits, ulps] of [["f32", 23, 0], ["f16", 10, 0], ["bf16", 7, 0], ["f64", 52, 0]] as const) {
      it(`${op} on ${type} gives XLA's values (domain errors NaN, ±0 and ±inf kept)`, () => {
        const want = (golden.results[`${op}:${type}`] as readonly string[]).map(num);
        const got = un(op, type, inputs) as number[];
        const bad = got.flatMap((g, i) => (close(g, want[i], bits, ulps) ? [] : [`${op}(${inputs[i]}) = ${g}, XLA ${want[i]}`]));
        expect(bad).toEqual([]);
      });
    }
    for (const [type, bits, ulps] of [["c128", 52, 2], ["c64", 23, 1]] as const) {
      it(`${op} on ${type} agrees with XLA's std::complex values`, () => {
        const want = (golden.results[`${op}:${type}`] as readonly (readonly [string, string])[]).flatMap(([re, im]) => [num(re), num(im)]);
        const got = un(op, type, golden.complex_inputs.flatMap(([re, im]) => [num(re), num(im)])) as number[];
        // A part that is tiny beside the other is compared on the scale of the larger one.
        const bad = got.flatMap((g, i) => {
          const other = want[i % 2 === 0 ? i + 1 : i - 1];
          const scale = Math.max(Math.abs(want[i]), Number.isFinite(other) ? Math.abs(other) : 0);
          const ok = close(g, want[i], bits, ulps) || (Number.isFinite(want[i]) && Math.abs(g - want[i]) <= ulps * scale * 2 ** -bits && Math.sign(g) === Math.sign(want[i]));
          return ok ? [] : [`${op} element ${i >> 1} part ${i % 2} = ${g}, XLA ${want[i]}`];
        });
        expect(bad).toEqual([]);
      });
    }
  }

  it("keeps the edge cases exact on f64: domain errors, atanh(±1) = ±inf, odd functions keep -0", () => {
    expect(un("acos", "f64", [2, -1.5])).toEqual([Number.NaN, Number.NaN]);
    expect(un("acosh", "f64", [0.5, 1])).toEqual([Number.NaN, 0]);
    expect(un("atanh", "f64", [1, -1, 2])).toEqual([Infinity, -Infinity, Number.NaN]);
    expect(un("asinh", "f64", [-0])).toEqual([-0]);
    expect(un("sinh", "f64", [-0, -Infinity])).toEqual([-0, -Infinity]);
    expect(un("cosh", "f64", [-Infinity])).toEqual([Infinity]);
  });
});
