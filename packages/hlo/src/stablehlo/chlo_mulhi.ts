/**
 * chlo.mulhi (the high half of an integer product) as StableHLO's CHLO
 * legalization writes it: below 64 bits, the product in the type of twice
 * the width shifted right by the width (arithmetic for signed, logical for
 * unsigned) and converted back; u64 from four 32-bit partial products with
 * their carries; s64 as u64's high half corrected for the signs (minus b
 * where a < 0, minus a where b < 0).
 */
import type { ElementType } from "../element_type.ts";
import { Elementwise, elementOf } from "./chlo_decompositions.ts";
import type { Comp, Val } from "./emitter.ts";
import type { MlirToken } from "./lexer.ts";
import type { MlirType } from "./types.ts";

/** Each integer type below 64 bits, its width and the type of twice that width. */
const WIDENED: Readonly<Partial<Record<ElementType, { readonly wide: ElementType; readonly bits: number; readonly signed: boolean }>>> = {
  s8: { wide: "s16", bits: 8, signed: true }, s16: { wide: "s32", bits: 16, signed: true }, s32: { wide: "s64", bits: 32, signed: true },
  u8: { wide: "u16", bits: 8, signed: false }, u16: { wide: "u32", bits: 16, signed: false }, u32: { wide: "u64", bits: 32, signed: false },
};

/** u64's high half from 32-bit halves: p3 + (mid1 >> 32) + (mid2 >> 32). */
function mulhiU64(e: Elementwise, a: Val, b: Val): Val {
  const k32 = e.literal("u64", "32");
  const mask = e.literal("u64", "4294967295");
  const shr = (x: Val) => e.bin("shift-right-logical", x, k32);
  const aHi = shr(a);
  const bHi = shr(b);
  const aLo = e.and(a, mask);
  const bLo = e.and(b, mask);
  const p3 = e.mul(aHi, bHi);
  const mid1 = e.add(e.mul(aLo, bHi), shr(e.mul(aLo, bLo)));
  const mid2 = e.add(e.mul(aHi, bLo), e.and(mid1, mask));
  return e.add(e.add(p3, shr(mid1)), shr(mid2));
}

/** Writes chlo.mulhi of `operands` into `comp` (an integer type of the result's shape). */
export function decomposeMulhi(comp: Comp, operands: readonly Val[], resultType: MlirType, at: MlirToken | number): Val {
  const fail = (why: string) => comp.out.lx.error(at, `chlo.mulhi ${why}`);
  if (operands.length !== 2) throw fail(`takes 2 operands, not ${operands.length}`);
  if (resultType.kind !== "tensor") throw fail("needs a tensor result");
  const dims = resultType.dims.join("x");
  for (const o of operands) {
    if (o.type.kind !== "tensor" || o.type.elementType !== resultType.elementType || o.type.dims.join("x") !== dims) throw fail("needs operands of its result type");
  }
  const et = resultType.elementType;
  const e = new Elementwise(comp, resultType.dims, at);
  const [a, b] = operands;
  const widened = WIDENED[et];
  if (widened !== undefined) {
    const product = e.mul(e.convert(a, widened.wide), e.convert(b, widened.wide));
    const shifted = e.bin(widened.signed ? "shift-right-arithmetic" : "shift-right-logical", product, e.literal(widened.wide, String(widened.bits)));
    return e.convert(shifted, et);
  }
  if (et === "u64") return mulhiU64(e, a, b);
  if (et === "s64") {
    const ua = e.convert(a, "u64");
    const ub = e.convert(b, "u64");
    const zero = e.literal("s64", "0");
    const uZero = e.literal("u64", "0");
    const hi = mulhiU64(e, ua, ub);
    const minusB = e.select(e.cmp(a, zero, "LT"), e.convert(b, "u64"), uZero);
    const minusA = e.select(e.cmp(b, zero, "LT"), e.convert(a, "u64"), uZero);
    return e.convert(e.sub(e.sub(hi, minusB), minusA), "s64");
  }
  throw fail(`needs an integer operand, not ${elementOf(a)}`);
}
