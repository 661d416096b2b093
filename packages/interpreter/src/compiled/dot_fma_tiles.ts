/**
 * The register tiles of the compiled dot in numerics "xla-cpu" (dot_kernel.ts):
 * the same blocks as dot_tiles.ts, each step the fused multiply-add of XLA
 * CPU's dot (numerics/xla_cpu/dot.ts): acc = fma(a, b, acc), one rounding,
 * in f32 for the f32/f16/bf16 results and f64 for f64, flushed as that
 * dot flushes (fma32/fma64 of numerics/xla_cpu/arith.ts). A chain starts
 * from -0 when the contraction has one element (the product itself, as
 * XLA's simplifier makes it a multiply), else from +0; `k` is the
 * contraction's length. Arguments as in dot_tiles.ts.
 */
import { fma32, fma64, ftz32 } from "../numerics/xla_cpu/arith.ts";

/**
 * fma32 with its common case inlined: when the f64 sum of the exact
 * product and the addend is exact, rounding it to f32 is fma32's one
 * rounding (fma32 rounds that sum to odd first, which leaves an exact sum
 * unchanged); otherwise fma32 itself.
 */
function f32Step(x: number, y: number, c: number): number {
  const p = x * y;
  const s = p + c;
  const bb = s - p;
  const e = p - (s - bb) + (c - bb);
  return e === 0 ? ftz32(Math.fround(s)) : fma32(x, y, c);
}

export function f32FmaTile4x4(a: Float64Array, ai: number, k: number, b: Float64Array, bj: number, n: number, out: Float64Array, o: number, len: number, first: boolean): void {
  const z = k === 1 ? -0 : 0;
  const a1 = ai + 1 * k, o1 = o + 1 * n;
  const a2 = ai + 2 * k, o2 = o + 2 * n;
  const a3 = ai + 3 * k, o3 = o + 3 * n;
  let c00 = first ? z : out[o], c01 = first ? z : out[o + 1], c02 = first ? z : out[o + 2], c03 = first ? z : out[o + 3];
  let c10 = first ? z : out[o1], c11 = first ? z : out[o1 + 1], c12 = first ? z : out[o1 + 2], c13 = first ? z : out[o1 + 3];
  let c20 = first ? z : out[o2], c21 = first ? z : out[o2 + 1], c22 = first ? z : out[o2 + 2], c23 = first ? z : out[o2 + 3];
  let c30 = first ? z : out[o3], c31 = first ? z : out[o3 + 1], c32 = first ? z : out[o3 + 2], c33 = first ? z : out[o3 + 3];
  for (let p = 0, bp = bj; p < len; p++, bp += n) {
    const b0 = b[bp], b1 = b[bp + 1], b2 = b[bp + 2], b3 = b[bp + 3];
    const x0 = a[ai + p];
    c00 = f32Step(x0, b0, c00); c01 = f32Step(x0, b1, c01); c02 = f32Step(x0, b2, c02); c03 = f32Step(x0, b3, c03);
    const x1 = a[a1 + p];
    c10 = f32Step(x1, b0, c10); c11 = f32Step(x1, b1, c11); c12 = f32Step(x1, b2, c12); c13 = f32Step(x1, b3, c13);
    const x2 = a[a2 + p];
    c20 = f32Step(x2, b0, c20); c21 = f32Step(x2, b1, c21); c22 = f32Step(x2, b2, c22); c23 = f32Step(x2, b3, c23);
    const x3 = a[a3 + p];
    c30 = f32Step(x3, b0, c30); c31 = f32Step(x3, b1, c31); c32 = f32Step(x3, b2, c32); c33 = f32Step(x3, b3, c33);
  }
  out[o] = c00; out[o + 1] = c01; out[o + 2] = c02; out[o + 3] = c03;
  out[o1] = c10; out[o1 + 1] = c11; out[o1 + 2] = c12; out[o1 + 3] = c13;
  out[o2] = c20; out[o2 + 1] = c21; out[o2 + 2] = c22; out[o2 + 3] = c23;
  out[o3] = c30; out[o3 + 1] = c31; out[o3 + 2] = c32; out[o3 + 3] = c33;
}

