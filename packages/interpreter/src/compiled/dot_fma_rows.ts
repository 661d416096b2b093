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

/** f64FmaRows: f32FmaRows with fma64. */
export function f64FmaRows(a: Float64Array, b: Float64Array, out: Float64Array, batches: number, m: number, k: number, n: number): void {
  const z = k === 1 ? -0 : 0;
  for (let bt = 0; bt < batches; bt++) {
    for (let i = 0; i < m; i++) {
      const o = (bt * m + i) * n;
      out.fill(z, o, o + n);
      const ai = (bt * m + i) * k;
      for (let p = 0; p < k; p++) {
        const x = a[ai + p];
        const bp = (bt * k + p) * n;
        for (let j = 0; j < n; j++) out[o + j] = fma64(x, b[bp + j], out[o + j]);
      }
    }
  }
}
