/**
 * Shape rules of the host and channel transfers, as XLA's verifier states
 * them (hlo_verifier.cc: HandleInfeed, HandleOutfeed, HandleSend,
 * HandleSendDone, HandleRecv, HandleRecvDone, CheckIsTokenOperand); shape
 * inference has no rule of its own for them.
 *
 * infeed and recv read their data shape off the declared result (XLA's
 * parser does the same: CreateInfeed(shape.tuple_shapes(0)), CreateRecv(...)),
 * so they need one; the builder passes it.
 */
import { type Shape, isTupleShape, shapeToString, shapesEqual, tupleShape } from "../shape.ts";
import { type FamilyRules, fail } from "./rule.ts";
import { TOKEN, U32_SCALAR, isToken } from "./common_shapes.ts";

/** XLA's CheckIsTokenOperand. */
function checkToken(operands: readonly Shape[], i: number): void {
  if (!isToken(operands[i])) fail(`Expected operand ${i} to be token-shaped, actual shape is ${shapeToString(operands[i])}`);
}

/** The data shape of a declared `(data, <tail>)` tuple, refusing any other declared shape. */
function dataOfDeclared(opcode: string, declared: Shape | undefined, tail: readonly Shape[]): Shape {
  const form = `(data, ${tail.map(shapeToString).join(", ")})`;
  if (declared === undefined) fail(`${opcode} needs its result shape ${form} declared: its data shape is not implied by its operand.`);
  if (!isTupleShape(declared) || declared.tupleShapes.length !== tail.length + 1) {
    fail(`${opcode} expects a ${form} tuple shape; got ${shapeToString(declared)}.`);
  }
  tail.forEach((t, i) => {
    const got = declared.tupleShapes[i + 1];
    if (!shapesEqual(got, t)) {
      fail(`Expected instruction to have shape equal to ${shapeToString(tupleShape([declared.tupleShapes[0], ...tail]))}, actual shape is ${shapeToString(declared)}`);
    }
  });
  return declared.tupleShapes[0];
}

/** The data shape of a send's or recv's `(data, u32[], token)` result, for their -done ops. */
function dataOfSendRecv(opcode: string, s: Shape): Shape {
  const ok = isTupleShape(s) && s.tupleShapes.length === 3 && shapesEqual(s.tupleShapes[1], U32_SCALAR) && isToken(s.tupleShapes[2]);
  if (!ok) fail(`${opcode} expects the (data, u32[], token[]) result of a ${opcode === "send-done" ? "send" : "recv"} as its operand; got ${shapeToString(s)}.`);
  return s.tupleShapes[0];
}

export const hostTransferRules: FamilyRules<"host_transfer"> = {
  infeed: ({ operands, declared }) => {
    checkToken(operands, 0);
    return tupleShape([dataOfDeclared("infeed", declared, [TOKEN]), TOKEN]);
  },
  outfeed: ({ operands, attributes }) => {
    checkToken(operands, 1);
    const given = attributes.outfeedShape as Shape | undefined;
    if (given !== undefined && !shapesEqual(given, operands[0])) {
      fail(`Expected outfeed shape to be equal to operand's shape ${shapeToString(operands[0])}, actual shape is ${shapeToString(given)}`);
    }
    return TOKEN;
  },
  send: ({ operands }) => {
    checkToken(operands, 1);
    return tupleShape([operands[0], U32_SCALAR, TOKEN]);
  },
  "send-done": ({ operands }) => {
    dataOfSendRecv("send-done", operands[0]);
    return TOKEN;
  },
  recv: ({ operands, declared }) => {
    checkToken(operands, 0);
    return tupleShape([dataOfDeclared("recv", declared, [U32_SCALAR, TOKEN]), U32_SCALAR, TOKEN]);
  },
  "recv-done": ({ operands }) => tupleShape([dataOfSendRecv("recv-done", operands[0]), TOKEN]),
};
