/**
 * real, imag, complex and width-changing bitcast-convert through every layer:
 * the builder (with an implicit broadcast), printing and parsing, the
 * verifier before and after lowerBroadcasts, the standard passes and the
 * interpreter. Values from XLA's CPU backend on the same inputs.
 */
import { describe, expect, it } from "vitest";
import { XlaBuilder } from "@minixla/builder";
import {
  type ArrayLiteral,
  type Literal,
  algsimp,
  literal,
  lowerBroadcasts,
  parseHloModule,
  printHloModule,
  runPipeline,
  shape,
  verifyModule,
} from "@minixla/hlo";
import { defaultPipelineWithFolding, evaluate } from "@minixla/interpreter";

const inf = Infinity;
const values = (l: Literal): number[] => Array.from((l as ArrayLiteral).data as ArrayLike<number | bigint>, Number);

describe("complex, real and imag built, printed, lowered and run", () => {
  const b = new XlaBuilder("complex_ops");
  const re = b.parameter(0, shape("f64", [3]), "re");
  const im = b.parameter(1, shape("f64", [2, 3]), "im");
  const z = b.complex(re, im, [1]);
  const out = b.tuple([z, b.real(z), b.imag(z)]);
  const m = b.build(out);
  const args = [literal("f64", [3], [0.25, -1e-310, Number.NaN]), literal("f64", [2, 3], [1, 2, 3, -0, inf, -inf])];
  // from XLA CPU: complex(broadcast(re, dimensions={1}), im)
  const want = [0.25, 1, -1e-310, 2, Number.NaN, 3, 0.25, -0, -1e-310, inf, Number.NaN, -inf];

  it("records c128 from two f64 operands with broadcast_dimensions, and f64 parts", () => {
    expect(z.shape).toEqual(shape("c128", [2, 3]));
    expect(b.real(z).shape).toEqual(shape("f64", [2, 3]));
    expect(b.imag(b.parameter(2, shape("f32", [4]), "x")).shape).toEqual(shape("f32", [4]));
  });

  it("prints broadcast_dimensions on complex, and the text parses back to the same module text", () => {
    const text = printHloModule(m);
    expect(text).toContain("complex = c128[2,3]{1,0} complex(re, im), broadcast_dimensions={1}\n");
    expect(text).toContain("real = f64[2,3]{1,0} real(complex)\n");
    expect(printHloModule(parseHloModule(text))).toBe(text);
  });

  it("verifies before lowering only with implicit broadcasts allowed, and after lowering without", () => {
    verifyModule(m, { allowImplicitBroadcast: true });
    expect(() => verifyModule(m)).toThrow("broadcast_dimensions={1} is only allowed before lowerBroadcasts");
    verifyModule(lowerBroadcasts(m));
  });

  it("evaluates to XLA's values, before and after the standard passes", () => {
    for (const module of [lowerBroadcasts(m), runPipeline(lowerBroadcasts(m), defaultPipelineWithFolding())]) {
      const [c, r, i] = (evaluate(module, args) as { readonly elements: readonly Literal[] }).elements;
      expect(values(c)).toEqual(want);
      expect(values(r)).toEqual(want.filter((_, k) => k % 2 === 0));
      expect(values(i)).toEqual(want.filter((_, k) => k % 2 === 1));
    }
  });
});

describe("bitcast-convert between widths through the layers", () => {
  it("builds f64[3] -> u32[3,2] -> f64[3], verifies strictly and runs to XLA's words", () => {
    const b = new XlaBuilder("bits");
    const x = b.parameter(0, shape("f64", [3]), "x");
    const words = b.bitcastConvert(x, "u32");
    expect(words.shape).toEqual(shape("u32", [3, 2]));
    const back = b.bitcastConvert(words, "f64");
    expect(back.shape).toEqual(shape("f64", [3]));
    const m = b.build(b.tuple([words, back]));
    verifyModule(m);
    expect(lowerBroadcasts(m)).toBe(m);
    const [w, f] = (evaluate(m, [literal("f64", [3], [1, -0, Number.NaN])]) as { readonly elements: readonly Literal[] }).elements;
    // from XLA CPU
    expect(values(w)).toEqual([0, 1072693248, 0, 2147483648, 0, 2146959360]);
    expect(values(f)).toEqual([1, -0, Number.NaN]);
  });

  it("survives algsimp and constant folding when its operand is a broadcast scalar", () => {
    const b = new XlaBuilder("splat");
    const x = b.broadcast(b.constantR0(1, "f64"), [2]);
    b.bitcastConvert(x, "u32");
    const m = b.build();
    // from XLA CPU: 1.0 is 0x3FF00000_00000000
    const want = [0, 1072693248, 0, 1072693248];
    expect(values(evaluate(m, []))).toEqual(want);
    for (const after of [runPipeline(m, [algsimp]), runPipeline(m, defaultPipelineWithFolding())]) {
      verifyModule(after);
      expect(values(evaluate(after, []))).toEqual(want);
    }
  });

  it("refuses c64 -> f32 as XLA's shape rule does", () => {
    const b = new XlaBuilder("bad");
    const z = b.parameter(0, shape("c64", [2]), "z");
    expect(() => b.bitcastConvert(z, "f32")).toThrow("bitcast-convert: Conversion between complex and real type c64[2] => F32.");
  });
});
