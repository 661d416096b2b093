/**
 * Kernels of the structural family: parameters, constants, tuples, calls and
 * control flow.
 */
import { EvalError, type TupleLiteral, isTupleLiteral, tupleLiteral } from "@minixla/hlo";
import type { FamilyKernels } from "../kernel.ts";

const notYet = (op: string) => (): never => {
  throw new EvalError(`kernel for ${op} is not written yet`);
};

export const structuralKernels: FamilyKernels<"structural"> = {
  parameter: (inst, _operands, ctx) => ctx.parameter(inst.attributes.parameterNumber),
  constant: (inst) => inst.attributes.literal as never,
  tuple: (_inst, operands) => tupleLiteral(operands),
  "get-tuple-element": (inst, [t]) => {
    if (!isTupleLiteral(t)) throw new EvalError(`${inst.name}: get-tuple-element of a non-tuple`);
    return (t as TupleLiteral).elements[inst.attributes.index];
  },
  call: (inst, operands, ctx) => ctx.call(inst.called[0], operands),
  while: notYet("while"),
  conditional: notYet("conditional"),
  map: notYet("map"),
  "opt-barrier": (_inst, [x]) => x,
  "custom-call": notYet("custom-call"),
};
