/**
 * Literals in HLO text, read against the declared shape and printed as XLA
 * prints them with one-line options: `42`, `{1, 2, 3}`, `{ { 1, 2 }, { 3, 4 } }`,
 * rank >= 4 with `/*i0=0*\/` markers, tuples `( {1}, 2 )`. Values are checked
 * against the element type ("value %s is out of range for literal's primitive
 * type %s"); 64-bit integers beyond 2^53 are refused because minixla stores
 * them in float64. Nested braces are read with counters, not recursion.
 */
import { ELEMENT_TYPE_INFO, type ElementType } from "../element_type.ts";
import { type ArrayLiteral, type Literal, isTupleLiteral, tupleLiteral } from "../literal.ts";
import { type ArrayShape, type Shape, elementCount, isTupleShape, shapeToString } from "../shape.ts";
import { type Lexer, type Token, quote } from "./lexer.ts";
import { floatWord, formatFloat, integerWord } from "./number_text.ts";

const TWO_53 = 2n ** 53n;

/** Reads one element value of type `t` from a word token. */
function elementValue(lx: Lexer, tok: Token, t: ElementType, negativeNaNs: number[], index: number): number {
  if (tok.kind !== "word") throw lx.error(tok, `expects a ${t} value, but sees ${quote(tok)}`);
  if (tok.text === "...") throw lx.error(tok, "the constant's values are elided ({...}) and cannot be read");
  const info = ELEMENT_TYPE_INFO[t];
  if (info.kind === "pred") {
    if (tok.text === "true" || tok.text === "1") return 1;
    if (tok.text === "false" || tok.text === "0") return 0;
    throw lx.error(tok, `expects true, false, 0 or 1 for a pred value, but sees ${quote(tok)}`);
  }
  if (info.kind === "float") {
    const f = floatWord(tok.text);
    if (f === undefined) throw lx.error(tok, `expects a ${t} value, but sees ${quote(tok)}`);
    if (f.negativeNaN) negativeNaNs.push(index);
    const v = info.normalize(f.value);
    if (!f.nonFinite && !Number.isFinite(v)) {
      throw lx.error(tok, `value ${tok.text} is out of range for literal's primitive type ${t.toUpperCase()}`);
    }
    return v;
  }
  const big = integerWord(tok.text);
  if (big === undefined) throw lx.error(tok, `expects an integer for a ${t} value, but sees ${quote(tok)}`);
  const lo = t === "s64" ? -(2n ** 63n) : BigInt(info.min);
  const hi = t === "s64" ? 2n ** 63n - 1n : t === "u64" ? 2n ** 64n - 1n : BigInt(info.max);
  if (big < lo || big > hi) throw lx.error(tok, `value ${tok.text} is out of range for literal's primitive type ${t.toUpperCase()}`);
  if (big > TWO_53 || big < -TWO_53) {
    throw lx.error(tok, `${t} value ${tok.text} cannot be stored exactly: minixla keeps 64-bit integers in float64, exact only within ±2^53`);
  }
  return Number(big);
}

function finish(shape: ArrayShape, values: readonly number[], negativeNaNs: readonly number[]): ArrayLiteral {
  const data = Float64Array.from(values);
  if (negativeNaNs.length > 0) {
    const bytes = new Uint8Array(data.buffer);
    for (const i of negativeNaNs) bytes[i * 8 + 7] |= 0x80;
  }
  return { shape, data };
}

