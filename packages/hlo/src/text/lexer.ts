/**
 * The HLO text scanner. It cuts text into words (names, numbers, element
 * types, padding specs such as `1_-1_1x2_0_0`: the parser decides what a word
 * means from where it stands), double-quoted strings and single punctuation
 * marks, skipping whitespace and `/* ... *\/` and `//` comments. Tokens carry
 * offsets; line and column are worked out only when an error is reported, and
 * every error is a ParseError quoting the line with a caret under the column.
 */
import { ParseError } from "../errors.ts";
import { escapeControls } from "./string_escape.ts";

export type TokenKind = "word" | "string" | "punct" | "eof";

export interface Token {
  readonly kind: TokenKind;
  /** The token's text; for strings, with the quotes. */
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

// '#', '>' and '*' appear only inside values kept as text (Shardy's `#sdy.mesh<[]>`).
const PUNCT = "=,(){}[]:<?#>*";

// Character classes by code, filled once: word characters and word-starting characters.
const WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9_.\-%]/.test(ch)) WORD[c] = 1;
}

const isWordChar = (c: number): boolean => c < 128 && WORD[c] === 1;

/** Line and column (1-based) of an offset, with the line's text. */
export function locate(text: string, offset: number): { line: number; column: number; lineText: string } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  let lineEnd = text.indexOf("\n", lineStart);
  if (lineEnd < 0) lineEnd = text.length;
  return { line, column: end - lineStart + 1, lineText: text.slice(lineStart, lineEnd) };
}

/** A ParseError at `offset`: "line:col: message", the source line, and a caret. */
export function parseErrorAt(text: string, offset: number, message: string): ParseError {
  const { line, column, lineText } = locate(text, offset);
  // Long lines (minified or fuzzed input) are cut to a window around the column.
  const from = Math.max(0, column - 1 - 60);
  const part = lineText.slice(from, from + 120).replace(/\t/g, " ");
  // Control characters are shown escaped (a terminal would obey them), and the caret moves with them.
  const shown = escapeControls(part);
  const caret = `${" ".repeat(escapeControls(part.slice(0, column - 1 - from)).length)}^`;
  return new ParseError(`${line}:${column}: ${message}\n${shown}\n${caret}`, line, column);
}

/** Quotes a token for a message, cut short if long. */
export function quote(t: Token): string {
  if (t.kind === "eof") return "end of input";
  const s = t.text.length > 40 ? `${t.text.slice(0, 40)}...` : t.text;
  // A string token may hold control characters and newlines: the message stays one safe line.
  return `'${escapeControls(s, true)}'`;
}

export class Lexer {
  readonly text: string;
  private pos = 0;
  private readonly buffer: Token[] = [];
  /** End offset of the last token consumed by next(). */
  lastEnd = 0;

  constructor(text: string) {
    this.text = text;
  }

  /** The k-th token ahead (0 = next) without consuming it. */
  peek(k = 0): Token {
    while (this.buffer.length <= k) this.buffer.push(this.scan());
    return this.buffer[k];
  }

  next(): Token {
    const t = this.buffer.length > 0 ? (this.buffer.shift() as Token) : this.scan();
    this.lastEnd = t.end;
    return t;
  }

  /** True (and consumed) if the next token is the punctuation `p`. */
  eatPunct(p: string): boolean {
    const t = this.peek();
    if (t.kind === "punct" && t.text === p) {
      this.next();
      return true;
    }
    return false;
  }

  isPunct(p: string, k = 0): boolean {
    const t = this.peek(k);
    return t.kind === "punct" && t.text === p;
  }

  expectPunct(p: string, context: string): Token {
    const t = this.next();
    if (t.kind !== "punct" || t.text !== p) throw this.error(t, `expects '${p}' ${context}, but sees ${quote(t)}`);
    return t;
  }

  expectWord(context: string): Token {
    const t = this.next();
    if (t.kind !== "word") throw this.error(t, `expects ${context}, but sees ${quote(t)}`);
    return t;
  }

