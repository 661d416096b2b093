/**
 * Shapes in HLO text: `f64[2,3]{1,0}`, `pred[]`, tuples `(f32[], s32[2]{0})`.
 * A layout is kept only when it differs from the default major-to-minor
 * order; what follows ':' inside a layout (tiling, memory space) is skipped.
 * A bounded dynamic dimension `<=8` is kept as its bound with a dynamic flag;
 * an unbounded one (`?`) as size 0, dynamic and flagged unbounded (shape.ts).
 * XLA's buffer shapes `b(f32[2,4])` are array shapes flagged `buffer`. Tuple
 * nesting is bounded so hostile input cannot exhaust the stack.
 */
import { isElementType } from "../element_type.ts";
import { type ArrayShape, type Shape, defaultLayout, dimensionsProblem, tupleShape } from "../shape.ts";
import { type Lexer, type Token, quote } from "./lexer.ts";
import { integerWord } from "./number_text.ts";

/** Deepest tuple nesting accepted in a shape. */
export const MAX_TUPLE_DEPTH = 64;
/** Highest rank accepted; literal printing and shape rules walk ranks with a stack frame per dimension. */
export const MAX_RANK = 255;

/** XLA's element types that minixla does not model: the error says "unsupported", not "unknown". */
const OTHER_XLA_TYPES = new Set(["s1", "u1", "opaque"]);

/**
 * A word that reads as an element type name (letters then digits and type
 * suffixes, e.g. `f32`, `f8e4m3fn`, or a misspelt `f46`): when such a word is
 * followed by '[', the text means a shape, and an unknown name is reported as
 * an unknown element type rather than as an unknown opcode.
 */
const TYPE_LIKE = /^(pred|token|opaque|[a-z]{1,2}[0-9][a-z0-9]*)$/;

/** True if the tokens ahead start a shape: `type[`, `(` or a buffer shape `b(type[`. */
export function startsShape(lx: Lexer): boolean {
  const t = lx.peek();
  if (t.kind === "punct") return t.text === "(";
  if (isBufferStart(lx)) return true;
  return t.kind === "word" && lx.isPunct("[", 1) && (isElementType(t.text) || TYPE_LIKE.test(t.text));
}

/** `b(` followed by a type word and `[`: XLA's buffer shape (an opcode would not be named `b`). */
function isBufferStart(lx: Lexer): boolean {
  const t = lx.peek();
  const inner = lx.peek(2);
  return t.kind === "word" && t.text === "b" && lx.isPunct("(", 1) && inner.kind === "word" && lx.isPunct("[", 3) && (isElementType(inner.text) || TYPE_LIKE.test(inner.text));
}

/** A non-negative integer word that fits a safe integer (dimension sizes, indices). */
export function readNonNegative(lx: Lexer, t: Token, what: string): number {
  const v = t.kind === "word" ? integerWord(t.text) : undefined;
  if (v === undefined || v < 0n) throw lx.error(t, `expects a non-negative integer for ${what}, but sees ${quote(t)}`);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw lx.error(t, `${what} ${t.text} is too large`);
  return Number(v);
}

export function parseShapeFrom(lx: Lexer): Shape {
  // Tuples nest with an explicit stack so depth is checked, not recursed into.
  const stack: Shape[][] = [];
  for (;;) {
    let done: Shape | undefined;
    const t = lx.peek();
    if (t.kind === "punct" && t.text === "(") {
      lx.next();
      if (stack.length >= MAX_TUPLE_DEPTH) throw lx.error(t, `tuple shape nested deeper than ${MAX_TUPLE_DEPTH} levels`);
      if (lx.isPunct(")")) {
        lx.next();
        done = tupleShape([]);
      } else {
        stack.push([]);
        continue;
      }
    } else if (isBufferStart(lx)) {
      lx.next();
      lx.next();
      const inner = parseArrayShape(lx);
      lx.expectPunct(")", "at the end of a buffer shape b(...)");
      done = { ...(inner as ArrayShape), buffer: true };
    } else {
      done = parseArrayShape(lx);
    }
    // Close every tuple this element completes.
    for (;;) {
      if (stack.length === 0) return done;
      const top = stack[stack.length - 1];
      top.push(done);
      if (lx.eatPunct(",")) break;
      lx.expectPunct(")", "at the end of a tuple shape");
      stack.pop();
      done = tupleShape(top);
    }
  }
}

