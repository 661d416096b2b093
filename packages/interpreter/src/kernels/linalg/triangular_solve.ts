/**
 * triangular-solve: op(a) x = b (left_side) or x op(a) = b, op(a) being a,
 * a^T or a^H, a read through its `lower` (or upper) triangle, its diagonal
 * taken as ones with unit_diagonal. Computed as XLA's
 * TriangularSolveExpander does on CPU, because singular and non-finite
 * inputs come out differently by method (checked against XLA CPU):
 * - b without elements: returned as is; 1x1 matrices: b / a.
 * - more than 8 matrices in the batch and fewer than 32 rows: substitution,
 *   row by row (SolveDirectly).
 * - otherwise: each 128x128 diagonal block of the masked a is inverted (its
 *   columns scaled by the diagonal, then one full row-times-matrix product
 *   per row, then the rows unscaled), and x is found block by block by full
 *   matrix products with those inverses (SolveByInvertingDiagonalBlocks).
 *   Full products let a zero pivot or an inf poison whole rows with NaN
 *   (0 * inf), as they do in XLA.
 */
import { EvalError, type InstructionOf, type Literal } from "@minixla/hlo";
import { type Complex, type Planes, divide, planesOf, planesToData, zeroPlanes } from "./complex_planes.ts";
import { arrayOperand, arrayResult, product } from "../support/view.ts";

const BLOCK = 128;

interface Problem {
  /** a's batch element: m x m. */
  readonly a: Planes;
  readonly m: number;
  readonly lower: boolean;
  readonly unitDiagonal: boolean;
  readonly transposed: boolean;
  readonly conjugate: boolean;
}

/** op(t)[i][j] for an m x m matrix t. */
function opEntry(t: Planes, m: number, i: number, j: number, transposed: boolean, conjugate: boolean): Complex {
  const k = transposed ? j * m + i : i * m + j;
  return { re: t.re[k], im: conjugate ? -t.im[k] : t.im[k] };
}

/** a with the unreferenced triangle zeroed (and, for unit_diagonal, ones on the diagonal). */
function masked({ a, m, lower, unitDiagonal }: Problem): Planes {
  const t = zeroPlanes(m * m);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < m; j++) {
      const k = i * m + j;
      if (i === j && unitDiagonal) t.re[k] = 1;
      else if (lower ? i >= j : i <= j) {
        t.re[k] = a.re[k];
        t.im[k] = a.im[k];
      }
    }
  }
  return t;
}

/** InvertDiagonalBlocks on the block of t (m x m) at [s, s+k). */
function invertBlock(t: Planes, m: number, s: number, k: number, lower: boolean): Planes {
  const at = (i: number, j: number) => (s + i) * m + s + j;
  const scaled = zeroPlanes(k * k);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const q = divide(t.re[at(i, j)], t.im[at(i, j)], t.re[at(j, j)], t.im[at(j, j)]);
      scaled.re[i * k + j] = q.re;
      scaled.im[i * k + j] = q.im;
    }
  }
  // Rows start as -e_i, except the first (lower) or last (upper) row, e_i.
  const out = zeroPlanes(k * k);
  for (let i = 0; i < k; i++) out.re[i * k + i] = i === (lower ? 0 : k - 1) ? 1 : -1;
  const row = zeroPlanes(k);
  for (let step = 1; step < k; step++) {
    const r = lower ? step : k - 1 - step;
    for (let c = 0; c < k; c++) {
      let sr = 0;
      let si = 0;
      for (let q = 0; q < k; q++) {
        const xr = scaled.re[r * k + q];
        const xi = scaled.im[r * k + q];
        const yr = out.re[q * k + c];
        const yi = out.im[q * k + c];
        sr += xr * yr - xi * yi;
        si += xr * yi + xi * yr;
      }
      row.re[c] = -sr;
      row.im[c] = -si;
    }
    out.re.set(row.re, r * k);
    out.im.set(row.im, r * k);
  }
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const q = divide(out.re[i * k + j], out.im[i * k + j], t.re[at(i, i)], t.im[at(i, i)]);
      out.re[i * k + j] = q.re;
      out.im[i * k + j] = q.im;
    }
  }
  return out;
}

/**
 * Solves for x (rows x cols, b's shape) with the inverted diagonal blocks.
 * Along op(a)'s dependency order, each block of x is op(inverse) times (its
 * part of b minus the product of op(a)'s off-diagonal part with the blocks
 * already solved), on the left or on the right.
 */
