/**
 * Shape rules of the structural family: parameters, constants, tuples, calls,
 * fusions and control flow. Messages follow shape_inference.cc (InferWhileShape,
 * InferConditionalShape, InferCallShape, InferMapShape).
 */
import {
  type ArrayShape,
  type ProgramShape,
  type Shape,
  expectArray,
  isTupleShape,
  sameDimensions,
  shape,
  shapeToString,
  shapesEqual,
  tupleShape,
} from "../shape.ts";
import { type FamilyRules, calledAt, fail } from "./rule.ts";

function declaredShape(declared: Shape | undefined, opcode: string): Shape {
  if (declared === undefined) fail(`${opcode} needs a declared result shape.`);
  return declared;
}

const programToString = (p: ProgramShape) => `(${p.parameters.map(shapeToString).join(", ")}) -> ${shapeToString(p.result)}`;

export const structuralRules: FamilyRules<"structural"> = {
  parameter: ({ declared }) => declaredShape(declared, "parameter"),

  constant: ({ attributes, declared }) => {
    const s = attributes.literal.shape as Shape;
    if (declared && !shapesEqual(declared, s)) {
      fail(`constant's declared shape ${shapeToString(declared)} differs from its literal's shape ${shapeToString(s)}.`);
    }
    return declared ?? s;
  },

  tuple: ({ operands }) => tupleShape(operands),

  "get-tuple-element": ({ operands, attributes }) => {
    const t = operands[0];
    if (!isTupleShape(t)) fail(`Cannot infer shape: attempting to index into non-tuple: ${shapeToString(t)}.`);
    if (attributes.index >= t.tupleShapes.length) {
      fail(`Cannot infer shape: attempt to index out of tuple bounds: ${attributes.index} >= ${t.tupleShapes.length} in shape ${shapeToString(t)}.`);
    }
    return t.tupleShapes[attributes.index];
  },

  call: ({ operands, called }) => {
    const c = calledAt(called, 0, "to_apply");
    if (c.parameters.length !== operands.length) {
      fail(
        `Call applied function arity must match number of arguments; got: arity: ${c.parameters.length}, arguments: ${operands.length}; computation signature: ${programToString(c)}; argument shapes: [${operands.map(shapeToString).join(", ")}].`,
      );
    }
    operands.forEach((o, i) => {
      if (!shapesEqual(o, c.parameters[i])) {
        fail(`Call parameter must match argument; got parameter ${i} shape: ${shapeToString(c.parameters[i])}, argument shape: ${shapeToString(o)}.`);
      }
    });
    return c.result;
  },

  // Like call, with hlo_verifier.cc's HandleFusion wording: one fused parameter per operand.
  fusion: ({ operands, called }) => {
    const c = calledAt(called, 0, "calls");
    if (c.parameters.length !== operands.length) {
      fail(
        `Fused parameter count (${c.parameters.length}) does not match the number of operands (${operands.length}) passed to the fusion instruction; fused computation signature: ${programToString(c)}.`,
      );
    }
    operands.forEach((o, i) => {
      if (!shapesEqual(o, c.parameters[i])) {
        fail(`Shape mismatch between parameter number ${i} and its operand: parameter shape ${shapeToString(c.parameters[i])}, operand shape ${shapeToString(o)}.`);
      }
    });
    return c.result;
  },

  while: ({ operands, called }) => {
    const condition = calledAt(called, 0, "condition");
    const body = calledAt(called, 1, "body");
    const init = operands[0];
    if (condition.parameters.length !== 1) fail(`Condition must take 1 arguments; got ${condition.parameters.length}.`);
    if (body.parameters.length !== 1) fail(`Body must take 1 arguments; got ${body.parameters.length}.`);
    const shapes = `Condition: ${programToString(condition)}; body: ${programToString(body)}; init: ${shapeToString(init)}.`;
    if (!shapesEqual(condition.result, shape("pred", []))) fail(`Condition must return a boolean; got ${shapes}`);
    if (!shapesEqual(body.result, condition.parameters[0]) || !shapesEqual(body.result, body.parameters[0]) || !shapesEqual(body.result, init)) {
      fail(`The parameter of condition and body, the result of the body, and init must all have the same shape; got ${shapes}`);
    }
    return init;
  },

  conditional: ({ operands, called }) => {
    const index = operands[0];
    if (!shapesEqual(index, shape("pred", [])) && !shapesEqual(index, shape("s32", []))) {
      fail(`branch_index must be bool or int32_t; got ${shapeToString(index)}.`);
    }
    // XLA states the next three as internal checks (TF_RET_CHECK); the words are ours.
    if (index.elementType === "pred" && called.length !== 2) {
      fail(`A pred branch index requires exactly 2 branch computations; got ${called.length}.`);
    }
    if (called.length < 1) fail("The number of branch computations must be at least 1; got 0.");
    if (operands.length - 1 !== called.length) {
      fail(`The number of branch operands (${operands.length - 1}) must equal the number of branch computations (${called.length}).`);
    }
    called.forEach((branch, j) => {
      if (branch.parameters.length !== 1) fail(`branch computation ${j} must take 1 argument; got ${branch.parameters.length}.`);
      if (!shapesEqual(branch.parameters[0], operands[j + 1])) {
        fail(
          `branch operand ${j} must match the shape of the only parameter of branch computation ${j}: got operand: ${shapeToString(operands[j + 1])}; computation: ${programToString(branch)}.`,
        );
      }
      if (!shapesEqual(called[0].result, branch.result)) {
        fail(
          `the result of branch 0 computation and branch ${j} computation must have the same shape: got branch 0 computation result: ${shapeToString(called[0].result)}; branch ${j} computation result: ${shapeToString(branch.result)}.`,
        );
      }
    });
    return called[0].result;
  },

  map: ({ operands, attributes, called }) => {
    const arrays = operands.map((o) => expectArray(o, "operand of map"));
    // XLA's InferMapShape: equal dimensions, or a scalar of the same element type beside an array.
    let arg = arrays[0];
    for (let i = 1; i < arrays.length; i++) {
      const a = arrays[i];
      if (sameDimensions(a.dimensions, arg.dimensions)) continue;
      if (a.elementType === arg.elementType) {
        if (a.dimensions.length === 0) continue;
        if (arg.dimensions.length === 0) {
          arg = a;
          continue;
        }
      }
      fail(`Map operation requires all operands to have the same shape; got: ${arrays.map(shapeToString).join(", ")}.`);
    }
    const dims = attributes.dimensions;
    if (dims.length !== arg.dimensions.length) {
      fail(`Map applied to a subset of dimensions currently not supported: arg_dimension_size: ${arg.dimensions.length}, requested_map_dimensions_size: ${dims.length}.`);
    }
    if (dims.some((d, i) => d !== i)) fail(`Map requires monotonically increasing dimension numbers; got: ${dims.join(", ")}.`);
    const c = calledAt(called, 0, "to_apply");
    if (c.parameters.length !== operands.length) {
      fail(`Map applied function arity must match number of arguments; got: arity: ${c.parameters.length}, arguments: ${operands.length}.`);
    }
    const r = c.result;
    if (isTupleShape(r) || r.dimensions.length !== 0) fail(`Mapped computation's result has to be a scalar; got: ${shapeToString(r)}.`);
    c.parameters.forEach((p, i) => {
      if (isTupleShape(p) || p.dimensions.length !== 0) fail(`Mapped computation's parameter has to be a scalar; got parameter ${i} shape: ${shapeToString(p)}.`);
      if (p.elementType !== arrays[i].elementType) {
        // XLA names the chosen full-rank operand here, not operand i.
        fail(`Mapped computation's parameter type has to match argument element type; got parameter ${i} shape: ${shapeToString(p)}, argument shape: ${shapeToString(arg)}.`);
      }
    });
    return { elementType: r.elementType, dimensions: arg.dimensions } satisfies ArrayShape;
  },

  "opt-barrier": ({ operands }) => operands[0],

  "custom-call": ({ declared }) => declaredShape(declared, "custom-call"),
};