function parseArrayShape(lx: Lexer): Shape {
  const t = lx.next();
  if (t.kind !== "word") throw lx.error(t, `expects a shape, but sees ${quote(t)}`);
  if (!isElementType(t.text)) {
    if (OTHER_XLA_TYPES.has(t.text)) throw lx.error(t, `element type '${t.text}' is not supported`);
    if (TYPE_LIKE.test(t.text) && lx.isPunct("[")) throw lx.error(t, `unknown element type '${t.text}'`);
    throw lx.error(t, `expects a shape, but sees ${quote(t)}`);
  }
  const elementType = t.text;
  lx.expectPunct("[", "after the element type of a shape");
  const dimensions: number[] = [];
  const dynamic: boolean[] = [];
  const unbounded: boolean[] = [];
  if (!lx.eatPunct("]")) {
    for (;;) {
      let d = lx.next();
      if (d.kind === "punct" && d.text === "?") {
        // Unbounded: held at size 0, dynamic, printed back as '?'.
        dynamic.push(true);
        unbounded.push(true);
        dimensions.push(0);
        if (dimensions.length > MAX_RANK) throw lx.error(d, `rank above ${MAX_RANK} is not supported`);
        if (lx.eatPunct("]")) break;
        lx.expectPunct(",", "between dimension sizes");
        continue;
      }
      if (d.kind === "word" && d.text.startsWith("?")) throw lx.error(d, `expects '?' or a size for an unbounded dimension, but sees ${quote(d)}`);
      unbounded.push(false);
      // `<=8` lexes as '<', '=', '8': a dynamic dimension whose size is at most 8.
      const isDynamic = d.kind === "punct" && d.text === "<";
      if (isDynamic) {
        lx.expectPunct("=", "after '<' in a bounded dynamic dimension '<=N'");
        d = lx.next();
      }
      dynamic.push(isDynamic);
      dimensions.push(readNonNegative(lx, d, "a dimension size"));
      if (dimensions.length > MAX_RANK) throw lx.error(d, `rank above ${MAX_RANK} is not supported`);
      if (lx.eatPunct("]")) break;
      lx.expectPunct(",", "between dimension sizes");
    }
  }
  const tooBig = dimensionsProblem(elementType, dimensions);
  if (tooBig !== undefined) throw lx.error(t, tooBig);
  const layout = maybeLayout(lx, dimensions.length);
  const s: ArrayShape = layout === undefined ? { elementType, dimensions } : { elementType, dimensions, layout };
  if (!dynamic.includes(true)) return s;
  return unbounded.includes(true) ? { ...s, dynamicDimensions: dynamic, unboundedDimensions: unbounded } : { ...s, dynamicDimensions: dynamic };
}

/** Parses `{1,0}` or `{1,0:T(8,128)}` if present; returns it only when not the default. */
function maybeLayout(lx: Lexer, rank: number): number[] | undefined {
  // '{' starts a layout only when followed by a number, ':' or '}': otherwise it opens a computation body.
  if (!lx.isPunct("{")) return undefined;
  const after = lx.peek(1);
  const layoutLike = (after.kind === "word" && /^[0-9]/.test(after.text)) || (after.kind === "punct" && (after.text === ":" || after.text === "}"));
  if (!layoutLike) return undefined;
  const open = lx.next();
  const minorToMajor: number[] = [];
  if (!lx.isPunct("}") && !lx.isPunct(":")) {
    for (;;) {
      minorToMajor.push(readNonNegative(lx, lx.next(), "a layout dimension"));
      if (!lx.eatPunct(",")) break;
    }
  }
  if (lx.eatPunct(":")) skipToClosingBrace(lx, open);
  else lx.expectPunct("}", "at the end of a layout");
  if (minorToMajor.length === 0 && rank > 0) return undefined;
  const seen = new Set(minorToMajor);
  if (minorToMajor.length !== rank || seen.size !== rank || minorToMajor.some((d) => d >= rank)) {
    throw lx.error(open, `layout {${minorToMajor.join(",")}} is not a permutation of the ${rank} dimensions`);
  }
  const def = defaultLayout(rank);
  return minorToMajor.every((d, i) => d === def[i]) ? undefined : minorToMajor;
}

/** Skips tokens up to and including the '}' that closes an already-consumed '{' (iteratively). */
export function skipToClosingBrace(lx: Lexer, open: Token): void {
  let depth = 1;
  for (;;) {
    const t = lx.next();
    if (t.kind === "eof") throw lx.error(open, "unbalanced '{': end of input before its '}'");
    if (t.kind !== "punct") continue;
    if (t.text === "{" || t.text === "(" || t.text === "[") depth++;
    else if (t.text === "}" || t.text === ")" || t.text === "]") {
      depth--;
      if (depth === 0) {
        if (t.text !== "}") throw lx.error(t, `expects '}' to close the '{', but sees ${quote(t)}`);
        return;
      }
    }
  }
}
