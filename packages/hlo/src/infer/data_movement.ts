/**
 * Shape rules of the data-movement family: broadcast (the HLO instruction,
 * which maps sizes exactly), reshape, transpose, reverse, slice, concatenate,
 * pad, iota, get-dimension-size. Messages follow shape_inference.cc and
 * hlo_verifier.cc.
 */
import { isFloatType, isIntegralType } from "../element_type.ts";
import {
  type ArrayShape,
  type Shape,
  elementCount,
  expectArray,
  isTupleShape,
  shape,
  shapeToString,
} from "../shape.ts";
import { type FamilyRules, fail } from "./rule.ts";

function declaredArray(declared: Shape | undefined, opcode: string): ArrayShape {
  if (declared === undefined || isTupleShape(declared)) fail(`${opcode} needs a declared array result shape.`);
  return declared;
}

function isPermutation(p: readonly number[], rank: number): boolean {
  if (p.length !== rank) return false;
  const seen = new Set(p);
  return seen.size === rank && p.every((d) => Number.isInteger(d) && d >= 0 && d < rank);
}

const list = (xs: readonly number[]) => xs.join(",");

export const dataMovementRules: FamilyRules<"data_movement"> = {
  broadcast: ({ operands, attributes, declared }) => {
    const operand = expectArray(operands[0], "operand of broadcast");
    const out = declaredArray(declared, "broadcast");
    const dims = attributes.dimensions;
    if (operand.elementType !== out.elementType) {
      fail(`Broadcast must keep the element type: operand ${shapeToString(operand)}, result ${shapeToString(out)}.`);
    }
    if (dims.length !== operand.dimensions.length) {
      fail(`Broadcast HLO (${shapeToString(operand)} -> ${shapeToString(out)}) must have as many dimensions as the operand's rank: dimensions={${list(dims)}}.`);
    }
    dims.forEach((d, i) => {
      if (d < 0 || d >= out.dimensions.length) fail(`Broadcast dimension ${d} is out of bound for result ${shapeToString(out)}.`);
      if (out.dimensions[d] !== operand.dimensions[i]) {
        fail(
          `Broadcast dimension ${i} of operand ${shapeToString(operand)} has size ${operand.dimensions[i]}, but result dimension ${d} of ${shapeToString(out)} has size ${out.dimensions[d]}; an HLO broadcast maps sizes exactly.`,
        );
      }
    });
    if (new Set(dims).size !== dims.length) fail(`Broadcast dimensions {${list(dims)}} must be distinct.`);
    return out;
  },

  reshape: ({ operands, declared }) => {
    const operand = expectArray(operands[0], "operand of reshape");
    const out = declaredArray(declared, "reshape");
    if (out.elementType !== operand.elementType) {
      fail(`Reshape must keep the element type: from ${shapeToString(operand)} to ${shapeToString(out)}.`);
    }
    if (elementCount(out) !== elementCount(operand)) {
      fail(
        `Reshape operation has mismatched element counts: from=${elementCount(operand)} (${shapeToString(operand)}) to=${elementCount(out)} (${shapeToString(out)}).`,
      );
    }
    return out;
  },

  transpose: ({ operands, attributes }) => {
    const operand = expectArray(operands[0], "operand of transpose");
    const perm = attributes.dimensions;
    if (!isPermutation(perm, operand.dimensions.length)) {
      fail(`Transpose dimensions [${list(perm)}] are not a permutation of the operand dimensions (operand shape is ${shapeToString(operand)}).`);
    }
    return shape(operand.elementType, perm.map((p) => operand.dimensions[p]));
  },

  reverse: ({ operands, attributes }) => {
    const operand = expectArray(operands[0], "operand of reverse");
    const dims = attributes.dimensions;
    if (new Set(dims).size !== dims.length) fail("a dimension number is duplicated in reverse");
    for (const d of dims) {
      if (d < 0 || d >= operand.dimensions.length) fail(`One of the reverse dimensions (${d}) is out-of-bounds in shape ${shapeToString(operand)}.`);
    }
    return operand;
  },

  slice: ({ operands, attributes }) => {
    const operand = expectArray(operands[0], "operand of slice");
    const { starts, limits, strides } = attributes;
    const context = () =>
      ` in slice operation; argument shape: ${shapeToString(operand)}; starts: {${list(starts)}}; limits: {${list(limits)}}; strides: {${list(strides)}}.`;
    if (starts.length !== limits.length) fail(`slice start and limit sizes differ: ${starts.length} vs ${limits.length}${context()}`);
    if (starts.length !== strides.length) fail(`slice start and strides sizes differ: ${starts.length} vs ${strides.length}${context()}`);
    if (starts.length !== operand.dimensions.length) {
      fail(`Slice index count does not match argument rank: ${starts.length} vs ${operand.dimensions.length}.`);
    }
    const dims = starts.map((start, d) => {
      const limit = limits[d];
      const stride = strides[d];
      if (start < 0) fail(`Negative start index to slice: ${start}.`);
      if (limit > operand.dimensions[d]) {
        fail(`limit index (${limit}) must be less than or equal to dimension size (${operand.dimensions[d]})${context()}`);
      }
      if (stride <= 0) fail(`Stride (${stride}) must be positive.`);
      if (limit < start) fail(`limit index (${limit}) must be greater or equal to start index (${start}) in slice with positive stride${context()}`);
      return Math.ceil((limit - start) / stride);
    });
    return shape(operand.elementType, dims);
  },

  concatenate: ({ operands, attributes }) => {
    const d = attributes.dimension;
    if (operands.length === 0) fail("Concatenate expects at least one argument.");
    const arrays = operands.map((o, i) => expectArray(o, `operand ${i} of concatenate`));
    const first = arrays[0];
    if (d < 0 || d >= first.dimensions.length) fail(`Concatenate dimension out of bounds: ${d}.`);
    const out = [...first.dimensions];
    for (let i = 1; i < arrays.length; i++) {
      const a = arrays[i];
      if (a.dimensions.length !== first.dimensions.length) {
        fail(`Cannot concatenate arrays with different ranks: ${first.dimensions.length} (${shapeToString(first)}) vs ${a.dimensions.length} (${shapeToString(a)}).`);
      }
      if (a.elementType !== first.elementType) {
        fail(`Cannot concatenate arrays with different element types: ${first.elementType} vs ${a.elementType}.`);
      }
      a.dimensions.forEach((size, k) => {
        if (k !== d && size !== first.dimensions[k]) {
          fail(
            `Cannot concatenate arrays that differ in dimensions other than the one being concatenated. Dimension ${k} in both shapes must be equal (or compatible): ${shapeToString(first)} vs ${shapeToString(a)}.`,
          );
        }
      });
      out[d] += a.dimensions[d];
    }
    return shape(first.elementType, out);
  },

  pad: ({ operands, attributes }) => {
    if (isTupleShape(operands[0])) fail("Pad operation does not support tuple-shape operands.");
    const operand = operands[0];
    const value = operands[1];
    if (isTupleShape(value) || value.dimensions.length !== 0) fail("Pad operation does not support non-scalar padding values.");
    const config = attributes.padding;
    if (config.length !== operand.dimensions.length) {
      fail(`The rank of the operand and the padding configuration do not match: ${shapeToString(operand)} vs ${config.map((p) => `${p.low}_${p.high}_${p.interior}`).join("x")}.`);
    }
    if (operand.elementType !== value.elementType) fail("The element types of the operands to Pad do not match.");
    const dims = operand.dimensions.map((size, i) => {
      const p = config[i];
      if (p.interior < 0) fail(`Interior padding cannot be negative: ${p.low}_${p.high}_${p.interior}`);
      const out = size + p.low + p.high + Math.max(size - 1, 0) * p.interior;
      if (out < 0) fail(`Padding result in negative size for dimension ${i}`);
      return out;
    });
    return shape(operand.elementType, dims);
  },

  iota: ({ attributes, declared }) => {
    const out = declaredArray(declared, "iota");
    if (out.dimensions.length === 0) fail("Iota does not support scalars.");
    if (!isIntegralType(out.elementType) && !isFloatType(out.elementType)) {
      fail(`Iota does not support ${out.elementType} element type.`);
    }
    if (attributes.iotaDimension >= out.dimensions.length) fail("The iota dimension cannot go beyond the operation rank or be negative.");
    return out;
  },

  "get-dimension-size": ({ operands, attributes }) => {
    const operand = expectArray(operands[0], "operand of get-dimension-size");
    if (attributes.dimension >= operand.dimensions.length) {
      fail(`GetDimensionSize dimension out of bounds: ${attributes.dimension}.`);
    }
    return shape("s32", []);
  },
};
