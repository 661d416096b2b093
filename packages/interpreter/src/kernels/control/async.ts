/**
 * Kernels of the asynchronous pairs. minixla runs the work at the -start op
 * and carries it in the start's tuple: copy-start holds (destination, source,
 * context) with both buffers the operand's value, and copy-done takes the
 * destination; async-start calls its wrapped computation at once, holding
 * ((operands), result, context...), async-update passes that on and
 * async-done takes the result. Context elements are the backend's own
 * bookkeeping; they hold zeros.
 */
import { EvalError, type Literal, isTupleLiteral, scalar, shapeToString, tupleLiteral, zeroLiteral } from "@minixla/hlo";
import type { FamilyKernels } from "../../kernel.ts";

function element(inst: { readonly name: string; readonly opcode: string }, l: Literal | undefined, i: number): Literal {
  if (l === undefined || !isTupleLiteral(l) || l.elements.length <= i) {
    throw new EvalError(`${inst.name} (${inst.opcode}): expected a tuple operand with at least ${i + 1} elements, got ${l === undefined ? "none" : shapeToString(l.shape)}`);
  }
  return l.elements[i];
}

export const asyncKernels: FamilyKernels<"async"> = {
  "copy-start": (_inst, [x]) => tupleLiteral([x, x, scalar(0, "u32")]),
  "copy-done": (inst, [x]) => element(inst, x, 0),
  "async-start": (inst, operands, ctx) => {
    const s = inst.shape;
    if (s.elementType !== "tuple") throw new EvalError(`${inst.name} (async-start): result shape ${shapeToString(s)} must be a tuple`);
    const result = ctx.call(inst.called[0], operands);
    return tupleLiteral([tupleLiteral(operands), result, ...s.tupleShapes.slice(2).map(zeroLiteral)]);
  },
  "async-update": (_inst, [x]) => x,
  "async-done": (inst, [x]) => element(inst, x, 1),
};
