/**
 * Integer power as XLA's CPU backend computes it (numerics "xla-cpu"), on
 * types stored one float64 per element and on s64/u64 bigints. XLA's
 * HloEvaluator's own is kernels/elementwise/binary.ts evaluatorIntegerPower
 * and bigint.ts.
 */
import { ELEMENT_TYPE_INFO, type ElementType } from "@minixla/hlo";
import { type Big2, powBySquaring } from "../../kernels/elementwise/bigint.ts";
import type { Scalar2 } from "../../kernels/elementwise/loops.ts";

/** base^exponent for 0 <= exponent < 64, by squaring, wrapping at 32 bits (the normalizer narrows). */
function ipow32(base: number, exponent: number): number {
  let e = exponent;
  let r = 1;
  let b = base | 0;
  while (e > 0) {
    if (e & 1) r = Math.imul(r, b);
    b = Math.imul(b, b);
    e >>>= 1;
  }
  return r;
}

/**
 * Integer power as XLA's CPU backend computes it (the conformance corpora's
 * ground truth; every rule checked there): 1 when lhs == 1 or rhs == 0; the
 * exponent is read as a signed number of the type's width, so for unsigned
 * types an exponent with the top bit set counts as negative (u32 3^(2^31+1)
 * = 0); a negative exponent gives 1 or -1 for base -1 (all ones for unsigned
 * types) by its parity, else 0; otherwise squaring runs over the exponent's
 * low 6 bits only (XLA's emitter stops there, since 2^64 already overflows),
 * so the result is lhs^(rhs mod 64), wrapped: s32 3^(2^31-1) = 3^63, s64 2^64
 * = 1. (XLA's HloEvaluator, which constant folding uses, differs: it computes
 * the exact power, reads unsigned exponents as unsigned and gives 0 for
 * (-1)^-1.)
 */
export function integerPower(t: ElementType): Scalar2 {
  const w = ELEMENT_TYPE_INFO[t].bitWidth;
  const m = 2 ** w;
  const half = m / 2;
  const signed = (x: number): number => (x >= half ? x - m : x);
  const allOnes = ELEMENT_TYPE_INFO[t].kind === "unsigned" ? m - 1 : -1;
  return (a, b) => {
    if (a === 1 || b === 0) return 1;
    const e = signed(b);
    if (e < 0) return signed(a) === -1 ? (e % 2 === 0 ? 1 : allOnes) : 0;
    return ipow32(a, e % 64);
  };
}

/**
 * Integer power as XLA's CPU backend computes it (see integerPower
 * above): 1 when lhs == 1 or rhs == 0; the exponent read as s64 (so a u64
 * exponent of 2^63 or more counts as negative); a negative exponent gives
 * +-1 for base -1 (all ones for u64) by parity, else 0; otherwise
 * lhs^(rhs mod 64) by squaring, wrapped at 64 bits (XLA's emitter squares over
 * the exponent's low 6 bits only: s64 2^64 = 1, 3^64 = 1).
 */
export function integerPower64(signed: boolean): Big2 {
  const wrap = signed ? (v: bigint) => BigInt.asIntN(64, v) : (v: bigint) => BigInt.asUintN(64, v);
  return (a, b) => {
    if (a === 1n || b === 0n) return 1n;
    const e0 = BigInt.asIntN(64, b);
    if (e0 < 0n) return BigInt.asIntN(64, a) === -1n ? (e0 & 1n ? -1n : 1n) : 0n;
    return powBySquaring(a, e0 & 63n, wrap);
  };
}

