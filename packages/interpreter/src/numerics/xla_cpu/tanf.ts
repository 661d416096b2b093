/**
 * f32 tangent as XLA's CPU backend computes it: its LLVM IR calls tanf,
 * which resolves to glibc 2.36's (sysdeps/ieee754/flt-32/s_tanf.c and
 * k_tanf.c: fdlibm's kernel in float arithmetic after the sinf/cosf range
 * reduction, here without FMA as glibc builds tanf for baseline x86-64),
 * under XLA's DAZ/FTZ flags.
 */
import { add32, div32, f32FromBits, ftz32, mul32, sub32 } from "./arith.ts";
import { HPI, HPI_INV, reduceLarge } from "./sincosf.ts";

const F = f32FromBits;
const PIO4 = F(0x3f490fda);
const PIO4_LO = F(0x33222168);
const T = [
  F(0x3eaaaaab), F(0x3e088889), F(0x3d5d0dd1), F(0x3cb327a4), F(0x3c11371f), F(0x3b6b6916), F(0x3abede48),
  F(0x3a1a26c8), F(0x398137b9), F(0x38a3f445), F(0x3895c07a), F(0xb79bae5f), F(0x37d95384),
] as const;

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
const bitsOf = (x: number): number => {
  f32[0] = x;
  return u32[0]! | 0;
};

/** fdlibm's __kernel_tanf(x, y, iy): tan(x + y) for iy = 1, -1/tan(x + y) for iy = -1, |x + y| <= π/4. */
function kernelTanf(x0: number, y0: number, iy: number): number {
  let x = ftz32(x0);
  let y = ftz32(y0);
  const hx = bitsOf(x0);
  const ix = hx & 0x7fffffff;
  if (ix < 0x39000000 && Math.trunc(x) === 0) {
    if ((ix | (iy + 1)) === 0) return div32(1, Math.abs(x));
    if (iy === 1) return x0;
    return div32(-1, x);
  }
  const big = ix >= 0x3f2ca140;
  if (big) {
    if (hx < 0) {
      x = -x;
      y = -y;
    }
    x = add32(sub32(PIO4, x), sub32(PIO4_LO, y));
    y = 0;
    if (Math.abs(x) < 2 ** -13) return mul32(mul32(1 - ((hx >> 30) & 2), iy), sub32(1, mul32(2 * iy, x)));
  }
  const z = mul32(x, x);
  let w = mul32(z, z);
  let r = T[11];
  for (let i = 9; i >= 1; i -= 2) r = add32(T[i]!, mul32(w, r));
  let v = T[12];
  for (let i = 10; i >= 2; i -= 2) v = add32(T[i]!, mul32(w, v));
  v = mul32(z, v);
  const s = mul32(z, x);
  r = add32(y, mul32(z, add32(mul32(s, add32(r, v)), y)));
  r = add32(r, mul32(T[0], s));
  w = add32(x, r);
  if (big) {
    const fv = iy;
    const q = sub32(x, sub32(div32(mul32(w, w), add32(w, fv)), r));
    return mul32(1 - ((hx >> 30) & 2), sub32(fv, mul32(2, q)));
  }
  if (iy === 1) return w;
  const zc = F((bitsOf(w) & 0xfffff000) >>> 0);
  const vc = sub32(r, sub32(zc, x));
  const a = div32(-1, w);
  const t = F((bitsOf(a) & 0xfffff000) >>> 0);
  const sc = add32(1, mul32(t, zc));
  return add32(t, mul32(a, add32(sc, mul32(t, vc))));
}

/** f32 tan as XLA CPU computes it (glibc 2.36 tanf under DAZ/FTZ). */
export function xlaCpuTanF32(x: number): number {
  const ix = bitsOf(x) & 0x7fffffff;
  if (ix <= 0x3f490fda) return kernelTanf(x, 0, 1);
  if (ix >= 0x7f800000) return Number.NaN;
  let dx: number;
  let n: number;
  if (((ix >>> 20) & 0x7ff) < 0x42f) {
    const r = x * HPI_INV;
    n = ((Math.trunc(r) | 0) + 0x800000) >> 24;
    dx = x - n * HPI; // mulsd then subsd: no FMA in this build
  } else {
    [dx, n] = reduceLarge(bitsOf(x) >>> 0);
    if (x < 0) dx = -dx;
  }
  const hi = ftz32(Math.fround(dx));
  const lo = ftz32(Math.fround(dx - hi));
  return kernelTanf(hi, lo, 1 - ((n & 1) << 1));
}
