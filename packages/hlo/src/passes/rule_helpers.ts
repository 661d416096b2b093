/**
 * Small queries that rewrite rules share: the single value a constant (or a
 * broadcast of one) holds everywhere, element-kind tests, and permutation
 * helpers.
 */
import { type ElementType, isComplexType, isFloatType } from "../element_type.ts";
import type { HloInstruction } from "../instruction.ts";
import { type LiteralData, isTupleLiteral } from "../literal.ts";
import { isArrayShape, type Shape } from "../shape.ts";
import type { RewriteContext } from "./rewrite.ts";

const uniformCache = new WeakMap<LiteralData, number | null>();

/**
 * The value every element of `data` holds (compared with Object.is, so -0 and
 * 0 differ), or null. A 64-bit integer counts only when a double holds it
 * exactly, so that no rule mistakes 2^63 - 2 for the type's maximum.
 */
function uniformOf(data: LiteralData): number | null {
  const cached = uniformCache.get(data);
  if (cached !== undefined) return cached;
  let v: number | null = null;
  if (data instanceof Float64Array) {
    v = data.length > 0 ? data[0] : null;
    for (let i = 1; i < data.length && v !== null; i++) if (!Object.is(data[i], v)) v = null;
  } else if (data.length > 0) {
    const first = data[0];
    let same = true;
    for (let i = 1; i < data.length && same; i++) same = data[i] === first;
    v = same && BigInt(Number(first)) === first ? Number(first) : null;
  }
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
      // An elided constant's placeholder zeros are not its values.
      if (inst.attributes.elided === true) return undefined;
      const l = inst.attributes.literal;
      // Complex values are pairs; no rule takes one as a single number.
      if (isTupleLiteral(l as never) || isComplexType(inst.shape.elementType as ElementType)) return undefined;
      const v = uniformOf((l as { readonly data: LiteralData }).data);
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
