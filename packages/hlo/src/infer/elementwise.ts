/**
 * Shape rules of the element-wise family: unary (real and imag among them),
 * binary (complex among them, with XLA's implicit broadcasting, see
 * broadcast_rules.ts), compare, select, clamp and the conversions. Messages
 * follow shape_inference.cc.
 */
import {
  ELEMENT_TYPE_INFO,
  type ElementType,
  complexComponentType,
  higherPrecisionType,
  isComplexType,
  isFloatType,
  isIntegralType,
  sameTypeIgnoringFpPrecision,
  upperTypeName,
} from "../element_type.ts";
import { ALL_OPCODES, type BinaryOpcode, OPCODES, type UnaryOpcode, opcodesOfCategory } from "../opcode.ts";
import {
  type ArrayShape,
  type Shape,
  expectArray,
  isTupleShape,
  sameDimensions,
  shape,
  shapeToString,
  withElementType,
} from "../shape.ts";
import { planBinaryBroadcast } from "./broadcast_rules.ts";
import { type FamilyRules, type ShapeRule, fail } from "./rule.ts";

/** Unary ops that take only floating-point operands (InferUnaryOpShape's first group), from the opcode table. */
const FLOAT_ONLY: ReadonlySet<UnaryOpcode> = opcodesOfCategory("float", "rounding");

/** Unary ops that take floating-point or complex operands, from the opcode table. */
const FLOAT_OR_COMPLEX: ReadonlySet<UnaryOpcode> = opcodesOfCategory("float-or-complex");

const isSignedOrFloat = (t: ElementType): boolean => ELEMENT_TYPE_INFO[t].kind === "signed" || isFloatType(t);

/** InferUnaryOpShape: the operand's element type decides; the result has the operand's shape (pred for is-finite). */
function unaryRule(opcode: UnaryOpcode): ShapeRule<UnaryOpcode> {
  return ({ operands }) => {
    // There is no copy at the proto level, so XLA passes any shape (tuples too) through.
    if (opcode === "copy") return operands[0];
    const s = expectArray(operands[0], "operand of unary operation");
    const t = s.elementType;
    const got = upperTypeName(t);
    if (FLOAT_ONLY.has(opcode) && !isFloatType(t)) {
      fail(`Expected element type in shape to be floating for ${opcode} operation; got ${got}.`);
    }
    if (FLOAT_OR_COMPLEX.has(opcode) && !isFloatType(t) && !isComplexType(t)) {
      fail(`Expected element type in shape to be floating or complex for ${opcode} operation; got ${got}.`);
    }
    switch (opcode) {
      case "is-finite":
        if (!isFloatType(t)) fail(`Expected element type in shape to be floating point for IsFinite operation; got ${got}.`);
        return withElementType(s, "pred");
      case "not":
        if (t !== "pred" && !isIntegralType(t)) {
          fail(`Expected pred or an integral element type in argument to Not operation; got ${got}.`);
        }
        return s;
      case "popcnt":
        if (!isIntegralType(t)) fail(`Expected an integral element type in argument to PopulationCount operation; got ${got}.`);
        return s;
      case "count-leading-zeros":
        if (!isIntegralType(t)) fail(`Expected an integral element type in argument to Clz operation; got ${got}.`);
        return s;
      case "negate":
        if (t === "pred") fail(`Expected element type in shape to be integral, floating or complex for negate operation; got ${got}.`);
        return s;
      case "abs":
        // XLA's wording for abs names floating/complex although signed integers pass too.
        if (!isSignedOrFloat(t) && !isComplexType(t)) fail(`Expected element type in shape to be floating or complex for abs operation; got ${got}.`);
        // abs of a complex number is its magnitude, in the component type.
        return t === "c64" || t === "c128" ? withElementType(s, complexComponentType(t)) : s;
      case "sign":
        if (!isSignedOrFloat(t) && !isComplexType(t)) fail(`Expected element type in shape to be signed or complex for sign operation; got ${got}.`);
        return s;
      case "real":
      case "imag":
        // A complex operand gives its component type; a real float passes through (imag is then zero).
        if (t === "c64" || t === "c128") return withElementType(s, complexComponentType(t));
        if (!isFloatType(t)) fail(`Expected element type in shape to be floating or complex for ${opcode} operation; got ${got}.`);
        return s;
      default:
        return s;
    }
  };
}

const ARITHMETIC_ONLY: ReadonlySet<BinaryOpcode> = new Set<BinaryOpcode>([
  "subtract", "atan2", "power", "divide", "remainder", "shift-left", "shift-right-arithmetic", "shift-right-logical",
]);

