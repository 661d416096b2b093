/**
 * Comparing a computed array with an expected one under the conformance
 * corpus's rule: `exact` means every element equal (NaN equals NaN, -0 equals
 * 0 unless `signedZeros` asks to tell them apart); otherwise, for floating-point and complex types, |got - want| <= atol +
 * rtol * |want| per element (NumPy's isclose; complex magnitudes), NaN only
 * where NaN is expected, infinities equal. Integers (s64/u64 exactly, as
 * BigInt) and pred are always compared exactly. Shapes and dtypes must match.
 * The answer names the first differing element and how many differ;
 * `elementDifferences` lists the first few with their distance in ulps.
 * (Moved here from the CLI so that `minixla conformance` and
 * `compareModules` share one rule.)
 */
import { ELEMENT_TYPE_INFO, type ElementType } from "./element_type.ts";
import { type ArrayLiteral } from "./literal.ts";
import { MINIFLOAT_FORMATS, type MinifloatName } from "./minifloat.ts";
import { shapeToString, shapesEqual } from "./shape.ts";

/**
 * `exact` (every element equal; -0 equals 0 unless `signedZeros` is true), or
 * NumPy's isclose: `|got - want| <= atol + rtol * |want|` per element.
 */
export type Tolerance = { readonly exact: true; readonly signedZeros?: boolean } | { readonly rtol: number; readonly atol: number };

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
  return "exact" in t ? (t.signedZeros === true ? "exact, -0 distinct from 0" : "exact") : `rtol=${t.rtol}, atol=${t.atol}`;
}

function exactEqual(got: number, want: number): boolean {
  return got === want || (Number.isNaN(got) && Number.isNaN(want));
}

/** Exact with -0 distinct from +0 (NaN still equals NaN). */
function signedExactEqual(got: number, want: number): boolean {
  return Object.is(got, want) || (Number.isNaN(got) && Number.isNaN(want));
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
  const same = exact && tolerance.signedZeros === true ? signedExactEqual : exactEqual;
  switch (kind) {
    case "pred":
    case "signed":
    case "unsigned":
    case "token":
      return (i) => g[i] === w[i];
    case "float":
      if (exact) return (i) => same(g[i], w[i]);
      return (i) => closeEnough(g[i], w[i], tolerance.rtol, tolerance.atol);
    case "complex":
      if (exact) return (i) => same(g[2 * i], w[2 * i]) && same(g[2 * i + 1], w[2 * i + 1]);
      return (i) => complexClose(g[2 * i], g[2 * i + 1], w[2 * i], w[2 * i + 1], tolerance.rtol, tolerance.atol);
    default:
      return kind satisfies never;
  }
}

/** One differing element: where, both values as text, |got - want|, and the distance in ulps. */
export interface ElementDifference {
  /** Multi-index of the element. */
  readonly index: readonly number[];
  /** The values as text: exact for s64/u64, "(re, im)" for complex, "-0" kept. */
  readonly got: string;
  readonly want: string;
  /** |got - want| (complex: the magnitude of the difference; NaN when one side is NaN). */
  readonly diff: number;
  /**
   * How many values of the element type lie between got and want (1 for
   * neighbours; integers: the difference; complex: the larger of the two
   * parts'); Infinity against an infinity, undefined when one side is NaN or
   * the type has no ordering of its values (pred).
   */
  readonly ulps: number | undefined;
}

/** The first differing elements of two arrays of one shape, and how many differ. */
export interface ElementDifferences {
  /** At most the `limit` first differing elements, in row-major order. */
  readonly differences: readonly ElementDifference[];
  /** How many elements differ in all. */
  readonly count: number;
  readonly total: number;
}

/** Mantissa bits and smallest normal exponent of a float type, for counting ulps. */
function floatLayout(t: ElementType): { readonly m: number; readonly emin: number } | undefined {
  switch (t) {
    case "f64": case "c128": return { m: 52, emin: -1022 };
    case "f32": case "c64": return { m: 23, emin: -126 };
    case "f16": return { m: 10, emin: -14 };
    case "bf16": return { m: 7, emin: -126 };
    default: {
      const f = (MINIFLOAT_FORMATS as { readonly [k: string]: (typeof MINIFLOAT_FORMATS)[MinifloatName] | undefined })[t];
      return f === undefined ? undefined : { m: f.mantissaBits, emin: f.unsigned ? -f.bias : 1 - f.bias };
    }
  }
}

