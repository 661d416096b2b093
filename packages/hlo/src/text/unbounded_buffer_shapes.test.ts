/**
 * XLA's unbounded dynamic dimensions (`f32[?,784]`) and buffer shapes
 * (`b(f32[2,4])`), as XLA's hlo_to_mhlo tests write them: they parse, print
 * back as XLA prints them, and verify. An unbounded dimension is held at size
 * 0 (shape.ts); a buffer shape is an array shape with a flag.
 */
import { describe, expect, it } from "vitest";
import { ParseError } from "../errors.ts";
import { parseHloModule, parseShape } from "./parser.ts";
import { shapeProblem, shapeToString, shapeToStringWithLayout, shapesEqual } from "../shape.ts";
import { printHloModule } from "./printer.ts";
import { verificationProblems } from "../verify/verifier.ts";

describe("unbounded dynamic dimensions '?'", () => {
  it("parse as size 0, dynamic and unbounded, and print back as '?'", () => {
    const s = parseShape("f32[?,784]");
    expect(s).toEqual({ elementType: "f32", dimensions: [0, 784], dynamicDimensions: [true, false], unboundedDimensions: [true, false] });
    expect(shapeToString(s)).toBe("f32[?,784]");
    expect(shapeToStringWithLayout(parseShape("f32[2,?,<=3]{0,1,2}"))).toBe("f32[2,?,<=3]{0,1,2}");
    expect(shapeProblem(s)).toBeUndefined();
  });

  it("verify through shape rules and print as XLA does (import_emit_stablehlo.hlo's abs of f32[?,784])", () => {
    const text = `HloModule main, entry_computation_layout={(f32[?,784]{1,0})->f32[?,784]{1,0}}

ENTRY %main.3 (Arg_0.1: f32[?,784]) -> f32[?,784] {
  %Arg_0.1 = f32[?,784] parameter(0)
  ROOT %abs.2 = f32[?,784] abs(%Arg_0.1)
}`;
    const m = parseHloModule(text);
    expect(verificationProblems(m)).toEqual([]);
    const printed = printHloModule(m);
    expect(printed).toContain("ROOT abs.2 = f32[?,784]{1,0} abs(Arg_0.1)");
    expect(printHloModule(parseHloModule(printed))).toBe(printed);
  });

  it("refuses a word after '?' and a hand-made unbounded dimension that is not held at 0", () => {
    expect(() => parseShape("f32[?x]")).toThrow(ParseError);
    expect(shapeProblem({ elementType: "f32", dimensions: [3], dynamicDimensions: [true], unboundedDimensions: [true] })).toMatch(/held at size 0/);
  });
});

describe("buffer shapes b(...)", () => {
  it("parse as the array shape flagged buffer and print as b(...), layout inside", () => {
    const s = parseShape("b(f32[4, 16])");
    expect(s).toEqual({ elementType: "f32", dimensions: [4, 16], buffer: true });
    expect(shapeToString(s)).toBe("b(f32[4,16])");
    expect(shapeToStringWithLayout(s)).toBe("b(f32[4,16]{1,0})");
    expect(shapeToStringWithLayout(parseShape("b(f32[])"))).toBe("b(f32[])");
    expect(shapeToString(parseShape("(b(s32[2]), f32[])"))).toBe("(b(s32[2]), f32[])");
    // The value is the array's: structurally the same shape.
    expect(shapesEqual(s, parseShape("f32[4,16]"))).toBe(true);
  });

  it("reads types.hlo's Pin custom call and CreateBuffer, and prints them back", () => {
    const text = `HloModule t
ENTRY e {
  %constant.0 = f32[] constant(1)
  %custom-call.0 = b(f32[]) custom-call(%constant.0), custom_call_target="Pin", output_to_operand_aliasing={{}: (0, {})}, api_version=API_VERSION_TYPED_FFI
  %buf = b(f32[2,4]) custom-call(), custom_call_target="CreateBuffer", api_version=API_VERSION_TYPED_FFI
  ROOT %u = f32[2,4] custom-call(%buf), custom_call_target="Unpin"
}`;
    const m = parseHloModule(text);
    expect(verificationProblems(m)).toEqual([]);
    const printed = printHloModule(m);
    expect(printed).toContain("custom-call.0 = b(f32[]) custom-call(constant.0)");
    expect(printed).toContain("buf = b(f32[2,4]{1,0}) custom-call()");
    expect(printHloModule(parseHloModule(printed))).toBe(printed);
  });

  it("an unclosed buffer shape is a ParseError", () => {
    expect(() => parseShape("b(f32[2]")).toThrow(/at the end of a buffer shape/);
  });
});
