/**
 * Kernels of the elementwise family (being written).
 */
import { EvalError } from "@minixla/hlo";
import type { FamilyKernels } from "../kernel.ts";

const notYet = (op: string) => (): never => {
  throw new EvalError(`kernel for ${op} is not written yet`);
};

export const elementwiseKernels: FamilyKernels<"elementwise"> = {
  abs: notYet("abs"),
  add: notYet("add"),
  and: notYet("and"),
  atan2: notYet("atan2"),
  "bitcast-convert": notYet("bitcast-convert"),
  cbrt: notYet("cbrt"),
  ceil: notYet("ceil"),
  clamp: notYet("clamp"),
  compare: notYet("compare"),
  convert: notYet("convert"),
  copy: notYet("copy"),
  cosine: notYet("cosine"),
  "count-leading-zeros": notYet("count-leading-zeros"),
  divide: notYet("divide"),
  erf: notYet("erf"),
  exponential: notYet("exponential"),
  "exponential-minus-one": notYet("exponential-minus-one"),
  floor: notYet("floor"),
  "is-finite": notYet("is-finite"),
  log: notYet("log"),
  "log-plus-one": notYet("log-plus-one"),
  logistic: notYet("logistic"),
  maximum: notYet("maximum"),
  minimum: notYet("minimum"),
  multiply: notYet("multiply"),
  negate: notYet("negate"),
  not: notYet("not"),
  or: notYet("or"),
  popcnt: notYet("popcnt"),
  power: notYet("power"),
  "reduce-precision": notYet("reduce-precision"),
  remainder: notYet("remainder"),
  "round-nearest-afz": notYet("round-nearest-afz"),
  "round-nearest-even": notYet("round-nearest-even"),
  rsqrt: notYet("rsqrt"),
  select: notYet("select"),
  "shift-left": notYet("shift-left"),
  "shift-right-arithmetic": notYet("shift-right-arithmetic"),
  "shift-right-logical": notYet("shift-right-logical"),
  sign: notYet("sign"),
  sine: notYet("sine"),
  sqrt: notYet("sqrt"),
  subtract: notYet("subtract"),
  tan: notYet("tan"),
  tanh: notYet("tanh"),
  xor: notYet("xor"),
};
