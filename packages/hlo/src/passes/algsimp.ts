/**
 * algsimp: the algebraic simplifier, a list of small named rewrite rules, each
 * exact for every input (NaN, ±0, ±inf, integer wrap-around included): a rule
 * that holds only for most values (x*0 -> 0 for floats, x+0 -> x for floats)
 * is deliberately absent.
 */
import { ELEMENT_TYPE_INFO } from "../element_type.ts";
import type { HloInstruction } from "../instruction.ts";
import { hasTrait } from "../opcode.ts";
import { isArrayShape, sameDimensions } from "../shape.ts";
import {
  isExactAdditiveIdentity,
  isExactSubtractiveIdentity,
  isFloatShape,
  isIdentityPermutation,
  operandOf,
  uniformValue,
} from "./rule_helpers.ts";
import { type RewriteContext, type RewriteRule, rewritePass } from "./rewrite.ts";

type Rule = RewriteRule["apply"];
const rule = (name: string, apply: Rule): RewriteRule => ({ name, apply });

/** Operand i's shape, via the context. */
const dimsOf = (ctx: RewriteContext, name: string): readonly number[] | undefined => {
  const s = ctx.get(name)?.shape;
  return s !== undefined && isArrayShape(s) ? s.dimensions : undefined;
};
const value = (ctx: RewriteContext, inst: HloInstruction, i: number) => uniformValue(ctx, inst.operands[i]);
const isOp = (inst: HloInstruction, ...ops: readonly HloInstruction["opcode"][]) => ops.includes(inst.opcode);
/** Same operand twice. */
const sameOperands = (inst: HloInstruction) => inst.operands.length === 2 && inst.operands[0] === inst.operands[1];

