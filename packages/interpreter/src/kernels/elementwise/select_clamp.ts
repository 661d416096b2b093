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

export const clampInteger: Scalar3 = (lo, x, hi) => {
  const m = x < lo ? lo : x;
  return m < hi ? m : hi;
};
