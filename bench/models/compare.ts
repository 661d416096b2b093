/**
 * How far minixla's outputs are from XLA's: per model, whether every leaf is
 * bit for bit equal and the largest distance in ulps (units in the last
 * place of the element type) between matching elements.
 */
import { type ArrayLiteral, type Literal, elementCount, elementDifferences, isTupleLiteral, shapeToString } from "@minixla/hlo";

/** The agreement of two results. */
export type Agreement =
  | { readonly kind: "bitwise" }
  | {
      readonly kind: "ulps";
      readonly maxUlps: number;
      readonly differing: number;
      readonly total: number;
      /** The largest |minixla - XLA| over the largest |XLA| of the same output: ulps near zero overstate a difference in a sum's last bits. */
      readonly maxScaledDiff: number;
    }
  | { readonly kind: "mismatch"; readonly message: string };

/** The array leaves of a result, in output order. */
export function leavesOf(l: Literal): ArrayLiteral[] {
  const out: ArrayLiteral[] = [];
  const stack: Literal[] = [l];
  while (stack.length > 0) {
    const top = stack.pop() as Literal;
    if (isTupleLiteral(top)) for (let i = top.elements.length - 1; i >= 0; i--) stack.push(top.elements[i]);
    else out.push(top as ArrayLiteral);
  }
  return out;
}

/** The largest finite |x| of a float or integer array (0 for other element data). */
function largestMagnitude(a: ArrayLiteral): number {
  let m = 0;
  const d = a.data;
  if (!(d instanceof Float64Array)) return 0;
  for (let i = 0; i < d.length; i++) {
    const v = Math.abs(d[i]);
    if (v > m && v !== Infinity) m = v;
  }
  return m;
}

/** Compares minixla's leaves (`got`) with XLA's (`want`), leaf by leaf. */
export function agreement(got: readonly ArrayLiteral[], want: readonly ArrayLiteral[]): Agreement {
  if (got.length !== want.length) return { kind: "mismatch", message: `${got.length} outputs, XLA has ${want.length}` };
  let maxUlps = 0;
  let differing = 0;
  let total = 0;
  let maxScaledDiff = 0;
  for (let k = 0; k < got.length; k++) {
    const g = got[k];
    const w = want[k];
    if (shapeToString(g.shape) !== shapeToString(w.shape)) return { kind: "mismatch", message: `output ${k} is ${shapeToString(g.shape)}, XLA's is ${shapeToString(w.shape)}` };
    const n = elementCount(w.shape);
    const d = elementDifferences(g, w, { exact: true }, n);
    total += n;
    differing += d.count;
    const scale = largestMagnitude(w);
    for (const e of d.differences) {
      // NaN against a number, or a type without ordered values: no distance, so the leaf does not match.
      if (e.ulps === undefined) return { kind: "mismatch", message: `output ${k} at [${e.index.join(",")}]: ${e.got} vs XLA's ${e.want}` };
      maxUlps = Math.max(maxUlps, e.ulps);
      if (scale > 0) maxScaledDiff = Math.max(maxScaledDiff, e.diff / scale);
    }
  }
  return differing === 0 ? { kind: "bitwise" } : { kind: "ulps", maxUlps, differing, total, maxScaledDiff };
}

/** The agreement as a table cell: "bitwise", "≤ N ulp, r of scale (d of n differ)", or "MISMATCH: ...". */
export function agreementText(a: Agreement | undefined): string {
  if (a === undefined) return "—";
  switch (a.kind) {
    case "bitwise":
      return "bitwise";
    case "ulps":
      return `≤ ${a.maxUlps === Infinity ? "inf" : a.maxUlps} ulp, ${a.maxScaledDiff.toExponential(1)} of scale (${a.differing} of ${a.total} differ)`;
    case "mismatch":
      return `MISMATCH: ${a.message}`;
    default:
      return a satisfies never;
  }
}
