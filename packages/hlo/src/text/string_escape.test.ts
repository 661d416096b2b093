import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ParseError } from "../errors.ts";
import { parseHloModule } from "./parser.ts";
import { escapeControls, quoteString, unquote } from "./string_escape.ts";

describe("quoteString writes what absl::CEscape writes", () => {
  it.each([
    ["plain", '"plain"'],
    ["a\nb\tc\rd", '"a\\nb\\tc\\rd"'],
    ["\"'\\", String.raw`"\"\'\\"`],
    ["\x1b[31m\0\x7f", String.raw`"\033[31m\000\177"`],
    ["é😀", String.raw`"\303\251\360\237\230\200"`],
    ["{}\n}", '"{}\\n}"'],
  ])("%j prints as %s", (value, printed) => {
    expect(quoteString(value)).toBe(printed);
    expect(unquote(printed)).toBe(value);
  });
});

describe("unquote reads what absl::CUnescape reads", () => {
  it.each([
    [String.raw`"\x41\x4a"`, "AJ"],
    [String.raw`"\101\7\0"`, "A\x07\0"],
    [String.raw`"\u00e9\U0001F600"`, "é😀"],
    [String.raw`"\a\b\f\v\?"`, "\x07\b\f\v?"],
    [String.raw`"\303\251x"`, "éx"],
    [String.raw`"\377"`, "\ufffd"],
  ])("%s reads as %j", (raw, value) => {
    expect(unquote(raw)).toBe(value);
  });
});

describe("escapeControls makes echoed input safe to show", () => {
  it("escapes C0, DEL, C1 and bidi controls, keeps text and newlines", () => {
    expect(escapeControls("a\x1b[2J\x07\0\x7f\x85\u202eé😀\nb")).toBe(String.raw`a\x1b[2J\x07\x00\x7f\x85\u{202e}é😀` + "\nb");
    expect(escapeControls("a\nb\r", true)).toBe(String.raw`a\x0ab\x0d`);
  });

  it("keeps a quoted string token in a parse error's first line escaped", () => {
    const text = 'HloModule m\n\nENTRY e {\n  ROOT x = f32[] parameter("\x1b]0;\nx")\n}\n';
    expect(() => parseHloModule(text)).toThrow(ParseError);
    try {
      parseHloModule(text);
    } catch (e) {
      const first = (e as ParseError).message.split("\n")[0];
      expect(first).toContain(String.raw`'"\x1b]0;\x0ax"'`);
    }
  });

  it("keeps a parse error's excerpt free of raw control bytes, with the caret under the fault", () => {
    const text = "HloModule m\n\nENTRY e {\n  \x1b\x07 x = f32[] parameter(0)\n}\n";
    let error: unknown;
    try {
      parseHloModule(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ParseError);
    const message = (error as ParseError).message;
    expect(message).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f]/);
    const [, excerpt, caret] = message.split("\n");
    expect(excerpt).toBe(String.raw`  \x1b\x07 x = f32[] parameter(0)`);
    expect(caret).toBe("  ^");
  });
});

describe("string escaping (property)", () => {
  const anyString = fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: "binary-ascii" }), fc.string({ unit: fc.constantFrom("\\", '"', "\n", "0", "7", "x", "u", "\0", "é") }));
  it("quoteString prints printable ASCII that unquote reads back exactly", () => {
    fc.assert(
      fc.property(anyString, (s) => {
        const q = quoteString(s);
        expect(/^"[\x20-\x7e]*"$/.test(q)).toBe(true);
        expect(unquote(q)).toBe(s);
      }),
      { numRuns: 3000, seed: 11 },
    );
  });
  it("escapeControls leaves no control, bidi or line-separator character", () => {
    fc.assert(
      fc.property(anyString, (s) => {
        expect(escapeControls(s, true)).not.toMatch(/[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
      }),
      { numRuns: 3000, seed: 12 },
    );
  });
});
