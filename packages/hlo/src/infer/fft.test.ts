import { describe, expect, it } from "vitest";
import type { FftType } from "../attributes.ts";
import { type Shape, shape } from "../shape.ts";
import { shapeErrorMessage as message } from "../test_support.ts";
import { inferShape } from "./shape_inference.ts";

const fft = (operand: Shape, fftType: FftType, fftLength: number[]) => inferShape({ opcode: "fft", operands: [operand], attributes: { fftType, fftLength }, called: [] });

describe("fft shape inference (InferFftShape)", () => {
  it("FFT and IFFT keep the complex operand's shape", () => {
    expect(fft(shape("c64", [2, 3, 4]), "FFT", [3, 4])).toEqual(shape("c64", [2, 3, 4]));
    expect(fft(shape("c128", [5]), "IFFT", [5])).toEqual(shape("c128", [5]));
  });
  it("RFFT makes c64 of f32 (c128 of f64) with the last dimension n/2+1; a zero-sized one stays zero", () => {
    expect(fft(shape("f32", [2, 6]), "RFFT", [6])).toEqual(shape("c64", [2, 4]));
    expect(fft(shape("f64", [3, 4, 7]), "RFFT", [4, 7])).toEqual(shape("c128", [3, 4, 4]));
    expect(fft(shape("f64", [2, 0]), "RFFT", [0])).toEqual(shape("c128", [2, 0]));
  });
  it("IRFFT makes the component type with the last dimension fft_length", () => {
    expect(fft(shape("c64", [2, 4]), "IRFFT", [7])).toEqual(shape("f32", [2, 7]));
    expect(fft(shape("c128", [3, 4, 4]), "IRFFT", [4, 6])).toEqual(shape("f64", [3, 4, 6]));
  });
  it("refuses what XLA refuses, in its words", () => {
    expect(message(() => fft(shape("c64", [2, 2, 2, 2]), "FFT", [2, 2, 2, 2]))).toBe("fft: FFT only supports ranks 1-3; got 4.");
    expect(message(() => fft(shape("c64", [2]), "FFT", []))).toBe("fft: FFT only supports ranks 1-3; got 0.");
    expect(message(() => fft(shape("f32", [4]), "IFFT", [4]))).toBe("fft: IFFT requires complex input type, found F32.");
    expect(message(() => fft(shape("c64", [4]), "FFT", [2, 4]))).toBe("fft: FFT of rank 2 requires input of at least same rank; got input of rank 1");
    expect(message(() => fft(shape("c64", [4]), "RFFT", [4]))).toBe("fft: RFFT requires F32 or F64 input type, found C64.");
    expect(message(() => fft(shape("f32", [2, 5]), "RFFT", [6]))).toBe("fft: RFFT requires innermost dimensions match fft_length but dimension 1 is 5 and should be 6.");
    expect(message(() => fft(shape("f32", [4]), "IRFFT", [4]))).toBe("fft: IRFFT requires complex input type, found F32.");
    expect(message(() => fft(shape("c64", [3, 3]), "IRFFT", [2, 4]))).toBe(
      "fft: IRFFT requires all but one innermost dimensions match fft_length, but dimension 0 is 3 and should be 2.",
    );
    expect(message(() => fft(shape("c64", [2, 4]), "IRFFT", [8]))).toBe("fft: IRFFT requires innermost dimension matches fft_length/2+1, but dimension 1 is 4 and should be 5.");
  });
});
