/**
 * How dot and convolution accumulate a result type, as XLA's evaluator does:
 * f64 in f64, the narrower floats in f32 (rounded at each step), integers up
 * to 32 bits in exact doubles and 64-bit ones in BigInt (both wrapping), pred
 * as integers, complex as pairs.
 */
import { ELEMENT_TYPE_INFO, type ElementType, EvalError } from "@minixla/hlo";

export type AccumulationKind = "float64" | "float32" | "int32" | "int64" | "complex";

/** The accumulation kind of result type t; `where` names the op for the token error. */
export function accumulationKind(t: ElementType, where: string): AccumulationKind {
  const info = ELEMENT_TYPE_INFO[t];
  switch (info.kind) {
    case "float":
      return t === "f64" ? "float64" : "float32";
    case "complex":
      return "complex";
    case "signed":
    case "unsigned":
      return info.bitWidth === 64 ? "int64" : "int32";
    case "pred":
      return "int32";
    case "token":
      throw new EvalError(`${where}: token has no values`);
    default:
      return info.kind satisfies never;
  }
}
