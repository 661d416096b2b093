/**
 * Literals in HLO text, read against the declared shape and printed as XLA
 * prints them with one-line options: `42`, `{1, 2, 3}`, `{ { 1, 2 }, { 3, 4 } }`,
 * rank >= 4 with `/*i0=0*\/` markers, tuples `( {1}, 2 )`, complex values as
 * `(re, im)`. Reading follows hlo_parser.cc: integers are lexed as 64-bit
 * (a word beyond -2^63..2^64-1 is not a number token at all, and one above
 * 2^63-1 wraps to its two's-complement int64), then range-checked against the
 * element type; a float value is cast to its type and refused only when a
 * finite value becomes non-finite. s64/u64 values land in BigInt storage, exact.
 * Nested braces are read with counters, not recursion.
 */
import { ELEMENT_TYPE_INFO, type ElementType, complexComponentType, upperTypeName } from "../element_type.ts";
import { MINIFLOAT_FORMATS } from "../minifloat.ts";
import {
  type ArrayLiteral, type Literal, type LiteralData, allocData, isTupleLiteral, tupleLiteral,
} from "../literal.ts";
import { type ArrayShape, type Shape, elementCount, isTupleShape, shapeToString } from "../shape.ts";
import { type Lexer, type Token, quote } from "./lexer.ts";
import { floatWord, formatFloat, formatSixDigits, lexInteger } from "./number_text.ts";

const DOUBLE_OVERFLOW = "Constant is out of range for double (+/-1.79769e+308) and so is unparsable.";

/** Where parsed values go: the literal's storage and the slots holding a negative NaN. */
interface Sink {
  readonly data: LiteralData;
  readonly negativeNaNSlots: number[];
}

/** A 64-bit integer token, as XLA's lexer reads it. */
function int64Token(lx: Lexer, tok: Token): bigint | undefined {
  const v = lexInteger(tok.text);
  if (v === "overflow") throw lx.error(tok, "unexpected token type in a literal");
  return v;
}

/** XLA's ParseDouble: a decimal, an integer (as int64, then double), inf, -inf, nan, -nan. */
function parseDouble(lx: Lexer, tok: Token, onError: string): { value: number; negativeNaN: boolean } {
  if (tok.kind !== "word") throw lx.error(tok, onError);
  const i = int64Token(lx, tok);
  if (i !== undefined) return { value: Number(i), negativeNaN: false };
  const f = floatWord(tok.text);
  if (f === undefined) throw lx.error(tok, onError);
  if (!f.nonFinite && !Number.isFinite(f.value)) throw lx.error(tok, DOUBLE_OVERFLOW);
  return { value: f.value, negativeNaN: f.negativeNaN };
}

/** The type's smallest and largest finite values, as XLA's range messages print them. */
function rangeText(t: ElementType): string {
  const info = ELEMENT_TYPE_INFO[t];
  const min = t === "f8e8m0fnu" ? MINIFLOAT_FORMATS.f8e8m0fnu.minPositive : info.min;
  return `[${formatSixDigits(min)}, ${formatSixDigits(info.max)}]`;
}

function integerRange(t: ElementType): readonly [bigint, bigint] {
  switch (t) {
    case "s64": return [-(2n ** 63n), 2n ** 63n - 1n];
    case "u64": return [0n, 2n ** 64n - 1n];
    default: return [BigInt(ELEMENT_TYPE_INFO[t].min), BigInt(ELEMENT_TYPE_INFO[t].max)];
  }
}

