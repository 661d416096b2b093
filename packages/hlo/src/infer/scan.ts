/**
 * The shape rule of scan (HloScanInstruction). Operands are N inputs then C
 * carries' initial values (C = num_carries); to_apply takes one slice of each
 * input along the scanned dimension (its shape without that dimension) and
 * the C carries, and returns the M per-step outputs then the C new carries
 * (a tuple, or a lone value when M + C = 1). The result stacks each output
 * along the scanned dimension and appends the final carries; it is a tuple
 * exactly when to_apply's result is (XLA's ScanExpander). Messages follow
 * XLA's HLO parser where it checks (operand and parameter counts, "expects
 * exactly one dimension") and mhlo's scan verifier elsewhere.
 */
import { type ArrayShape, type Shape, expectArray, isTupleShape, shapeToString, shapesEqual, tupleShape } from "../shape.ts";
import { compatibleIgnoringFpPrecision } from "./reducer.ts";
import { type ShapeRule, calledAt, fail } from "./rule.ts";

/** `s` with dimension d removed (a slice along the scanned dimension). */
function withoutDimension(s: ArrayShape, d: number): ArrayShape {
  return { elementType: s.elementType, dimensions: s.dimensions.filter((_, i) => i !== d) };
}

/** `s` with a dimension of size n inserted at d (an output stacked along the scanned dimension). */
function withDimension(s: ArrayShape, d: number, n: number): ArrayShape {
  return { elementType: s.elementType, dimensions: [...s.dimensions.slice(0, d), n, ...s.dimensions.slice(d)] };
}

export const scanRule: ShapeRule<"scan"> = ({ operands, attributes, called }) => {
  const { dimension: d, numCarries: c } = attributes;
  if (operands.length < c) fail(`expects at least ${c} operands to match the number of carries, but has ${operands.length} operands`);
  const combiner = calledAt(called, 0, "to_apply");
  if (combiner.parameters.length !== operands.length) {
    fail(`expects ${operands.length} operands to match the number of parameters of to_apply, but to_apply has ${combiner.parameters.length} parameters`);
  }
  const inputs = operands.slice(0, operands.length - c).map((s, i) => expectArray(s, `input ${i} of scan`));
  const inits = operands.slice(operands.length - c);
  if (inputs.length === 0) fail("needs at least one input to scan over (every operand is a carry)");
  inputs.forEach((s, i) => {
    if (d >= s.dimensions.length) fail(`scan dimension ${d} of operand ${i} ${shapeToString(s)} is out of bounds`);
  });
  const length = inputs[0].dimensions[d];
  inputs.forEach((s, i) => {
    if (s.dimensions[d] !== length) {
      fail(`operand ${i} ${shapeToString(s)} has size ${s.dimensions[d]} along the scan dimension ${d}, operand 0 ${shapeToString(inputs[0])} has ${length}`);
    }
  });
  const params = combiner.parameters;
  inputs.forEach((s, i) => {
    const slice = withoutDimension(s, d);
    if (!compatibleIgnoringFpPrecision(params[i], slice)) {
      fail(`parameter ${i} of to_apply is ${shapeToString(params[i])}, but a slice of operand ${i} ${shapeToString(s)} along dimension ${d} is ${shapeToString(slice)}`);
    }
  });
  inits.forEach((s, k) => {
    const p = params[inputs.length + k];
    if (!compatibleIgnoringFpPrecision(p, s)) fail(`parameter ${inputs.length + k} of to_apply is ${shapeToString(p)}, but carry ${k} starts as ${shapeToString(s)}`);
  });
  const result = combiner.result;
  const parts: readonly Shape[] = isTupleShape(result) ? result.tupleShapes : [result];
  if (parts.length < c) fail(`to_apply returns ${shapeToString(result)}, fewer values than the ${c} carries`);
  const outputs = parts.slice(0, parts.length - c);
  const carries = parts.slice(parts.length - c);
  carries.forEach((s, k) => {
    if (!shapesEqual(s, inits[k])) fail(`to_apply returns carry ${k} as ${shapeToString(s)}, but it starts as ${shapeToString(inits[k])}`);
  });
  const stacked = outputs.map((s, m) => withDimension(expectArray(s, `output ${m} of scan's to_apply`), d, length));
  const all = [...stacked, ...carries];
  return isTupleShape(result) ? tupleShape(all) : all[0];
};
