/**
 * The register tiles of the compiled dot (dot_kernel.ts): each computes an
 * R x C block of out[i][j] = sum_p a[i][p] * b[p][j] over `len` contracting
 * steps, holding the R*C partial sums in locals and loading each a and b
 * value once per step. Arguments: `a` row-major with row length k, `ai` the
 * offset of the block's first row at its first contracting step; `b`
 * row-major with row length n, `bj` the offset of that step's first column;
 * `out` row-major with row length n, `o` the block's first element. With
 * `first` the sums start from +0, else from what `out` holds (the partial
 * sums of earlier contracting blocks), so a sum split into blocks performs
 * exactly the additions of one uninterrupted loop.
 *
 * One set per accumulation kind of kernels/dot_conv/accumulation.ts, each step the
 * reference's (kernels/dot_conv/dot.ts): f64 `acc + a*b`; f32 the product and the sum
 * rounded to f32; i32 Math.imul and a 32-bit wrap (operands packed into
 * Int32Array). All twelve tiles are written from one template and differ
 * only in that step and their shape.
 */

/** Computes one block; see the file comment for the arguments. */
export type DotTile<A extends Float64Array | Int32Array> = (a: A, ai: number, k: number, b: A, bj: number, n: number, out: Float64Array, o: number, len: number, first: boolean) => void;

export function f64Tile4x4(a: Float64Array, ai: number, k: number, b: Float64Array, bj: number, n: number, out: Float64Array, o: number, len: number, first: boolean): void {
  const a1 = ai + k, a2 = ai + 2 * k, a3 = ai + 3 * k;
  const o1 = o + n, o2 = o + 2 * n, o3 = o + 3 * n;
  let c00 = first ? 0 : out[o], c01 = first ? 0 : out[o + 1], c02 = first ? 0 : out[o + 2], c03 = first ? 0 : out[o + 3];
  let c10 = first ? 0 : out[o1], c11 = first ? 0 : out[o1 + 1], c12 = first ? 0 : out[o1 + 2], c13 = first ? 0 : out[o1 + 3];
  let c20 = first ? 0 : out[o2], c21 = first ? 0 : out[o2 + 1], c22 = first ? 0 : out[o2 + 2], c23 = first ? 0 : out[o2 + 3];
  let c30 = first ? 0 : out[o3], c31 = first ? 0 : out[o3 + 1], c32 = first ? 0 : out[o3 + 2], c33 = first ? 0 : out[o3 + 3];
  for (let p = 0, bp = bj; p < len; p++, bp += n) {
    const b0 = b[bp], b1 = b[bp + 1], b2 = b[bp + 2], b3 = b[bp + 3];
    const x0 = a[ai + p];
    c00 += x0 * b0; c01 += x0 * b1; c02 += x0 * b2; c03 += x0 * b3;
    const x1 = a[a1 + p];
    c10 += x1 * b0; c11 += x1 * b1; c12 += x1 * b2; c13 += x1 * b3;
    const x2 = a[a2 + p];
    c20 += x2 * b0; c21 += x2 * b1; c22 += x2 * b2; c23 += x2 * b3;
    const x3 = a[a3 + p];
    c30 += x3 * b0; c31 += x3 * b1; c32 += x3 * b2; c33 += x3 * b3;
  }
  out[o] = c00; out[o + 1] = c01; out[o + 2] = c02; out[o + 3] = c03;
  out[o1] = c10; out[o1 + 1] = c11; out[o1 + 2] = c12; out[o1 + 3] = c13;
  out[o2] = c20; out[o2 + 1] = c21; out[o2 + 2] = c22; out[o2 + 3] = c23;
  out[o3] = c30; out[o3 + 1] = c31; out[o3 + 2] = c32; out[o3 + 3] = c33;
}

export function f64Tile1x4(a: Float64Array, ai: number, k: number, b: Float64Array, bj: number, n: number, out: Float64Array, o: number, len: number, first: boolean): void {
  let c00 = first ? 0 : out[o], c01 = first ? 0 : out[o + 1], c02 = first ? 0 : out[o + 2], c03 = first ? 0 : out[o + 3];
  for (let p = 0, bp = bj; p < len; p++, bp += n) {
    const b0 = b[bp], b1 = b[bp + 1], b2 = b[bp + 2], b3 = b[bp + 3];
    const x0 = a[ai + p];
    c00 += x0 * b0; c01 += x0 * b1; c02 += x0 * b2; c03 += x0 * b3;
  }
  out[o] = c00; out[o + 1] = c01; out[o + 2] = c02; out[o + 3] = c03;
}

