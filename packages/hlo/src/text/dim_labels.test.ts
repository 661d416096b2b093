import { describe, expect, it } from "vitest";
import { ParseError } from "../errors.ts";
import { parseHloModule } from "./parser.ts";
import { printHloModule } from "./printer.ts";
import { verifyModule } from "../verify/verifier.ts";

const module = (lhs: string, rhs: string, out: string, attrs: string) =>
  `HloModule m\n\nENTRY e {\n  a = ${lhs} parameter(0)\n  b = ${rhs} parameter(1)\n  ROOT c = ${out} convolution(a, b), ${attrs}\n}\n`;
const convLine = (text: string) => text.split("\n").find((l) => l.includes(" convolution(")) as string;

describe("convolution attributes in HLO text", () => {
  // Each line is as XLA's HloModule::ToString prints it (checked with XLA's parser and printer).
  const printed: readonly [string, string, string, string][] = [
    ["f32[1,5,5,4]{3,2,1,0}", "f32[3,3,2,6]{3,2,1,0}", "f32[1,5,5,6]{3,2,1,0}",
      "window={size=3x3 pad=1_1x1_1 rhs_reversal=1x0}, dim_labels=b01f_01io->b01f, feature_group_count=2, operand_precision={high,default}"],
    ["f32[4,2,3,3]{3,2,1,0}", "f32[2,2,2,4]{3,2,1,0}", "f32[2,4,2,2]{3,2,1,0}", "window={size=2x2}, dim_labels=bf01_01io->bf01, batch_group_count=2"],
    ["bf16[3,4]{1,0}", "bf16[4,5]{1,0}", "f32[3,5]{1,0}", "dim_labels=bf_io->bf"],
    ["f64[2,3,5,4,6]{4,3,2,1,0}", "f64[2,3,2,2,4]{4,3,2,1,0}", "f64[5,4,4,2,4]{4,3,2,1,0}",
      "window={size=2x2x2 stride=2x1x2 pad=-1_2x1_0x0_-1 lhs_dilate=2x1x2 rhs_dilate=1x2x1 rhs_reversal=1x0x1}, dim_labels=bf201_0i12o->1f0b2"],
    ["s8[1,4,1]{2,1,0}", "s8[4,1,1]{2,1,0}", "s32[1,1,1]{2,1,0}", "window={size=4}, dim_labels=b0f_0io->b0f"],
  ];
  it.each(printed)("%s (*) %s round-trips as XLA prints it", (lhs, rhs, out, attrs) => {
    const text = module(lhs, rhs, out, attrs);
    expect(convLine(printHloModule(parseHloModule(text)))).toBe(`  ROOT c = ${out} convolution(a, b), ${attrs}`);
  });

  it("omits default group counts and all-default precision, as XLA does", () => {
    const text = module("f32[1,5,4]{2,1,0}", "f32[3,4,6]{2,1,0}", "f32[1,3,6]{2,1,0}",
      "window={size=3}, dim_labels=b0f_0io->b0f, feature_group_count=1, batch_group_count=1, operand_precision={default,DEFAULT}");
    expect(printHloModule(parseHloModule(text))).toContain("convolution(a, b), window={size=3}, dim_labels=b0f_0io->b0f\n");
  });

  const err = (attrs: string): string => {
    try {
      parseHloModule(module("f32[1,5,4]", "f32[3,4,6]", "f32[1,3,6]", attrs));
    } catch (e) {
      if (e instanceof ParseError) return e.message.split("\n")[0];
      throw e;
    }
    throw new Error("parsed");
  };
  it("refuses malformed dim_labels with XLA's messages", () => {
    expect(err("window={size=3}, dim_labels=b01f_01io->b0f")).toMatch(
      /: input, kernel, and output must have same number of spatial dimensions, but got 2, 2, 1, respectively\.$/,
    );
    expect(err("window={size=3}, dim_labels=bb1f_01io->b01f")).toMatch(/: expects unique lhs dimension numbers, but sees bb1f$/);
    expect(err("window={size=3}, dim_labels=b0f_00o->b0f")).toMatch(/: expects unique rhs dimension numbers, but sees 00o$/);
    expect(err("window={size=3}, dim_labels=b01x_01io->b01f")).toMatch(/: expects dim labels pattern, e\.g\., 'bf0_0io->0bf'$/);
    expect(err("window={size=3}, dim_labels=b01f01io->b01f")).toMatch(/: expects dim labels pattern, e\.g\., 'bf0_0io->0bf'$/);
    expect(err("window={size=3}, dim_labels=b3f_0io->b0f")).toMatch(/: expects \[0-2bf\?\] in lhs dimension numbers$/);
    expect(err("window={size=3}, dim_labels=b0f_0io->b0fx")).toMatch(/: expects dim labels pattern/);
    expect(err("window={size=3}")).toMatch(/attribute dim_labels is expected but not seen for convolution/);
  });

  it("reads a missing window as empty, which the verifier refuses when there are spatial dimensions", () => {
    const m = parseHloModule(module("f32[1,5,4]", "f32[3,4,6]", "f32[1,3,6]", "dim_labels=b0f_0io->b0f"));
    expect(() => verifyModule(m)).toThrow(/Window must have same number of dimensions as dimension numbers/);
  });
});
