/**
 * Weakly typed constants (JAX's weak types): `constantR0(2)` with no element
 * type is not recorded at once; it takes its type from the operand it meets
 * (see XlaBuilder's "Constants" notes) and is recorded then, as a plain typed
 * constant. The value must fit the type it takes: integral and in range for
 * integer types, 0/1 for pred; floats round to the nearest value of the type.
 */
import { ELEMENT_TYPE_INFO, type ArrayLiteral, type ElementType, ShapeError, literal } from "@minixla/hlo";

/** The value of a weak constant, flat row-major, and the type it gets when it meets no typed operand. */
export interface WeakConstant {
  readonly dimensions: readonly number[];
  readonly values: readonly (number | boolean)[];
  /** pred when every value is a boolean, else f64. */
  readonly defaultType: ElementType;
}

export function weakConstant(dimensions: readonly number[], values: readonly (number | boolean)[]): WeakConstant {
  const defaultType: ElementType = values.length > 0 && values.every((v) => typeof v === "boolean") ? "pred" : "f64";
  return { dimensions: [...dimensions], values: [...values], defaultType };
}

/** Why `v` cannot be a value of integer (or pred) type t, or undefined when it can. */
function misfit(v: number | boolean, t: ElementType): string | undefined {
  const info = ELEMENT_TYPE_INFO[t];
  if (typeof v === "boolean" || info.kind === "float" || info.kind === "complex") return undefined;
  if (info.kind === "token") return "a token has no values";
  if (!Number.isInteger(v)) return "not an integer";
  // 64-bit values beyond 2^53 would not be exact as numbers: those need constant(literal(...)) with bigints.
  const fits = t === "s64" || t === "u64"
    ? Number.isSafeInteger(v) && (t === "s64" || v >= 0)
    : v >= (info.kind === "pred" ? 0 : info.min) && v <= (info.kind === "pred" ? 1 : info.max);
  if (!fits) return "out of range";
  return undefined;
}

/** The weak constant's literal in type t; ShapeError (naming `where`) when a value does not fit t. */
export function weakLiteral(w: WeakConstant, t: ElementType, where: string): ArrayLiteral {
  for (const v of w.values) {
    const why = misfit(v, t);
    if (why !== undefined) throw new ShapeError(`${where}: constant ${v} (no element type given) cannot take type ${t} from the operand it meets: ${why}; give the constant an element type`);
  }
  const values = w.values.map((v) => (typeof v === "boolean" && t !== "pred" ? Number(v) : v));
  if (ELEMENT_TYPE_INFO[t].kind === "complex") return literal(t, w.dimensions, values.flatMap((v) => [Number(v), 0]));
  return literal(t, w.dimensions, values);
}
