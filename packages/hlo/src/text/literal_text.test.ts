import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ParseError } from "../errors.ts";
import { type ArrayLiteral, type TupleLiteral, literal } from "../literal.ts";
import { parseShape } from "./parser.ts";
import { parseHloModule, printHloModule } from "../index.ts";
import { Lexer } from "./lexer.ts";
import { parseLiteral, printLiteral } from "./literal_text.ts";
import { formatFloat } from "./number_text.ts";

const read = (shapeText: string, text: string) => parseLiteral(new Lexer(text), parseShape(shapeText));
const values = (shapeText: string, text: string): (number | bigint)[] => Array.from<number | bigint>((read(shapeText, text) as ArrayLiteral).data);
const message = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ParseError);
    return (e as Error).message.split("\n")[0];
  }
  throw new Error("expected a ParseError");
};

describe("literal text: reading", () => {
  it("reads scalars of every element type", () => {
    expect(values("pred[]", "true")).toEqual([1]);
    expect(values("pred[]", "false")).toEqual([0]);
    expect(values("s8[]", "-128")).toEqual([-128]);
    expect(values("s16[]", "32767")).toEqual([32767]);
    expect(values("s32[]", "-2147483648")).toEqual([-2147483648]);
    expect(values("s64[]", "-9007199254740992")).toEqual([-9007199254740992n]);
    expect(values("u8[]", "255")).toEqual([255]);
    expect(values("u16[]", "65535")).toEqual([65535]);
    expect(values("u32[]", "4294967295")).toEqual([4294967295]);
    expect(values("u64[]", "9007199254740992")).toEqual([9007199254740992n]);
    expect(values("f16[]", "0.1")).toEqual([0.0999755859375]);
    expect(values("bf16[]", "0.1")).toEqual([0.10009765625]);
    expect(values("f32[]", "0.1")).toEqual([Math.fround(0.1)]);
    expect(values("f64[]", "1e-05")).toEqual([1e-5]);
  });

  it("reads inf, -inf, nan, -nan and -0.0 (but the integer -0 as +0, as XLA's lexer does)", () => {
    expect(Object.is(values("f64[]", "-0")[0], 0)).toBe(true);
    const v = values("f64[5]", "{inf, -inf, nan, -nan, -0.0}");
    expect(v[0]).toBe(Infinity);
    expect(v[1]).toBe(-Infinity);
    expect(Number.isNaN(v[2]) && Number.isNaN(v[3])).toBe(true);
    expect(Object.is(v[4], -0)).toBe(true);
  });

  it("reads nested arrays row-major, pred arrays as 0/1 or true/false, and empty arrays", () => {
    expect(values("s32[2,3]", "{ { 1, 2, 3 }, { 4, 5, 6 } }")).toEqual([1, 2, 3, 4, 5, 6]);
    expect(values("pred[2,2]", "{ {0, 1}, {true, false} }")).toEqual([0, 1, 1, 0]);
    expect(values("f32[0]", "{}")).toEqual([]);
    expect(values("f32[2,0]", "{ {}, {} }")).toEqual([]);
    expect(values("f64[2,1,1,1]", "{ { /*i0=0*/ { /*i1=0*/ {-1} } }, { /*i0=1*/ { /*i1=0*/ {4.5} } } }")).toEqual([-1, 4.5]);
  });

  it("reads tuple literals", () => {
    const t = read("(s32[2], f64[])", "( {1, 2}, 2.5 )") as TupleLiteral;
    expect(t.elements.map((e) => Array.from<number | bigint>((e as ArrayLiteral).data))).toEqual([[1, 2], [2.5]]);
  });

  it("refuses values outside the element type's range", () => {
    // XLA's messages, word for word.
    expect(message(() => read("s8[]", "128"))).toBe("1:1: value 128 is out of range for literal's primitive type S8 namely [-128, 127].");
    expect(message(() => read("u32[]", "-1"))).toBe("1:1: value -1 is out of range for literal's primitive type U32 namely [0, 4294967295].");
    expect(message(() => read("f32[]", "1e39"))).toBe(
      "1:1: value 1e+39 is out of range for literal's primitive type F32 namely [-3.40282e+38, 3.40282e+38].",
    );
    expect(message(() => read("f64[]", "1e999"))).toBe("1:1: Constant is out of range for double (+/-1.79769e+308) and so is unparsable.");
    expect(message(() => read("s32[]", "1.5"))).toBe("1:1: expects integer for primitive type: S32");
    expect(message(() => read("pred[]", "1.5"))).toBe("1:1: expects integer for primitive type: PRED");
    // pred takes any integer, non-zero being true.
    expect(values("pred[3]", "{2, -1, 0}")).toEqual([1, 1, 0]);
  });

  it("reads s64 and u64 exactly over the full 64-bit range, wrapping as XLA's lexer does", () => {
    expect(values("s64[]", "-9223372036854775808")).toEqual([-9223372036854775808n]);
    expect(values("s64[]", "9223372036854775807")).toEqual([9223372036854775807n]);
    expect(values("u64[]", "18446744073709551615")).toEqual([18446744073709551615n]);
    expect(values("s64[2]", "{9007199254740993, -9007199254740993}")).toEqual([9007199254740993n, -9007199254740993n]);
    // XLA lexes integers as int64 bits: 2^63 is -2^63 for s64, -1 is 2^64-1 for u64.
    expect(values("s64[]", "9223372036854775808")).toEqual([-9223372036854775808n]);
    expect(values("s64[]", "18446744073709551615")).toEqual([-1n]);
    expect(values("u64[]", "-1")).toEqual([18446744073709551615n]);
    expect(values("u64[]", "-9223372036854775808")).toEqual([9223372036854775808n]);
    expect(message(() => read("s64[]", "99999999999999999999"))).toBe("1:1: unexpected token type in a literal");
    expect(message(() => read("u64[]", "18446744073709551616"))).toBe("1:1: unexpected token type in a literal");
    expect(message(() => read("s64[]", "-9223372036854775809"))).toBe("1:1: unexpected token type in a literal");
    expect(message(() => read("s64[]", "1e3"))).toBe("1:1: expects integer for primitive type: S64");
    // A float type reads an integer word as int64, then double.
    expect(values("f64[]", "18446744073709551615")).toEqual([-1]);
    expect(values("f64[]", "9007199254740993")).toEqual([9007199254740992]);
  });

  it("prints s64 and u64 exactly", () => {
    expect(printLiteral(literal("s64", [2], [-9223372036854775808n, 9223372036854775807n]))).toBe("{-9223372036854775808, 9223372036854775807}");
    expect(printLiteral(literal("u64", [], [18446744073709551615n]))).toBe("18446744073709551615");
  });

  it("refuses nesting that does not match the shape", () => {
    expect(message(() => read("f32[2]", "{1, 2, 3}"))).toBe("1:8: expects 2 elements on the minor-most dimension, but sees more");
    expect(message(() => read("f32[2]", "{1}"))).toBe("1:3: expects 2 elements in dimension 0, but sees 1");
    expect(message(() => read("f32[2]", "{{1}, {2}}"))).toBe("1:2: expects nested array in rank 1, but sees larger");
    expect(message(() => read("f32[2,2]", "{1, 2}"))).toBe("1:2: expects a nested array of rank 2, but sees a value at depth 1");
    expect(message(() => read("f32[2]", "{1 2}"))).toBe("1:4: expects ',' or '}' in a literal, but sees '2'");
    expect(message(() => read("f32[2]", "{...}"))).toContain("elided");
  });
});

