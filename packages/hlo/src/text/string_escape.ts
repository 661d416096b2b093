/**
 * String literals in HLO text, as XLA writes and reads them: the printer
 * escapes with absl::CEscape and the lexer reads with absl::CUnescape. CEscape
 * works on UTF-8 bytes: `\n \r \t \" \' \\` by name, every other byte outside
 * printable ASCII (controls, DEL, each byte of a non-ASCII character) as a
 * three-digit octal escape. So a printed string is printable ASCII whatever
 * it holds: no newline, brace or quote in a value can become structure, and
 * no control character or bidi override reaches a terminal or a diff.
 */

const NAMED: { readonly [c: number]: string } = { 10: "\\n", 13: "\\r", 9: "\\t", 34: '\\"', 39: "\\'", 92: "\\\\" };

const utf8 = new TextEncoder();

/** absl::CEscape of the string's UTF-8 bytes, in double quotes. */
export function quoteString(s: string): string {
  let out = '"';
  let plainFrom = 0;
  const flush = (to: number) => {
    if (to > plainFrom) out += s.slice(plainFrom, to);
  };
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f && NAMED[c] === undefined) continue;
    flush(i);
    if (NAMED[c] !== undefined) {
      out += NAMED[c];
      plainFrom = i + 1;
      continue;
    }
    // One code point (a surrogate pair is one; a lone surrogate encodes as U+FFFD, as UTF-8 must).
    const pair = c >= 0xd800 && c < 0xdc00 && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    const end = pair ? i + 2 : i + 1;
    for (const b of utf8.encode(s.slice(i, end))) out += `\\${b.toString(8).padStart(3, "0")}`;
    i = end - 1;
    plainFrom = end;
  }
  flush(s.length);
  return `${out}"`;
}

const SIMPLE: { readonly [e: string]: number } = { n: 10, r: 13, t: 9, a: 7, b: 8, f: 12, v: 11, "\\": 92, '"': 34, "'": 39, "?": 63 };

const isOctal = (ch: string | undefined): boolean => ch !== undefined && ch >= "0" && ch <= "7";
const isHex = (ch: string | undefined): boolean => ch !== undefined && /^[0-9A-Fa-f]$/.test(ch);

/**
 * Decodes a string token's text (with its quotes), as absl::CUnescape does:
 * named escapes, `\ooo` octal and `\xHH` hex bytes (decoded together as
 * UTF-8), `\uXXXX` and `\UXXXXXXXX` code points. An unknown escape stands for
 * its character, and invalid UTF-8 decodes to U+FFFD: the lexer has already
 * accepted the token, and reading leniently never changes where it ends.
 */
export function unquote(raw: string): string {
  let out = "";
  let bytes: number[] = [];
  const flushBytes = () => {
    if (bytes.length > 0) out += new TextDecoder().decode(new Uint8Array(bytes));
    bytes = [];
  };
  const end = raw.length - 1;
  let i = 1;
  while (i < end) {
    const c = raw[i];
    if (c !== "\\") {
      flushBytes();
      out += c;
      i++;
      continue;
    }
    const e = raw[i + 1];
    if (isOctal(e)) {
      let j = i + 1;
      let v = 0;
      while (j < end && j < i + 4 && isOctal(raw[j])) v = v * 8 + Number(raw[j++]);
      bytes.push(v & 0xff);
      i = j;
      continue;
    }
    if (e === "x" && isHex(raw[i + 2])) {
      let j = i + 2;
      let v = 0;
      while (j < end && j < i + 4 && isHex(raw[j])) v = v * 16 + parseInt(raw[j++], 16);
      bytes.push(v);
      i = j;
      continue;
    }
    flushBytes();
    const width = e === "u" ? 4 : e === "U" ? 8 : 0;
    const digits = raw.slice(i + 2, i + 2 + width);
    if (width > 0 && digits.length === width && /^[0-9A-Fa-f]+$/.test(digits) && parseInt(digits, 16) <= 0x10ffff) {
      out += String.fromCodePoint(parseInt(digits, 16));
      i += 2 + width;
      continue;
    }
    if (e === undefined || i + 1 >= end) {
      out += "\\";
      i++;
      continue;
    }
    out += SIMPLE[e] !== undefined ? String.fromCharCode(SIMPLE[e]) : e;
    i += 2;
  }
  flushBytes();
  return out;
}

/**
 * Characters that must not reach a terminal or a one-line report raw: C0
 * controls (ESC starts terminal sequences, CR overwrites the line, BEL rings),
 * DEL, C1 controls, the Unicode line separators and the bidi controls that
 * reorder what is shown (the "Trojan Source" characters).
 */
const UNSAFE = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const UNSAFE_WITH_NEWLINE = new RegExp(`${UNSAFE.source}|\\n`, "g");

/**
 * Echoed input made safe to show: each unsafe character becomes `\xHH` (or
 * `\u{HHHH}` past U+00FF); newlines are kept unless `oneLine`, which escapes
 * them as `\x0a` too. Everything else, non-ASCII text included, is unchanged.
 */
export function escapeControls(text: string, oneLine = false): string {
  return text.replace(oneLine ? UNSAFE_WITH_NEWLINE : UNSAFE, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
  });
}
