/**
 * The attributes of cholesky, triangular-solve, fft, topk and the batch-norm
 * ops read and print as XLA's parser and ToString do (the expected lines are
 * XLA's own printing of the same module, jaxlib 0.10.2).
 */
import { describe, expect, it } from "vitest";
import { parseHloModule } from "./parser.ts";
import { printHloModule } from "./printer.ts";

const body = (lines: string[]) => `HloModule m\n\nENTRY main {\n  p0 = f64[3,3] parameter(0)\n  p1 = f64[3,2] parameter(1)\n  b = f64[3] parameter(2)\n${lines.map((l) => `  ${l}\n`).join("")}}\n`;
const printed = (line: string): string => {
  const text = printHloModule(parseHloModule(body([`ROOT ${line}`])));
  return text.split("\n").find((l) => l.includes("ROOT"))!.trim().replace(/^ROOT /, "");
};

describe("attribute text of the linear algebra, fft, topk and batch-norm ops", () => {
  it("cholesky prints lower=true only when set", () => {
    expect(printed("c = f64[3,3] cholesky(p0)")).toBe("c = f64[3,3]{1,0} cholesky(p0)");
    expect(printed("c = f64[3,3] cholesky(p0), lower=false")).toBe("c = f64[3,3]{1,0} cholesky(p0)");
    expect(printed("c = f64[3,3] cholesky(p0), lower=true")).toBe("c = f64[3,3]{1,0} cholesky(p0), lower=true");
  });
  it("triangular-solve prints its set options in XLA's order, transpose_a whenever given", () => {
    expect(printed("t = f64[3,2] triangular-solve(p0, p1), transpose_a=ADJOINT, unit_diagonal=true, lower=true, left_side=true")).toBe(
      "t = f64[3,2]{1,0} triangular-solve(p0, p1), left_side=true, lower=true, unit_diagonal=true, transpose_a=ADJOINT",
    );
    expect(printed("t = f64[3,2] triangular-solve(p0, p1), left_side=true, lower=false, unit_diagonal=false, transpose_a=NO_TRANSPOSE")).toBe(
      "t = f64[3,2]{1,0} triangular-solve(p0, p1), left_side=true, transpose_a=NO_TRANSPOSE",
    );
  });
  it("fft prints fft_type and fft_length; topk prints k and largest (true when absent)", () => {
    expect(printed("f = c128[3,2] fft(p0), fft_type=RFFT, fft_length={3}")).toBe("f = c128[3,2]{1,0} fft(p0), fft_type=RFFT, fft_length={3}");
    expect(printed("t = (f64[3,2], s32[3,2]) topk(p0), k=2")).toBe("t = (f64[3,2]{1,0}, s32[3,2]{1,0}) topk(p0), k=2, largest=true");
    expect(printed("t = (f64[3,2], s32[3,2]) topk(p0), k=2, largest=false")).toBe("t = (f64[3,2]{1,0}, s32[3,2]{1,0}) topk(p0), k=2, largest=false");
    // Newer XLA's text (a CPU benchmark in XLA's tree) carries is_stable.
    expect(printed("t = (f64[3,2], s32[3,2]) topk(p0), k=2, largest=true, is_stable=true")).toBe(
      "t = (f64[3,2]{1,0}, s32[3,2]{1,0}) topk(p0), k=2, largest=true, is_stable=true",
    );
  });
  it("batch norm keeps epsilon as an f32 and prints it with six significant digits", () => {
    expect(printed("n = f64[3,3] batch-norm-inference(p0, b, b, b, b), epsilon=1e-5, feature_index=1")).toBe(
      "n = f64[3,3]{1,0} batch-norm-inference(p0, b, b, b, b), epsilon=1e-05, feature_index=1",
    );
    expect(printed("n = (f64[3,3], f64[3], f64[3]) batch-norm-grad(p0, b, b, b, p0), epsilon=123456789, feature_index=0")).toBe(
      "n = (f64[3,3]{1,0}, f64[3]{0}, f64[3]{0}) batch-norm-grad(p0, b, b, b, p0), epsilon=1.23457e+08, feature_index=0",
    );
    const m = parseHloModule(body(["ROOT n = (f64[3,3], f64[3], f64[3]) batch-norm-training(p0, b, b), epsilon=0.001, feature_index=1"]));
    const inst = m.computations[0].instructions.find((i) => i.opcode === "batch-norm-training");
    expect(inst?.attributes).toEqual({ epsilon: Math.fround(0.001), featureIndex: 1 });
  });
  it("refuses a missing required attribute and an unknown fft_type", () => {
    expect(() => parseHloModule(body(["ROOT f = c128[3,2] fft(p0), fft_length={3}"]))).toThrow("attribute fft_type is expected but not seen for fft");
    expect(() => parseHloModule(body(["ROOT f = c128[3,2] fft(p0), fft_type=DFT, fft_length={3}"]))).toThrow("expects an fft type (one of FFT, IFFT, RFFT, IRFFT)");
    expect(() => parseHloModule(body(["ROOT t = (f64[3,2], s32[3,2]) topk(p0), largest=true"]))).toThrow("attribute k is expected but not seen for topk");
  });
});