describe("literal text: printing as XLA does", () => {
  it("prints scalars, pred as true/false", () => {
    expect(printLiteral(literal("f64", [], [42]))).toBe("42");
    expect(printLiteral(literal("pred", [], [1]))).toBe("true");
    expect(printLiteral(literal("s32", [], [-7]))).toBe("-7");
  });

  it("prints rank 1 and rank 2 with XLA's brace spacing, pred arrays as 0/1", () => {
    expect(printLiteral(literal("s32", [3], [1, 2, 3]))).toBe("{1, 2, 3}");
    expect(printLiteral(literal("f32", [0], []))).toBe("{}");
    expect(printLiteral(literal("s32", [2, 3], [1, 2, 3, 4, 5, 6]))).toBe("{ { 1, 2, 3 }, { 4, 5, 6 } }");
    expect(printLiteral(literal("pred", [2, 3], [0, 1, 0, 1, 0, 1]))).toBe("{ { 0, 1, 0 }, { 1, 0, 1 } }");
    expect(printLiteral(literal("s32", [2, 1], [1, 2]))).toBe("{ {1}, {2} }");
  });

  it("prints rank 3 plainly and rank 4 with index markers", () => {
    expect(printLiteral(literal("s32", [2, 1, 2], [1, 2, 3, 4]))).toBe("{ { { 1, 2 } }, { { 3, 4 } } }");
    expect(printLiteral(literal("f64", [2, 2, 1, 1], [-1, 4.1, 2, 3]))).toBe(
      "{ { /*i0=0*/ { /*i1=0*/ {-1} }, { /*i1=1*/ {4.1} } }, { /*i0=1*/ { /*i1=0*/ {2} }, { /*i1=1*/ {3} } } }",
    );
    expect(printLiteral(literal("f64", [2, 0, 3, 1], []))).toBe("{ { /*i0=0*/ }, { /*i0=1*/ } }");
  });

  it("prints tuples", () => {
    const t = { shape: parseShape("(s32[2,1], s32[2])"), elements: [literal("s32", [2, 1], [1, 2]), literal("s32", [2], [2, 42])] } as TupleLiteral;
    expect(printLiteral(t)).toBe("( { {1}, {2} }, {2, 42} )");
  });

  it("prints floats like XLA's %g: integral without a point, short round-trip digits, non-finite words", () => {
    expect(formatFloat(1, "f64")).toBe("1");
    expect(formatFloat(100, "f64")).toBe("100");
    expect(formatFloat(0.5, "f64")).toBe("0.5");
    expect(formatFloat(1e-5, "f64")).toBe("1e-05");
    expect(formatFloat(1e20, "f64")).toBe("1e+20");
    expect(formatFloat(0.1 + 0.2, "f64")).toBe("0.30000000000000004");
    expect(formatFloat(-0, "f64")).toBe("-0.0");
    expect(formatFloat(NaN, "f64")).toBe("nan");
    expect(formatFloat(NaN, "f64", true)).toBe("-nan");
    expect(formatFloat(-Infinity, "f32")).toBe("-inf");
    expect(formatFloat(Math.fround(0.797884583), "f32")).toBe("0.797884583");
    expect(formatFloat(Math.fround(0.044715), "f32")).toBe("0.044715");
    expect(formatFloat(Math.fround(1e6), "f32")).toBe("1e+06");
    expect(formatFloat(0.333251953125, "f16")).toBe("0.33325");
  });

  it("prints f16 and bf16 with max_digits10 (5 and 4) always, as XLA's RoundTripFpToString does", () => {
    expect(formatFloat(0.0999755859375, "f16")).toBe("0.099976");
    expect(formatFloat(65504, "f16")).toBe("65504");
    expect(formatFloat(1, "f16")).toBe("1");
    expect(formatFloat(3.296875, "bf16")).toBe("3.297");
    expect(formatFloat(0.10009765625, "bf16")).toBe("0.1001");
    expect(formatFloat(-2, "bf16")).toBe("-2");
  });

  it("prints every float so that it reads back to the same value of its type", () => {
    for (const [type, xs] of [
      ["f32", [Math.fround(Math.PI), Math.fround(1 / 3), 3.4028234663852886e38, Math.fround(1e-45)]],
      ["f64", [Math.PI, 1 / 3, Number.MAX_VALUE, Number.MIN_VALUE, 123456789012345680]],
      ["f16", [0.333251953125, 65504, 5.960464477539063e-8]],
      ["bf16", [0.333984375, 3.3895313892515355e38]],
    ] as const) {
      for (const x of xs) expect(values(`${type}[]`, formatFloat(x, type))).toEqual([x]);
    }
  });

  it("keeps the sign of a negative NaN through print and parse", () => {
    const l = read("f32[2]", "{-nan, nan}");
    expect(printLiteral(l)).toBe("{-nan, nan}");
  });
});

