/**
 * XLA CPU's ordering of float ±0 in maximum, minimum and clamp (numerics
 * "xla-cpu"): -0 below +0, as LLVM's llvm.maximum/llvm.minimum order them;
 * XLA's HloEvaluator treats the two zeros as equal (kernels/elementwise/binary.ts,
 * select_clamp.ts).
 */
import type { Scalar2, Scalar3 } from "../../kernels/elementwise/loops.ts";

/**
 * XLA's CPU backend orders -0 below +0 in maximum and minimum (IEEE 754
 * maximum/minimum, as LLVM's llvm.maximum): max(-0, +0) = max(+0, -0) = +0,
 * min of them -0, in either order (checked on f16, bf16, f32, f64).
 */
export const signedZeroMax: Scalar2 = (a, b) => (a !== a ? a : b !== b ? b : a < b ? b : a > b ? a : Object.is(a, -0) ? b : a);
export const signedZeroMin: Scalar2 = (a, b) => (a !== a ? a : b !== b ? b : b < a ? b : b > a ? a : Object.is(a, -0) ? a : b);

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