export function f64Tile4x1(a: Float64Array, ai: number, k: number, b: Float64Array, bj: number, n: number, out: Float64Array, o: number, len: number, first: boolean): void {
  const a1 = ai + k, a2 = ai + 2 * k, a3 = ai + 3 * k;
  const o1 = o + n, o2 = o + 2 * n, o3 = o + 3 * n;
  let c00 = first ? 0 : out[o];
  let c10 = first ? 0 : out[o1];
  let c20 = first ? 0 : out[o2];
  let c30 = first ? 0 : out[o3];
  for (let p = 0, bp = bj; p < len; p++, bp += n) {
    const b0 = b[bp];
    const x0 = a[ai + p];
    c00 += x0 * b0;
    const x1 = a[a1 + p];
    c10 += x1 * b0;
    const x2 = a[a2 + p];
    c20 += x2 * b0;
    const x3 = a[a3 + p];
    c30 += x3 * b0;
  }
  out[o] = c00;
  out[o1] = c10;
  out[o2] = c20;
  out[o3] = c30;
}

export function f64Tile1x1(a: Float64Array, ai: number, k: number, b: Float64Array, bj: number, n: number, out: Float64Array, o: number, len: number, first: boolean): void {
  let c00 = first ? 0 : out[o];
  for (let p = 0, bp = bj; p < len; p++, bp += n) {
    const b0 = b[bp];
    const x0 = a[ai + p];
    c00 += x0 * b0;
  }
  out[o] = c00;
}

export function f32Tile4x4(a: Float64Array, ai: number, k: number, b: Float64Array, bj: number, n: number, out: Float64Array, o: number, len: number, first: boolean): void {
  const a1 = ai + k, a2 = ai + 2 * k, a3 = ai + 3 * k;
  const o1 = o + n, o2 = o + 2 * n, o3 = o + 3 * n;
  let c00 = first ? 0 : out[o], c01 = first ? 0 : out[o + 1], c02 = first ? 0 : out[o + 2], c03 = first ? 0 : out[o + 3];
  let c10 = first ? 0 : out[o1], c11 = first ? 0 : out[o1 + 1], c12 = first ? 0 : out[o1 + 2], c13 = first ? 0 : out[o1 + 3];
  let c20 = first ? 0 : out[o2], c21 = first ? 0 : out[o2 + 1], c22 = first ? 0 : out[o2 + 2], c23 = first ? 0 : out[o2 + 3];
  let c30 = first ? 0 : out[o3], c31 = first ? 0 : out[o3 + 1], c32 = first ? 0 : out[o3 + 2], c33 = first ? 0 : out[o3 + 3];
  for (let p = 0, bp = bj; p < len; p++, bp += n) {
    const b0 = b[bp], b1 = b[bp + 1], b2 = b[bp + 2], b3 = b[bp + 3];
    const x0 = a[ai + p];
    c00 = Math.fround(c00 + Math.fround(x0 * b0)); c01 = Math.fround(c01 + Math.fround(x0 * b1)); c02 = Math.fround(c02 + Math.fround(x0 * b2)); c03 = Math.fround(c03 + Math.fround(x0 * b3));
    const x1 = a[a1 + p];
    c10 = Math.fround(c10 + Math.fround(x1 * b0)); c11 = Math.fround(c11 + Math.fround(x1 * b1)); c12 = Math.fround(c12 + Math.fround(x1 * b2)); c13 = Math.fround(c13 + Math.fround(x1 * b3));
    const x2 = a[a2 + p];
    c20 = Math.fround(c20 + Math.fround(x2 * b0)); c21 = Math.fround(c21 + Math.fround(x2 * b1)); c22 = Math.fround(c22 + Math.fround(x2 * b2)); c23 = Math.fround(c23 + Math.fround(x2 * b3));
    const x3 = a[a3 + p];
    c30 = Math.fround(c30 + Math.fround(x3 * b0)); c31 = Math.fround(c31 + Math.fround(x3 * b1)); c32 = Math.fround(c32 + Math.fround(x3 * b2)); c33 = Math.fround(c33 + Math.fround(x3 * b3));
  }
  out[o] = c00; out[o + 1] = c01; out[o + 2] = c02; out[o + 3] = c03;
  out[o1] = c10; out[o1 + 1] = c11; out[o1 + 2] = c12; out[o1 + 3] = c13;
  out[o2] = c20; out[o2 + 1] = c21; out[o2 + 2] = c22; out[o2 + 3] = c23;
  out[o3] = c30; out[o3 + 1] = c31; out[o3 + 2] = c32; out[o3 + 3] = c33;
}

