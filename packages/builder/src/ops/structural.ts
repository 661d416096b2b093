/** Structure and control flow: tuples, call, fusion, while, conditional, map, opt-barrier, custom-call. */
import type { FusionKind, HloModule, Shape } from "@minixla/hlo";
import { XlaOp } from "../op.ts";
import type { Recorder } from "../recorder.ts";
import { type ComputationOf, computation } from "../sub_builder.ts";
import { arrayOf } from "./operand_shapes.ts";

export function tuple(r: Recorder, elements: readonly XlaOp[]): XlaOp {
  return r.add("tuple", elements, {});
}

export function getTupleElement(r: Recorder, t: XlaOp, index: number): XlaOp {
  return r.add("get-tuple-element", [t], { index });
}

export function call(r: Recorder, callee: HloModule, operands: readonly XlaOp[]): XlaOp {
  return r.add("call", operands, {}, { called: [callee] });
}

export function fusion(r: Recorder, callee: HloModule, operands: readonly XlaOp[], kind: FusionKind): XlaOp {
  return r.add("fusion", operands, { kind }, { called: [callee] });
}

export function whileLoop(r: Recorder, condition: HloModule, body: HloModule, init: XlaOp): XlaOp {
  return r.add("while", [init], {}, { called: [condition, body] });
}

/** Both forms of conditional: (pred, trueOperand, trueComputation, falseOperand, falseComputation) or (index, branches, operands). */
export function conditional(r: Recorder, index: XlaOp, a: XlaOp | readonly HloModule[], b: HloModule | readonly XlaOp[], c?: XlaOp, d?: HloModule): XlaOp {
  if (a instanceof XlaOp) {
    return r.add("conditional", [index, a, c as XlaOp], {}, { called: [b as HloModule, d as HloModule] });
  }
  return r.add("conditional", [index, ...(b as readonly XlaOp[])], {}, { called: [...(a as readonly HloModule[])] });
}

export function map<B>(r: Recorder<B>, operands: readonly XlaOp[], mapper: ComputationOf<B>, dimensions?: readonly number[]): XlaOp {
  return r.atomically(() => {
    const ops = operands.map((o) => r.typed(o, undefined, "map"));
    const first = ops[0] ? arrayOf(ops[0], "map") : undefined;
    const dims = dimensions ?? (first ? first.dimensions.map((_, i) => i) : []);
    const called = computation(r, mapper, ops.map((o) => arrayOf(o, "map").elementType), "mapper");
    return r.add("map", ops, { dimensions: [...dims] }, { called: [called] });
  });
}

export function optimizationBarrier(r: Recorder, operand: XlaOp): XlaOp {
  return r.add("opt-barrier", [operand], {});
}

export function customCall(r: Recorder, target: string, operands: readonly XlaOp[], resultShape: Shape): XlaOp {
  return r.add("custom-call", operands, { customCallTarget: target, rawAttributes: [] }, { declared: resultShape });
}
