/**
 * cholesky, triangularSolve, fft, topK and the batch-norm builder methods
 * through every layer: recorded shapes, the verifier, printing and parsing
 * back, and the interpreter, against XLA CPU's values for the printed
 * module on the same inputs (jaxlib 0.10.2).
 */
import { describe, expect, it } from "vitest";
import { XlaBuilder } from "@minixla/builder";
import { type ArrayLiteral, type Literal, type TupleLiteral, literal, parseHloModule, printHloModule, shape, tupleShape, verifyModule } from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";

const b = new XlaBuilder("linalg_fft_topk_bn");
const x = b.parameter(0, shape("f64", [3, 3]), "x");
const rhs = b.parameter(1, shape("f64", [3, 2]), "rhs");
const scale = b.parameter(2, shape("f64", [3]), "scale");
const offset = b.parameter(3, shape("f64", [3]), "offset");
const l = b.cholesky(x, true);
// x sol = rhs through the factor: L y = rhs, then L^H sol = y.
const sol = b.triangularSolve(l, b.triangularSolve(l, rhs, true, true, false, "NO_TRANSPOSE"), true, true, false, "ADJOINT");
const spectrum = b.fft(rhs, "RFFT", [2]);
const back = b.fft(spectrum, "IRFFT", [2]);
const top = b.topK(x, 2, false);
const bn = b.batchNormTraining(x, scale, offset, 0.001, 1);
const [mean, variance] = [b.getTupleElement(bn, 1), b.getTupleElement(bn, 2)];
const grad = b.batchNormGrad(x, scale, mean, variance, x, 0.001, 1);
const inference = b.batchNormInference(x, scale, offset, mean, variance, 0.001, 1);
const m = b.build(b.tuple([sol, spectrum, back, b.getTupleElement(top, 0), b.getTupleElement(top, 1), b.getTupleElement(bn, 0), variance, b.getTupleElement(grad, 0), inference]));

const args = [
  literal("f64", [3, 3], [4, 2, 0.5, 2, 5, 1, 0.5, 1, 3]),
  literal("f64", [3, 2], [1, 2, 3, -1, 0.5, 0.25]),
  literal("f64", [3], [1.5, -0.5, 2]),
  literal("f64", [3], [0.1, 0.2, -0.3]),
];
// XLA CPU on the printed module.
const XLA: readonly (readonly number[])[] = [
  [-0.061452513966480445, 0.7458100558659218, 0.6312849162011174, -0.5251396648044693, -0.033519553072625725, 0.13407821229050282],
  [3, 0, -1, 0, 2, 0, 4, 0, 0.75, 0, 0.25, 0],
  [1, 2, 3, -1, 0.5, 0.25],
  [0.5, 2, 1, 2, 0.5, 1],
  [2, 1, 2, 0, 0, 1],
  [2.0176196479447652, 0.396082200768967, -2.1508471492035923, -0.0743290589040694, -0.4862877026913846, -1.2254235746017963, -1.6432905890406952, 0.6902055019224176, 2.476270723805389],
  [2.055555555555556, 2.888888888888889, 1.1666666666666665],
  [0.0009324424685740378, 6.785112425360324e-05, -0.0015850818473066798, -8.476749714327572e-05, -0.00023747893488750588, -0.0007925409236533399, -0.0008476749714313267, 0.00016962781063399303, 0.0023776227709600196],
  [2.0176196479447652, 0.39608220076896694, -2.1508471492035923, -0.07432905890406927, -0.48628770269138466, -1.225423574601796, -1.6432905890406952, 0.6902055019224175, 2.476270723805389],
];

const values = (l: Literal): number[] => Array.from((l as ArrayLiteral).data as ArrayLike<number | bigint>, Number);

describe("linear algebra, fft, topK and batch norm built, printed and run", () => {
  it("records XLA's result shapes", () => {
    expect(l.shape).toEqual(shape("f64", [3, 3]));
    expect(spectrum.shape).toEqual(shape("c128", [3, 2]));
    expect(back.shape).toEqual(shape("f64", [3, 2]));
    expect(top.shape).toEqual(tupleShape([shape("f64", [3, 2]), shape("s32", [3, 2])]));
    expect(bn.shape).toEqual(tupleShape([shape("f64", [3, 3]), shape("f64", [3]), shape("f64", [3])]));
    expect(grad.shape).toEqual(bn.shape);
  });

  it("throws ShapeError at the bad call", () => {
    const c = new XlaBuilder("bad");
    const p = c.parameter(0, shape("f32", [2, 3]), "p");
    expect(() => c.cholesky(p)).toThrow("cholesky: The two minor dimensions of 'a' must have equal size, got f32[2,3].");
    expect(() => c.topK(p, 4)).toThrow("topk: k=4 is larger than the last dimension of size=3");
    expect(() => c.fft(p, "FFT", [3])).toThrow("fft: FFT requires complex input type, found F32.");
  });

  it("verifies, and prints text that parses back to the same text", () => {
    expect(() => verifyModule(m)).not.toThrow();
    const text = printHloModule(m);
    expect(text).toContain("triangular-solve(cholesky, triangular-solve), left_side=true, lower=true, transpose_a=ADJOINT");
    expect(text).toContain("batch-norm-training(x, scale, offset), epsilon=0.001, feature_index=1");
    expect(printHloModule(parseHloModule(text))).toBe(text);
  });

  it("evaluates to XLA's values", () => {
    const out = (evaluate(m, args) as TupleLiteral).elements.map(values);
    out.forEach((got, i) => {
      expect(got.length).toBe(XLA[i].length);
      got.forEach((g, j) => expect(Math.abs(g - XLA[i][j]), `output ${i}[${j}]: ${g} vs ${XLA[i][j]}`).toBeLessThanOrEqual(1e-15 + 1e-10 * Math.abs(XLA[i][j])));
    });
  });
});
