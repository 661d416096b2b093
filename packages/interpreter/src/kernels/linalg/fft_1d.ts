/**
 * One-dimensional discrete Fourier transforms in float64 for any length:
 * radix-2 for powers of two, the plain O(n^2) sum for short other lengths,
 * and Bluestein's chirp-z (a power-of-two convolution) for long ones. Every
 * twiddle angle is reduced modulo the period before the cosine, so the
 * results are within a few ulps of an exact DFT; XLA CPU (DUCC) is too.
 * The inverse is unscaled here: the fft kernel divides by the length.
 *
 * Twiddles at multiples of a quarter turn are exactly 1, -i, -1 and i, and a
 * product with one moves parts instead of multiplying by zero, so a NaN or
 * inf in one part does not leak into the other: that is how DUCC's
 * butterflies behave (e.g. the DC term of a real input keeps imaginary part
 * 0 even when the input holds NaN).
 */

/** Transforms re/im (length n) in place: forward uses e^(-2 pi i jk/n), inverse e^(+2 pi i jk/n). */
export type Dft = (re: Float64Array, im: Float64Array, inverse: boolean) => void;

const plans = new Map<number, Dft>();

/** The transform of length n (plans are cached: one per length). */
export function dftOfLength(n: number): Dft {
  let plan = plans.get(n);
  if (plan === undefined) {
    plan = n <= 1 ? () => {} : (n & (n - 1)) === 0 ? radix2(n) : n <= 64 ? direct(n) : bluestein(n);
    plans.set(n, plan);
  }
  return plan;
}

/** cos and -sin of 2 pi m / n for m in [0, n): the forward twiddles. */
function twiddles(n: number): { readonly cos: Float64Array; readonly sin: Float64Array } {
  const cos = new Float64Array(n);
  const sin = new Float64Array(n);
  for (let m = 0; m < n; m++) {
    if ((4 * m) % n === 0) {
      const quarter = (4 * m) / n;
      cos[m] = [1, 0, -1, 0][quarter];
      sin[m] = [0, -1, 0, 1][quarter];
    } else {
      const angle = (2 * Math.PI * m) / n;
      cos[m] = Math.cos(angle);
      sin[m] = -Math.sin(angle);
    }
  }
  return { cos, sin };
}

/** Real part of (xr + i xi)(wr + i wi), skipping the products with an exact zero. */
const mulRe = (xr: number, xi: number, wr: number, wi: number): number => (wi === 0 ? xr * wr : wr === 0 ? -xi * wi : xr * wr - xi * wi);
/** Imaginary part of the same product. */
const mulIm = (xr: number, xi: number, wr: number, wi: number): number => (wi === 0 ? xi * wr : wr === 0 ? xr * wi : xr * wi + xi * wr);

function radix2(n: number): Dft {
  const { cos, sin } = twiddles(n);
  const bits = Math.log2(n);
  const reversed = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    let r = 0;
    for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    reversed[i] = r;
  }
  return (re, im, inverse) => {
    for (let i = 0; i < n; i++) {
      const j = reversed[i];
      if (j > i) {
        [re[i], re[j]] = [re[j], re[i]];
        [im[i], im[j]] = [im[j], im[i]];
      }
    }
    const sign = inverse ? -1 : 1;
    for (let size = 2; size <= n; size *= 2) {
      const half = size / 2;
      const step = n / size;
      for (let start = 0; start < n; start += size) {
        for (let j = 0; j < half; j++) {
          const wr = cos[j * step];
          const wi = sign * sin[j * step];
          const p = start + j;
          const q = p + half;
          const tr = mulRe(re[q], im[q], wr, wi);
          const ti = mulIm(re[q], im[q], wr, wi);
          re[q] = re[p] - tr;
          im[q] = im[p] - ti;
          re[p] += tr;
          im[p] += ti;
        }
      }
    }
  };
}

function direct(n: number): Dft {
  const { cos, sin } = twiddles(n);
  const outRe = new Float64Array(n);
  const outIm = new Float64Array(n);
  return (re, im, inverse) => {
    const sign = inverse ? -1 : 1;
    for (let k = 0; k < n; k++) {
      let sr = 0;
      let si = 0;
      for (let j = 0; j < n; j++) {
        const m = (j * k) % n;
        const wr = cos[m];
        const wi = sign * sin[m];
        sr += mulRe(re[j], im[j], wr, wi);
        si += mulIm(re[j], im[j], wr, wi);
      }
      outRe[k] = sr;
      outIm[k] = si;
    }
    re.set(outRe);
    im.set(outIm);
  };
}

/** X[k] = w[k] sum_j (x[j] w[j]) conj(w[k-j]) with the chirp w[j] = e^(-pi i j^2/n): a convolution done by FFTs of a power-of-two size. */
function bluestein(n: number): Dft {
  let size = 1;
  while (size < 2 * n - 1) size *= 2;
  const fft = radix2(size);
  const wr = new Float64Array(n);
  const wi = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    // j^2 mod 2n keeps the angle small and exact.
    const angle = (Math.PI * ((j * j) % (2 * n))) / n;
    wr[j] = Math.cos(angle);
    wi[j] = -Math.sin(angle);
  }
  // The transformed conjugate chirp, laid out circularly for indices -(n-1)..(n-1).
  const br = new Float64Array(size);
  const bi = new Float64Array(size);
  for (let m = 0; m < n; m++) {
    br[m] = wr[m];
    bi[m] = -wi[m];
    if (m > 0) {
      br[size - m] = wr[m];
      bi[size - m] = -wi[m];
    }
  }
  fft(br, bi, false);
  const ar = new Float64Array(size);
  const ai = new Float64Array(size);
  return (re, im, inverse) => {
    // The inverse is the conjugate of the forward transform of the conjugate.
    const s = inverse ? -1 : 1;
    ar.fill(0);
    ai.fill(0);
    for (let j = 0; j < n; j++) {
      const xr = re[j];
      const xi = s * im[j];
      ar[j] = xr * wr[j] - xi * wi[j];
      ai[j] = xr * wi[j] + xi * wr[j];
    }
    fft(ar, ai, false);
    for (let m = 0; m < size; m++) {
      const r = ar[m] * br[m] - ai[m] * bi[m];
      ai[m] = ar[m] * bi[m] + ai[m] * br[m];
      ar[m] = r;
    }
    fft(ar, ai, true);
    for (let k = 0; k < n; k++) {
      const cr = ar[k] / size;
      const ci = ai[k] / size;
      re[k] = cr * wr[k] - ci * wi[k];
      im[k] = s * (cr * wi[k] + ci * wr[k]);
    }
  };
}