  /**
   * Reads the balanced `{...}` group that starts at the next token as raw text
   * (quotes respected), without tokenizing inside it: XLA's LexJsonDict, used
   * for values such as `{empty_mesh = #sdy.mesh<[]>}` that are not HLO tokens.
   */
  rawBraces(context: string): Token {
    const open = this.peek();
    if (open.kind !== "punct" || open.text !== "{") throw this.error(open, `expects '{' ${context}, but sees ${quote(open)}`);
    this.buffer.length = 0;
    const text = this.text;
    let depth = 0;
    for (let i = open.start; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 34 /* " */) {
        for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
        if (i >= text.length) break;
      } else if (c === 123 /* { */) {
        depth++;
      } else if (c === 125 /* } */ && --depth === 0) {
        this.pos = i + 1;
        this.lastEnd = i + 1;
        return { kind: "string", text: text.slice(open.start, i + 1), start: open.start, end: i + 1 };
      }
    }
    throw parseErrorAt(text, open.start, `unbalanced '{' ${context}: end of input before its '}'`);
  }

  /**
   * `open item, item, ... close` (empty allowed), each item read by `item`;
   * `what` names the list in errors, `parts` what sits between the commas.
   */
  delimitedList<T>(open: string, close: string, what: string, item: () => T, parts = "elements"): T[] {
    this.expectPunct(open, `to start ${what}`);
    const out: T[] = [];
    if (this.eatPunct(close)) return out;
    for (;;) {
      out.push(item());
      if (this.eatPunct(close)) return out;
      this.expectPunct(",", `between the ${parts} of ${what}`);
    }
  }

  error(t: Token | number, message: string): ParseError {
    return parseErrorAt(this.text, typeof t === "number" ? t : t.start, message);
  }

  private scan(): Token {
    const text = this.text;
    const n = text.length;
    let i = this.pos;
    // Whitespace and comments.
    for (;;) {
      while (i < n) {
        const c = text.charCodeAt(i);
        if (c === 32 || c === 10 || c === 13 || c === 9) i++;
        else break;
      }
      if (i + 1 < n && text.charCodeAt(i) === 47 && text.charCodeAt(i + 1) === 42) {
        const close = text.indexOf("*/", i + 2);
        if (close < 0) throw parseErrorAt(text, i, "unterminated comment '/*'");
        i = close + 2;
        continue;
      }
      if (i + 1 < n && text.charCodeAt(i) === 47 && text.charCodeAt(i + 1) === 47) {
        const eol = text.indexOf("\n", i);
        i = eol < 0 ? n : eol + 1;
        continue;
      }
      break;
    }
    if (i >= n) {
      this.pos = n;
      return { kind: "eof", text: "", start: n, end: n };
    }
    const start = i;
    const c = text.charCodeAt(i);
    if (c === 45 /* - */ && text.charCodeAt(i + 1) === 62 /* > */) {
      this.pos = i + 2;
      return { kind: "punct", text: "->", start, end: i + 2 };
    }
    // XLA reads strings in double or single quotes.
    if (c === 34 /* " */ || c === 39 /* ' */) {
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \ */) i += 2;
        else if (d === c) break;
        else i++;
      }
      if (i >= n) throw parseErrorAt(text, start, "unterminated string");
      this.pos = i + 1;
      return { kind: "string", text: text.slice(start, i + 1), start, end: i + 1 };
    }
    if (isWordChar(c)) {
      const numeric = (c >= 48 && c <= 57) || c === 45 || c === 46;
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 45 && text.charCodeAt(i + 1) === 62) break; // "->" ends a word
        if (isWordChar(d)) i++;
        // An exponent sign: "1e+20".
        else if (d === 43 && numeric && (text.charCodeAt(i - 1) | 32) === 101) i++;
        else break;
      }
      this.pos = i;
      return { kind: "word", text: text.slice(start, i), start, end: i };
    }
    if (PUNCT.includes(text[i])) {
      this.pos = i + 1;
      return { kind: "punct", text: text[i], start, end: i + 1 };
    }
    const shown = JSON.stringify(text[i]);
    throw parseErrorAt(text, i, `unexpected character ${shown}`);
  }
}

// String literals are escaped and read as XLA does (string_escape.ts).
export { quoteString, unquote } from "./string_escape.ts";
