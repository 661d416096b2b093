/**
 * Complex acos, asin, acosh, asinh, atanh, cosh and sinh in float64, for
 * c64 and c128 (XLA's evaluator calls std::acos etc. on std::complex). The
 * inverse functions use Kahan's formulas ("Branch Cuts for Complex Elementary
 * Functions", 1987), built from square roots of 1 ± z so the branch cuts and
 * the signs of zero come out as C99 Annex G has them (acos(0) = π/2 - 0i,
 * atanh(±1) = ±inf); cosh and sinh are the textbook product forms. c64
 * results are rounded from these float64 values, so they can differ from
 * complex<float> code in the last bit.
 */

/** A complex result (real, imaginary). */
export type Complex = readonly [number, number];

/** The principal square root with C99's signed zeros: sqrt(x ± 0i) keeps the sign of the zero. */
export function csqrt(x: number, y: number): Complex {
  if (x === 0 && y === 0) return [0, y];
  if (y === Infinity || y === -Infinity) return [Infinity, y];
  if (Number.isNaN(x) || Number.isNaN(y)) return [Number.NaN, Number.NaN];
  // Scale to keep |x| + hypot(x, y) from overflowing.
  const scale = Math.abs(x) > 1e300 || Math.abs(y) > 1e300 ? 0.25 : 1;
  const t = Math.sqrt((Math.abs(x * scale) + Math.hypot(x * scale, y * scale)) / 2) / Math.sqrt(scale);
  if (x >= 0) return [t, y / (2 * t)];
  return [Math.abs(y) / (2 * t), y < 0 || Object.is(y, -0) ? -t : t];
}

/** acos(z) = 2·atan(Re√(1−z) / Re√(1+z)) − i·asinh(Im(conj(√(1+z))·√(1−z))). */
export function cacos(x: number, y: number): Complex {
  const [a, b] = csqrt(1 - x, -y);
  const [c, d] = csqrt(1 + x, y);
  return [2 * Math.atan2(a, c), Math.asinh(c * b - d * a)];
}

/** asin(z) = atan(x / Re(√(1−z)·√(1+z))) + i·asinh(Im(conj(√(1−z))·√(1+z))). */
export function casin(x: number, y: number): Complex {
  const [a, b] = csqrt(1 - x, -y);
  const [c, d] = csqrt(1 + x, y);
  return [Math.atan2(x, a * c - b * d), Math.asinh(a * d - b * c)];
}

/** acosh(z) = asinh(Re(conj(√(z−1))·√(z+1))) + 2i·atan(Im√(z−1) / Re√(z+1)). */
export function cacosh(x: number, y: number): Complex {
  const [a, b] = csqrt(x - 1, y);
  const [c, d] = csqrt(x + 1, y);
  return [Math.asinh(a * c + b * d), 2 * Math.atan2(b, c)];
}

/** asinh(z) = −i·asin(i·z). */
export function casinh(x: number, y: number): Complex {
  const [a, b] = casin(-y, x);
  return [b, -a];
}

/**
 * atanh(z) = ¼·log1p(4x / ((1−x)² + y²)) + ½i·atan2(2y, (1−x)(1+x) − y²):
 * the real part stays accurate near 0 and gives ±inf at ±1.
 */
export function catanh(x: number, y: number): Complex {
  const real = 0.25 * Math.log1p((4 * x) / ((1 - x) * (1 - x) + y * y));
  return [real, 0.5 * Math.atan2(2 * y, (1 - x) * (1 + x) - y * y)];
}

/** cosh(x + iy) = cosh x·cos y + i·sinh x·sin y (a zero y keeps the sign rules of the products). */
export function ccosh(x: number, y: number): Complex {
  if (y === 0) return [Math.cosh(x), Math.sinh(x) * y];
  return [Math.cosh(x) * Math.cos(y), Math.sinh(x) * Math.sin(y)];
}

/** sinh(x + iy) = sinh x·cos y + i·cosh x·sin y. */
export function csinh(x: number, y: number): Complex {
  if (y === 0) return [Math.sinh(x), Math.cosh(x) * y];
  return [Math.sinh(x) * Math.cos(y), Math.cosh(x) * Math.sin(y)];
}
