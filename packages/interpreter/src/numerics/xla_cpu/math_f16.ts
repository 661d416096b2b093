/**
 * XLA's CPU backend's f16 logistic and expm1. XLA computes most f16
 * transcendental ops as the f32 function on the widened operand, rounded
 * once to f16 (math_f32.ts), but these two it emits in f16 itself:
 * every add, multiply and divide of the elemental formula rounds to f16
 * (LLVM promotes each to f32 and truncates back), with only exp and tanh
 * taken in f32 (read from the jaxlib 0.10.2 --xla_dump_to IR). bf16 ops
 * are all widened to f32 whole, so they need nothing here. Operands and
 * results are numbers holding f16 values.
 */
import { roundToF16 } from "@minixla/hlo";
import { xlaCpuExpF32, xlaCpuTanhF32 } from "./math_f32.ts";

const h = roundToF16;

/** f16 logistic: 1 / (1 + h(exp_f32(-x))), the + and / rounded to f16 (XLA's elemental logistic in f16). */
export function xlaCpuLogisticF16(x: number): number {
  const e = h(xlaCpuExpF32(-x));
  return h(1 / h(1 + e));
}

/**
 * f16 expm1: exp is the C library's expf here (LLVM's f16 exp intrinsic,
 * promoted; taken as Math.exp rounded to f32), then h(e - 1) for |x| > 0.5,
 * else h(h(e + 1) · h(tanh_f32(h(x/2)))); x itself when x/2 is zero.
 */
export function xlaCpuExpm1F16(x: number): number {
  const half = h(x * 0.5);
  if (half === 0) return x;
  const e = h(Math.fround(Math.exp(x)));
  if (Math.abs(x) > 0.5) return h(e - 1);
  return h(h(e + 1) * h(xlaCpuTanhF32(half)));
}