export function f32Tile1x4(a: Float64Array, ai: number, k: number, b: Float64Array, bj: number, n: number, out: Float64Array, o: number, len: number, first: boolean): void {
  let c00 = first ? 0 : out[o], c01 = first ? 0 : out[o + 1], c02 = first ? 0 : out[o + 2], c03 = first ? 0 : out[o + 3];
  for (let p = 0, bp = bj; p < len; p++, bp += n) {
    const b0 = b[bp], b1 = b[bp + 1], b2 = b[bp + 2], b3 = b[bp + 3];
    const x0 = a[ai + p];
    c00 = Math.fround(c00 + Math.fround(x0 * b0)); c01 = Math.fround(c01 + Math.fround(x0 * b1)); c02 = Math.fround(c02 + Math.fround(x0 * b2)); c03 = Math.fround(c03 + Math.fround(x0 * b3));
  }
  out[o] = c00; out[o + 1] = c01; out[o + 2] = c02; out[o + 3] = c03;
}

export function f32Tile4x1(a: Float64Array, ai: number, k: number, b: Float64Array, bj: number, n: number, out: Float64Array, o: number, len: number, first: boolean): void {
  const a1 = ai + k, a2 = ai + 2 * k, a3 = ai + 3 * k;
  const o1 = o + n, o2 = o + 2 * n, o3 = o + 3 * n;
  let c00 = first ? 0 : out[o];
  let c10 = first ? 0 : out[o1];
  let c20 = first ? 0 : out[o2];
  let c30 = first ? 0 : out[o3];
  for (let p = 0, bp = bj; p < len; p++, bp += n) {
    const b0 = b[bp];
    const x0 = a[ai + p];
    c00 = Math.fround(c00 + Math.fround(x0 * b0));
    const x1 = a[a1 + p];
    c10 = Math.fround(c10 + Math.fround(x1 * b0));
    const x2 = a[a2 + p];
    c20 = Math.fround(c20 + Math.fround(x2 * b0));
    const x3 = a[a3 + p];
    c30 = Math.fround(c30 + Math.fround(x3 * b0));
  }
  out[o] = c00;
  out[o1] = c10;
  out[o2] = c20;
  out[o3] = c30;
}

export function f32Tile1x1(a: Float64Array, ai: number, k: number, b: Float64Array, bj: number, n: number, out: Float64Array, o: number, len: number, first: boolean): void {
  let c00 = first ? 0 : out[o];
  for (let p = 0, bp = bj; p < len; p++, bp += n) {
    const b0 = b[bp];
    const x0 = a[ai + p];
    c00 = Math.fround(c00 + Math.fround(x0 * b0));
  }
  out[o] = c00;
}

