/**
 * The fixed shapes several shape rules return or check: the token, and the
 * u32[] scalar that async starts (copy-start, collective-permute-start, send,
 * recv) carry as a context and replica-id / partition-id return.
 */
import { type Shape, isTupleShape, shape } from "../shape.ts";

export const TOKEN = shape("token", []);
export const U32_SCALAR = shape("u32", []);

/** A token shape (not a tuple holding one). */
export const isToken = (s: Shape): boolean => !isTupleShape(s) && s.elementType === "token";