/** The algebraic simplifier's rules, each exact for NaN, ±0, ±inf and integer wrap. */
export const ALGSIMP_RULES: readonly RewriteRule[] = [
  // x + (-0) -> x and (-0) + x -> x for floats; x + 0 -> x for integers. (x + (+0) is not exact for x = -0.)
  rule("add-identity", (i, c) => !isOp(i, "add") ? undefined
    : isExactAdditiveIdentity(i, value(c, i, 1)) ? i.operands[0] : isExactAdditiveIdentity(i, value(c, i, 0)) ? i.operands[1] : undefined),
  // x - (+0) -> x for floats (x - 0 == x + (-0)); x - 0 -> x for integers.
  rule("subtract-identity", (i, c) => (isOp(i, "subtract") && isExactSubtractiveIdentity(i, value(c, i, 1)) ? i.operands[0] : undefined)),
  // x * 1 -> x and 1 * x -> x (exact for NaN, ±0, ±inf).
  rule("multiply-one", (i, c) => !isOp(i, "multiply") ? undefined : value(c, i, 1) === 1 ? i.operands[0] : value(c, i, 0) === 1 ? i.operands[1] : undefined),
  // x * 0 -> 0 for integers and pred only (for floats NaN*0, inf*0 and -x*0 differ from +0).
  rule("multiply-zero-integer", (i, c) => !isOp(i, "multiply") || isFloatShape(i.shape) ? undefined
    : value(c, i, 1) === 0 ? i.operands[1] : value(c, i, 0) === 0 ? i.operands[0] : undefined),
  // x / 1 -> x.
  rule("divide-one", (i, c) => (isOp(i, "divide") && value(c, i, 1) === 1 ? i.operands[0] : undefined)),
  // x | 0 -> x, x ^ 0 -> x (integers and pred), both operand orders.
  rule("or-xor-zero", (i, c) => !isOp(i, "or", "xor") ? undefined : value(c, i, 1) === 0 ? i.operands[0] : value(c, i, 0) === 0 ? i.operands[1] : undefined),
  // x & 0 -> 0 (integers and pred).
  rule("and-zero", (i, c) => !isOp(i, "and") ? undefined : value(c, i, 1) === 0 ? i.operands[1] : value(c, i, 0) === 0 ? i.operands[0] : undefined),
  // p & true -> p for pred.
  rule("and-true", (i, c) => !isOp(i, "and") || !isPred(i) ? undefined : value(c, i, 1) === 1 ? i.operands[0] : value(c, i, 0) === 1 ? i.operands[1] : undefined),
  // max(x, lowest) -> x and min(x, highest) -> x (∓inf for floats, where a NaN x still propagates).
  rule("max-lowest-min-highest", (i, c) => {
    const bound = isOp(i, "maximum") ? extremum(i, "lowest") : isOp(i, "minimum") ? extremum(i, "highest") : undefined;
    if (bound === undefined) return undefined;
    return value(c, i, 1) === bound ? i.operands[0] : value(c, i, 0) === bound ? i.operands[1] : undefined;
  }),
  // and(x, x), or(x, x), max(x, x), min(x, x) -> x.
  rule("idempotent-binary", (i) => (isOp(i, "and", "or", "maximum", "minimum") && sameOperands(i) ? i.operands[0] : undefined)),
  // -(-x) -> x (exact for floats, and for integers under wrap-around).
  rule("negate-negate", (i, c) => (isOp(i, "negate") ? operandOf(c, i, 0, "negate")?.operands[0] : undefined)),
  // not(not(x)) -> x (pred and bitwise integer not).
  rule("not-not", (i, c) => (isOp(i, "not") ? operandOf(c, i, 0, "not")?.operands[0] : undefined)),
  // copy(x) -> x (values are logical; layouts do not change them).
  rule("copy-removed", (i) => (isOp(i, "copy") ? i.operands[0] : undefined)),
  // convert(x: T) -> x when the result type is T.
  rule("convert-same-type", (i, c) => (isOp(i, "convert") && c.get(i.operands[0])?.shape.elementType === i.shape.elementType ? i.operands[0] : undefined)),
  // reshape(x) -> x when the dimensions do not change.
  rule("reshape-noop", (i, c) => (isOp(i, "reshape") && sameShapeAsOperand(c, i) ? i.operands[0] : undefined)),
  // reshape(reshape(x)) -> reshape(x).
  rule("reshape-reshape", (i, c) => {
    const inner = isOp(i, "reshape") ? operandOf(c, i, 0, "reshape") : undefined;
    return inner ? { ...i, operands: [inner.operands[0]] } : undefined;
  }),
  // reshape(broadcast(scalar)) -> broadcast(scalar) to the reshape's shape.
  rule("reshape-of-scalar-broadcast", (i, c) => {
    const inner = isOp(i, "reshape") ? operandOf(c, i, 0, "broadcast") : undefined;
    if (!inner || dimsOf(c, inner.operands[0])?.length !== 0) return undefined;
    return { name: i.name, opcode: "broadcast", operands: inner.operands, shape: i.shape, attributes: { dimensions: [] }, called: [] };
  }),
  // transpose(x, identity) -> x.
  rule("transpose-identity", (i) => (i.opcode === "transpose" && isIdentityPermutation(i.attributes.dimensions) ? i.operands[0] : undefined)),
  // transpose(transpose(x, p), q) -> transpose(x, p∘q), where (p∘q)[k] = p[q[k]].
  rule("transpose-transpose", (i, c) => {
    const inner = i.opcode === "transpose" ? operandOf(c, i, 0, "transpose") : undefined;
    if (!inner || i.opcode !== "transpose") return undefined;
    const composed = i.attributes.dimensions.map((q) => inner.attributes.dimensions[q]);
    return isIdentityPermutation(composed) ? inner.operands[0] : { ...i, operands: [inner.operands[0]], attributes: { dimensions: composed } };
  }),
  // broadcast(x, 0..r-1) -> x when the shape does not change.
  rule("broadcast-identity", (i, c) =>
    i.opcode === "broadcast" && isIdentityPermutation(i.attributes.dimensions) && sameShapeAsOperand(c, i) ? i.operands[0] : undefined),
  // broadcast(broadcast(x, d1), d2) -> broadcast(x, d2∘d1), where (d2∘d1)[k] = d2[d1[k]].
  rule("broadcast-broadcast", (i, c) => {
    const inner = i.opcode === "broadcast" ? operandOf(c, i, 0, "broadcast") : undefined;
    if (!inner || i.opcode !== "broadcast") return undefined;
    const outer = i.attributes.dimensions;
    return { ...i, operands: [inner.operands[0]], attributes: { dimensions: inner.attributes.dimensions.map((d) => outer[d]) } };
  }),
  // slice(x) -> x when it starts at 0 and keeps every dimension's size.
  rule("slice-noop", (i, c) => (i.opcode === "slice" && i.attributes.starts.every((s) => s === 0) && sameShapeAsOperand(c, i) ? i.operands[0] : undefined)),
  // pad(x, v) -> x when no padding is added (interior padding only between elements that exist).
  rule("pad-noop", (i, c) => {
    if (i.opcode !== "pad") return undefined;
    const dims = dimsOf(c, i.operands[0]);
    const none = dims !== undefined && i.attributes.padding.every((p, k) => p.low === 0 && p.high === 0 && (p.interior === 0 || dims[k] <= 1));
    return none ? i.operands[0] : undefined;
  }),
  // reverse(x) -> x when every reversed dimension has at most one element.
  rule("reverse-noop", (i, c) => {
    const dims = i.opcode === "reverse" ? dimsOf(c, i.operands[0]) : undefined;
    return i.opcode === "reverse" && dims !== undefined && i.attributes.dimensions.every((d) => dims[d] <= 1) ? i.operands[0] : undefined;
  }),
  // concatenate(x) -> x.
  rule("concatenate-single", (i) => (isOp(i, "concatenate") && i.operands.length === 1 ? i.operands[0] : undefined)),
  // select(true, a, b) -> a; select(false, a, b) -> b.
  rule("select-constant-pred", (i, c) => {
    const p = isOp(i, "select") ? value(c, i, 0) : undefined;
    return p === undefined ? undefined : p !== 0 ? i.operands[1] : i.operands[2];
  }),
  // f(broadcast(a), broadcast(b), ...) -> broadcast(f(a, b, ...)) for element-wise f on scalar broadcasts.
  rule("elementwise-of-scalar-broadcasts", (i, c) => {
    if (!hasTrait(i.opcode, "elementwise") || !isArrayShape(i.shape) || i.shape.dimensions.length === 0) return undefined;
    const result = i.shape.dimensions;
    const scalars: string[] = [];
    for (const o of i.operands) {
      const b = c.get(o);
      // Each broadcast must have the result's dimensions: bitcast-convert between widths adds or drops one.
      if (b?.opcode !== "broadcast" || dimsOf(c, b.operands[0])?.length !== 0 || !sameDimensions(dimsOf(c, o) ?? [], result)) return undefined;
      scalars.push(b.operands[0]);
    }
    const { broadcastDimensions: _dropped, ...attributes } = i.attributes as { readonly broadcastDimensions?: readonly number[] };
    const scalarOp = { ...i, name: c.fresh(i.opcode), operands: scalars, shape: { elementType: i.shape.elementType, dimensions: [] }, attributes } as HloInstruction;
    const broadcast: HloInstruction = { name: i.name, opcode: "broadcast", operands: [scalarOp.name], shape: i.shape, attributes: { dimensions: [] }, called: [] };
    return [scalarOp, broadcast];
  }),
];

/** The identity of maximum (lowest value) or minimum (highest value) for the result type: ∓inf for floats. */
function extremum(inst: HloInstruction, which: "lowest" | "highest"): number | undefined {
  const t = inst.shape.elementType;
  if (t === "tuple") return undefined;
  const info = ELEMENT_TYPE_INFO[t];
  if (info.kind === "float") return which === "lowest" ? -Infinity : Infinity;
  return which === "lowest" ? info.min : info.max;
}

function isPred(inst: HloInstruction): boolean {
  return inst.shape.elementType === "pred";
}

function sameShapeAsOperand(ctx: RewriteContext, inst: HloInstruction): boolean {
  const d = dimsOf(ctx, inst.operands[0]);
  return d !== undefined && isArrayShape(inst.shape) && sameDimensions(d, inst.shape.dimensions);
}

/** The algebraic simplifier: ALGSIMP_RULES run to a fixed point. */
export const algsimp = rewritePass("algsimp", "algebraic simplifier: small named rules, each exact for NaN, ±0, ±inf and integer wrap", ALGSIMP_RULES);
