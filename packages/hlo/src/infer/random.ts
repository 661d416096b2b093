/**
 * Shape rules of the random family. rng-bit-generator's result is the tuple
 * (new state, bits) written in the text: the state keeps the operand's shape
 * and the bits are an unsigned integer array (XlaBuilder::RngBitGenerator maps
 * every other type to the unsigned type of its width). rng(a, b) draws an array
 * of the declared shape from scalars a and b of its element type. Messages
 * follow hlo_verifier.cc (HandleRng, HandleRngBitGenerator) and xla_builder.cc.
 * The state is a u64 vector of at least 2 words (XLA's RngBitGeneratorExpander
 * reads words 0 and 1, and 2 for Philox when present; longer states, as in
 * XLA's own expander tests, carry the rest through).
 */
import { ELEMENT_TYPE_INFO, upperTypeName } from "../element_type.ts";
import { type ArrayShape, type Shape, isTupleShape, shapeToString, shapesEqual } from "../shape.ts";
import { type FamilyRules, fail } from "./rule.ts";
import { stochasticConvertRule } from "./stochastic_convert.ts";

type RngAlgorithm = "rng_three_fry" | "rng_philox" | "rng_default";

function rngBitGeneratorShape(state: Shape, algorithm: RngAlgorithm, declared: Shape | undefined): Shape {
  if (isTupleShape(state) || state.elementType !== "u64" || state.dimensions.length !== 1) {
    fail(`The initial state of RngBitGenerator must be a u64 vector, but got ${shapeToString(state)}.`);
  }
  if (state.dimensions[0] < 2) {
    fail(`${algorithm} takes a state of at least 2 u64 values, but got ${shapeToString(state)}.`);
  }
  if (declared === undefined) fail("rng-bit-generator needs a declared result shape (new state, bits).");
  if (!isTupleShape(declared) || declared.tupleShapes.length !== 2) {
    fail(`Expected tuple shape with 2 elements for RngBitGenerator. Got: ${shapeToString(declared)}`);
  }
  const [newState, bits] = declared.tupleShapes;
  if (!shapesEqual(state, newState)) {
    fail(`Expected state shape to match between input and output for RngBitGenerator. Got ${shapeToString(state)} vs. ${shapeToString(newState)}`);
  }
  if (isTupleShape(bits) || ELEMENT_TYPE_INFO[bits.elementType].kind !== "unsigned") {
    fail(`Unsupported shape for RngBitGenerator: ${isTupleShape(bits) ? "TUPLE" : upperTypeName(bits.elementType)}`);
  }
  return declared;
}

function rngShape(operands: readonly Shape[], distribution: "rng_uniform" | "rng_normal", declared: Shape | undefined): Shape {
  if (declared === undefined) fail("rng needs a declared result shape.");
  const text = `${shapeToString(declared)} rng(${operands.map(shapeToString).join(", ")}), distribution=${distribution}`;
  const [a, b] = operands;
  const isScalar = (s: Shape): s is ArrayShape => !isTupleShape(s) && s.dimensions.length === 0;
  if (!isScalar(a) || !isScalar(b)) fail(`Expected scalar types for the two operands of Rng instruction: ${text}`);
  if (isTupleShape(declared) || a.elementType !== b.elementType || a.elementType !== declared.elementType) {
    fail(`Expected compatible element types for the result and the two operands of Rng instruction: ${text}`);
  }
  const kind = ELEMENT_TYPE_INFO[a.elementType].kind;
  if (distribution === "rng_uniform" && kind !== "float" && kind !== "signed" && kind !== "unsigned" && kind !== "pred") {
    fail(`Element type not supported. Expected element to be of floating point type, integral type or predicate type for RngUniform: ${text}`);
  }
  if (distribution === "rng_normal" && kind !== "float") {
    fail(`Element type not supported. Expected element to be FloatingPointType for RngNormal: ${text}`);
  }
  return declared;
}

export const randomRules: FamilyRules<"random"> = {
  "rng-bit-generator": ({ operands, attributes, declared }) => rngBitGeneratorShape(operands[0], attributes.algorithm, declared),
  rng: ({ operands, attributes, declared }) => rngShape(operands, attributes.distribution, declared),
  "stochastic-convert": stochasticConvertRule,
};
