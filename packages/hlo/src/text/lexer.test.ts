import { describe, expect, it } from "vitest";
import { ParseError } from "../errors.ts";
import { Lexer, parseErrorAt, quoteString, unquote } from "./lexer.ts";

const tokens = (text: string) => {
  const lx = new Lexer(text);
  const out: string[] = [];
  for (let t = lx.next(); t.kind !== "eof"; t = lx.next()) out.push(`${t.kind}:${t.text}`);
  return out;
};

describe("the HLO lexer", () => {
  it("reads names with dots and dashes, '%' sigils, numbers and punctuation", () => {
    expect(tokens("%add.1 = f32[2,3]{1,0} get-tuple-element(x), index=1")).toEqual([
      "word:%add.1", "punct:=", "word:f32", "punct:[", "word:2", "punct:,", "word:3", "punct:]",
      "punct:{", "word:1", "punct:,", "word:0", "punct:}", "word:get-tuple-element", "punct:(", "word:x",
      "punct:)", "punct:,", "word:index", "punct:=", "word:1",
    ]);
  });

  it("keeps exponents, negative numbers and padding specs as single words", () => {
    expect(tokens("1e+20 -1.5e-05 1_-1_1x2_0_0 -inf")).toEqual(["word:1e+20", "word:-1.5e-05", "word:1_-1_1x2_0_0", "word:-inf"]);
  });

  it("splits the arrow from the shapes around it", () => {
    expect(tokens("(f32[])->f32[]")).toEqual(["punct:(", "word:f32", "punct:[", "punct:]", "punct:)", "punct:->", "word:f32", "punct:[", "punct:]"]);
  });

  it("skips block and line comments", () => {
    expect(tokens("a /*index=5*/ b // trailing\nc")).toEqual(["word:a", "word:b", "word:c"]);
  });

  it("reads strings with escapes", () => {
    expect(tokens('x="a \\"b\\" c"')).toEqual(["word:x", "punct:=", 'string:"a \\"b\\" c"']);
    expect(unquote('"a \\"b\\"\\n"')).toBe('a "b"\n');
    expect(unquote(quoteString('say "hi"\\'))).toBe('say "hi"\\');
  });

  it("reports an unterminated comment or string with its line and column", () => {
    const err = (text: string) => {
      try {
        tokens(text);
      } catch (e) {
        return e as ParseError;
      }
      throw new Error("no error");
    };
    const c = err("a\n  /* open");
    expect(c).toBeInstanceOf(ParseError);
    expect([c.line, c.column]).toEqual([2, 3]);
    expect(c.message).toBe("2:3: unterminated comment '/*'\n  /* open\n  ^");
    expect(err('x = "abc').message).toContain("1:5: unterminated string");
    expect(err("a @ b").message).toContain('1:3: unexpected character "@"');
  });

  it("formats errors with the offending line and a caret under the column", () => {
    const e = parseErrorAt("first\nsecond line\nthird", 13, "bad thing");
    expect(e.line).toBe(2);
    expect(e.column).toBe(8);
    expect(e.message).toBe("2:8: bad thing\nsecond line\n       ^");
  });
});
