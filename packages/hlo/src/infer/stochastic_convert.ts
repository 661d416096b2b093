/**
 * stochastic-convert(operand, random): a floating operand rounded to the
 * declared element type, up or down by comparing its fraction with unsigned
 * random bits of the operand's width (shape_inference.cc:
 * InferStochasticConvertShape, with its messages, including its quirk of
 * naming the random shape where the operand is not floating).
 */
import { ELEMENT_TYPE_INFO } from "../element_type.ts";
import { type Shape, expectArray, isTupleShape, sameDimensions, shapeToString, withElementType } from "../shape.ts";
import { type ShapeRule, fail } from "./rule.ts";

export const stochasticConvertRule: ShapeRule<"stochastic-convert"> = ({ operands, declared }) => {
  const operand = expectArray(operands[0], "lhs of stochastic convert operation");
  const random = expectArray(operands[1], "rhs of stochastic convert operation");
  const randomInfo = ELEMENT_TYPE_INFO[random.elementType];
  const operandInfo = ELEMENT_TYPE_INFO[operand.elementType];
  if (randomInfo.kind !== "unsigned") fail(`Random numbers for stochastic convert must be unsigned integers, but got: ${shapeToString(random)}`);
  if (operandInfo.kind !== "float") fail(`Stochastic convert supports only floating point operand conversion, but got: ${shapeToString(random)}`);
  if (operandInfo.bitWidth !== randomInfo.bitWidth) {
    fail(`The random number is required to have same bits as the operand. But got random bits: ${randomInfo.bitWidth}, operand bits: ${operandInfo.bitWidth}`);
  }
  if (!sameDimensions(operand.dimensions, random.dimensions)) {
    fail(`Stochastic convert operand shape does not match random tensor shape: ${shapeToString(operand)} vs ${shapeToString(random)}.`);
  }
  const to = declaredArrayType(declared);
  return withElementType(operand, to);
};

function declaredArrayType(declared: Shape | undefined) {
  if (declared === undefined || isTupleShape(declared)) fail("stochastic-convert needs a declared array result shape.");
  if (declared.elementType === "token") fail(`Stochastic convert cannot convert to ${shapeToString(declared)}.`);
  return declared.elementType;
}