/** Reads one non-complex element from a word token into slot i. */
function readElement(lx: Lexer, tok: Token, t: ElementType, sink: Sink, i: number): void {
  if (tok.kind === "punct" && tok.text === "(") {
    throw lx.error(tok, "unexpected '(' in literal. Parens are only valid for complex literals");
  }
  if (tok.kind !== "word") throw lx.error(tok, "unexpected token type in a literal");
  if (tok.text === "...") throw lx.error(tok, "the constant's values are elided ({...}) and cannot be read");
  const info = ELEMENT_TYPE_INFO[t];
  const data = sink.data;
  switch (info.kind) {
    case "pred": {
      if (tok.text === "true" || tok.text === "false") {
        (data as Float64Array)[i] = tok.text === "true" ? 1 : 0;
        return;
      }
      const v = int64Token(lx, tok);
      if (v === undefined) throw lx.error(tok, "expects integer for primitive type: PRED");
      (data as Float64Array)[i] = v !== 0n ? 1 : 0;
      return;
    }
    case "signed":
    case "unsigned": {
      const v = int64Token(lx, tok);
      if (v === undefined) throw lx.error(tok, `expects integer for primitive type: ${upperTypeName(t)}`);
      const [lo, hi] = integerRange(t);
      // XLA compares unsigned types with the int64 value read as uint64 (so -1 is 2^64-1).
      const checked = info.kind === "unsigned" ? BigInt.asUintN(64, v) : v;
      if (checked < lo || checked > hi) {
        throw lx.error(tok, `value ${v} is out of range for literal's primitive type ${upperTypeName(t)} namely [${lo}, ${hi}].`);
      }
      if (data instanceof BigInt64Array) data[i] = v;
      else if (data instanceof BigUint64Array) data[i] = checked;
      else data[i] = Number(v);
      return;
    }
    case "float": {
      const { value, negativeNaN } = parseDouble(lx, tok, `expect floating point value for primitive type: ${upperTypeName(t)}`);
      let v = info.normalize(value);
      if (Number.isFinite(value) && !Number.isFinite(v)) {
        throw lx.error(tok, `value ${formatSixDigits(value)} is out of range for literal's primitive type ${upperTypeName(t)} namely ${rangeText(t)}.`);
      }
      // f4e2m1fn has no NaN: ml_dtypes' cast gives -0 for NaN and +0 for -NaN.
      if (t === "f4e2m1fn" && Number.isNaN(value)) v = negativeNaN ? 0 : -0;
      (data as Float64Array)[i] = v;
      // A NaN keeps the input's sign, as ml_dtypes' cast does (f8e4m3fn: -inf is -nan).
      if (Number.isNaN(v) && (negativeNaN || value < 0)) sink.negativeNaNSlots.push(i);
      return;
    }
    case "complex":
      throw lx.error(tok, `unsupported primitive type ${upperTypeName(t)}`);
    case "token":
      throw lx.error(tok, "a token has no literal value");
    default:
      info.kind satisfies never;
  }
}

/** Reads `(re, im)` (the '(' already consumed) into element i of a complex literal. */
function readComplex(lx: Lexer, open: Token, t: "c64" | "c128", sink: Sink, i: number): void {
  const re = parseDouble(lx, lx.next(), "expect floating-point value for real part of complex number");
  const comma = lx.next();
  if (comma.kind !== "punct" || comma.text !== ",") throw lx.error(comma, "expect comma after real part of complex literal");
  const im = parseDouble(lx, lx.next(), "expect floating-point value for imaginary part of complex number");
  const close = lx.next();
  if (close.kind !== "punct" || close.text !== ")") throw lx.error(close, "expect ')' after complex number");
  const component = ELEMENT_TYPE_INFO[complexComponentType(t)];
  for (const [name, part] of [["real", re.value], ["imaginary", im.value]] as const) {
    if (Number.isFinite(part) && (part < component.min || part > component.max)) {
      throw lx.error(open, `${name} part ${formatSixDigits(part)} is out of range for literal's primitive type ${upperTypeName(t)}, namely [${formatSixDigits(component.min)}, ${formatSixDigits(component.max)}].`);
    }
  }
  const data = sink.data as Float64Array;
  data[2 * i] = component.normalize(re.value);
  if (re.negativeNaN) sink.negativeNaNSlots.push(2 * i);
  // XLA's parser checks the real part for NaN when setting the imaginary part,
  // so a NaN real part makes the imaginary part the same NaN.
  if (Number.isNaN(re.value)) {
    data[2 * i + 1] = NaN;
    if (re.negativeNaN) sink.negativeNaNSlots.push(2 * i + 1);
  } else {
    data[2 * i + 1] = component.normalize(im.value);
    if (im.negativeNaN && Number.isNaN(im.value)) sink.negativeNaNSlots.push(2 * i + 1);
  }
}