export function f32FmaTile1x4(a: Float64Array, ai: number, k: number, b: Float64Array, bj: number, n: number, out: Float64Array, o: number, len: number, first: boolean): void {
  const z = k === 1 ? -0 : 0;
  let c00 = first ? z : out[o], c01 = first ? z : out[o + 1], c02 = first ? z : out[o + 2], c03 = first ? z : out[o + 3];
  for (let p = 0, bp = bj; p < len; p++, bp += n) {
    const b0 = b[bp], b1 = b[bp + 1], b2 = b[bp + 2], b3 = b[bp + 3];
    const x0 = a[ai + p];
    c00 = f32Step(x0, b0, c00); c01 = f32Step(x0, b1, c01); c02 = f32Step(x0, b2, c02); c03 = f32Step(x0, b3, c03);
  }
  out[o] = c00; out[o + 1] = c01; out[o + 2] = c02; out[o + 3] = c03;
}

export function f32FmaTile4x1(a: Float64Array, ai: number, k: number, b: Float64Array, bj: number, n: number, out: Float64Array, o: number, len: number, first: boolean): void {
  const z = k === 1 ? -0 : 0;
  const a1 = ai + 1 * k, o1 = o + 1 * n;
  const a2 = ai + 2 * k, o2 = o + 2 * n;
  const a3 = ai + 3 * k, o3 = o + 3 * n;
  let c00 = first ? z : out[o];
  let c10 = first ? z : out[o1];
  let c20 = first ? z : out[o2];
  let c30 = first ? z : out[o3];
  for (let p = 0, bp = bj; p < len; p++, bp += n) {
    const b0 = b[bp];
    const x0 = a[ai + p];
    c00 = f32Step(x0, b0, c00);
    const x1 = a[a1 + p];
    c10 = f32Step(x1, b0, c10);
    const x2 = a[a2 + p];
    c20 = f32Step(x2, b0, c20);
    const x3 = a[a3 + p];
    c30 = f32Step(x3, b0, c30);
  }
  out[o] = c00;
  out[o1] = c10;
  out[o2] = c20;
  out[o3] = c30;
}

export function f32FmaTile1x1(a: Float64Array, ai: number, k: number, b: Float64Array, bj: number, n: number, out: Float64Array, o: number, len: number, first: boolean): void {
  const z = k === 1 ? -0 : 0;
  let c00 = first ? z : out[o];
  for (let p = 0, bp = bj; p < len; p++, bp += n) {
    const b0 = b[bp];
    const x0 = a[ai + p];
    c00 = f32Step(x0, b0, c00);
  }
  out[o] = c00;
}

