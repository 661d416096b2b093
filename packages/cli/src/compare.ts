/**
 * Comparing a computed array with an expected one under the conformance
 * corpus's rule: `exact` means every element equal (NaN equals NaN, -0 equals
 * 0); otherwise, for floating-point and complex types, |got - want| <= atol +
 * rtol * |want| per element (NumPy's isclose; complex magnitudes), NaN only
 * where NaN is expected, infinities equal. Integers (s64/u64 exactly, as
 * BigInt) and pred are always compared exactly. Shapes and dtypes must match.
 * The answer names the first differing element and how many differ.
 */
import { type ArrayLiteral, ELEMENT_TYPE_INFO, type ElementType, shapeToString, shapesEqual } from "@minixla/hlo";

/** `exact` (every element equal), or NumPy's isclose: `|got - want| <= atol + rtol * |want|` per element. */
export type Tolerance = { readonly exact: true } | { readonly rtol: number; readonly atol: number };

/** The first element that fails the tolerance: where it is and both values. */
export interface Mismatch {
  /** Multi-index of the first differing element. */
  readonly index: readonly number[];
  /** The differing elements as text: exact for s64/u64, "(re, im)" for complex, "-0" kept. */
  readonly got: string;
  readonly want: string;
  /** |got - want| (complex: the magnitude of the difference; NaN when one side is NaN). */
  readonly diff: number;
  /** How many elements differ in all. */
  readonly count: number;
  readonly total: number;
}

/** The outcome of `compareArrays`: equal, or why not (shape or values). */
export type Comparison =
  | { readonly ok: true }
  | { readonly ok: false; readonly kind: "shape"; readonly message: string }
  | { readonly ok: false; readonly kind: "values"; readonly mismatch: Mismatch };

/** The tolerance as reports print it: `exact` or `rtol=R, atol=A`. */
export function toleranceText(t: Tolerance): string {
  return "exact" in t ? "exact" : `rtol=${t.rtol}, atol=${t.atol}`;
}

function exactEqual(got: number, want: number): boolean {
  return got === want || (Number.isNaN(got) && Number.isNaN(want));
}

function closeEnough(got: number, want: number, rtol: number, atol: number): boolean {
  if (Number.isNaN(want) || Number.isNaN(got)) return Number.isNaN(want) && Number.isNaN(got);
  if (!Number.isFinite(want) || !Number.isFinite(got)) return got === want;
  return Math.abs(got - want) <= atol + rtol * Math.abs(want);
}

/** NumPy's isclose for complex values: NaN (in either part) only against NaN, infinities exactly, else magnitudes. */
function complexClose(gr: number, gi: number, wr: number, wi: number, rtol: number, atol: number): boolean {
  const gNaN = Number.isNaN(gr) || Number.isNaN(gi);
  const wNaN = Number.isNaN(wr) || Number.isNaN(wi);
  if (gNaN || wNaN) return gNaN && wNaN;
  if (![gr, gi, wr, wi].every(Number.isFinite)) return gr === wr && gi === wi;
  return Math.hypot(gr - wr, gi - wi) <= atol + rtol * Math.hypot(wr, wi);
}

function multiIndex(flat: number, dims: readonly number[]): number[] {
  const index = new Array<number>(dims.length).fill(0);
  for (let d = dims.length - 1; d >= 0; d--) {
    index[d] = flat % dims[d];
    flat = Math.floor(flat / dims[d]);
  }
  return index;
}

const numberText = (x: number): string => (Object.is(x, -0) ? "-0" : String(x));

/** Element i of l as text, exactly. */
function elementText(l: ArrayLiteral, i: number): string {
  const d = l.data;
  if (!(d instanceof Float64Array)) return String(d[i]);
  if (ELEMENT_TYPE_INFO[l.shape.elementType].kind === "complex") return `(${numberText(d[2 * i])}, ${numberText(d[2 * i + 1])})`;
  return numberText(d[i]);
}

/** |got_i - want_i|: complex magnitude for complex types, through Number for s64/u64. */
function elementDiff(t: ElementType, got: ArrayLiteral, want: ArrayLiteral, i: number): number {
  const g = got.data;
  const w = want.data;
  if (g instanceof Float64Array && w instanceof Float64Array) {
    if (ELEMENT_TYPE_INFO[t].kind === "complex") return Math.hypot(g[2 * i] - w[2 * i], g[2 * i + 1] - w[2 * i + 1]);
    return Math.abs(g[i] - w[i]);
  }
  const a = g[i];
  const b = w[i];
  if (typeof a === "bigint" && typeof b === "bigint") return Number(a > b ? a - b : b - a);
  return NaN;
}

/** Whether element i is equal under the tolerance, by the element type's kind and storage. */
function elementEquality(t: ElementType, got: ArrayLiteral, want: ArrayLiteral, tolerance: Tolerance): (i: number) => boolean {
  const g = got.data;
  const w = want.data;
  // s64 and u64 (BigInt storage): always exact.
  if (!(g instanceof Float64Array) || !(w instanceof Float64Array)) return (i) => g[i] === w[i];
  const kind = ELEMENT_TYPE_INFO[t].kind;
  const exact = "exact" in tolerance;
  switch (kind) {
    case "pred":
    case "signed":
    case "unsigned":
    case "token":
      return (i) => g[i] === w[i];
    case "float":
      if (exact) return (i) => exactEqual(g[i], w[i]);
      return (i) => closeEnough(g[i], w[i], tolerance.rtol, tolerance.atol);
    case "complex":
      if (exact) return (i) => exactEqual(g[2 * i], w[2 * i]) && exactEqual(g[2 * i + 1], w[2 * i + 1]);
      return (i) => complexClose(g[2 * i], g[2 * i + 1], w[2 * i], w[2 * i + 1], tolerance.rtol, tolerance.atol);
    default:
      return kind satisfies never;
  }
}

/** Compares two arrays under a tolerance: shapes first, then every element (NaN matches only NaN). */
export function compareArrays(got: ArrayLiteral, want: ArrayLiteral, tolerance: Tolerance): Comparison {
  if (!shapesEqual(got.shape, want.shape)) {
    return { ok: false, kind: "shape", message: `got ${shapeToString(got.shape)}, want ${shapeToString(want.shape)}` };
  }
  const t = want.shape.elementType;
  const total = want.shape.dimensions.reduce((a, b) => a * b, 1);
  const equal = elementEquality(t, got, want, tolerance);
  let first = -1;
  let count = 0;
  for (let i = 0; i < total; i++) {
    if (!equal(i)) {
      if (first < 0) first = i;
      count++;
    }
  }
  if (first < 0) return { ok: true };
  return {
    ok: false,
    kind: "values",
    mismatch: {
      index: multiIndex(first, want.shape.dimensions),
      got: elementText(got, first),
      want: elementText(want, first),
      diff: elementDiff(t, got, want, first),
      count,
      total,
    },
  };
}
