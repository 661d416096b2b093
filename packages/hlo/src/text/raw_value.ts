/**
 * Attribute values kept as source text (unmodelled custom-call attributes,
 * module-header attributes) are printed verbatim, so each must be exactly one
 * self-delimiting value: a word, a quoted string or a balanced group, with
 * nothing before or after it. Anything else could end the attribute list
 * early or open a computation in the printed text.
 */
import { HloError } from "../errors.ts";
import { skipValue } from "./attribute_text.ts";
import { Lexer } from "./lexer.ts";
import { parseLiteral } from "./literal_text.ts";
import { MAX_TUPLE_DEPTH, parseShapeFrom } from "./shape_text.ts";

/** Why `value` cannot be printed as one attribute value, or undefined if it can. */
export function rawValueProblem(value: unknown): string | undefined {
  if (typeof value !== "string") return `an attribute value must be a string of HLO text, got ${typeof value}`;
  const shown = JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}...` : value);
  try {
    const lx = new Lexer(value);
    if (lx.peek().start !== 0) return `attribute value ${shown} starts with whitespace or a comment`;
    skipValue(lx);
    if (lx.lastEnd !== value.length) return `attribute value ${shown} is more than one value (text follows at offset ${lx.lastEnd})`;
  } catch (e) {
    if (!(e instanceof HloError)) throw e;
    return `attribute value ${shown} is not one HLO value: ${e.message.split("\n")[0]}`;
  }
  return undefined;
}

/**
 * A custom-call's `literal=` attribute is a shape then a literal
 * (`literal=s32[] 1`), two values that XLA's parser reads together.
 */
export function readShapedLiteralText(lx: Lexer): string {
  const start = lx.peek().start;
  readShapedLiteral(lx, 0);
  return lx.text.slice(start, lx.lastEnd);
}

/** `shape literal`, or a tuple of them `( s32[2] {1, 2}, pred[] 1 )` as XLA writes a tuple literal attribute. */
function readShapedLiteral(lx: Lexer, depth: number): void {
  if (depth > MAX_TUPLE_DEPTH) throw lx.error(lx.peek(), `tuple literal nested deeper than ${MAX_TUPLE_DEPTH} levels`);
  if (!lx.eatPunct("(")) {
    parseLiteral(lx, parseShapeFrom(lx));
    return;
  }
  if (lx.eatPunct(")")) return;
  for (;;) {
    readShapedLiteral(lx, depth + 1);
    if (lx.eatPunct(")")) return;
    lx.expectPunct(",", "between the elements of a tuple literal");
  }
}

/** rawValueProblem for a named custom-call attribute: `literal` holds a shape and a literal. */
export function rawAttributeValueProblem(name: string, value: unknown): string | undefined {
  if (name !== "literal" || typeof value !== "string") return rawValueProblem(value);
  try {
    const lx = new Lexer(value);
    readShapedLiteralText(lx);
    if (lx.peek().kind !== "eof" || lx.peek(0).start !== value.length || !/^\S/.test(value)) return `attribute value ${JSON.stringify(value)} is not one shaped literal`;
  } catch (e) {
    if (!(e instanceof HloError)) throw e;
    return `attribute value ${JSON.stringify(value)} is not a shape and a literal: ${e.message.split("\n")[0]}`;
  }
  return undefined;
}