/** InferBinaryOpShape: operand checks, opcode checks, then the broadcast rules. */
export function inferBinaryShape(
  opcode: BinaryOpcode | "compare",
  lhsShape: Shape,
  rhsShape: Shape,
  broadcastDimensions: readonly number[] = [],
): ArrayShape {
  const lhs = expectArray(lhsShape, `lhs of binary operation ${opcode}`);
  const rhs = expectArray(rhsShape, `rhs of binary operation ${opcode}`);
  if (opcode !== "compare" && ARITHMETIC_ONLY.has(opcode) && lhs.elementType === "pred") {
    fail(`Expected element type in shape to be arithmetic type for operation ${opcode}; got PRED.`);
  }
  if ((opcode === "and" || opcode === "or" || opcode === "xor") && lhs.elementType !== "pred" && !isIntegralType(lhs.elementType)) {
    fail(`Expected pred or integral type in argument to and/or operation; got ${upperTypeName(lhs.elementType)}.`);
  }
  if (opcode === "complex" && !isFloatType(lhs.elementType)) {
    fail(`Expected element type in shape to be floating for complex compose operation; got ${upperTypeName(lhs.elementType)}.`);
  }
  const plan = planBinaryBroadcast(lhs, rhs, broadcastDimensions, opcode);
  if (opcode === "complex") return withElementType(plan.result, complexTypeOf(lhs.elementType, rhs.elementType));
  if (opcode === "atan2" && !isFloatType(lhs.elementType) && !isComplexType(lhs.elementType)) {
    fail(`Expected input element type to be floating or complex for atan2 operation; got ${upperTypeName(lhs.elementType)}.`);
  }
  return opcode === "compare" ? withElementType(plan.result, "pred") : plan.result;
}

/** complex's result type: c64 from two f32 operands, c128 from two f64; XLA has no other complex type. */
function complexTypeOf(lhs: ElementType, rhs: ElementType): "c64" | "c128" {
  if (lhs === "f32" && rhs === "f32") return "c64";
  if (lhs === "f64" && rhs === "f64") return "c128";
  return fail("Complex component type is not implemented.");
}

function binaryRule(opcode: BinaryOpcode): ShapeRule<BinaryOpcode> {
  return ({ operands, attributes }) => inferBinaryShape(opcode, operands[0], operands[1], attributes.broadcastDimensions ?? []);
}

/** InferSelectShape; a scalar pred is legal in HLO. */
const selectRule: ShapeRule<"select"> = ({ operands }) => {
  const pred = expectArray(operands[0], "pred operand of select");
  const onTrue = expectArray(operands[1], "on_true operand of select");
  const onFalse = expectArray(operands[2], "on_false operand of select");
  if (!sameTypeIgnoringFpPrecision(onTrue.elementType, onFalse.elementType) || !sameDimensions(onTrue.dimensions, onFalse.dimensions)) {
    fail(`Operands to select must be the same shape; got ${shapeToString(onTrue)} and ${shapeToString(onFalse)}.`);
  }
  if (pred.elementType !== "pred") {
    fail(`Select's pred operand must have PRED element type; got ${shapeToString(pred)}.`);
  }
  if (pred.dimensions.length > 0 && !sameDimensions(pred.dimensions, onTrue.dimensions)) {
    fail(
      `Operands to select and predicate must be the same shape; got ${shapeToString(onTrue)} and ${shapeToString(onFalse)} and ${shapeToString(pred)}.`,
    );
  }
  return shape(higherPrecisionType(onTrue.elementType, onFalse.elementType), onTrue.dimensions, onTrue.layout);
};

/** InferClampShape: min and max may each be a scalar. */
const clampRule: ShapeRule<"clamp"> = ({ operands }) => {
  const [min, operand, max] = operands.map((s, i) => expectArray(s, `operand ${i} of clamp`));
  if (!sameTypeIgnoringFpPrecision(min.elementType, operand.elementType) || !sameTypeIgnoringFpPrecision(max.elementType, operand.elementType)) {
    fail(`Clamp with incompatible element types: ${shapeToString(min)}, ${shapeToString(operand)}, ${shapeToString(max)}.`);
  }
  for (const bound of [min, max]) {
    if (bound.dimensions.length > 0 && !sameDimensions(bound.dimensions, operand.dimensions)) {
      fail(`Clamp with incompatible shapes: ${shapeToString(min)}, ${shapeToString(operand)}, ${shapeToString(max)}.`);
    }
  }
  return operand;
};

/** The target element type of a conversion comes from the declared shape. */
function declaredElementType(declared: Shape | undefined, opcode: string): ElementType {
  if (declared === undefined || isTupleShape(declared)) fail(`${opcode} needs a declared array result shape.`);
  return declared.elementType;
}

const convertRule: ShapeRule<"convert"> = ({ operands, declared }) => {
  const operand = operands[0];
  const to = declaredElementType(declared, "convert");
  if (isTupleShape(operand)) {
    fail(`Convert does not allow non-arrays, so cannot convert from ${shapeToString(operand)} to ${to}.`);
  }
  return withElementType(operand, to);
};

