/**
 * The ternary element-wise ops. select picks on_true or on_false per element,
 * or wholesale when its pred is a scalar. clamp(lo, x, hi) returns lo, x or hi
 * if that one is NaN (checked in that order), else min(hi, max(x, lo)) with
 * std::min/std::max (so lo > hi yields hi); lo and hi may be scalars.
 */
import type { Scalar3 } from "./loops.ts";

export const selectScalar: Scalar3 = (p, t, f) => (p !== 0 ? t : f);

export const clampFloat: Scalar3 = (lo, x, hi) => {
  if (lo !== lo) return lo;
  if (x !== x) return x;
  if (hi !== hi) return hi;
  const m = x < lo ? lo : x;
  return m < hi ? m : hi;
};

/**
 * clamp as XLA's CPU backend computes it (numerics "xla-cpu", after its
 * denormal flush): max(x, lo) then min with hi, ordering -0 below +0 as its
 * maximum and minimum do: clamp(-0, -4, +0) = -0, clamp(-1, +0, -0) = -0
 * (the latter found by the differential fuzzer as f32
 * clamp(-1, 1.4e-45, -5.9e-39), both flushed).
 */
export const clampFloatXlaCpu: Scalar3 = (lo, x, hi) => {
  if (lo !== lo) return lo;
  if (x !== x) return x;
  if (hi !== hi) return hi;
  const m = below(x, lo) ? lo : x;
  return below(hi, m) ? hi : m;
};

/** a < b, with -0 below +0. */
function below(a: number, b: number): boolean {
  return a < b || (a === 0 && b === 0 && 1 / a < 0 && 1 / b > 0);
}

export const clampInteger: Scalar3 = (lo, x, hi) => {
  const m = x < lo ? lo : x;
  return m < hi ? m : hi;
};
