/**
 * Shape rules of the asynchronous pairs, as XLA's verifier states them
 * (hlo_verifier.cc: HandleCopyStart, HandleCopyDone, HandleAsyncStart,
 * HandleAsyncUpdate, HandleAsyncDone, CheckAsyncOpComputationShapes); shape
 * inference has no rule of its own for them.
 *
 * copy-start gives (destination, source, u32[] context), both buffers of the
 * operand's shape; copy-done gives the destination. async-start gives
 * ((the wrapped computation's parameters), its result, context...), where the
 * context elements are the backend's own and are read off the declared shape.
 */
import { type Shape, isTupleShape, shapeToString, shapesEqual, tupleShape } from "../shape.ts";
import type { ProgramShape } from "../shape.ts";
import { type FamilyRules, fail } from "./rule.ts";
import { U32_SCALAR } from "./common_shapes.ts";

/** XLA's CheckAsyncOpComputationShapes: element 0 is the parameters' tuple, element 1 the root's shape. */
function checkAsyncShape(opcode: string, async: Shape, wrapped: ProgramShape | undefined): void {
  if (!isTupleShape(async) || async.tupleShapes.length < 2) {
    fail(`The ${opcode} expects the async shape to be a tuple of at least two elements, found ${shapeToString(async)}.`);
  }
  if (wrapped === undefined) return;
  const params = tupleShape(wrapped.parameters);
  if (!shapesEqual(async.tupleShapes[0], params)) {
    fail(`The ${opcode} expects the async shape at index {0} to match async computation parameter shape (${shapeToString(async.tupleShapes[0])} vs ${shapeToString(params)}).`);
  }
  if (!shapesEqual(async.tupleShapes[1], wrapped.result)) {
    fail(`The ${opcode} expects the async shape at index {1} to match the async computation root shape (${shapeToString(async.tupleShapes[1])} vs ${shapeToString(wrapped.result)}).`);
  }
}

/** The declared tuple's elements after the first two: the context the backend keeps between start and done. */
function contextOf(declared: Shape | undefined): readonly Shape[] {
  return declared !== undefined && isTupleShape(declared) ? declared.tupleShapes.slice(2) : [];
}

export const asyncRules: FamilyRules<"async"> = {
  "copy-start": ({ operands }) => tupleShape([operands[0], operands[0], U32_SCALAR]),
  "copy-done": ({ operands }) => {
    const s = operands[0];
    if (!isTupleShape(s) || s.tupleShapes.length < 2) fail(`copy-done expects a (destination, source, context) tuple operand; got ${shapeToString(s)}.`);
    const [dest, src] = s.tupleShapes;
    if (!shapesEqual(dest, src)) {
      fail(`Source and destination buffers in CopyDone arguments need to be the same shape found ${shapeToString(dest)} and ${shapeToString(src)}`);
    }
    return dest;
  },
  "async-start": ({ operands, called, declared }) => {
    const wrapped = called[0];
    if (wrapped === undefined) fail("async-start expects a wrapped computation (calls=).");
    if (wrapped.parameters.length !== operands.length) {
      fail(`async-start passes ${operands.length} operands to a wrapped computation of ${wrapped.parameters.length} parameters.`);
    }
    operands.forEach((o, i) => {
      if (!shapesEqual(o, wrapped.parameters[i])) {
        fail(`The async-start expects the shape of operand ${i} to match the async shape at index {0} (${shapeToString(o)} vs ${shapeToString(wrapped.parameters[i])}).`);
      }
    });
    return tupleShape([tupleShape(operands), wrapped.result, ...contextOf(declared)]);
  },
  // async-update hands its operand's async state on unchanged.
  "async-update": ({ operands, called }) => {
    checkAsyncShape("async-update", operands[0], called[0]);
    return operands[0];
  },
  "async-done": ({ operands, called }) => {
    const s = operands[0];
    checkAsyncShape("async-done", s, called[0]);
    return isTupleShape(s) ? s.tupleShapes[1] : s;
  },
};
