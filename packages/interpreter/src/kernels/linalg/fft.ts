/**
 * fft over the innermost fft_length.length dimensions, computed in float64
 * and rounded once to the result's component type (XLA CPU runs DUCC in the
 * element type; the two agree to float tolerance). The dimensions are
 * transformed in DUCC's order, which shows only in how NaN and inf spread.
 * FFT and IFFT transform complex to complex, IFFT divided by the product of
 * the lengths; an fft_length other than the dimension is refused (XLA CPU
 * leaves the rest of the result uninitialized, or aborts). RFFT (DUCC's
 * r2c) transforms the real last dimension first and keeps n/2+1 terms, then
 * the other dimensions. IRFFT (c2r) first inverts every transformed
 * dimension but the last on the half spectrum, then completes each last-
 * dimension row by Hermitian symmetry (X[n-k] = conj X[k]) and keeps the
 * real part of its inverse; the imaginary parts of X[0] and X[n/2] are not
 * read.
 */
import { ELEMENT_TYPE_INFO, EvalError, type InstructionOf, type Literal, allocData, complexComponentType } from "@minixla/hlo";
import type { FamilyKernels } from "../../kernel.ts";
import { dftOfLength } from "./fft_1d.ts";
import { arrayOperand, arrayResult, product } from "../support/view.ts";

/** A complex array as separate real and imaginary parts, row-major over `dims`. */
interface Planes {
  readonly re: Float64Array;
  readonly im: Float64Array;
  readonly dims: readonly number[];
}

/** Transforms every line of `p` along `axis` in place. */
function transformAxis(p: Planes, axis: number, inverse: boolean): void {
  const len = p.dims[axis];
  const inner = product(p.dims.slice(axis + 1));
  const outer = product(p.dims.slice(0, axis));
  const dft = dftOfLength(len);
  const lineRe = new Float64Array(len);
  const lineIm = new Float64Array(len);
  for (let o = 0; o < outer; o++) {
    for (let i = 0; i < inner; i++) {
      const base = o * len * inner + i;
      for (let j = 0; j < len; j++) {
        lineRe[j] = p.re[base + j * inner];
        lineIm[j] = p.im[base + j * inner];
      }
      dft(lineRe, lineIm, inverse);
      for (let j = 0; j < len; j++) {
        p.re[base + j * inner] = lineRe[j];
        p.im[base + j * inner] = lineIm[j];
      }
    }
  }
}

function split(data: Float64Array, dims: readonly number[]): Planes {
  const n = product(dims);
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    re[i] = data[2 * i];
    im[i] = data[2 * i + 1];
  }
  return { re, im, dims };
}

/** The last dimension cut (or, for IRFFT rows, extended) to `size` columns, Hermitian-completed when extended. */
function resizeLast(p: Planes, size: number, hermitian: boolean): Planes {
  const r = p.dims.length;
  const cols = p.dims[r - 1];
  const rows = cols === 0 ? 0 : p.re.length / cols;
  const dims = [...p.dims.slice(0, r - 1), size];
  const re = new Float64Array(product(dims));
  const im = new Float64Array(re.length);
  for (let row = 0; row < rows; row++) {
    for (let k = 0; k < size; k++) {
      if (k < cols) {
        re[row * size + k] = p.re[row * cols + k];
        im[row * size + k] = p.im[row * cols + k];
      } else if (hermitian) {
        re[row * size + k] = p.re[row * cols + size - k];
        im[row * size + k] = -p.im[row * cols + size - k];
      }
    }
  }
  return { re, im, dims };
}

/** c2r reads only the real parts of X[0] and (n even) X[n/2] of each last-dimension row. */
function dropEdgeImaginaryParts(p: Planes): void {
  const n = p.dims[p.dims.length - 1];
  if (n === 0) return;
  for (let row = 0; row < p.re.length; row += n) {
    p.im[row] = 0;
    if (n % 2 === 0) p.im[row + n / 2] = 0;
  }
}

export const fftKernels: FamilyKernels<"fft"> = {
  fft: (inst: InstructionOf<"fft">, operands: readonly Literal[]) => {
    const input = arrayOperand(inst, operands[0], 0);
    const out = arrayResult(inst);
    const { fftType, fftLength } = inst.attributes;
    const rank = fftLength.length;
    const inDims = input.shape.dimensions;
    const firstAxis = inDims.length - rank;
    if (!(input.data instanceof Float64Array)) throw new EvalError(`${inst.name} (fft): unexpected ${input.shape.elementType} operand`);
    let p: Planes;
    switch (fftType) {
      case "FFT":
      case "IFFT":
        fftLength.forEach((n, i) => {
          if (n !== inDims[firstAxis + i]) {
            throw new EvalError(`${inst.name} (fft): fft_length ${n} differs from dimension ${firstAxis + i} of size ${inDims[firstAxis + i]}; XLA CPU's result is undefined there`);
          }
        });
        p = split(input.data, inDims);
        for (let a = firstAxis; a < inDims.length; a++) transformAxis(p, a, fftType === "IFFT");
        break;
      case "RFFT":
        p = { re: Float64Array.from(input.data), im: new Float64Array(input.data.length), dims: inDims };
        transformAxis(p, inDims.length - 1, false);
        p = resizeLast(p, out.dimensions[out.dimensions.length - 1], false);
        for (let a = firstAxis; a < inDims.length - 1; a++) transformAxis(p, a, false);
        break;
      case "IRFFT":
        p = split(input.data, inDims);
        for (let a = firstAxis; a < inDims.length - 1; a++) transformAxis(p, a, true);
        p = resizeLast(p, fftLength[rank - 1], true);
        dropEdgeImaginaryParts(p);
        transformAxis(p, inDims.length - 1, true);
        break;
      default:
        return fftType satisfies never;
    }
    const divisor = fftType === "IFFT" || fftType === "IRFFT" ? product(fftLength) : 1;
    const n = product(out.dimensions);
    const data = allocData(out.elementType, n) as Float64Array;
    const t = out.elementType;
    if (t === "c64" || t === "c128") {
      const round = ELEMENT_TYPE_INFO[complexComponentType(t)].normalize;
      for (let i = 0; i < n; i++) {
        data[2 * i] = round(p.re[i] / divisor);
        data[2 * i + 1] = round(p.im[i] / divisor);
      }
    } else {
      const round = ELEMENT_TYPE_INFO[t].normalize;
      for (let i = 0; i < n; i++) data[i] = round(p.re[i] / divisor);
    }
    return { shape: out, data };
  },
};
