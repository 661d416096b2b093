/**
 * XLA CPU's float dot accumulator (numerics "xla-cpu"); the reference's is
 * kernels/dot_conv/dot.ts, which calls this one through the numerics record.
 */
import type { Dims } from "../../kernels/dot_conv/dot.ts";
import { fma32, fma64 } from "./arith.ts";
import { xlaCpuFlusher } from "./flush.ts";

/**
 * XLA CPU's float dot (numerics "xla-cpu"): each step a fused multiply-add
 * into the running sum (in f32 for f32, bf16 and f16; f64 for f64), as
 * LLVM contracts XLA's loop; denormal operands read as zero and denormal
 * sums become zero (the x86 flush flags), and
 * a dot with one contracting element is the product itself (XLA's algebraic
 * simplifier makes it a multiply), so a -0 product stays -0 (f32 [0]·[-4] =
 * -0, but [0, 0]·[-5, -1] = 0; f64 [-5e-324]·[-1.8e308] = 0,
 * [5e-324, ...]·[-inf, ...] = NaN; found by the differential fuzzer
 * against jaxlib 0.10.2).
 */
export function matmulXlaCpu(a: Float64Array, c: Float64Array, { batches, m, k, n }: Dims, f32: boolean, normalize: (x: number) => number): Float64Array {
  const flush = xlaCpuFlusher(f32 ? "f32" : "f64") as (x: number) => number;
  const fma = f32 ? fma32 : fma64;
  const fa = a.map(flush);
  const fc = c.map(flush);
  const out = new Float64Array(batches * m * n);
  const row = new Float64Array(n);
  for (let b = 0; b < batches; b++) {
    for (let i = 0; i < m; i++) {
      row.fill(k === 1 ? -0 : 0);
      const aRow = (b * m + i) * k;
      for (let p = 0; p < k; p++) {
        const av = fa[aRow + p];
        const cRow = (b * k + p) * n;
        for (let j = 0; j < n; j++) row[j] = fma(av, fc[cRow + j], row[j]);
      }
      const o = (b * m + i) * n;
      for (let j = 0; j < n; j++) out[o + j] = normalize(row[j]);
    }
  }
  return out;
}

