/**
 * Shape rule of fft (FFT, IFFT: complex to complex; RFFT: f32/f64 to
 * c64/c128 with the last transformed dimension n/2+1; IRFFT: the reverse).
 * The transform covers the innermost fft_length.length (1 to 3) dimensions.
 * Messages follow shape_inference.cc's InferFftShape.
 */
import { type ElementType, complexComponentType, isComplexType, upperTypeName } from "../element_type.ts";
import { type ArrayShape, expectArray, shape } from "../shape.ts";
import { type FamilyRules, fail } from "./rule.ts";

function checkRank(s: ArrayShape, fftRank: number): void {
  if (s.dimensions.length < fftRank) {
    fail(`FFT of rank ${fftRank} requires input of at least same rank; got input of rank ${s.dimensions.length}`);
  }
}

function withLastDimension(s: ArrayShape, elementType: ElementType, size: number): ArrayShape {
  return shape(elementType, [...s.dimensions.slice(0, -1), size]);
}

export const fftRules: FamilyRules<"fft"> = {
  fft: ({ operands, attributes }) => {
    const input = expectArray(operands[0], "operand of fft");
    const { fftType, fftLength } = attributes;
    const fftRank = fftLength.length;
    if (fftRank < 1 || fftRank > 3) fail(`FFT only supports ranks 1-3; got ${fftRank}.`);
    const t = input.elementType;
    const dims = input.dimensions;
    const first = dims.length - fftRank;
    const last = fftLength[fftRank - 1];
    switch (fftType) {
      case "FFT":
      case "IFFT":
        if (!isComplexType(t)) fail(`${fftType} requires complex input type, found ${upperTypeName(t)}.`);
        checkRank(input, fftRank);
        return shape(t, dims);
      case "RFFT": {
        if (t !== "f32" && t !== "f64") fail(`RFFT requires F32 or F64 input type, found ${upperTypeName(t)}.`);
        checkRank(input, fftRank);
        for (let i = 0; i < fftRank; i++) {
          if (dims[first + i] !== fftLength[i]) {
            fail(`RFFT requires innermost dimensions match fft_length but dimension ${first + i} is ${dims[first + i]} and should be ${fftLength[i]}.`);
          }
        }
        const out = t === "f32" ? "c64" : "c128";
        // A zero-sized last dimension stays zero-sized.
        return last === 0 ? shape(out, dims) : withLastDimension(input, out, Math.floor(last / 2) + 1);
      }
      case "IRFFT": {
        if (!isComplexType(t)) fail(`IRFFT requires complex input type, found ${upperTypeName(t)}.`);
        checkRank(input, fftRank);
        for (let i = 0; i < fftRank - 1; i++) {
          if (dims[first + i] !== fftLength[i]) {
            fail(`IRFFT requires all but one innermost dimensions match fft_length, but dimension ${first + i} is ${dims[first + i]} and should be ${fftLength[i]}.`);
          }
        }
        const inner = dims[dims.length - 1];
        if ((inner !== 0 || last !== 0) && inner !== Math.floor(last / 2) + 1) {
          fail(`IRFFT requires innermost dimension matches fft_length/2+1, but dimension ${dims.length - 1} is ${inner} and should be ${Math.floor(last / 2) + 1}.`);
        }
        return withLastDimension(input, complexComponentType(t as "c64" | "c128"), last);
      }
      default:
        return fftType satisfies never;
    }
  },
};