/** An element's width as XLA's BitWidth gives it: sub-byte types their own bits, pred a whole byte. */
const bitcastBits = (t: ElementType): number => (t === "pred" ? 8 : ELEMENT_TYPE_INFO[t].bitWidth);

/**
 * InferBitcastConvertShape: a result type k times narrower gains a minor
 * dimension of size k; one k times wider drops the operand's minor dimension,
 * which must be k (f32 -> s4[..., 8], f64[] -> pred[8]). Complex converts
 * only to complex. c128 <-> c64 is legal HLO and XLA's evaluator (hence its
 * constant folding) runs it; only XLA's CPU compiler refuses it on runtime
 * operands, having no 128-bit integer to expand it through.
 */
const bitcastConvertRule: ShapeRule<"bitcast-convert"> = ({ operands, declared }) => {
  const operand = operands[0];
  const to = declaredElementType(declared, "bitcast-convert");
  if (isTupleShape(operand) || to === "token") {
    fail(`Cannot convert from or to tuple type; requested conversion: ${shapeToString(operand)} => ${upperTypeName(to)}.`);
  }
  const from = operand.elementType;
  if (isComplexType(from) !== isComplexType(to)) {
    fail(`Conversion between complex and real type ${shapeToString(operand)} => ${upperTypeName(to)}.`);
  }
  const inBits = bitcastBits(from);
  const outBits = bitcastBits(to);
  if (Math.max(inBits, outBits) % Math.min(inBits, outBits) !== 0) {
    fail(`Cannot bitcast types with undivisible bit-widths: ${upperTypeName(from)} => ${upperTypeName(to)}.`);
  }
  const ratio = Math.max(inBits, outBits) / Math.min(inBits, outBits);
  if (inBits === outBits) return withElementType(operand, to);
  const { dimensions: dims, layout, dynamicDimensions: dynamic } = operand;
  const r = dims.length;
  if (inBits > outBits) {
    // The new dimension is the most minor one (ShapeUtil::AppendMinorDimension).
    const out = shape(to, [...dims, ratio], layout === undefined ? undefined : [r, ...layout]);
    return dynamic === undefined ? out : { ...out, dynamicDimensions: [...dynamic, false] };
  }
  const last = r === 0 ? undefined : dims[r - 1];
  if (last !== ratio) {
    fail(
      `Last dimension of input shape=${last ?? "(none: a scalar)"} is not equal to ratio of bit-widths=${ratio} for bitcast-convert from ${shapeToString(operand)} to ${upperTypeName(to)}`,
    );
  }
  const out = shape(to, dims.slice(0, -1), layout?.filter((d) => d !== r - 1));
  return dynamic === undefined ? out : { ...out, dynamicDimensions: dynamic.slice(0, -1) };
};

const reducePrecisionRule: ShapeRule<"reduce-precision"> = ({ operands, attributes }) => {
  const operand = expectArray(operands[0], "operand of reduce-precision");
  if (!isFloatType(operand.elementType)) {
    fail(`Expected element type in shape to be floating point for ReducePrecision operation; got ${upperTypeName(operand.elementType)}.`);
  }
  if (attributes.exponentBits < 1) fail(`Expected exponent_bits >= 1; got ${attributes.exponentBits}.`);
  if (attributes.mantissaBits < 0) fail(`Expected non-negative mantissa_bits; got ${attributes.mantissaBits}.`);
  return operand;
};

/** Every unary op's rule: InferUnaryOpShape reads the opcode table's operand category, and its own cases. */
const unaryRules = Object.fromEntries(
  ALL_OPCODES.filter((op): op is UnaryOpcode => OPCODES[op].kind === "unary").map((op) => [op, unaryRule(op)]),
) as { readonly [K in UnaryOpcode]: ShapeRule<K> };

export const elementwiseRules: FamilyRules<"elementwise"> = {
  ...unaryRules,
  add: binaryRule("add"),
  subtract: binaryRule("subtract"),
  multiply: binaryRule("multiply"),
  divide: binaryRule("divide"),
  remainder: binaryRule("remainder"),
  maximum: binaryRule("maximum"),
  minimum: binaryRule("minimum"),
  power: binaryRule("power"),
  atan2: binaryRule("atan2"),
  and: binaryRule("and"),
  or: binaryRule("or"),
  xor: binaryRule("xor"),
  "shift-left": binaryRule("shift-left"),
  "shift-right-arithmetic": binaryRule("shift-right-arithmetic"),
  "shift-right-logical": binaryRule("shift-right-logical"),
  complex: binaryRule("complex"),
  compare: ({ operands, attributes }) => inferBinaryShape("compare", operands[0], operands[1], attributes.broadcastDimensions ?? []),
  select: selectRule,
  clamp: clampRule,
  convert: convertRule,
  "bitcast-convert": bitcastConvertRule,
  "reduce-precision": reducePrecisionRule,
};
