/**
 * The MLIR text scanner for StableHLO modules: SSA values (`%x`, `%1#0`),
 * symbols (`@main`), attribute and type aliases (`#loc1`, `!t`), block labels
 * (`^bb0`), bare identifiers (`stablehlo.add`, `dense`), numbers, strings and
 * punctuation (`->` is one token). Comments (`//`) are skipped. Tokens are
 * made on demand; the parser may also read raw text (a type's `<...>` body)
 * from the current offset. Every error is a ParseError with line and column.
 */
import type { ParseError } from "../errors.ts";
import { parseErrorAt } from "../text/lexer.ts";

export type MlirTokenKind = "value" | "symbol" | "hash" | "bang" | "caret" | "ident" | "number" | "string" | "punct" | "eof";

export interface MlirToken {
  readonly kind: MlirTokenKind;
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** Character classes (bits) of the ASCII characters: one table look-up per character, not a call per class. */
const ID_START = 1;
const DIGIT = 2;
/** Letters, digits, `_`, `$` and `.`. */
const ID_CHAR = 4;
/** Those and `-`. */
const SUFFIX_CHAR = 8;
const HEX_DIGIT = 16;
const CLASSES = (() => {
  const t = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    const start = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
    const digit = c >= 48 && c <= 57;
    const id = start || digit || c === 36 || c === 46;
    const hex = digit || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
    t[c] = (start ? ID_START : 0) | (digit ? DIGIT : 0) | (id ? ID_CHAR : 0) | (id || c === 45 ? SUFFIX_CHAR : 0) | (hex ? HEX_DIGIT : 0);
  }
  return t;
})();

/** Whether character code c is in the class (bits) `k`. */
const is = (c: number, k: number): boolean => c < 128 && (CLASSES[c] & k) !== 0;
const isIdStart = (c: number): boolean => is(c, ID_START);
const isDigit = (c: number): boolean => is(c, DIGIT);

function mk(s: string, kind: MlirTokenKind, start: number, end: number): MlirToken {
  return { kind, text: s.slice(start, end), start, end };
}

/** The end of the run of characters of class `k` from `from` (NaN past the end is in no class). */
function wordEnd(s: string, from: number, k: number): number {
  let i = from;
  for (;;) {
    const c = s.charCodeAt(i);
    if (!(c < 128) || (CLASSES[c] & k) === 0) return i;
    i++;
  }
}

export class MlirLexer {
  readonly text: string;
  pos: number;
  #peeked: MlirToken | undefined;

  constructor(text: string, pos = 0) {
    this.text = text;
    this.pos = pos;
  }

  error(at: number | MlirToken, message: string): ParseError {
    return parseErrorAt(this.text, typeof at === "number" ? at : at.start, message);
  }

