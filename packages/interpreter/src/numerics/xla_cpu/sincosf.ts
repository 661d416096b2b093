/**
 * f32 sine and cosine as XLA's CPU backend computes them: its LLVM IR
 * calls sinf/cosf, which resolve to glibc 2.36's (Szabolcs Nagy's
 * sysdeps/ieee754/flt-32/s_sinf.c, s_cosf.c, s_sincosf.h and
 * sincosf_poly.h), in the FMA build glibc selects on x86-64 CPUs with FMA
 * (GCC contracts each a + b·c of the double-precision polynomials and of
 * the single-step range reduction into one fused multiply-add). Range
 * reduction: one multiply-subtract below 120, a 32×96-bit fixed-point
 * product with 4/π beyond.
 */
import { fma64, ftz32 } from "./arith.ts";

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** The top 12 bits of an f32's bits with the sign cleared (glibc's abstop12). */
function abstop12(y: number): number {
  f32[0] = y;
  return (u32[0]! >>> 20) & 0x7ff;
}

const TOP_PIO4 = 0x3f4; // abstop12((float)(π/4))
const TOP_TINY = 0x398; // abstop12(2^-12)
const TOP_120 = 0x42f; // abstop12(120)
const TOP_INF = 0x7f8;

/** 2/π · 2^24 (glibc's hpi_inv without fast float-to-int rounding). */
export const HPI_INV = 0x145f306dc9c883 * 2 ** -29;
/** π/2 as a double. */
export const HPI = 0x1921fb54442d18 * 2 ** -52;
const PI63 = 0x1921fb54442d18 * 2 ** -114; // 2π · 2^-64
const SIGN = [1, -1, -1, 1] as const;

/** Cosine and sine polynomial coefficients; the second set computes -cos for quadrants 2 and 3. */
interface SinCosPoly {
  readonly c0: number;
  readonly c1: number;
  readonly c2: number;
  readonly c3: number;
  readonly c4: number;
  readonly s1: number;
  readonly s2: number;
  readonly s3: number;
}
const S1 = -0x1555545995a603 * 2 ** -55;
const S2 = 0x11107605230bc4 * 2 ** -59;
const S3 = -0x1994eb3774cf24 * 2 ** -65;
const C1 = -0x1ffffffd0c621c * 2 ** -54;
const C2 = 0x155553e1068f19 * 2 ** -57;
const C3 = -0x16c087e89a359d * 2 ** -62;
const C4 = 0x199343027bf8c3 * 2 ** -68;
const TABLE: readonly [SinCosPoly, SinCosPoly] = [
  { c0: 1, c1: C1, c2: C2, c3: C3, c4: C4, s1: S1, s2: S2, s3: S3 },
  { c0: -1, c1: -C1, c2: -C2, c3: -C3, c4: -C4, s1: S1, s2: S2, s3: S3 },
];

/** 4/π's bits (0.A2F9836E… · 2^2), 8 new bits per 32-bit window as glibc's __inv_pio4 holds them. */
const INV_PIO4_HEX = "a2f9836e4e441529fc2757d1f534ddc0db6295993c439041";
const INV_PIO4: readonly bigint[] = Array.from({ length: 24 }, (_, i) => {
  const bits = BigInt(`0x${INV_PIO4_HEX}`);
  const end = 8 * (i + 1); // the window ends 8(i+1) bits into the 192
  return (bits >> BigInt(192 - end)) & 0xffffffffn;
});

/** sinf_poly: the sine polynomial of x (n even) or the cosine polynomial (n odd), in double with FMA, rounded to float. */
function sinfPoly(x: number, x2: number, p: SinCosPoly, n: number): number {
  if ((n & 1) === 0) {
    const x3 = x * x2;
    const s1 = fma64(x2, p.s3, p.s2);
    const x7 = x3 * x2;
    const s = fma64(x3, p.s1, x);
    return ftz32(Math.fround(fma64(x7, s1, s)));
  }
  const x4 = x2 * x2;
  const c2 = fma64(x2, p.c4, p.c3);
  const c1 = fma64(x2, p.c1, p.c0);
  const x6 = x4 * x2;
  const c = fma64(x4, p.c2, c1);
  return ftz32(Math.fround(fma64(x6, c2, c)));
}

/** reduce_fast: x - n·π/2 in one fused multiply-subtract, n from the 2^24-scaled 2/π product. */
function reduceFast(x: number): readonly [number, number] {
  const r = x * HPI_INV;
  const n = ((Math.trunc(r) | 0) + 0x800000) >> 24;
  return [fma64(-n, HPI, x), n];
}

/** glibc's reduce_large (also used by tanf): the exact 2.62-bit fixed-point remainder of |x|·4/π (x an f32's bits, |x| >= 120). */
export function reduceLarge(xi: number): readonly [number, number] {
  const base = (xi >>> 26) & 15;
  const shift = (xi >>> 23) & 7;
  const m = BigInt((((xi & 0xffffff) | 0x800000) << shift) >>> 0);
  const mask64 = (1n << 64n) - 1n;
  const res0lo = (m * INV_PIO4[base]!) & 0xffffffffn; // a 32-bit product: wraps
  const res1 = m * INV_PIO4[base + 4]!;
  const res2 = m * INV_PIO4[base + 8]!;
  let res0 = ((res2 >> 32n) | (res0lo << 32n)) & mask64;
  res0 = (res0 + res1) & mask64;
  const n = ((res0 + (1n << 61n)) & mask64) >> 62n;
  res0 = (res0 - (n << 62n)) & mask64;
  const signed = res0 >= 1n << 63n ? res0 - (1n << 64n) : res0;
  return [Number(signed) * PI63, Number(n)];
}

/** Shared body of sinf (cos = false) and cosf (cos = true) for |y| >= π/4 (top 12 bits). */
function reduced(y: number, top: number, cos: boolean): number {
  let x: number;
  let n: number;
  let q: number;
  if (top < TOP_120) {
    [x, n] = reduceFast(y);
    q = n;
  } else {
    f32[0] = y;
    const xi = u32[0]!;
    [x, n] = reduceLarge(xi);
    q = n + (xi >>> 31);
  }
  const s = SIGN[q & 3]!;
  const p = q & 2 ? TABLE[1] : TABLE[0];
  return sinfPoly(x * s, x * x, p, cos ? n ^ 1 : n);
}

/** f32 sine as XLA CPU computes it (glibc 2.36 sinf, FMA build): y itself below 2^-12 (denormals unflushed). */
export function xlaCpuSinF32(y: number): number {
  const top = abstop12(y);
  if (top < TOP_PIO4) {
    if (top < TOP_TINY) return y;
    return sinfPoly(y, y * y, TABLE[0], 0);
  }
  if (top >= TOP_INF) return Number.NaN;
  return reduced(y, top, false);
}

/** f32 cosine as XLA CPU computes it (glibc 2.36 cosf, FMA build): 1 below 2^-12. */
export function xlaCpuCosF32(y: number): number {
  const top = abstop12(y);
  if (top < TOP_PIO4) {
    if (top < TOP_TINY) return 1;
    return sinfPoly(y, y * y, TABLE[0], 1);
  }
  if (top >= TOP_INF) return Number.NaN;
  return reduced(y, top, true);
}
