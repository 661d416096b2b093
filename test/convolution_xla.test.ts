/**
 * Convolution against values XLA's CPU backend computed (test/corpus/xla-conv,
 * see its README): batch groups, preferred element types, integer
 * wrap-around, pred, f16, c64, no spatial dimensions, and a 3-D convolution
 * with every window field; plus the printed text of each module matching
 * XLA's own printing of the convolution line.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { XlaBuilder } from "@minixla/builder";
import { type ArrayLiteral, literal, parseHloModule, printHloModule, shape, toNested } from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";

interface Case {
  readonly text: string;
  readonly shape: readonly number[];
  readonly dtype: string;
  readonly values: readonly (number | boolean | readonly [number, number])[];
}

const CASES: Readonly<Record<string, Case>> = JSON.parse(readFileSync(join(import.meta.dirname, "corpus", "xla-conv", "cases.json"), "utf8"));

/** Row-major values of a result: numbers, booleans for pred, [re, im] for complex. */
function flat(l: ArrayLiteral): unknown[] {
  const out: unknown[] = [];
  const walk = (x: unknown): void => {
    if (Array.isArray(x) && !(x.length === 2 && typeof x[0] === "number" && l.shape.elementType.startsWith("c") && !Array.isArray(x[0]))) {
      x.forEach(walk);
    } else {
      out.push(typeof x === "bigint" ? Number(x) : x);
    }
  };
  walk(toNested(l));
  return out;
}

describe("convolution matches XLA's CPU results", () => {
  test.each(Object.keys(CASES))("%s", (name) => {
    const c = CASES[name];
    const m = parseHloModule(c.text);
    const got = evaluate(m, []) as ArrayLiteral;
    expect(got.shape.dimensions).toEqual(c.shape);
    expect(flat(got)).toEqual(c.values);
  });

  test.each(Object.keys(CASES))("%s prints its convolution as XLA does", (name) => {
    const text = CASES[name].text;
    const line = (t: string) => t.split("\n").find((l) => l.includes(" convolution(")) as string;
    // XLA prints the line as written here, with a layout on the result shape and '%' before names.
    const printed = line(printHloModule(parseHloModule(text))).trim();
    expect(printed.replace(/\{[0-9,]*\} convolution/, " convolution").replace(/%/g, "").replace("  convolution", " convolution")).toBe(line(text).trim());
  });
});

describe("XlaBuilder.conv end to end", () => {
  test("SAME padding puts the odd padding after, as TensorFlow and XLA's MakePadding do", () => {
    const b = new XlaBuilder("same");
    const x = b.parameter(0, shape("f32", [1, 1, 3, 3]), "x");
    const w = b.parameter(1, shape("f32", [1, 1, 2, 2]), "w");
    b.conv(x, w, [1, 1], "SAME");
    const got = evaluate(b.build(), [literal("f32", [1, 1, 3, 3], new Array(9).fill(1)), literal("f32", [1, 1, 2, 2], [1, 1, 1, 1])]) as ArrayLiteral;
    expect(toNested(got)).toEqual([[[[4, 4, 2], [4, 4, 2], [2, 2, 1]]]]);
  });
});
