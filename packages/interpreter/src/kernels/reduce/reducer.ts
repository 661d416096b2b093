/**
 * Applying a called scalar computation (a reducer, a scatter combiner, a
 * comparator) per element. Three ways, by storage (literal.ts):
 * - `simpleReducer` / `bigReducer` recognise the common case of a
 *   computation that is one add/multiply/maximum/minimum/and/or of its two
 *   scalar parameters and return the scalar function itself, on numbers (types
 *   stored one float64 per element) or on bigints (s64/u64), with the same
 *   semantics the computation would have (same operand order, NaN-propagating
 *   max/min that keep the lhs on ties, the element type's rounding or wrap
 *   after the step), so kernels skip a call per element without changing a bit;
 * - `scalarCaller` is the general path for types stored one float64 per
 *   element: it wraps numbers as scalar literals and calls the computation;
 * - `literalCaller` is the general path for any storage: scalar literals in,
 *   scalar literals out (s64/u64 and complex elements travel whole).
 */
import {
  type ArrayLiteral,
  ELEMENT_TYPE_INFO,
  type ElementType,
  EvalError,
  type HloComputation,
  type Literal,
  isTupleLiteral,
  shapeToString,
  storageOf,
} from "@minixla/hlo";
import type { EvalContext, Numerics } from "../../kernel.ts";
import { bigBinary } from "../elementwise/bigint.ts";
import { binarySemantics } from "../elementwise/table.ts";
import { scalarOf } from "../support/view.ts";

export type ReducerOp = "add" | "multiply" | "maximum" | "minimum" | "and" | "or";

export interface SimpleReducer {
  readonly op: ReducerOp;
  readonly elementType: ElementType;
  /** The computation's value for parameter values (p0, p1). */
  readonly apply: (p0: number, p1: number) => number;
  /** The op's operands are (p1, p0): apply(p0, p1) is op(p1, p0). */
  readonly swapped: boolean;
}

/** A simple reducer on s64 or u64 values. */
export interface BigReducer {
  readonly op: ReducerOp;
  readonly elementType: "s64" | "u64";
  /** The computation's value for parameter values (p0, p1), already wrapped to 64 bits. */
  readonly apply: (p0: bigint, p1: bigint) => bigint;
}

const REDUCER_OPS: ReadonlySet<string> = new Set<ReducerOp>(["add", "multiply", "maximum", "minimum", "and", "or"]);

// Composed reducers are cached per (op, type), so the fast path's loop keeps seeing one function object per key.
const composed = new Map<string, (a: number, b: number) => number>();

/**
 * The scalar function of op on element type t (stored one float64 per
 * element): the table of scalar semantics' function followed by its rounding,
 * exactly what the element-wise kernel computes for one element.
 */
export function scalarOp(op: ReducerOp, t: ElementType, numerics: Numerics = "reference"): (a: number, b: number) => number {
  const info = ELEMENT_TYPE_INFO[t];
  if (info.storage !== "f64") throw new EvalError(`${op}: ${t} is not stored one float64 per element (see bigScalarOp)`);
  if ((op === "and" || op === "or") && info.kind !== "pred" && info.kind !== "signed" && info.kind !== "unsigned") {
    throw new EvalError(`${op} is not defined on ${t}`);
  }
  const key = `${op}:${t}:${numerics}`;
  let f = composed.get(key);
  if (f === undefined) {
    const sem = binarySemantics(op, t, numerics);
    if (sem === undefined) throw new EvalError(`${op}: no scalar semantics on ${t}`);
    const { fn, norm } = sem;
    f = norm === undefined ? fn : (a, b) => norm(fn(a, b));
    composed.set(key, f);
  }
  return f;
}

/**
 * The scalar function of op on s64/u64 values: bigint.ts's, wrapped to 64
 * bits at every step as the typed array would on store (sums and products
 * need it; max, min, and, or of 64-bit values stay in range).
 */