export function f64FmaTile4x4(a: Float64Array, ai: number, k: number, b: Float64Array, bj: number, n: number, out: Float64Array, o: number, len: number, first: boolean): void {
  const z = k === 1 ? -0 : 0;
  const a1 = ai + 1 * k, o1 = o + 1 * n;
  const a2 = ai + 2 * k, o2 = o + 2 * n;
  const a3 = ai + 3 * k, o3 = o + 3 * n;
  let c00 = first ? z : out[o], c01 = first ? z : out[o + 1], c02 = first ? z : out[o + 2], c03 = first ? z : out[o + 3];
  let c10 = first ? z : out[o1], c11 = first ? z : out[o1 + 1], c12 = first ? z : out[o1 + 2], c13 = first ? z : out[o1 + 3];
  let c20 = first ? z : out[o2], c21 = first ? z : out[o2 + 1], c22 = first ? z : out[o2 + 2], c23 = first ? z : out[o2 + 3];
  let c30 = first ? z : out[o3], c31 = first ? z : out[o3 + 1], c32 = first ? z : out[o3 + 2], c33 = first ? z : out[o3 + 3];
  for (let p = 0, bp = bj; p < len; p++, bp += n) {
    const b0 = b[bp], b1 = b[bp + 1], b2 = b[bp + 2], b3 = b[bp + 3];
    const x0 = a[ai + p];
    c00 = fma64(x0, b0, c00); c01 = fma64(x0, b1, c01); c02 = fma64(x0, b2, c02); c03 = fma64(x0, b3, c03);
    const x1 = a[a1 + p];
    c10 = fma64(x1, b0, c10); c11 = fma64(x1, b1, c11); c12 = fma64(x1, b2, c12); c13 = fma64(x1, b3, c13);
    const x2 = a[a2 + p];
    c20 = fma64(x2, b0, c20); c21 = fma64(x2, b1, c21); c22 = fma64(x2, b2, c22); c23 = fma64(x2, b3, c23);
    const x3 = a[a3 + p];
    c30 = fma64(x3, b0, c30); c31 = fma64(x3, b1, c31); c32 = fma64(x3, b2, c32); c33 = fma64(x3, b3, c33);
  }
  out[o] = c00; out[o + 1] = c01; out[o + 2] = c02; out[o + 3] = c03;
  out[o1] = c10; out[o1 + 1] = c11; out[o1 + 2] = c12; out[o1 + 3] = c13;
  out[o2] = c20; out[o2 + 1] = c21; out[o2 + 2] = c22; out[o2 + 3] = c23;
  out[o3] = c30; out[o3 + 1] = c31; out[o3 + 2] = c32; out[o3 + 3] = c33;
}

export function f64FmaTile1x4(a: Float64Array, ai: number, k: number, b: Float64Array, bj: number, n: number, out: Float64Array, o: number, len: number, first: boolean): void {
  const z = k === 1 ? -0 : 0;
  let c00 = first ? z : out[o], c01 = first ? z : out[o + 1], c02 = first ? z : out[o + 2], c03 = first ? z : out[o + 3];
  for (let p = 0, bp = bj; p < len; p++, bp += n) {
    const b0 = b[bp], b1 = b[bp + 1], b2 = b[bp + 2], b3 = b[bp + 3];
    const x0 = a[ai + p];
    c00 = fma64(x0, b0, c00); c01 = fma64(x0, b1, c01); c02 = fma64(x0, b2, c02); c03 = fma64(x0, b3, c03);
  }
  out[o] = c00; out[o + 1] = c01; out[o + 2] = c02; out[o + 3] = c03;
}

export function f64FmaTile4x1(a: Float64Array, ai: number, k: number, b: Float64Array, bj: number, n: number, out: Float64Array, o: number, len: number, first: boolean): void {
  const z = k === 1 ? -0 : 0;
  const a1 = ai + 1 * k, o1 = o + 1 * n;
  const a2 = ai + 2 * k, o2 = o + 2 * n;
  const a3 = ai + 3 * k, o3 = o + 3 * n;
  let c00 = first ? z : out[o];
  let c10 = first ? z : out[o1];
  let c20 = first ? z : out[o2];
  let c30 = first ? z : out[o3];
  for (let p = 0, bp = bj; p < len; p++, bp += n) {
    const b0 = b[bp];
    const x0 = a[ai + p];
    c00 = fma64(x0, b0, c00);
    const x1 = a[a1 + p];
    c10 = fma64(x1, b0, c10);
    const x2 = a[a2 + p];
    c20 = fma64(x2, b0, c20);
    const x3 = a[a3 + p];
    c30 = fma64(x3, b0, c30);
  }
  out[o] = c00;
  out[o1] = c10;
  out[o2] = c20;
  out[o3] = c30;
}

export function f64FmaTile1x1(a: Float64Array, ai: number, k: number, b: Float64Array, bj: number, n: number, out: Float64Array, o: number, len: number, first: boolean): void {
  const z = k === 1 ? -0 : 0;
  let c00 = first ? z : out[o];
  for (let p = 0, bp = bj; p < len; p++, bp += n) {
    const b0 = b[bp];
    const x0 = a[ai + p];
    c00 = fma64(x0, b0, c00);
  }
  out[o] = c00;
}
