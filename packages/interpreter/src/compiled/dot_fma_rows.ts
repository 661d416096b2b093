/**
 * The compiled dot's loops in numerics "xla-cpu" (dot_kernel.ts): XLA CPU's
 * dot (numerics/xla_cpu/dot.ts) step for step — each output a chain of
 * fused multiply-adds acc = fma(a, b, acc) in contracting order, one
 * rounding each, in f32 for the f32/f16/bf16 results and f64 for f64,
 * flushed as fma32/fma64 of numerics/xla_cpu/arith.ts flush; a chain starts
 * from -0 when the contraction has one element (the product itself, as
 * XLA's simplifier makes it a multiply), else from +0. Register tiles as in
 * dot_tiles.ts measured slower here (each step is a call too large to
 * inline sixteen times), so the loops run by rows, as that dot does, with
 * fma32's common case inlined.
 */
import { fma32 as fma32Import, fma64 as fma64Import, ftz32 as ftz32Import } from "../numerics/xla_cpu/arith.ts";

// Module-local bindings: calls through an import binding inside the hot loops measured several times slower.
const fma32 = fma32Import;
const fma64 = fma64Import;
const ftz32 = ftz32Import;

/**
 * fma32 without its slow path where it is not needed: the product of two
 * f32 values is exact in f64, so x*y + c rounds once, to s; rounding s to
 * f32 then gives the one rounding of x*y + c unless s landed exactly on a
 * midpoint between two f32 values (the only case where rounding twice
 * differs from rounding once). s is such a midpoint when it is not an f32
 * value itself and its mirror s + (s - fround(s)) is (the other neighbor);
 * then fma32 itself decides. Bits as fma32's in every case.
 */
function f32Step(x: number, y: number, c: number): number {
  const s = x * y + c;
  const r = Math.fround(s);
  const d = s - r;
  if (d === 0 || Math.fround(s + d) !== s + d) return ftz32(r);
  return fma32(x, y, c);
}

/**
 * The whole product in rows, as XLA CPU's dot runs (for each output row,
 * each contracting step adds a[i][p]·b[p][j] into every column j): one
 * fused step per element, chains in contracting order. out[b][i][j] for
 * A [batches, m, k] and B [batches, k, n].
 */
export function f32FmaRows(a: Float64Array, b: Float64Array, out: Float64Array, batches: number, m: number, k: number, n: number): void {
  const z = k === 1 ? -0 : 0;
  for (let bt = 0; bt < batches; bt++) {
    for (let i = 0; i < m; i++) {
      const o = (bt * m + i) * n;
      out.fill(z, o, o + n);
      const ai = (bt * m + i) * k;
      for (let p = 0; p < k; p++) {
        const x = a[ai + p];
        const bp = (bt * k + p) * n;
        for (let j = 0; j < n; j++) out[o + j] = f32Step(x, b[bp + j], out[o + j]);
      }
    }
  }
}

const SPLIT = 134217729; // 2^27 + 1 (Veltkamp)
const SAFE_LO = 2 ** -900;
const TAIL_HI = 2 ** 1000;
const MIN_NORMAL_F64 = 2 ** -1022;

/**
 * b's values split once (Veltkamp) into high parts, in pairs[0, len), and
 * low parts, in pairs[len, 2 len), for the TwoProducts of f64FmaRows: each
 * is used m times there. A split that overflows is NaN, which sends that
 * step to fma64.
 */
function splitPairs(b: Float64Array, pairs: Float64Array): Float64Array {
  const len = b.length;
  for (let i = 0; i < len; i++) {
    const y = b[i]!;
    const t = SPLIT * y;
    const h = t - (t - y);
    pairs[i] = h;
    pairs[len + i] = y - h;
  }
  return pairs;
}

/**
 * f32FmaRows with fma64, its common case inlined: the row value's split is
 * hoisted out of the column loop, the column values' split made once
 * (splitPairs), and each step is fma64Tail of numerics/xla_cpu/arith.ts
 * (TwoProduct, TwoSum, one plain rounding checked to be the fused one)
 * written out; every step it cannot settle (see there) goes to fma64. A zero
 * row value adds its signed-zero product plainly: the sum is c itself or a
 * zero (c is never denormal, flushed by the step before), one rounding at
 * most. Bits as fma64's. `pairs`, of twice b's length, is scratch for the
 * splits (a compiled kernel keeps one across calls).
 */
export function f64FmaRows(a: Float64Array, b: Float64Array, out: Float64Array, batches: number, m: number, k: number, n: number, pairs = new Float64Array(2 * b.length)): void {
  const z = k === 1 ? -0 : 0;
  const len = b.length;
  const bs = splitPairs(b, pairs);
  for (let bt = 0; bt < batches; bt++) {
    for (let i = 0; i < m; i++) {
      const o = (bt * m + i) * n;
      out.fill(z, o, o + n);
      const ai = (bt * m + i) * k;
      for (let p = 0; p < k; p++) {
        const x = a[ai + p]!;
        const bp = (bt * k + p) * n;
        if (x === 0) {
          for (let j = 0; j < n; j++) out[o + j] = x * b[bp + j]! + out[o + j]!;
          continue;
        }
        const tx = SPLIT * x;
        const xh = tx - (tx - x);
        const xl = x - xh;
        for (let j = 0; j < n; j++) {
          const y = b[bp + j]!;
          const c = out[o + j]!;
          const u = x * y;
          const yh = bs[bp + j]!;
          const yl = bs[len + bp + j]!;
          const s = u + c;
          const sb = s - u;
          const q = xl * yl - (u - xh * yh - xl * yh - xh * yl);
          const w = u - (s - sb) + (c - sb) + q;
          const r = s + w;
          const d = w - (r - s);
          const ar = Math.abs(r);
          // fma64Tail's conditions, with |u| > SAFE_LO for an exact TwoProduct.
          if ((u > SAFE_LO || u < -SAFE_LO) && ar >= MIN_NORMAL_F64 && ar < TAIL_HI && Math.abs(w) <= Math.abs(s) * 0.125 && (d === 0 || q === 0 || r + 2 * d - r !== 2 * d)) out[o + j] = r;
          else out[o + j] = fma64(x, y, c);
        }
      }
    }
  }
}
