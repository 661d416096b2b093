/**
 * StableHLO's check ops, judged as its interpreter judges them:
 * expect_eq(_const) and expect_serialized_eq element for element (NaN equal
 * to NaN, as the tests of sorts expect); expect_almost_eq(_const) within an
 * absolute tolerance (default 1e-4; infinities and NaN must match exactly);
 * expect_close within [min_ulp_difference, max_ulp_difference] units in the
 * last place of the element type (default [0, 3]). Complex values are
 * judged part by part.
 */
import { type ElementType, complexComponentType, isComplexType, isFloatType } from "../element_type.ts";
import { type Literal, isTupleLiteral } from "../literal.ts";
import type { StableHloCheck } from "./read.ts";

/** A check's verdict: passed, or the first element that failed it. */
export interface CheckVerdict {
  readonly pass: boolean;
  /** The first differing element, when the check fails. */
  readonly message: string;
}

/** Smallest normal value's exponent of each float type (below it the spacing stays fixed). */
const MIN_EXPONENT: Partial<Record<ElementType, number>> = {
  f64: -1022, f32: -126, f16: -14, bf16: -126, f8e3m4: -2, f8e4m3: -6, f8e4m3fn: -6, f8e4m3fnuz: -7, f8e4m3b11fnuz: -10, f8e5m2: -14, f8e5m2fnuz: -15, f4e2m1fn: 0, f8e8m0fnu: -127,
};

const MANTISSA: Partial<Record<ElementType, number>> = {
  f64: 52, f32: 23, f16: 10, bf16: 7, f8e3m4: 4, f8e4m3: 3, f8e4m3fn: 3, f8e4m3fnuz: 3, f8e4m3b11fnuz: 3, f8e5m2: 2, f8e5m2fnuz: 2, f4e2m1fn: 1, f8e8m0fnu: 0,
};

/** Distance in units in the last place of t between two finite values. */
function ulpDistance(t: ElementType, a: number, b: number): number {
  if (a === b) return 0;
  const m = MANTISSA[t] ?? 52;
  const min = 2 ** (MIN_EXPONENT[t] ?? -1022);
  // Count representable values between a and b: sum over binades in between.
  const ulpAt = (x: number): number => {
    const ax = Math.abs(x);
    const e = ax < min ? Math.floor(Math.log2(min)) : Math.floor(Math.log2(ax));
    return 2 ** (e - m);
  };
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  if (lo < 0 && hi > 0) return ulpDistance(t, lo, -0) + ulpDistance(t, 0, hi);
  const small = Math.min(Math.abs(lo), Math.abs(hi));
  return (hi - lo) / ulpAt(small === 0 ? min : small);
}

type Judge = (t: ElementType, a: number, b: number) => boolean;

function elementsOf(l: Literal): { type: ElementType; values: (number | bigint)[] } {
  if (isTupleLiteral(l)) throw new Error("a tuple cannot be checked");
  return { type: l.shape.elementType, values: Array.from(l.data as ArrayLike<number | bigint>) };
}

function judgeFor(c: StableHloCheck): Judge {
  switch (c.kind) {
    case "expect_almost_eq":
    case "expect_almost_eq_const": {
      const tol = c.tolerance ?? 1e-4;
      return (_t, a, b) => (Number.isNaN(a) && Number.isNaN(b)) || a === b || (Number.isFinite(a) && Number.isFinite(b) && Math.abs(a - b) <= tol);
    }
    case "expect_close": {
      const max = c.maxUlp ?? 3;
      const min = c.minUlp ?? 0;
      return (t, a, b) => {
        if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
        if (!Number.isFinite(a) || !Number.isFinite(b)) return a === b;
        const d = ulpDistance(t, a, b);
        return d <= max && d >= min;
      };
    }
    default:
      return (_t, a, b) => a === b || (Number.isNaN(a) && Number.isNaN(b));
  }
}

/**
 * Judges a check on the module's outputs; expect_serialized_eq compares with
 * the probe's records (`probes`: each probe number's values, in the order
 * they were recorded).
 */
export function judgeCheck(c: StableHloCheck, outputs: readonly Literal[], probes: ReadonlyMap<number, readonly Literal[]> = new Map()): CheckVerdict {
  const got = outputs[c.actual];
  if (c.probe !== undefined) {
    const records = probes.get(c.probe.number) ?? [];
    if (records[c.probe.iteration] === undefined) {
      return { pass: false, message: `probe "${c.probe.id}" recorded ${records.length} value(s); iteration ${c.probe.iteration} was never recorded` };
    }
  }
  const want = c.probe !== undefined ? probes.get(c.probe.number)?.[c.probe.iteration] : outputs[c.expected];
  if (got === undefined || want === undefined) return { pass: false, message: "the checked values were not computed" };
  if (got.shape.elementType !== want.shape.elementType) return { pass: false, message: `element type ${got.shape.elementType}, expected ${want.shape.elementType}` };
  const g = elementsOf(got);
  const w = elementsOf(want);
  if (g.values.length !== w.values.length) return { pass: false, message: `${g.values.length} elements, expected ${w.values.length}` };
  const judge = judgeFor(c);
  const t = g.type;
  const complex = isComplexType(t);
  const part = complex ? complexComponentType(t as "c64" | "c128") : t;
  for (let i = 0; i < g.values.length; i++) {
    const a = g.values[i];
    const b = w.values[i];
    let ok: boolean;
    if (typeof a === "bigint" || typeof b === "bigint") ok = BigInt(a) === BigInt(b);
    else if (isFloatType(part) || complex) ok = judge(part, a, b);
    else ok = a === b;
    if (!ok) {
      const index = complex ? `${Math.floor(i / 2)}.${i % 2 === 0 ? "re" : "im"}` : String(i);
      return { pass: false, message: `element ${index}: got ${String(a)}, expected ${String(b)}` };
    }
  }
  return { pass: true, message: "" };
}
