/**
 * Shape rules of the reduction family: reduce (variadic), reduce-window
 * (variadic), select-and-scatter and sort (scan's is in scan.ts). Messages follow shape_inference.cc
 * (InferReduceShape, InferReduceWindowShape, InferSelectAndScatterShape) and,
 * for sort, which has no ShapeInference, hlo_verifier.cc (HandleSort).
 */
import {
  type ArrayShape,
  type Shape,
  expectArray,
  isTupleShape,
  sameDimensions,
  shape,
  shapeToString,
  shapesEqual,
  tupleShape,
} from "../shape.ts";
import { compatibleIgnoringFpPrecision, verifyReducerShape } from "./reducer.ts";
import { windowOutputShape } from "./window.ts";
import { type FamilyRules, calledAt, fail } from "./rule.ts";
import { scanRule } from "./scan.ts";

/** Splits [inputs..., inits...] into halves; XLA requires an even count. */
function splitInputsAndInits(operands: readonly Shape[], op: string): { inputs: readonly Shape[]; inits: readonly Shape[] } {
  if (operands.length % 2 !== 0) fail(`${op} must have an even number of arguments, has ${operands.length}`);
  const n = operands.length / 2;
  return { inputs: operands.slice(0, n), inits: operands.slice(n) };
}

export const reductionRules: FamilyRules<"reduction"> = {
  scan: scanRule,
  reduce: ({ operands, attributes, called }) => {
    if (operands.length === 0) fail("Reduce must have at least 2 arguments, has 0");
    const { inputs, inits } = splitInputsAndInits(operands, "Reduce");
    const args = inputs.map((s, i) => expectArray(s, `operand ${i} of reduce`));
    for (let i = 1; i < args.length; i++) {
      if (!sameDimensions(args[0].dimensions, args[i].dimensions)) {
        fail(
          `All reduced tensors must have compatible dimension. Tensor at index 0 has shape ${shapeToString(args[0])}, and tensor at index ${i} has shape ${shapeToString(args[i])}.`,
        );
      }
    }
    const arg = args[0];
    const dims = attributes.dimensions;
    for (const d of dims) {
      if (d < 0 || d >= arg.dimensions.length) fail(`Reducing out-of-bounds dimension ${d} in shape ${shapeToString(arg)}.`);
    }
    const reducer = calledAt(called, 0, "to_apply");
    verifyReducerShape(reducer, inits, args.map((a) => a.elementType), args.length);
    const seen = new Set<number>();
    for (const d of dims) {
      if (seen.has(d)) fail(`Duplicate reduction dimension: ${d}`);
      seen.add(d);
    }
    const kept = arg.dimensions.filter((_, i) => !seen.has(i));
    const r = reducer.result;
    if (!isTupleShape(r)) return shape(r.elementType, kept);
    return tupleShape(r.tupleShapes.map((s) => shape((s as ArrayShape).elementType, kept)));
  },

  "reduce-window": ({ operands, attributes, called }) => {
    const { inputs, inits } = splitInputsAndInits(operands, "Reduce-window");
    const args = inputs.map((s) => expectArray(s, "operand of reduce-window"));
    for (let i = 1; i < args.length; i++) {
      if (!sameDimensions(args[0].dimensions, args[i].dimensions)) {
        fail(
          `All reduced tensors must have the same dimension. Tensor 0 has shape ${shapeToString(args[0])}, Tensor ${i} has shape ${shapeToString(args[i])}`,
        );
      }
    }
    const reducer = calledAt(called, 0, "to_apply");
    verifyReducerShape(reducer, inits, args.map((a) => a.elementType), args.length);
    const outputs = args.map((a, i) => windowOutputShape(a, attributes.window, expectArray(inits[i], "init value of reduce-window").elementType));
    return isTupleShape(reducer.result) ? tupleShape(outputs) : outputs[0];
  },

  "select-and-scatter": ({ operands, attributes, called }) => {
    const operand = expectArray(operands[0], "operand of select-and-scatter");
    const source = expectArray(operands[1], "source of select-and-scatter");
    const init = operands[2];
    const select = calledAt(called, 0, "select");
    const scatter = calledAt(called, 1, "scatter");
    if (select.parameters.length !== 2) {
      fail(`Select function must take 2 parameters, but takes ${select.parameters.length} parameter(s).`);
    }
    if (!shapesEqual(select.result, shape("pred", []))) fail("Select function must have rank-0 PRED result.");
    const element = shape(operand.elementType, []);
    if (!compatibleIgnoringFpPrecision(element, select.parameters[0])) {
      fail(
        `Select function's first parameter shape currently must match the operand element shape, but got ${shapeToString(select.parameters[0])} vs ${shapeToString(element)}.`,
      );
    }
    if (!compatibleIgnoringFpPrecision(element, select.parameters[1])) {
      fail(
        `Select function's second parameter shape currently must match the operand element shape, but got ${shapeToString(select.parameters[1])} vs ${shapeToString(element)}.`,
      );
    }
    verifyReducerShape(scatter, [init], [source.elementType], 1);
    const windowed = windowOutputShape(operand, attributes.window, operand.elementType);
    if (!compatibleIgnoringFpPrecision(source, windowed)) {
      fail(
        `Source shape does not match the shape of window-reduced operand: source(${shapeToString(source)}), window-reduced operand(${shapeToString(windowed)}).`,
      );
    }
    return operand;
  },

  sort: ({ operands, attributes, called }) => {
    const keys = operands.map((s, i) => expectArray(s, `operand ${i} of sort`));
    const comparator = calledAt(called, 0, "to_apply");
    if (!shapesEqual(comparator.result, shape("pred", []))) {
      fail(`The Sort compare computation shape does not lead to a scalar predicate shape: ${shapeToString(comparator.result)}`);
    }
    if (comparator.parameters.length !== keys.length * 2) {
      fail(`Expected computation to_apply called from sort to have ${keys.length * 2} parameters, has ${comparator.parameters.length}`);
    }
    comparator.parameters.forEach((p, i) => {
      const expected = shape(keys[Math.floor(i / 2)].elementType, []);
      if (!compatibleIgnoringFpPrecision(expected, p)) {
        fail(`Expected the ${i}-th parameter of the compare computation of sort to have shape ${shapeToString(expected)}, but got ${shapeToString(p)}`);
      }
    });
    for (let i = 1; i < keys.length; i++) {
      if (!sameDimensions(keys[0].dimensions, keys[i].dimensions)) {
        fail(
          `Expected sort to have to have the same dimensions for all operands. First operand shape is: ${shapeToString(keys[0])}, shape (operand index ${i}) is: ${shapeToString(keys[i])}`,
        );
      }
    }
    const rank = keys[0].dimensions.length;
    if (attributes.dimension >= rank) {
      fail(`Expected the sort_dimension ${attributes.dimension} of sort to be smaller than the rank ${rank} of the operand(s).`);
    }
    return keys.length === 1 ? keys[0] : tupleShape(keys);
  },
};
