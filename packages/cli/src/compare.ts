/**
 * Comparing a computed array with an expected one under the conformance
 * corpus's rule: `exact` means every element equal (NaN equals NaN, -0 equals
 * 0); otherwise |got - want| <= atol + rtol * |want| per element, NaN only
 * where NaN is expected, infinities equal. Shapes and dtypes must match. The
 * answer names the first differing element and how many differ.
 */
import { type ArrayLiteral, shapeToString, shapesEqual } from "@minixla/hlo";

export type Tolerance = { readonly exact: true } | { readonly rtol: number; readonly atol: number };

export interface Mismatch {
  /** Multi-index of the first differing element. */
  readonly index: readonly number[];
  readonly got: number;
  readonly want: number;
  /** |got - want| (NaN when one side is NaN). */
  readonly diff: number;
  /** How many elements differ in all. */
  readonly count: number;
  readonly total: number;
}

export type Comparison =
  | { readonly ok: true }
  | { readonly ok: false; readonly kind: "shape"; readonly message: string }
  | { readonly ok: false; readonly kind: "values"; readonly mismatch: Mismatch };

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

function multiIndex(flat: number, dims: readonly number[]): number[] {
  const index = new Array<number>(dims.length).fill(0);
  for (let d = dims.length - 1; d >= 0; d--) {
    index[d] = flat % dims[d];
    flat = Math.floor(flat / dims[d]);
  }
  return index;
}

export function compareArrays(got: ArrayLiteral, want: ArrayLiteral, tolerance: Tolerance): Comparison {
  if (!shapesEqual(got.shape, want.shape)) {
    return { ok: false, kind: "shape", message: `got ${shapeToString(got.shape)}, want ${shapeToString(want.shape)}` };
  }
  const equal =
    "exact" in tolerance
      ? exactEqual
      : (g: number, w: number) => closeEnough(g, w, tolerance.rtol, tolerance.atol);
  let first = -1;
  let count = 0;
  for (let i = 0; i < want.data.length; i++) {
    if (!equal(got.data[i], want.data[i])) {
      if (first < 0) first = i;
      count++;
    }
  }
  if (first < 0) return { ok: true };
  const g = got.data[first];
  const w = want.data[first];
  return {
    ok: false,
    kind: "values",
    mismatch: {
      index: multiIndex(first, want.shape.dimensions),
      got: g,
      want: w,
      diff: Math.abs(g - w),
      count,
      total: want.data.length,
    },
  };
}