/**
 * The position of a finite |x| among the type's non-negative values, as
 * (binade, step within it): binade 0 holds zero and the subnormals. Kept in
 * two parts so that f64's 2^63 positions subtract exactly when close.
 */
function valuePosition(x: number, m: number, emin: number): readonly [number, number] {
  const a = Math.abs(x);
  if (a < 2 ** emin) return [0, a / 2 ** (emin - m)];
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e -= 1;
  else if (2 ** (e + 1) <= a) e += 1;
  return [e - emin + 1, a / 2 ** (e - m) - 2 ** m];
}

function ulpsBetween(t: ElementType, g: number, w: number): number | undefined {
  if (Number.isNaN(g) || Number.isNaN(w)) return undefined;
  if (g === w) return 0;
  if (!Number.isFinite(g) || !Number.isFinite(w)) return Infinity;
  const layout = floatLayout(t);
  if (layout === undefined) return Math.abs(g - w);
  const [bg, sg] = valuePosition(g, layout.m, layout.emin);
  const [bw, sw] = valuePosition(w, layout.m, layout.emin);
  const step = 2 ** layout.m;
  // Opposite signs: the distance passes through zero.
  if (g < 0 !== w < 0 && g !== 0 && w !== 0) return bg * step + sg + (bw * step + sw);
  return Math.abs((bg - bw) * step + (sg - sw));
}

function elementUlps(t: ElementType, got: ArrayLiteral, want: ArrayLiteral, i: number): number | undefined {
  const g = got.data;
  const w = want.data;
  const kind = ELEMENT_TYPE_INFO[t].kind;
  if (!(g instanceof Float64Array) || !(w instanceof Float64Array)) {
    const a = g[i];
    const b = w[i];
    return typeof a === "bigint" && typeof b === "bigint" ? Number(a > b ? a - b : b - a) : undefined;
  }
  switch (kind) {
    case "pred":
    case "token":
      return undefined;
    case "signed":
    case "unsigned":
      return Math.abs(g[i] - w[i]);
    case "float":
      return ulpsBetween(t, g[i], w[i]);
    case "complex": {
      const re = ulpsBetween(t, g[2 * i], w[2 * i]);
      const im = ulpsBetween(t, g[2 * i + 1], w[2 * i + 1]);
      return re === undefined || im === undefined ? undefined : Math.max(re, im);
    }
    default:
      return kind satisfies never;
  }
}

/**
 * The first `limit` elements of `got` that differ from `want` under the
 * tolerance, with the total count; the shapes must be equal (HloError-free:
 * compare shapes with compareArrays first, or check them yourself).
 */
export function elementDifferences(got: ArrayLiteral, want: ArrayLiteral, tolerance: Tolerance, limit = 1): ElementDifferences {
  const t = want.shape.elementType;
  const total = want.shape.dimensions.reduce((a, b) => a * b, 1);
  const equal = elementEquality(t, got, want, tolerance);
  const differences: ElementDifference[] = [];
  let count = 0;
  for (let i = 0; i < total; i++) {
    if (equal(i)) continue;
    count++;
    if (differences.length < limit) {
      differences.push({
        index: multiIndex(i, want.shape.dimensions),
        got: elementText(got, i),
        want: elementText(want, i),
        diff: elementDiff(t, got, want, i),
        ulps: elementUlps(t, got, want, i),
      });
    }
  }
  return { differences, count, total };
}

/** Compares two arrays under a tolerance: shapes first, then every element (NaN matches only NaN). */
export function compareArrays(got: ArrayLiteral, want: ArrayLiteral, tolerance: Tolerance): Comparison {
  if (!shapesEqual(got.shape, want.shape)) {
    return { ok: false, kind: "shape", message: `got ${shapeToString(got.shape)}, want ${shapeToString(want.shape)}` };
  }
  const { differences, count, total } = elementDifferences(got, want, tolerance, 1);
  if (differences.length === 0) return { ok: true };
  const { index, got: g, want: w, diff } = differences[0];
  return { ok: false, kind: "values", mismatch: { index, got: g, want: w, diff, count, total } };
}
