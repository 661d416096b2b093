/**
 * XLA CPU's divide rewrites (the xla-cpu-numerics pass) against real XLA:
 * every expected value is XLA CPU's (jaxlib 0.10.2, run_hlo.py), on inputs
 * where the rewrite changes the bits; the op-by-op value is in the comments.
 */
import { describe, expect, it } from "vitest";
import { type ArrayLiteral, type ElementType, type Literal, arrayLiteralFromData, parseHloModule, xlaCpuNumerics } from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";

const lit = (t: ElementType, values: readonly number[]): ArrayLiteral =>
  arrayLiteralFromData({ elementType: t, dimensions: values.length === 1 ? [] : [values.length] }, Float64Array.from(values));

/** The module's first output under XLA CPU's numerics (pass, then `numerics: "xla-cpu"`). */
function xlaCpu(body: string, args: readonly ArrayLiteral[]): number[] {
  const out: Literal = evaluate(xlaCpuNumerics.run(parseHloModule(`HloModule m\nENTRY e {\n${body}\n}`)), args, { numerics: "xla-cpu" });
  const first = "elements" in out ? out.elements[0] : out;
  return Array.from((first as ArrayLiteral).data as Float64Array);
}

describe("XLA CPU's divide rewrites", () => {
  it("(a / b) / c is a / (b * c), repeatedly for a chain", () => {
    // f32 op by op: 0.23672135174274445, 0.5714740753173828
    const args = [lit("f32", [1.506245732307434, 0.74176025390625]), lit("f32", [2.919570207595825, 1.0375100374221802]), lit("f32", [2.179412841796875, 1.2510502338409424])];
    expect(xlaCpu(" p0 = f32[2] parameter(0)\n p1 = f32[2] parameter(1)\n p2 = f32[2] parameter(2)\n q = f32[2] divide(p0, p1)\n ROOT r = f32[2] divide(q, p2)", args)).toEqual([
      0.23672133684158325, 0.571474015712738,
    ]);
    // ((a / b) / c) / d = a / ((b * c) * d); op by op 1.46455979347229, 0.16377905011177063
    const args4 = [
      lit("f32", [2.3569185733795166, 1.9516321420669556]), lit("f32", [1.5666238069534302, 2.695469617843628]),
      lit("f32", [1.5291153192520142, 2.806898832321167]), lit("f32", [0.6717883944511414, 1.5749921798706055]),
    ];
    const chain = " p0 = f32[2] parameter(0)\n p1 = f32[2] parameter(1)\n p2 = f32[2] parameter(2)\n p3 = f32[2] parameter(3)\n q = f32[2] divide(p0, p1)\n u = f32[2] divide(q, p2)\n ROOT r = f32[2] divide(u, p3)";
    expect(xlaCpu(chain, args4)).toEqual([1.4645599126815796, 0.16377906501293182]);
  });

  it("a / (b / c) is (a * c) / b; (a / b) / (c / d) is (a * d) / (b * c)", () => {
    // f64 op by op: 1.1569550103825694, 2.9380066512194833
    const args = [lit("f64", [1.5705506159737033, 1.8093502697762007]), lit("f64", [2.682023021411936, 1.3605266674900656]), lit("f64", [1.9757274557242868, 2.209210933348859])];
    expect(xlaCpu(" p0 = f64[2] parameter(0)\n p1 = f64[2] parameter(1)\n p2 = f64[2] parameter(2)\n q = f64[2] divide(p1, p2)\n ROOT r = f64[2] divide(p0, q)", args)).toEqual([
      1.1569550103825692, 2.938006651219483,
    ]);
    // f16 op by op: 0.33642578125, 0.544921875
    const args4 = [lit("f16", [1.388671875, 1.7978515625]), lit("f16", [2.4140625, 2.7734375]), lit("f16", [0.87744140625, 2.833984375]), lit("f16", [0.51318359375, 2.3828125])];
    const body = " p0 = f16[2] parameter(0)\n p1 = f16[2] parameter(1)\n p2 = f16[2] parameter(2)\n p3 = f16[2] parameter(3)\n q = f16[2] divide(p0, p1)\n u = f16[2] divide(p2, p3)\n ROOT r = f16[2] divide(q, u)";
    expect(xlaCpu(body, args4)).toEqual([0.336181640625, 0.54541015625]);
  });

  it("a divide by a broadcast goes first: (a / b) / broadcast(s) is (a / b) * broadcast(1 / s)", () => {
    // f32 op by op: 0.9993280172348022, 1.1158993244171143 (and a / (b * s) is neither)
    const args = [lit("f32", [1.796940565109253, 2.3936498165130615]), lit("f32", [0.9770954847335815, 1.1655930280685425]), lit("f32", [1.8403000831604004])];
    const body = " p0 = f32[2] parameter(0)\n p1 = f32[2] parameter(1)\n p2 = f32[] parameter(2)\n bs = f32[2] broadcast(p2), dimensions={}\n q = f32[2] divide(p0, p1)\n ROOT r = f32[2] divide(q, bs)";
    expect(xlaCpu(body, args)).toEqual([0.9993279576301575, 1.1158992052078247]);
  });

  it("the multiply that replaces a / broadcast(s) is then contracted with an add (f32)", () => {
    // a * (1 / s) + c with two roundings: 4.187758445739746, 6.635371208190918
    const args = [lit("f32", [1.7434625625610352, 2.7873897552490234]), lit("f32", [0.6013221740722656]), lit("f32", [1.288377046585083, 1.9999366998672485])];
    const body = " p0 = f32[2] parameter(0)\n p1 = f32[] parameter(1)\n p2 = f32[2] parameter(2)\n bs = f32[2] broadcast(p1), dimensions={}\n q = f32[2] divide(p0, bs)\n ROOT r = f32[2] add(q, p2)";
    expect(xlaCpu(body, args)).toEqual([4.187758922576904, 6.635371685028076]);
  });

  it("leaves bf16 divides, and a divide by a broadcast of a value with other users, as written", () => {
    // bf16 a / (b * c) would be 0.4765625, 0.185546875
    const args = [lit("bf16", [2.515625, 1.203125]), lit("bf16", [2.5, 2.25]), lit("bf16", [2.109375, 2.875])];
    expect(xlaCpu(" p0 = bf16[2] parameter(0)\n p1 = bf16[2] parameter(1)\n p2 = bf16[2] parameter(2)\n q = bf16[2] divide(p0, p1)\n ROOT r = bf16[2] divide(q, p2)", args)).toEqual([
      0.478515625, 0.1865234375,
    ]);
    // f16 a * (1 / s) would be 1.208984375, 1.0419921875
    const body = " p0 = f16[2] parameter(0)\n p1 = f16[] parameter(1)\n bs = f16[2] broadcast(p1), dimensions={}\n q = f16[2] divide(p0, bs)\n ss = f16[] multiply(p1, p1)\n ROOT t = (f16[2], f16[]) tuple(q, ss)";
    expect(xlaCpu(body, [lit("f16", [2.546875, 2.1953125]), lit("f16", [2.10546875])])).toEqual([1.2099609375, 1.04296875]);
  });
});
