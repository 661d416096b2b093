/** Linear algebra (cholesky, triangular-solve), FFT and top-k. */
import type { FftType, TransposeKind } from "@minixla/hlo";
import type { XlaOp } from "../op.ts";
import type { Recorder } from "../recorder.ts";

export function cholesky(r: Recorder, a: XlaOp, lower: boolean): XlaOp {
  return r.add("cholesky", [a], { lower });
}

export function triangularSolve(r: Recorder, a: XlaOp, b: XlaOp, leftSide: boolean, lower: boolean, unitDiagonal: boolean, transposeA: TransposeKind): XlaOp {
  return r.add("triangular-solve", [a, b], { leftSide, lower, unitDiagonal, transposeA });
}

export function fft(r: Recorder, operand: XlaOp, fftType: FftType, fftLength: readonly number[]): XlaOp {
  return r.add("fft", [operand], { fftType, fftLength: [...fftLength] });
}

export function topK(r: Recorder, operand: XlaOp, k: number, largest: boolean): XlaOp {
  return r.add("topk", [operand], { k, largest, isStable: false });
}