export function i32Tile4x4(a: Int32Array, ai: number, k: number, b: Int32Array, bj: number, n: number, out: Float64Array, o: number, len: number, first: boolean): void {
  const a1 = ai + k, a2 = ai + 2 * k, a3 = ai + 3 * k;
  const o1 = o + n, o2 = o + 2 * n, o3 = o + 3 * n;
  let c00 = first ? 0 : out[o] | 0, c01 = first ? 0 : out[o + 1] | 0, c02 = first ? 0 : out[o + 2] | 0, c03 = first ? 0 : out[o + 3] | 0;
  let c10 = first ? 0 : out[o1] | 0, c11 = first ? 0 : out[o1 + 1] | 0, c12 = first ? 0 : out[o1 + 2] | 0, c13 = first ? 0 : out[o1 + 3] | 0;
  let c20 = first ? 0 : out[o2] | 0, c21 = first ? 0 : out[o2 + 1] | 0, c22 = first ? 0 : out[o2 + 2] | 0, c23 = first ? 0 : out[o2 + 3] | 0;
  let c30 = first ? 0 : out[o3] | 0, c31 = first ? 0 : out[o3 + 1] | 0, c32 = first ? 0 : out[o3 + 2] | 0, c33 = first ? 0 : out[o3 + 3] | 0;
  for (let p = 0, bp = bj; p < len; p++, bp += n) {
    const b0 = b[bp], b1 = b[bp + 1], b2 = b[bp + 2], b3 = b[bp + 3];
    const x0 = a[ai + p];
    c00 = (c00 + Math.imul(x0, b0)) | 0; c01 = (c01 + Math.imul(x0, b1)) | 0; c02 = (c02 + Math.imul(x0, b2)) | 0; c03 = (c03 + Math.imul(x0, b3)) | 0;
    const x1 = a[a1 + p];
    c10 = (c10 + Math.imul(x1, b0)) | 0; c11 = (c11 + Math.imul(x1, b1)) | 0; c12 = (c12 + Math.imul(x1, b2)) | 0; c13 = (c13 + Math.imul(x1, b3)) | 0;
    const x2 = a[a2 + p];
    c20 = (c20 + Math.imul(x2, b0)) | 0; c21 = (c21 + Math.imul(x2, b1)) | 0; c22 = (c22 + Math.imul(x2, b2)) | 0; c23 = (c23 + Math.imul(x2, b3)) | 0;
    const x3 = a[a3 + p];
    c30 = (c30 + Math.imul(x3, b0)) | 0; c31 = (c31 + Math.imul(x3, b1)) | 0; c32 = (c32 + Math.imul(x3, b2)) | 0; c33 = (c33 + Math.imul(x3, b3)) | 0;
  }
  out[o] = c00; out[o + 1] = c01; out[o + 2] = c02; out[o + 3] = c03;
  out[o1] = c10; out[o1 + 1] = c11; out[o1 + 2] = c12; out[o1 + 3] = c13;
  out[o2] = c20; out[o2 + 1] = c21; out[o2 + 2] = c22; out[o2 + 3] = c23;
  out[o3] = c30; out[o3 + 1] = c31; out[o3 + 2] = c32; out[o3 + 3] = c33;
}

export function i32Tile1x4(a: Int32Array, ai: number, k: number, b: Int32Array, bj: number, n: number, out: Float64Array, o: number, len: number, first: boolean): void {
  let c00 = first ? 0 : out[o] | 0, c01 = first ? 0 : out[o + 1] | 0, c02 = first ? 0 : out[o + 2] | 0, c03 = first ? 0 : out[o + 3] | 0;
  for (let p = 0, bp = bj; p < len; p++, bp += n) {
    const b0 = b[bp], b1 = b[bp + 1], b2 = b[bp + 2], b3 = b[bp + 3];
    const x0 = a[ai + p];
    c00 = (c00 + Math.imul(x0, b0)) | 0; c01 = (c01 + Math.imul(x0, b1)) | 0; c02 = (c02 + Math.imul(x0, b2)) | 0; c03 = (c03 + Math.imul(x0, b3)) | 0;
  }
  out[o] = c00; out[o + 1] = c01; out[o + 2] = c02; out[o + 3] = c03;
}

export function i32Tile4x1(a: Int32Array, ai: number, k: number, b: Int32Array, bj: number, n: number, out: Float64Array, o: number, len: number, first: boolean): void {
  const a1 = ai + k, a2 = ai + 2 * k, a3 = ai + 3 * k;
  const o1 = o + n, o2 = o + 2 * n, o3 = o + 3 * n;
  let c00 = first ? 0 : out[o] | 0;
  let c10 = first ? 0 : out[o1] | 0;
  let c20 = first ? 0 : out[o2] | 0;
  let c30 = first ? 0 : out[o3] | 0;
  for (let p = 0, bp = bj; p < len; p++, bp += n) {
    const b0 = b[bp];
    const x0 = a[ai + p];
    c00 = (c00 + Math.imul(x0, b0)) | 0;
    const x1 = a[a1 + p];
    c10 = (c10 + Math.imul(x1, b0)) | 0;
    const x2 = a[a2 + p];
    c20 = (c20 + Math.imul(x2, b0)) | 0;
    const x3 = a[a3 + p];
    c30 = (c30 + Math.imul(x3, b0)) | 0;
  }
  out[o] = c00;
  out[o1] = c10;
  out[o2] = c20;
  out[o3] = c30;
}

export function i32Tile1x1(a: Int32Array, ai: number, k: number, b: Int32Array, bj: number, n: number, out: Float64Array, o: number, len: number, first: boolean): void {
  let c00 = first ? 0 : out[o] | 0;
  for (let p = 0, bp = bj; p < len; p++, bp += n) {
    const b0 = b[bp];
    const x0 = a[ai + p];
    c00 = (c00 + Math.imul(x0, b0)) | 0;
  }
  out[o] = c00;
}
