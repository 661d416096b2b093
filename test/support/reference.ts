/**
 * An independent reference for XLA's implicit broadcasting, written from
 * xla-broadcasting.md alone (it shares no code with @minixla/hlo): the
 * validity rules, the result dimensions, and element-wise evaluation by
 * explicit index arithmetic.
 */

export type Verdict = { readonly ok: true; readonly dims: readonly number[] } | { readonly ok: false };

/** The result dimensions of lhs op rhs with broadcast dimensions bd, or not ok. */
export function referenceBroadcast(lhs: readonly number[], rhs: readonly number[], bd: readonly number[]): Verdict {
  if (lhs.length === rhs.length) {
    if (bd.length > 0 && !bd.every((d, i) => d === i && bd.length === lhs.length)) return { ok: false };
    return combine(lhs, rhs);
  }
  const [small, large] = lhs.length < rhs.length ? [lhs, rhs] : [rhs, lhs];
  if (small.length === 0) return bd.length === 0 ? { ok: true, dims: large } : { ok: false };
  if (bd.length !== small.length) return { ok: false };
  for (let i = 0; i < bd.length; i++) {
    if (!Number.isInteger(bd[i]) || bd[i] < 0 || bd[i] >= large.length) return { ok: false };
    if (i > 0 && bd[i] <= bd[i - 1]) return { ok: false };
  }
  const expanded = large.map(() => 1);
  bd.forEach((d, i) => (expanded[d] = small[i]));
  return combine(expanded, large);
}

function combine(a: readonly number[], b: readonly number[]): Verdict {
  const dims: number[] = [];
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i] || b[i] === 1) dims.push(a[i]);
    else if (a[i] === 1) dims.push(b[i]);
    else return { ok: false };
  }
  return { ok: true, dims };
}

/** Row-major values of `x` (dims xDims) broadcast to `out` with x's dim i on out dim map[i]. */
function expand(x: ArrayLike<number>, xDims: readonly number[], map: readonly number[], out: readonly number[]): number[] {
  const n = out.reduce((p, d) => p * d, 1);
  const result: number[] = [];
  for (let flat = 0; flat < n; flat++) {
    let rem = flat;
    const index = new Array<number>(out.length);
    for (let d = out.length - 1; d >= 0; d--) {
      index[d] = rem % out[d];
      rem = Math.floor(rem / out[d]);
    }
    let src = 0;
    for (let i = 0; i < xDims.length; i++) src = src * xDims[i] + (xDims[i] === 1 ? 0 : index[map[i]]);
    result.push(x[src]);
  }
  return result;
}

/** Evaluates f element-wise over lhs and rhs with XLA's broadcasting; dims must be valid. */
export function referenceBinary(
  lhs: ArrayLike<number>, lhsDims: readonly number[],
  rhs: ArrayLike<number>, rhsDims: readonly number[],
  bd: readonly number[], f: (a: number, b: number) => number,
): { dims: readonly number[]; values: number[] } {
  const v = referenceBroadcast(lhsDims, rhsDims, bd);
  if (!v.ok) throw new Error("invalid broadcast");
  const mapOf = (dims: readonly number[]) =>
    dims.length === v.dims.length ? dims.map((_, i) => i) : dims.length === 0 ? [] : bd;
  const a = expand(lhs, lhsDims, mapOf(lhsDims), v.dims);
  const b = expand(rhs, rhsDims, mapOf(rhsDims), v.dims);
  return { dims: v.dims, values: a.map((x, i) => f(x, b[i])) };
}
