/**
 * Real or complex matrices for the linear-algebra kernels, held as separate
 * float64 real and imaginary planes (zeros for real types), with the
 * complex products and quotients they need, and the conversions from and to
 * literal storage (interleaved pairs for complex, rounded to the type once).
 */
import { ELEMENT_TYPE_INFO, type ElementType, EvalError, allocData, complexComponentType } from "@minixla/hlo";

export interface Planes {
  readonly re: Float64Array;
  readonly im: Float64Array;
}

export const zeroPlanes = (n: number): Planes => ({ re: new Float64Array(n), im: new Float64Array(n) });

/** The operand's storage as planes (complex storage is de-interleaved). */
export function planesOf(inst: { readonly name: string; readonly opcode: string }, data: unknown, t: ElementType): Planes {
  if (!(data instanceof Float64Array)) throw new EvalError(`${inst.name} (${inst.opcode}): unexpected ${t} operand`);
  if (t !== "c64" && t !== "c128") return { re: data, im: new Float64Array(data.length) };
  const n = data.length / 2;
  const p = zeroPlanes(n);
  for (let i = 0; i < n; i++) {
    p.re[i] = data[2 * i];
    p.im[i] = data[2 * i + 1];
  }
  return p;
}

/** The planes rounded into the storage of element type t. */
export function planesToData(p: Planes, t: ElementType): Float64Array {
  const n = p.re.length;
  const data = allocData(t, n) as Float64Array;
  if (t === "c64" || t === "c128") {
    const round = ELEMENT_TYPE_INFO[complexComponentType(t)].normalize;
    for (let i = 0; i < n; i++) {
      data[2 * i] = round(p.re[i]);
      data[2 * i + 1] = round(p.im[i]);
    }
  } else {
    const round = ELEMENT_TYPE_INFO[t].normalize;
    for (let i = 0; i < n; i++) data[i] = round(p.re[i]);
  }
  return data;
}

export interface Complex {
  re: number;
  im: number;
}

/** (ar + i ai) / (br + i bi): a real divisor divides both parts; otherwise Smith's method. */
export function divide(ar: number, ai: number, br: number, bi: number): Complex {
  if (bi === 0) return { re: ar / br, im: ai / br };
  if (Math.abs(br) >= Math.abs(bi)) {
    const r = bi / br;
    const d = br + bi * r;
    return { re: (ar + ai * r) / d, im: (ai - ar * r) / d };
  }
  const r = br / bi;
  const d = br * r + bi;
  return { re: (ar * r + ai) / d, im: (ai * r - ar) / d };
}
