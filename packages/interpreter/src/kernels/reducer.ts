/**
 * Applying a called scalar computation (a reducer, a scatter combiner, a
 * comparator) to plain numbers. `scalarCaller` is the general path: it wraps
 * the numbers as scalar literals and evaluates the computation through the
 * context. `simpleReducer` recognises the common case of a computation that
 * is one add/multiply/maximum/minimum/and/or of its two scalar parameters and
 * returns the scalar function itself, with the same semantics the
 * computation would have (same operand order, NaN-propagating max/min that
 * keep the lhs on ties, the element type's rounding or wrap after the step),
 * so kernels can skip a call per element without changing a single bit.
 */
import {
  ELEMENT_TYPE_INFO,
  type ElementType,
  EvalError,
  type Literal,
  isTupleLiteral,
  shapeToString,
} from "@minixla/hlo";
import type { EvalContext } from "../kernel.ts";
import { scalarOf } from "./view.ts";

export type ReducerOp = "add" | "multiply" | "maximum" | "minimum" | "and" | "or";

export interface SimpleReducer {
  readonly op: ReducerOp;
  readonly elementType: ElementType;
  /** The computation's value for parameter values (p0, p1). */
  readonly apply: (p0: number, p1: number) => number;
}

const REDUCER_OPS: ReadonlySet<string> = new Set<ReducerOp>(["add", "multiply", "maximum", "minimum", "and", "or"]);

/** 64-bit integer results beyond 2^53 go through BigInt, wrapped at 64 bits. */
function wide(t: ElementType, x: bigint): number {
  const wrapped = t === "u64" ? BigInt.asUintN(64, x) : BigInt.asIntN(64, x);
  return ELEMENT_TYPE_INFO[t].normalize(Number(wrapped));
}

/** The scalar function of op on element type t, as XLA's evaluator computes it. */
export function scalarOp(op: ReducerOp, t: ElementType): (a: number, b: number) => number {
  const info = ELEMENT_TYPE_INFO[t];
  const norm = info.normalize;
  const isInt = info.kind === "signed" || info.kind === "unsigned";
  const is64 = isInt && info.bitWidth === 64;
  switch (op) {
    case "add":
      if (t === "pred") return (a, b) => (a !== 0 || b !== 0 ? 1 : 0);
      return (a, b) => norm(a + b);
    case "multiply":
      if (t === "pred") return (a, b) => (a !== 0 && b !== 0 ? 1 : 0);
      if (is64) {
        return (a, b) => {
          const p = a * b;
          return Number.isSafeInteger(p) ? norm(p) : wide(t, BigInt(a) * BigInt(b));
        };
      }
      if (isInt && info.bitWidth === 32) return (a, b) => norm(Math.imul(a, b));
      return (a, b) => norm(a * b);
    case "maximum":
      // NaN in lhs, then rhs, propagates; std::max keeps the lhs on ties.
      return (a, b) => (a !== a ? a : b !== b ? b : a < b ? b : a);
    case "minimum":
      return (a, b) => (a !== a ? a : b !== b ? b : b < a ? b : a);
    case "and":
      if (t === "pred") return (a, b) => (a !== 0 && b !== 0 ? 1 : 0);
      if (is64) return (a, b) => wide(t, BigInt(a) & BigInt(b));
      if (!isInt) throw new EvalError(`and is not defined on ${t}`);
      return (a, b) => norm(a & b);
    case "or":
      if (t === "pred") return (a, b) => (a !== 0 || b !== 0 ? 1 : 0);
      if (is64) return (a, b) => wide(t, BigInt(a) | BigInt(b));
      if (!isInt) throw new EvalError(`or is not defined on ${t}`);
      return (a, b) => norm(a | b);
    default:
      return op satisfies never;
  }
}

const recognised = new WeakMap<object, SimpleReducer | null>();

/**
 * The computation as a scalar function when it is a single binary op of its
 * two scalar parameters (in either order), else undefined.
 */
export function simpleReducer(ctx: EvalContext, name: string): SimpleReducer | undefined {
  const c = ctx.computation?.(name);
  if (!c) return undefined;
  const cached = recognised.get(c);
  if (cached !== undefined) return cached ?? undefined;
  let found: SimpleReducer | null = null;
  const root = c.instructions.find((i) => i.name === c.root);
  const params = c.instructions.filter((i) => i.opcode === "parameter");
  if (root && params.length === 2 && REDUCER_OPS.has(root.opcode) && root.shape.elementType !== "tuple" && root.shape.dimensions.length === 0) {
    const t = root.shape.elementType;
    const numberOf = (operand: string): number | undefined => {
      const p = params.find((q) => q.name === operand);
      if (!p || p.opcode !== "parameter" || p.shape.elementType !== t || p.shape.dimensions.length !== 0) return undefined;
      return p.attributes.parameterNumber;
    };
    const lhs = numberOf(root.operands[0] ?? "");
    const rhs = numberOf(root.operands[1] ?? "");
    const noBroadcast = !("broadcastDimensions" in root.attributes) || root.attributes.broadcastDimensions === undefined;
    if (lhs !== undefined && rhs !== undefined && lhs !== rhs && root.operands.length === 2 && noBroadcast) {
      const f = scalarOp(root.opcode as ReducerOp, t);
      found = { op: root.opcode as ReducerOp, elementType: t, apply: lhs === 0 ? f : (p0, p1) => f(p1, p0) };
    }
  }
  recognised.set(c, found);
  return found ?? undefined;
}

/**
 * The general path: evaluates computation `name` on scalars of the given
 * element types and returns its result as numbers (one per tuple element,
 * or one for an array result).
 */
export function scalarCaller(
  ctx: EvalContext,
  name: string,
  paramTypes: readonly ElementType[],
  what: string,
): (args: ArrayLike<number>) => readonly number[] {
  return (args) => {
    const literals: Literal[] = [];
    for (let i = 0; i < paramTypes.length; i++) literals.push(scalarOf(paramTypes[i], args[i]));
    const result = ctx.call(name, literals);
    const parts = isTupleLiteral(result) ? result.elements : [result];
    return parts.map((p) => {
      if (isTupleLiteral(p) || p.data.length !== 1) {
        throw new EvalError(`${what}: computation ${name} must return scalars, but returned ${shapeToString(result.shape)}`);
      }
      return p.data[0];
    });
  };
}
