/**
 * Ready-made scalar computations, as XLA's client library makes them
 * (CreateScalarAddComputation and kin): a module named `add_F32`, `max_S32`,
 * ... with parameters `lhs` and `rhs`. On pred, sum is `or` and product is
 * `and` (XLA's choice), max is `or` and min is `and` (the same values on 0/1).
 * Each is made once per type and shared (modules are immutable), so using one
 * reducer twice embeds it once.
 */
import { type ElementType, type HloModule, shape, upperTypeName } from "@minixla/hlo";
import { XlaBuilder } from "./builder.ts";
import type { XlaOp } from "./op.ts";

type Kind = "add" | "max" | "min" | "mul";

const MADE = new Map<string, HloModule>();

const COMBINE: { readonly [K in Kind]: (b: XlaBuilder, lhs: XlaOp, rhs: XlaOp, pred: boolean) => XlaOp } = {
  add: (b, l, r, pred) => (pred ? b.or(l, r) : b.add(l, r)),
  max: (b, l, r, pred) => (pred ? b.or(l, r) : b.max(l, r)),
  min: (b, l, r, pred) => (pred ? b.and(l, r) : b.min(l, r)),
  mul: (b, l, r, pred) => (pred ? b.and(l, r) : b.mul(l, r)),
};

function scalarComputation(kind: Kind, t: ElementType): HloModule {
  const key = `${kind}_${t}`;
  const known = MADE.get(key);
  if (known !== undefined) return known;
  const b = new XlaBuilder(`${kind}_${upperTypeName(t)}`);
  const lhs = b.parameter(0, shape(t, []), "lhs");
  const rhs = b.parameter(1, shape(t, []), "rhs");
  const m = b.build(COMBINE[kind](b, lhs, rhs, t === "pred"));
  MADE.set(key, m);
  return m;
}

/** (T, T) -> T: lhs + rhs (pred: or). */
export const sumReducer = (t: ElementType): HloModule => scalarComputation("add", t);
/** (T, T) -> T: max(lhs, rhs) (pred: or). */
export const maxReducer = (t: ElementType): HloModule => scalarComputation("max", t);
/** (T, T) -> T: min(lhs, rhs) (pred: and). */
export const minReducer = (t: ElementType): HloModule => scalarComputation("min", t);
/** (T, T) -> T: lhs * rhs (pred: and). */
export const productReducer = (t: ElementType): HloModule => scalarComputation("mul", t);