function solveByInvertingBlocks(p: Problem, b: Planes, rows: number, cols: number, left: boolean): Planes {
  const { m, lower, transposed, conjugate } = p;
  const t = masked(p);
  const starts: number[] = [];
  for (let s = 0; s < m; s += BLOCK) starts.push(s);
  const inverses = starts.map((s) => invertBlock(t, m, s, Math.min(BLOCK, m - s), lower));
  const opLower = lower !== transposed;
  const ascending = left ? opLower : !opLower;
  const order = ascending ? starts.map((_, i) => i) : starts.map((_, i) => starts.length - 1 - i);
  const x = zeroPlanes(rows * cols);
  // Indices along the solved dimension (rows of x on the left, columns on the right).
  const solved: number[] = [];
  const bAt = (i: number, j: number) => i * cols + j;
  for (const blockIndex of order) {
    const s = starts[blockIndex];
    const k = Math.min(BLOCK, m - s);
    const inv = inverses[blockIndex];
    const other = left ? cols : rows;
    // remainder[u][v]: u over the block, v over the other dimension of b.
    const rem = zeroPlanes(k * other);
    for (let u = 0; u < k; u++) {
      for (let v = 0; v < other; v++) {
        const bi = left ? bAt(s + u, v) : bAt(v, s + u);
        let sr = 0;
        let si = 0;
        for (const w of solved) {
          const coef = left ? opEntry(t, m, s + u, w, transposed, conjugate) : opEntry(t, m, w, s + u, transposed, conjugate);
          const xi = left ? bAt(w, v) : bAt(v, w);
          sr += coef.re * x.re[xi] - coef.im * x.im[xi];
          si += coef.re * x.im[xi] + coef.im * x.re[xi];
        }
        rem.re[u * other + v] = solved.length === 0 ? b.re[bi] : b.re[bi] - sr;
        rem.im[u * other + v] = solved.length === 0 ? b.im[bi] : b.im[bi] - si;
      }
    }
    for (let u = 0; u < k; u++) {
      for (let v = 0; v < other; v++) {
        let sr = 0;
        let si = 0;
        for (let q = 0; q < k; q++) {
          // Left: x[u] = sum_q op(inv)[u][q] rem[q]; right: x[u] = sum_q rem[q] op(inv)[q][u].
          const c = left ? opEntry(inv, k, u, q, transposed, conjugate) : opEntry(inv, k, q, u, transposed, conjugate);
          const rr = rem.re[q * other + v];
          const ri = rem.im[q * other + v];
          sr += c.re * rr - c.im * ri;
          si += c.re * ri + c.im * rr;
        }
        const xi = left ? bAt(s + u, v) : bAt(v, s + u);
        x.re[xi] = sr;
        x.im[xi] = si;
      }
    }
    for (let u = 0; u < k; u++) solved.push(s + u);
  }
  return x;
}

/** SolveDirectly: substitution along op(a)'s dependency order, reading only the referenced triangle. */
function solveDirectly(p: Problem, b: Planes, rows: number, cols: number, left: boolean): Planes {
  const { a, m, lower, unitDiagonal, transposed, conjugate } = p;
  const opLower = lower !== transposed;
  const ascending = left ? opLower : !opLower;
  const x = { re: Float64Array.from(b.re), im: Float64Array.from(b.im) };
  const other = left ? cols : rows;
  const at = (u: number, v: number) => (left ? u * cols + v : v * cols + u);
  for (let step = 0; step < m; step++) {
    const j = ascending ? step : m - 1 - step;
    const d = opEntry(a, m, j, j, transposed, conjugate);
    for (let v = 0; v < other; v++) {
      let sr = 0;
      let si = 0;
      for (let w = ascending ? 0 : j + 1; w < (ascending ? j : m); w++) {
        const c = left ? opEntry(a, m, j, w, transposed, conjugate) : opEntry(a, m, w, j, transposed, conjugate);
        sr += c.re * x.re[at(w, v)] - c.im * x.im[at(w, v)];
        si += c.re * x.im[at(w, v)] + c.im * x.re[at(w, v)];
      }
      const rr = x.re[at(j, v)] - sr;
      const ri = x.im[at(j, v)] - si;
      const q = unitDiagonal ? { re: rr, im: ri } : divide(rr, ri, d.re, d.im);
      x.re[at(j, v)] = q.re;
      x.im[at(j, v)] = q.im;
    }
  }
  return x;
}

export function triangularSolveKernel(inst: InstructionOf<"triangular-solve">, operands: readonly Literal[]): Literal {
  const aLit = arrayOperand(inst, operands[0], 0);
  const bLit = arrayOperand(inst, operands[1], 1);
  const out = arrayResult(inst);
  const { leftSide, lower, unitDiagonal, transposeA } = inst.attributes;
  if (transposeA === undefined) throw new EvalError(`${inst.name} (triangular-solve): transpose_a is not set`);
  const t = out.elementType;
  const a = planesOf(inst, aLit.data, t);
  const b = planesOf(inst, bLit.data, t);
  const bd = bLit.shape.dimensions;
  const rows = bd[bd.length - 2];
  const cols = bd[bd.length - 1];
  const m = leftSide ? rows : cols;
  const batches = product(bd.slice(0, -2));
  const x = zeroPlanes(b.re.length);
  if (x.re.length === 0) return { shape: out, data: planesToData(x, t) };
  const direct = m === 1 || (batches > BLOCK / 16 && m < BLOCK / 4);
  for (let batch = 0; batch < batches; batch++) {
    const mm = m * m;
    const n = rows * cols;
    const problem: Problem = {
      a: { re: a.re.subarray(batch * mm, (batch + 1) * mm), im: a.im.subarray(batch * mm, (batch + 1) * mm) },
      m, lower, unitDiagonal,
      transposed: transposeA !== "NO_TRANSPOSE",
      conjugate: transposeA === "ADJOINT",
    };
    const bb = { re: b.re.subarray(batch * n, (batch + 1) * n), im: b.im.subarray(batch * n, (batch + 1) * n) };
    const xb = direct ? solveDirectly(problem, bb, rows, cols, leftSide) : solveByInvertingBlocks(problem, bb, rows, cols, leftSide);
    x.re.set(xb.re, batch * n);
    x.im.set(xb.im, batch * n);
  }
  return { shape: out, data: planesToData(x, t) };
}
