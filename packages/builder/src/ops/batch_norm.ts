/** Batch normalization; epsilon is an f32 attribute, as in XLA. */
import type { XlaOp } from "../op.ts";
import type { Recorder } from "../recorder.ts";

export function batchNormTraining(r: Recorder, operand: XlaOp, scale: XlaOp, offset: XlaOp, epsilon: number, featureIndex: number): XlaOp {
  return r.add("batch-norm-training", [operand, scale, offset], { epsilon: Math.fround(epsilon), featureIndex });
}

export function batchNormInference(
  r: Recorder, operand: XlaOp, scale: XlaOp, offset: XlaOp, mean: XlaOp, variance: XlaOp, epsilon: number, featureIndex: number,
): XlaOp {
  return r.add("batch-norm-inference", [operand, scale, offset, mean, variance], { epsilon: Math.fround(epsilon), featureIndex });
}

export function batchNormGrad(
  r: Recorder, operand: XlaOp, scale: XlaOp, mean: XlaOp, variance: XlaOp, gradOutput: XlaOp, epsilon: number, featureIndex: number,
): XlaOp {
  return r.add("batch-norm-grad", [operand, scale, mean, variance, gradOutput], { epsilon: Math.fround(epsilon), featureIndex });
}