/** One element at token `tok` (consumed): a complex pair or a single value. */
function readOne(lx: Lexer, tok: Token, t: ElementType, sink: Sink, i: number): void {
  if ((t === "c64" || t === "c128") && tok.kind === "punct" && tok.text === "(") readComplex(lx, tok, t, sink, i);
  else readElement(lx, tok, t, sink, i);
}

function finish(shape: ArrayShape, sink: Sink): ArrayLiteral {
  const { data, negativeNaNSlots } = sink;
  if (negativeNaNSlots.length > 0 && data instanceof Float64Array) {
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    for (const slot of negativeNaNSlots) bytes[slot * 8 + (LITTLE_ENDIAN ? 7 : 0)] |= 0x80;
  }
  return { shape, data };
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** A dense array literal: a bare value for rank 0, nested braces matching the dimensions otherwise. */
function parseArrayLiteral(lx: Lexer, shape: ArrayShape): ArrayLiteral {
  const dims = shape.dimensions;
  const rank = dims.length;
  const t = shape.elementType;
  const total = elementCount(shape);
  const sink: Sink = { data: allocData(t, total), negativeNaNSlots: [] };
  if (rank === 0) {
    readOne(lx, lx.next(), t, sink, 0);
    return finish(shape, sink);
  }
  const open = lx.next();
  if (open.kind !== "punct" || open.text !== "{") {
    throw lx.error(open, `expects '{' to start a ${shapeToString(shape)} literal, but sees ${quote(open)}`);
  }
  const counts: number[] = [0];
  let count = 0;
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
      readOne(lx, tok, t, sink, count++);
      expectElement = false;
      justOpened = false;
    }
  }
  if (count !== total) {
    throw lx.error(open, `expects ${total} values for ${shapeToString(shape)}, but sees ${count}`);
  }
  return finish(shape, sink);
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

function isNegativeNaN(data: Float64Array, slot: number): boolean {
  return (new Uint8Array(data.buffer, data.byteOffset + slot * 8, 8)[LITTLE_ENDIAN ? 7 : 0] & 0x80) !== 0;
}

/**
 * A float in storage slot `slot` as XLA prints it. The fnuz formats' only NaN
 * is the sign bit alone, which prints as "-nan"; f8e8m0fnu has no sign.
 */
function floatText(data: Float64Array, slot: number, t: ElementType): string {
  const x = data[slot];
  let negativeNaN = false;
  if (Number.isNaN(x)) {
    const f = t in MINIFLOAT_FORMATS ? MINIFLOAT_FORMATS[t as keyof typeof MINIFLOAT_FORMATS] : undefined;
    negativeNaN = f === undefined ? isNegativeNaN(data, slot) : f.specials === "fnuz" || (!f.unsigned && isNegativeNaN(data, slot));
  }
  return formatFloat(x, t, negativeNaN);
}

/** One element as XLA prints it; pred as true/false in scalars and 0/1 in arrays. */
function elementText(l: ArrayLiteral, i: number, inArray: boolean): string {
  const t = l.shape.elementType;
  const data = l.data;
  const kind = ELEMENT_TYPE_INFO[t].kind;
  switch (kind) {
    case "pred": {
      const on = data[i] !== 0;
      return inArray ? (on ? "1" : "0") : on ? "true" : "false";
    }
    case "signed":
    case "unsigned":
      return String(data[i]);
    case "float":
      return floatText(data as Float64Array, i, t);
    case "complex": {
      const c = complexComponentType(t as "c64" | "c128");
      return `(${floatText(data as Float64Array, 2 * i, c)}, ${floatText(data as Float64Array, 2 * i + 1, c)})`;
    }
    case "token":
      return "";
    default:
      return kind satisfies never;
  }
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