/**
 * XLA's own parser and printer on the same text (scripts/gen_literal_text_golden.py,
 * jaxlib 0.10.2 with ml_dtypes 0.6.0): every value of each f8/f4 format, ties,
 * overflow, specials, integers at and past their ranges, s64/u64, pred, complex,
 * and random bit patterns of f16/bf16/f32/f64 for the shortest round-trip digits.
 */
interface GoldenCase {
  readonly shape: string;
  readonly text: string;
  readonly printed?: string;
  /** XLA's chain of messages ("L:C: message"), innermost first. */
  readonly errors?: readonly string[];
  /** XLA's parser aborted on a failed CHECK (e.g. `true` for a float type). */
  readonly crash?: true;
  /** What XLA makes of `printed` when that differs from `printed` (the integer word -0 reads as +0). */
  readonly reprinted?: { readonly printed?: string };
}
const golden = (
  JSON.parse(readFileSync(new URL("../../testdata/literal_text_golden.json", import.meta.url), "utf8")) as { readonly cases: readonly GoldenCase[] }
).cases;

describe("literal text against XLA (testdata/literal_text_golden.json)", () => {
  const label = (c: GoldenCase) => `${c.shape} ${c.text.length > 50 ? `${c.text.slice(0, 50)}...` : c.text}`;

  it("prints what XLA prints for every literal XLA accepts, and reads its own printing back", () => {
    const wrong: string[] = [];
    for (const c of golden) {
      if (c.printed === undefined) continue;
      let got: string;
      try {
        got = printLiteral(read(c.shape, c.text));
      } catch (e) {
        wrong.push(`${label(c)}: threw ${(e as Error).message.split("\n")[0]}`);
        continue;
      }
      // minixla prints negative zero as "-0.0", which XLA reads back as -0 (its "-0" reads as +0).
      const xlaPrinted = c.printed.replace(/(^|[{(, ])-0(?=$|[,})])/g, "$1-0.0");
      if (got !== xlaPrinted) wrong.push(`${label(c)}: printed ${got}, XLA ${c.printed}`);
      else {
        const again = printLiteral(read(c.shape, got));
        const want = xlaPrinted === c.printed ? (c.reprinted?.printed ?? got) : got;
        if (again !== want) wrong.push(`${label(c)}: ${got} reads back as ${again}, XLA ${want}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("refuses what XLA refuses, with one of XLA's messages at XLA's position", () => {
    const wrong: string[] = [];
    for (const c of golden) {
      if (c.errors === undefined && c.crash === undefined) continue;
      let got: string | undefined;
      try {
        printLiteral(read(c.shape, c.text));
      } catch (e) {
        if (!(e instanceof ParseError)) throw e;
        got = e.message.split("\n")[0];
      }
      if (got === undefined) wrong.push(`${label(c)}: accepted, XLA ${c.crash ? "aborts" : c.errors?.join(" / ")}`);
      else if (c.errors !== undefined && !c.errors.includes(got)) wrong.push(`${label(c)}: ${got}, XLA ${c.errors.join(" / ")}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe("constants of every kind through the module parser and printer", () => {
  it.each([
    ["s64[] constant(9223372036854775807)", "s64[] constant(9223372036854775807)"],
    ["s64[2] constant({-9223372036854775808, 9007199254740993})", "s64[2]{0} constant({-9223372036854775808, 9007199254740993})"],
    ["u64[] constant(18446744073709551615)", "u64[] constant(18446744073709551615)"],
    ["c64[2] constant({(1, 2), (3, 4)})", "c64[2]{0} constant({(1, 2), (3, 4)})"],
    ["c128[] constant((1, -0.5))", "c128[] constant((1, -0.5))"],
    // XLA: -inf has no f8e4m3fn value and becomes -nan; 0.3 rounds to 0.3125, printed with 3 digits.
    ["f8e4m3fn[3] constant({1, -inf, 0.3})", "f8e4m3fn[3]{0} constant({1, -nan, 0.312})"],
    // f4e2m1fn saturates: no inf, no NaN.
    ["f4e2m1fn[3] constant({7, 1e300, -2.9})", "f4e2m1fn[3]{0} constant({6, 6, -3})"],
    ["pred[2] constant({1, 0})", "pred[2]{0} constant({1, 0})"],
  ])("%s prints as %s", (written, printed) => {
    const module = (c: string) => `HloModule m\n\nENTRY e {\n  ROOT c = ${c}\n}\n`;
    const text = printHloModule(parseHloModule(module(written)));
    expect(text).toContain(`ROOT c = ${printed}\n`);
    expect(printHloModule(parseHloModule(text))).toBe(text);
  });
});
