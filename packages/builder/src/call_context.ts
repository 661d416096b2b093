/**
 * The API promises that a builder ShapeError names the operand shapes and the
 * broadcast dimensions given. XLA's messages often leave them out, so what a
 * message lacks is appended in parentheses, XLA's wording left as it is.
 */
import { ShapeError, shapeToString } from "@minixla/hlo";
import type { XlaOp } from "./op.ts";

export function withCallContext(e: ShapeError, operands: readonly XlaOp[], attributes: object): ShapeError {
  const extra: string[] = [];
  const shapes = operands.map((o) => shapeToString(o.shape));
  if (shapes.some((s) => !e.message.includes(s))) extra.push(`operand shapes ${shapes.join(", ")}`);
  const dims = (attributes as { readonly broadcastDimensions?: readonly number[] }).broadcastDimensions;
  if (dims !== undefined && !e.message.includes("broadcast_dimensions=")) extra.push(`broadcast_dimensions={${dims.join(",")}}`);
  return extra.length === 0 ? e : new ShapeError(`${e.message} (${extra.join("; ")})`);
}