  peek(): MlirToken {
    if (this.#peeked === undefined) this.#peeked = this.#scan();
    return this.#peeked;
  }

  next(): MlirToken {
    const t = this.peek();
    this.#peeked = undefined;
    this.pos = t.end;
    return t;
  }

  /** Offset of the next token (whitespace and comments skipped), for raw reads. */
  rawStart(): number {
    if (this.#peeked !== undefined) {
      this.pos = this.#peeked.start;
      this.#peeked = undefined;
    }
    this.#skip();
    return this.pos;
  }

  /** Moves to `offset` (after a raw read). */
  seek(offset: number): void {
    this.#peeked = undefined;
    this.pos = offset;
  }

  /**
   * Whether punctuation `p` comes next. A match is found on the characters
   * when no token is peeked yet, so that the commonest tests make no token.
   */
  isPunct(p: string): boolean {
    // Otherwise the token is made, as it will be read next (and a malformed one is reported as ever).
    if (this.#peeked === undefined && this.#punctAt(p) >= 0) return true;
    const t = this.peek();
    return t.kind === "punct" && t.text === p;
  }

  /** The end of punctuation `p` if it is the next token (no token peeked), else -1; skips whitespace. */
  #punctAt(p: string): number {
    this.#skip();
    const s = this.text;
    const i = this.pos;
    const c = s.charCodeAt(i);
    if (c !== p.charCodeAt(0)) return -1;
    if (p.length === 1) return c === 45 && s.charCodeAt(i + 1) === 62 ? -1 : i + 1;
    return s.charCodeAt(i + 1) === p.charCodeAt(1) ? i + 2 : -1;
  }

  isIdent(word: string): boolean {
    const t = this.peek();
    return t.kind === "ident" && t.text === word;
  }

  eatPunct(p: string): boolean {
    if (this.#peeked === undefined) {
      const end = this.#punctAt(p);
      if (end >= 0) {
        this.pos = end;
        return true;
      }
    }
    if (!this.isPunct(p)) return false;
    this.next();
    return true;
  }

  eatIdent(word: string): boolean {
    if (!this.isIdent(word)) return false;
    this.next();
    return true;
  }

  expectPunct(p: string, where: string): MlirToken {
    if (this.#peeked === undefined) {
      const end = this.#punctAt(p);
      if (end >= 0) {
        const start = this.pos;
        this.pos = end;
        return { kind: "punct", text: p, start, end };
      }
    }
    const t = this.next();
    if (t.kind !== "punct" || t.text !== p) throw this.error(t, `expected '${p}' ${where}, found ${describe(t)}`);
    return t;
  }

  /** As expectPunct, for a caller that needs no token: a match makes none. */
  needPunct(p: string, where: string): void {
    if (this.#peeked === undefined) {
      const end = this.#punctAt(p);
      if (end >= 0) {
        this.pos = end;
        return;
      }
    }
    this.expectPunct(p, where);
  }

  expect(kind: MlirTokenKind, what: string): MlirToken {
    const t = this.next();
    if (t.kind !== kind) throw this.error(t, `expected ${what}, found ${describe(t)}`);
    return t;
  }

  /**
   * The raw text up to the `>` that closes a `<` just read (nested `<...>`,
   * strings and `->` arrows skipped); the lexer moves past that `>`.
   */
  rawAngleBody(open: MlirToken | number): { text: string; start: number } {
    const start = this.rawStart();
    const s = this.text;
    let depth = 1;
    let i = start;
    while (i < s.length) {
      const c = s.charCodeAt(i);
      if (c === 34) {
        i = this.#stringEnd(i);
        continue;
      }
      if (c === 45 && s.charCodeAt(i + 1) === 62) {
        i += 2;
        continue;
      }
      if (c === 60) depth++;
      else if (c === 62 && --depth === 0) {
        this.seek(i + 1);
        return { text: s.slice(start, i), start };
      }
      i++;
    }
    throw this.error(open, "'<' is never closed by '>'");
  }

  #skip(): void {
    const s = this.text;
    let i = this.pos;
    for (;;) {
      const c = s.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else if (c === 47 && s.charCodeAt(i + 1) === 47) {
        const nl = s.indexOf("\n", i);
        i = nl < 0 ? s.length : nl + 1;
      } else break;
    }
    this.pos = i;
  }

