/** Small scalar computations for builder programs: reducers and comparators. */
import { XlaBuilder } from "@minixla/builder";
import { type ElementType, type HloModule, shape } from "@minixla/hlo";

/** (a, b) -> a op b on scalars of type t. */
export function scalarBinary(op: "add" | "mul" | "max" | "min" | "and" | "or", t: ElementType = "f64"): HloModule {
  const b = new XlaBuilder(`${op}_${t}`);
  const x = b.parameter(0, shape(t, []), "a");
  const y = b.parameter(1, shape(t, []), "b");
  b[op](x, y);
  return b.build();
}

/** A comparator on the first of n operand pairs: (k0, k1, ...) -> k0 < k1. */
export function lessThanOnFirst(types: readonly ElementType[]): HloModule {
  const b = new XlaBuilder("less_than");
  const params = types.flatMap((t, i) => [
    b.parameter(2 * i, shape(t, []), `lhs${i}`),
    b.parameter(2 * i + 1, shape(t, []), `rhs${i}`),
  ]);
  b.lt(params[0], params[1]);
  return b.build();
}
