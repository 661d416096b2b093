/**
 * Small queries that rewrite rules share: the single value a constant (or a
 * broadcast of one) holds everywhere, element-kind tests, and permutation
 * helpers.
 */
import { isFloatType } from "../element_type.ts";
import type { HloInstruction } from "../instruction.ts";
import { isTupleLiteral } from "../literal.ts";
import { isArrayShape, type Shape } from "../shape.ts";
import type { RewriteContext } from "./rewrite.ts";

const uniformCache = new WeakMap<Float64Array, number | null>();

/** The value every element of `data` holds (compared with Object.is, so -0 and 0 differ), or null. */
function uniformOf(data: Float64Array): number | null {
  const cached = uniformCache.get(data);
  if (cached !== undefined) return cached;
  let v: number | null = data.length > 0 ? data[0] : null;
  for (let i = 1; i < data.length && v !== null; i++) if (!Object.is(data[i], v)) v = null;
  uniformCache.set(data, v);
  return v;
}

/**
 * The value every element of operand `name` holds, if it is a constant or a
 * chain of broadcasts/reshapes of one whose elements are all equal; undefined otherwise.
 */
export function uniformValue(ctx: RewriteContext, name: string): number | undefined {
  let inst = ctx.get(name);
  for (let depth = 0; inst !== undefined && depth < 64; depth++) {
    if (inst.opcode === "constant") {
      const l = inst.attributes.literal;
      if (isTupleLiteral(l as never)) return undefined;
      const v = uniformOf((l as { readonly data: Float64Array }).data);
      return v === null ? undefined : v;
    }
    if (inst.opcode !== "broadcast" && inst.opcode !== "reshape") return undefined;
    inst = ctx.get(inst.operands[0]);
  }
  return undefined;
}

export const isFloatShape = (s: Shape): boolean => isArrayShape(s) && isFloatType(s.elementType);

/** The additive identity that is exact for every x: -0 for floats (x + -0 == x even for x = -0), 0 otherwise. */
export function isExactAdditiveIdentity(inst: HloInstruction, v: number | undefined): boolean {
  return v !== undefined && (isFloatShape(inst.shape) ? Object.is(v, -0) : v === 0);
}

/** The subtrahend that is exact for every x: +0 for floats (x - 0 == x + -0), 0 otherwise. */
export function isExactSubtractiveIdentity(inst: HloInstruction, v: number | undefined): boolean {
  return v !== undefined && (isFloatShape(inst.shape) ? Object.is(v, 0) : v === 0);
}

export const isIdentityPermutation = (p: readonly number[]): boolean => p.every((d, i) => d === i);

/** The instruction operand `i` of `inst` currently names, with a given opcode, or undefined. */
export function operandOf<K extends HloInstruction["opcode"]>(
  ctx: RewriteContext,
  inst: HloInstruction,
  i: number,
  opcode: K,
): Extract<HloInstruction, { opcode: K }> | undefined {
  const o = ctx.get(inst.operands[i]);
  return o !== undefined && o.opcode === opcode ? (o as Extract<HloInstruction, { opcode: K }>) : undefined;
}
