/**
 * Numerics "xla-cpu": denormal flushing as XLA's CPU backend applies it.
 * Every expected value is XLA CPU's (jaxlib 0.10.2, found by the
 * differential fuzzer, test/fuzz/); "reference" keeps the denormals, as
 * XLA's HloEvaluator computes them.
 */
import { describe, expect, it } from "vitest";
import { bin, binXlaCpu, run, un, unXlaCpu, v } from "../../kernels/elementwise/test_support.ts";

const F32_DENORMAL = 2.938735877055719e-39; // 2^-128
const F64_DENORMAL = 5e-324;

describe("xla-cpu maximum and minimum", () => {
  it("order -0 below +0 in either operand order (XLA CPU); the reference returns lhs on ties", () => {
    expect(binXlaCpu("maximum", "f32", [-0, 0], [0, -0])).toEqual([0, 0]);
    expect(binXlaCpu("minimum", "f64", [-0, 0], [0, -0])).toEqual([-0, -0]);
    expect(bin("maximum", "f32", [-0, 0], [0, -0])).toEqual([-0, 0]);
  });
});

describe("xla-cpu reduce-precision", () => {
  it("keeps NaN when reducing to 0 mantissa bits (XLA CPU); the reference rounds it to inf", () => {
    const attrs = { exponentBits: 4, mantissaBits: 0 };
    expect(run("reduce-precision", "f16", [v("f16", [NaN, Infinity])], attrs, undefined, "xla-cpu")).toEqual([NaN, Infinity]);
    expect(run("reduce-precision", "f16", [v("f16", [NaN])], attrs)).toEqual([Infinity]);
  });

  it("reduces an f16 on f16's own bits: its denormals are rounded at f16's spacing, not flushed (XLA CPU values)", () => {
    const xs = [3.0517578125e-5, 5.960464477539063e-8, -1.0013580322265625e-5, 1.7881393432617188e-7];
    const rp = (exponentBits: number, mantissaBits: number, numerics?: "xla-cpu") =>
      run("reduce-precision", "f16", [v("f16", xs)], { exponentBits, mantissaBits }, undefined, numerics);
    expect(rp(5, 8, "xla-cpu")).toEqual([3.0517578125e-5, 0, -1.0013580322265625e-5, 2.384185791015625e-7]);
    expect(rp(8, 7, "xla-cpu")).toEqual([3.0517578125e-5, 0, -1.0013580322265625e-5, 0]);
    expect(rp(5, 3, "xla-cpu")).toEqual([3.0517578125e-5, 0, -7.62939453125e-6, 0]);
    // The evaluator computes in f32: 5 exponent bits flush the f16 denormals, 8 keep them whole.
    expect(rp(5, 8)).toEqual([0, 0, -0, 0]);
    expect(rp(8, 7)).toEqual(xs);
  });
});

describe("xla-cpu denormal flushing", () => {
  it("reads denormal operands of arithmetic ops as zero of their sign", () => {
    expect(binXlaCpu("maximum", "f32", [F32_DENORMAL], [-1])).toEqual([0]);
    expect(bin("maximum", "f32", [F32_DENORMAL], [-1])).toEqual([F32_DENORMAL]);
    // bf16 -4.6e-40 / 9.2e-41: both flushed, 0 / 0
    expect(binXlaCpu("divide", "bf16", [-4.591774807899561e-40], [9.183549615799121e-41])).toEqual([NaN]);
    expect(unXlaCpu("sign", "f64", [-F64_DENORMAL, F64_DENORMAL])).toEqual([-0, 0]);
    expect(un("sign", "f64", [-F64_DENORMAL])).toEqual([-1]);
  });

  it("writes denormal results as zero of their sign", () => {
    expect(binXlaCpu("subtract", "f32", [2.5079627161376268e-39], [0])).toEqual([0]);
    expect(binXlaCpu("multiply", "f64", [-1e-300], [1e-10])).toEqual([-0]);
    expect(bin("multiply", "f64", [-1e-300], [1e-10])).toEqual([-1e-310]);
  });

  it("compares flushed operands; total order reads the bits", () => {
    expect(run("compare", "pred", [v("bf16", [-9.183549615799121e-41]), v("bf16", [0])], { direction: "EQ" }, undefined, "xla-cpu")).toEqual([1]);
    expect(run("compare", "pred", [v("f32", [F32_DENORMAL]), v("f32", [0])], { direction: "GT", comparisonType: "TOTALORDER" }, undefined, "xla-cpu")).toEqual([1]);
  });

  it("leaves f16, bit-level ops, power and f32 tanh alone, and flushes only remainder's divisor", () => {
    expect(unXlaCpu("negate", "f32", [F32_DENORMAL])).toEqual([-F32_DENORMAL]);
    expect(unXlaCpu("abs", "f64", [-F64_DENORMAL])).toEqual([F64_DENORMAL]);
    expect(binXlaCpu("multiply", "f16", [5.960464477539063e-8], [1])).toEqual([5.960464477539063e-8]);
    expect(unXlaCpu("tanh", "f32", [-1.401298464324817e-45])).toEqual([-1.401298464324817e-45]);
    expect(binXlaCpu("power", "f64", [-1.26e-321], [0.5])).toEqual([NaN]);
    expect(binXlaCpu("remainder", "f32", [4.08559777661615e-40, 1], [1, 4.08559777661615e-40])).toEqual([4.08559777661615e-40, NaN]);
  });
});

describe("numerics in the compiled engine", () => {
  it("fused loops flush in xla-cpu mode and keep denormals in reference mode", async () => {
    const { parseHloModule, literal } = await import("@minixla/hlo");
    const { compile } = await import("../../compiled/compile.ts");
    const m = parseHloModule(
      ["HloModule m", "ENTRY e {", "  a = f32[2] parameter(0)", "  b = f32[2] parameter(1)", "  c = f32[2] multiply(a, b)", "  ROOT r = f32[2] maximum(c, b)", "}"].join("\n"),
    );
    const args = [literal("f32", [2], [F32_DENORMAL, 2]), literal("f32", [2], [-1, 3])];
    const out = (numerics: "reference" | "xla-cpu") => Array.from((compile(m, { numerics }).execute(args) as { readonly data: Float64Array }).data);
    // 2^-128 * -1 is a denormal: flushed to -0, and max(-0, -1) = -0
    expect(out("xla-cpu")).toEqual([-0, 6]);
    expect(out("reference")).toEqual([-F32_DENORMAL, 6]);
  });
});