/** A dense array literal: a bare value for rank 0, nested braces matching the dimensions otherwise. */
function parseArrayLiteral(lx: Lexer, shape: ArrayShape): ArrayLiteral {
  const dims = shape.dimensions;
  const rank = dims.length;
  const t = shape.elementType;
  const values: number[] = [];
  const negativeNaNs: number[] = [];
  if (rank === 0) {
    values.push(elementValue(lx, lx.next(), t, negativeNaNs, 0));
    return finish(shape, values, negativeNaNs);
  }
  const open = lx.next();
  if (open.kind !== "punct" || open.text !== "{") {
    throw lx.error(open, `expects '{' to start a ${shapeToString(shape)} literal, but sees ${quote(open)}`);
  }
  const counts: number[] = [0];
  // After '{' or ',' an element (value or '{') is expected; after an element, ',' or '}'.
  let expectElement = true;
  let justOpened = true;
  for (;;) {
    const depth = counts.length;
    const tok = lx.next();
    if (tok.kind === "punct" && tok.text === "{") {
      if (!expectElement) throw lx.error(tok, `expects ',' or '}' in a literal, but sees ${quote(tok)}`);
      if (depth >= rank) throw lx.error(tok, `expects nested array in rank ${rank}, but sees larger`);
      if (counts[depth - 1] >= dims[depth - 1]) {
        throw lx.error(tok, `expects ${dims[depth - 1]} elements in dimension ${depth - 1}, but sees more`);
      }
      counts[depth - 1]++;
      counts.push(0);
      expectElement = true;
      justOpened = true;
    } else if (tok.kind === "punct" && tok.text === "}") {
      if (expectElement && !justOpened) throw lx.error(tok, "expects an element after ',' in a literal");
      if (counts[depth - 1] !== dims[depth - 1]) {
        throw lx.error(tok, `expects ${dims[depth - 1]} elements in dimension ${depth - 1}, but sees ${counts[depth - 1]}`);
      }
      counts.pop();
      if (counts.length === 0) break;
      expectElement = false;
      justOpened = false;
    } else if (tok.kind === "punct" && tok.text === ",") {
      if (expectElement) throw lx.error(tok, "expects an element before ',' in a literal");
      expectElement = true;
      justOpened = false;
    } else {
      if (!expectElement) throw lx.error(tok, `expects ',' or '}' in a literal, but sees ${quote(tok)}`);
      if (depth !== rank) throw lx.error(tok, `expects a nested array of rank ${rank}, but sees a value at depth ${depth}`);
      if (counts[depth - 1] >= dims[depth - 1]) {
        throw lx.error(tok, `expects ${dims[depth - 1]} elements on the minor-most dimension, but sees more`);
      }
      counts[depth - 1]++;
      values.push(elementValue(lx, tok, t, negativeNaNs, values.length));
      expectElement = false;
      justOpened = false;
    }
  }
  if (values.length !== elementCount(shape)) {
    throw lx.error(open, `expects ${elementCount(shape)} values for ${shapeToString(shape)}, but sees ${values.length}`);
  }
  return finish(shape, values, negativeNaNs);
}

/** A literal of the given shape; tuples as `( a, b )`. Recursion is bounded by the shape's tuple depth. */
export function parseLiteral(lx: Lexer, shape: Shape): Literal {
  if (!isTupleShape(shape)) return parseArrayLiteral(lx, shape);
  lx.expectPunct("(", `to start a ${shapeToString(shape)} tuple literal`);
  const elements: Literal[] = [];
  shape.tupleShapes.forEach((s, i) => {
    if (i > 0) lx.expectPunct(",", "between tuple literal elements");
    elements.push(parseLiteral(lx, s));
  });
  lx.expectPunct(")", "at the end of a tuple literal");
  return tupleLiteral(elements);
}

function isNegativeNaN(data: Float64Array, i: number): boolean {
  return (new Uint8Array(data.buffer, data.byteOffset + i * 8, 8)[7] & 0x80) !== 0;
}

/** One element as XLA prints it; pred as true/false in scalars and 0/1 in arrays. */
function elementText(l: ArrayLiteral, i: number, inArray: boolean): string {
  const t = l.shape.elementType;
  const x = l.data[i];
  const kind = ELEMENT_TYPE_INFO[t].kind;
  if (kind === "pred") return inArray ? (x !== 0 ? "1" : "0") : x !== 0 ? "true" : "false";
  if (kind === "float") return formatFloat(x, t, Number.isNaN(x) && isNegativeNaN(l.data, i));
  return String(x);
}

/** XLA's one-line dense array printing (literal.cc's brace placement, index markers for rank > 3). */
function printArray(l: ArrayLiteral): string {
  const dims = l.shape.dimensions;
  const rank = dims.length;
  if (rank === 0) return elementText(l, 0, false);
  const parts: string[] = [];
  let next = 0;
  const index: number[] = [];
  const open = (depth: number) => {
    const remaining = rank - depth;
    if (rank === 1) return "{";
    if (remaining === 1) return dims[depth] <= 1 ? "{" : "{ ";
    if (rank > 3 && depth > 0) return `{ /*i${depth - 1}=${index[depth - 1]}*/${dims[depth] > 0 ? " " : ""}`;
    return "{ ";
  };
  const close = (depth: number) => {
    const remaining = rank - depth;
    if (rank === 1) return "}";
    if (remaining === 1) return dims[depth] <= 1 ? "}" : " }";
    return " }";
  };
  // Walks the index space with an explicit stack of per-depth counters.
  const emit = (depth: number): void => {
    parts.push(open(depth));
    for (let i = 0; i < dims[depth]; i++) {
      index[depth] = i;
      if (depth + 1 === rank) parts.push(elementText(l, next++, true));
      else emit(depth + 1);
      if (i < dims[depth] - 1) parts.push(", ");
    }
    parts.push(close(depth));
  };
  emit(0);
  return parts.join("");
}

export function printLiteral(l: Literal): string {
  if (isTupleLiteral(l)) return `( ${l.elements.map(printLiteral).join(", ")} )`;
  return printArray(l);
}
