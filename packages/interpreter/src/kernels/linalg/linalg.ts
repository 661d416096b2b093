/**
 * cholesky, following XLA's CholeskyExpander (what XLA CPU runs): the
 * column-by-column Cholesky-Banachiewicz loop over each matrix of the batch
 * in the two minor dimensions, in float64 (complex as separate parts) and
 * rounded once to the element type. With lower=false the matrix is
 * transposed (not conjugated) first and the factor transposed back, so only
 * the chosen triangle is read and the other one of the result is zero.
 * Column j is (a - L L^H)[j:, j] / sqrt(re d), d its diagonal entry, so a
 * complex diagonal keeps d's imaginary part over sqrt(re d) as XLA's does.
 * When some sqrt(re d) is NaN (d < 0: not positive definite, or NaN input)
 * the whole matrix becomes NaN (NaN + 0i for complex types); a zero pivot is
 * not an error, its column just divides by zero. Checked against XLA CPU.
 *
 * triangular-solve lives in triangular_solve.ts.
 */
import type { FamilyKernels } from "../../kernel.ts";
import { type Complex, type Planes, planesOf, planesToData, zeroPlanes } from "./complex_planes.ts";
import { triangularSolveKernel } from "./triangular_solve.ts";
import { arrayOperand, arrayResult, product } from "../support/view.ts";

/** Factors the n x n matrix at offset `o` of `a` into `out` (same offset). */
function choleskyMatrix(a: Planes, out: Planes, o: number, n: number, lower: boolean): void {
  // Element (i, j) of the matrix the expander factors: a, or a transposed for lower=false.
  const at = (i: number, j: number) => o + (lower ? i * n + j : j * n + i);
  const l = zeroPlanes(n * n);
  let failed = false;
  for (let j = 0; j < n; j++) {
    const sq = Math.sqrt(residual(a, l, at(j, j), j, j, n).re);
    if (Number.isNaN(sq)) failed = true;
    for (let i = j; i < n; i++) {
      const s = residual(a, l, at(i, j), i, j, n);
      l.re[i * n + j] = s.re / sq;
      l.im[i * n + j] = s.im / sq;
    }
  }
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const src = lower ? i * n + j : j * n + i;
      out.re[o + i * n + j] = failed ? NaN : l.re[src];
      out.im[o + i * n + j] = failed ? 0 : l.im[src];
    }
  }
}

/** a(i, j) - sum_{k<j} L[i][k] conj(L[j][k]). */
function residual(a: Planes, l: Planes, aIndex: number, i: number, j: number, n: number): Complex {
  let re = a.re[aIndex];
  let im = a.im[aIndex];
  for (let k = 0; k < j; k++) {
    const xr = l.re[i * n + k];
    const xi = l.im[i * n + k];
    const yr = l.re[j * n + k];
    const yi = -l.im[j * n + k];
    re -= xr * yr - xi * yi;
    im -= xr * yi + xi * yr;
  }
  return { re, im };
}

export const linalgKernels: FamilyKernels<"linalg"> = {
  cholesky: (inst, operands) => {
    const a = arrayOperand(inst, operands[0], 0);
    const out = arrayResult(inst);
    const t = out.elementType;
    const dims = a.shape.dimensions;
    const n = dims[dims.length - 1];
    const ap = planesOf(inst, a.data, t);
    const result = zeroPlanes(ap.re.length);
    const batches = product(dims.slice(0, -2));
    for (let batch = 0; batch < batches; batch++) choleskyMatrix(ap, result, batch * n * n, n, inst.attributes.lower);
    return { shape: out, data: planesToData(result, t) };
  },
  "triangular-solve": triangularSolveKernel,
};