export function bigScalarOp(op: ReducerOp, t: "s64" | "u64"): (a: bigint, b: bigint) => bigint {
  const f = bigBinary(op, t);
  if (op !== "add" && op !== "multiply") return f;
  return t === "s64" ? (a, b) => BigInt.asIntN(64, f(a, b)) : (a, b) => BigInt.asUintN(64, f(a, b));
}

interface Recognised {
  readonly op: ReducerOp;
  readonly elementType: ElementType;
  /** root = op(p1, p0) rather than op(p0, p1). */
  readonly swapped: boolean;
}

const recognised = new WeakMap<HloComputation, Recognised | null>();

/** The computation's single binary op of its two scalar parameters (in either order), if that is all it is. */
function recognise(ctx: EvalContext, name: string): Recognised | undefined {
  const c = ctx.computation?.(name);
  if (!c) return undefined;
  const cached = recognised.get(c);
  if (cached !== undefined) return cached ?? undefined;
  let found: Recognised | null = null;
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
      found = { op: root.opcode as ReducerOp, elementType: t, swapped: lhs !== 0 };
    }
  }
  recognised.set(c, found);
  return found ?? undefined;
}

/** The computation as a scalar function on numbers, when it is one binary op of its parameters on a type stored one float64 per element. */
export function simpleReducer(ctx: EvalContext, name: string): SimpleReducer | undefined {
  const r = recognise(ctx, name);
  if (r === undefined || storageOf(r.elementType) !== "f64" || r.elementType === "token") return undefined;
  const f = scalarOp(r.op, r.elementType, ctx.options.numerics);
  return { op: r.op, elementType: r.elementType, apply: r.swapped ? (p0, p1) => f(p1, p0) : f, swapped: r.swapped };
}

/** The computation as a scalar function on bigints, when it is one binary op of its parameters on s64 or u64. */
export function bigReducer(ctx: EvalContext, name: string): BigReducer | undefined {
  const r = recognise(ctx, name);
  if (r === undefined || (r.elementType !== "s64" && r.elementType !== "u64")) return undefined;
  const f = bigScalarOp(r.op, r.elementType);
  return { op: r.op, elementType: r.elementType, apply: r.swapped ? (p0, p1) => f(p1, p0) : f };
}

/** The scalar parts of a computation's result (one per tuple element, or the array itself). */
function scalarParts(result: Literal, name: string, what: string): readonly ArrayLiteral[] {
  const parts = isTupleLiteral(result) ? result.elements : [result];
  return parts.map((p) => {
    if (isTupleLiteral(p) || p.shape.dimensions.length !== 0) {
      throw new EvalError(`${what}: computation ${name} must return scalars, but returned ${shapeToString(result.shape)}`);
    }
    return p;
  });
}

/**
 * The general path for types stored one float64 per element: evaluates
 * computation `name` on scalars of the given element types and returns its
 * result as numbers (one per tuple element, or one for an array result).
 */
export function scalarCaller(
  ctx: EvalContext,
  name: string,
  paramTypes: readonly ElementType[],
  what: string,
): (args: ArrayLike<number>) => readonly number[] {
  for (const t of paramTypes) {
    if (storageOf(t) !== "f64") throw new EvalError(`${what}: ${t} elements need literalCaller`);
  }
  return (args) => {
    const literals: Literal[] = [];
    for (let i = 0; i < paramTypes.length; i++) literals.push(scalarOf(paramTypes[i], args[i]));
    return scalarParts(ctx.call(name, literals), name, what).map((p) => {
      if (!(p.data instanceof Float64Array) || p.data.length !== 1) {
        throw new EvalError(`${what}: computation ${name} returned ${shapeToString(p.shape)} where one float64 per element was expected`);
      }
      return p.data[0];
    });
  };
}

/** The general path for any storage: scalar literals in, the computation's scalar results out. */
export function literalCaller(ctx: EvalContext, name: string, what: string): (args: readonly ArrayLiteral[]) => readonly ArrayLiteral[] {
  return (args) => scalarParts(ctx.call(name, args), name, what);
}