  #stringEnd(start: number): number {
    const s = this.text;
    // Long strings (hex blobs of large constants) are searched natively: the first quote after the opening
    // one ends the string when nothing before it is an escape or a line break.
    const q = s.indexOf('"', start + 1);
    if (q > start + 64) {
      const body = s.slice(start + 1, q);
      if (!body.includes("\\") && !body.includes("\n")) return q + 1;
    }
    let i = start + 1;
    while (i < s.length) {
      const c = s.charCodeAt(i);
      if (c === 92) i += 2;
      else if (c === 34) return i + 1;
      else if (c === 10) break;
      else i++;
    }
    throw this.error(start, "string is not closed on its line");
  }

  #scan(): MlirToken {
    this.#skip();
    const s = this.text;
    const start = this.pos;
    if (start >= s.length) return { kind: "eof", text: "", start, end: start };
    const c = s.charCodeAt(start);
    switch (c) {
      case 37: { // %name, %name#3
        let end = wordEnd(s, start + 1, SUFFIX_CHAR);
        if (end === start + 1) throw this.error(start, "expected a value name after '%'");
        if (s.charCodeAt(end) === 35 && isDigit(s.charCodeAt(end + 1))) end = wordEnd(s, end + 1, DIGIT);
        return mk(s, "value", start, end);
      }
      case 64: { // @sym, @"sym"
        if (s.charCodeAt(start + 1) === 34) return mk(s, "symbol", start, this.#stringEnd(start + 1));
        const end = wordEnd(s, start + 1, SUFFIX_CHAR);
        if (end === start + 1) throw this.error(start, "expected a symbol name after '@'");
        return mk(s, "symbol", start, end);
      }
      case 35: case 33: case 94: { // #alias, !type, ^bb
        const end = wordEnd(s, start + 1, SUFFIX_CHAR);
        if (end === start + 1) throw this.error(start, `expected a name after '${s[start]}'`);
        return mk(s, c === 35 ? "hash" : c === 33 ? "bang" : "caret", start, end);
      }
      case 34:
        return mk(s, "string", start, this.#stringEnd(start));
      case 45:
        if (s.charCodeAt(start + 1) === 62) return mk(s, "punct", start, start + 2);
        return mk(s, "punct", start, start + 1);
      default:
        break;
    }
    if (isIdStart(c)) return mk(s, "ident", start, wordEnd(s, start, ID_CHAR));
    if (isDigit(c)) {
      if (c === 48 && (s.charCodeAt(start + 1) === 120 || s.charCodeAt(start + 1) === 88) && /[0-9a-fA-F]/.test(s[start + 2] ?? "")) {
        return mk(s, "number", start, wordEnd(s, start + 2, HEX_DIGIT));
      }
      let i = wordEnd(s, start, DIGIT);
      if (s.charCodeAt(i) === 46) i = wordEnd(s, i + 1, DIGIT);
      if ((s.charCodeAt(i) === 101 || s.charCodeAt(i) === 69) && /[-+0-9]/.test(s[i + 1] ?? "")) {
        i++;
        if (s.charCodeAt(i) === 43 || s.charCodeAt(i) === 45) i++;
        const j = wordEnd(s, i, DIGIT);
        if (j === i) throw this.error(start, "expected digits in the number's exponent");
        i = j;
      }
      return mk(s, "number", start, i);
    }
    if ("(){}[]<>,:=?*+|".includes(s[start])) return mk(s, "punct", start, start + 1);
    throw this.error(start, `unexpected character ${JSON.stringify(s[start])}`);
  }
}

/** A token as error messages show it. */
export function describe(t: MlirToken): string {
  return t.kind === "eof" ? "the end of the text" : `'${t.text.length > 40 ? `${t.text.slice(0, 40)}...` : t.text}'`;
}

/** The value of a string token (MLIR escapes: \\, \", \n, \t, two hex digits). */
export function unquote(lx: MlirLexer, t: MlirToken): string {
  const body = t.text.slice(t.text.indexOf('"') + 1, -1);
  if (!body.includes("\\")) return body;
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch !== "\\") {
      out += ch;
      continue;
    }
    const n = body[i + 1];
    if (n === "\\" || n === '"') {
      out += n;
      i++;
    } else if (n === "n") {
      out += "\n";
      i++;
    } else if (n === "t") {
      out += "\t";
      i++;
    } else if (/^[0-9a-fA-F]{2}$/.test(body.slice(i + 1, i + 3))) {
      out += String.fromCharCode(parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else throw lx.error(t.start + i + 1, `unknown escape '\\${n ?? ""}' in string`);
  }
  return out;
}
