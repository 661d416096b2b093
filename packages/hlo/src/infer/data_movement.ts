/**
 * Shape rules of the data_movement family: broadcast, reshape, bitcast, transpose,
 * reverse, slice, concatenate, pad, iota, get-dimension-size and set-dimension-size. Messages follow
 * shape_inference.cc (InferReshapeShape, InferTransposeShape, InferSliceShape,
 * InferConcatOpShape, InferPadShape, InferReverseShape) and, for the HLO
 * `broadcast` and `iota` instructions, which have no ShapeInference of their
 * own, hlo_verifier.cc.
 */
import { ELEMENT_TYPE_INFO, higherPrecisionType, sameTypeIgnoringFpPrecision, upperTypeName } from "../element_type.ts";
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

const INT32_MAX = 2 ** 31 - 1;

/** XLA's ShapeUtil::ByteSizeOf for a dense array: a pred takes a whole byte. */
function byteSize(s: ArrayShape): number {
  return elementCount(s) * Math.ceil(ELEMENT_TYPE_INFO[s.elementType].bitWidth / 8);
}

function declaredArray(declared: Shape | undefined, opcode: string): ArrayShape {
  if (declared === undefined) fail(`${opcode} needs a declared result shape.`);
  return expectArray(declared, `result of ${opcode}`);
}

/** True when `dims` holds each of 0..rank-1 exactly once. */
export function isPermutation(dims: readonly number[], rank: number): boolean {
  if (dims.length !== rank) return false;
  const seen = new Array<boolean>(rank).fill(false);
  for (const d of dims) {
    if (!Number.isInteger(d) || d < 0 || d >= rank || seen[d]) return false;
    seen[d] = true;
  }
  return true;
}

export const dataMovementRules: FamilyRules<"data_movement"> = {
  /**
   * The HLO instruction (not XlaBuilder's BroadcastInDim): operand dimension i
   * maps to result dimension dimensions[i] with exactly equal size; any order.
   */
  broadcast: ({ operands, attributes, declared }) => {
    const operand = expectArray(operands[0], "operand of broadcast");
    const out = declaredArray(declared, "broadcast");
    const dims = attributes.dimensions;
    if (out.elementType !== operand.elementType) {
      fail(`Broadcast must keep the element type; operand is ${shapeToString(operand)}, result is ${shapeToString(out)}.`);
    }
    if (dims.length !== operand.dimensions.length) {
      fail(
        `Size of broadcast_dimensions has to match operand's rank; operand rank: ${operand.dimensions.length}, size of broadcast_dimensions ${dims.length}.`,
      );
    }
    dims.forEach((d, i) => {
      if (d < 0 || d >= out.dimensions.length) fail(`Broadcast dimension ${d} is out of bound`);
      if (out.dimensions[d] !== operand.dimensions[i]) {
        fail(
          `Broadcast dimension ${i} of operand ${shapeToString(operand)} has size ${operand.dimensions[i]}, but result dimension ${d} of ${shapeToString(out)} has size ${out.dimensions[d]}; an HLO broadcast maps sizes exactly.`,
        );
      }
    });
    const seen = new Set(dims);
    if (seen.size !== dims.length) fail(`Broadcast dimensions {${dims.join(",")}} repeat a dimension.`);
    return out;
  },

  reshape: ({ operands, declared }) => {
    const operand = expectArray(operands[0], "reshape");
    const out = declaredArray(declared, "reshape");
    if (out.elementType !== operand.elementType) {
      fail(`Reshape must keep the element type; operand is ${shapeToString(operand)}, result is ${shapeToString(out)}.`);
    }
    if (elementCount(operand) !== elementCount(out)) {
      fail(
        `Reshape operation has mismatched element counts: from=${elementCount(operand)} (${shapeToString(operand)}) to=${elementCount(out)} (${shapeToString(out)}).`,
      );
    }
    return out;
  },

  // The result is the declared shape; as in hlo_verifier.cc's HandleBitcast,
  // only the byte sizes must agree (the layouts say how the bytes are read).
  bitcast: ({ operands, declared }) => {
    const operand = expectArray(operands[0], "bitcast");
    const out = declaredArray(declared, "bitcast");
    if (byteSize(out) !== byteSize(operand)) {
      fail(
        `Bitcast cannot have different shape sizes of output (${byteSize(out)}) and operand (${byteSize(operand)}) (${shapeToString(out)}) (${shapeToString(operand)}).`,
      );
    }
    return out;
  },

  transpose: ({ operands, attributes }) => {
    const operand = expectArray(operands[0], "transpose");
    const perm = attributes.dimensions;
    if (!isPermutation(perm, operand.dimensions.length)) {
      fail(`Transpose dimensions [${perm.join(",")}] are not a permutation of the operand dimensions (operand shape is ${shapeToString(operand)}).`);
    }
    return shape(operand.elementType, perm.map((p) => operand.dimensions[p]));
  },

  reverse: ({ operands, attributes }) => {
    const operand = expectArray(operands[0], "reverse");
    const dims = attributes.dimensions;
    if (new Set(dims).size !== dims.length) fail("a dimension number is duplicated in reverse");
    for (const d of dims) {
      if (d < 0 || d >= operand.dimensions.length) {
        fail(`One of the reverse dimensions (${d}) is out-of-bounds in shape ${shapeToString(operand)}.`);
      }
    }
    return operand;
  },

  slice: ({ operands, attributes }) => {
    const arg = expectArray(operands[0], "operand of slice");
    const { starts, limits, strides } = attributes;
    const wrapped = (msg: string): never =>
      fail(
        `${msg} in slice operation; argument shape: ${shapeToString(arg)}; starts: {${starts.join(",")}}; limits: {${limits.join(",")}}; strides: {${strides.join(",")}}.`,
      );
    if (starts.length !== limits.length) wrapped(`slice start and limit sizes differ: ${starts.length} vs ${limits.length}`);
    if (starts.length !== strides.length) wrapped(`slice start and strides sizes differ: ${starts.length} vs ${strides.length}`);
    if (starts.length !== arg.dimensions.length) {
      fail(`Slice index count does not match argument rank: ${starts.length} vs ${arg.dimensions.length}.`);
    }
    const sizes: number[] = [];
    for (let d = 0; d < starts.length; d++) {
      const start = starts[d];
      const limit = limits[d];
      const stride = strides[d];
      if (start < 0) fail(`Negative start index to slice: ${start}.`);
      if (limit > arg.dimensions[d]) wrapped(`limit index (${limit}) must be less than or equal to dimension size (${arg.dimensions[d]})`);
      if (start > limit) wrapped(`limit index (${limit}) must be greater or equal to start index (${start}) in slice with positive stride`);
      if (stride <= 0) fail(`Stride (${stride}) must be positive.`);
      sizes.push(Math.ceil((limit - start) / stride));
    }
    return shape(arg.elementType, sizes);
  },

  concatenate: ({ operands, attributes }) => {
    if (operands.length === 0) fail("Concatenate expects at least one argument.");
    const dimension = attributes.dimension;
    const first = expectArray(operands[0], "operand of concatenation");
    if (dimension < 0 || dimension >= first.dimensions.length) fail(`Concatenate dimension out of bounds: ${dimension}.`);
    const sizes = [...first.dimensions];
    let elementType = first.elementType;
    for (let k = 1; k < operands.length; k++) {
      const s = expectArray(operands[k], "operand of concatenation");
      if (s.dimensions.length !== first.dimensions.length) {
        fail(
          `Cannot concatenate arrays with different ranks: ${first.dimensions.length} (${shapeToString(first)}) vs ${s.dimensions.length} (${shapeToString(s)}).`,
        );
      }
      if (!sameTypeIgnoringFpPrecision(first.elementType, s.elementType)) {
        fail(`Cannot concatenate arrays with different element types: ${upperTypeName(first.elementType)} vs ${upperTypeName(s.elementType)}.`);
      }
      for (let d = 0; d < s.dimensions.length; d++) {
        if (d !== dimension && s.dimensions[d] !== first.dimensions[d]) {
          fail(
            `Cannot concatenate arrays that differ in dimensions other than the one being concatenated. Dimension ${d} in both shapes must be equal (or compatible): ${shapeToString(first)} vs ${shapeToString(s)}.`,
          );
        }
      }
      sizes[dimension] += s.dimensions[dimension];
      elementType = higherPrecisionType(elementType, s.elementType);
    }
    return shape(elementType, sizes);
  },

  pad: ({ operands, attributes }) => {
    if (isTupleShape(operands[0])) fail("Pad operation does not support tuple-shape operands.");
    const operand = operands[0];
    const value = operands[1];
    if (isTupleShape(value) || value.dimensions.length !== 0) fail("Pad operation does not support non-scalar padding values.");
    const config = attributes.padding;
    if (config.length !== operand.dimensions.length) {
      fail(
        `The rank of the operand and the padding configuration do not match: ${shapeToString(operand)} vs ${paddingToString(config)}.`,
      );
    }
    if (!sameTypeIgnoringFpPrecision(operand.elementType, value.elementType)) fail("The element types of the operands to Pad do not match.");
    if (config.some((p) => p.interior < 0)) fail(`Interior padding cannot be negative: ${paddingToString(config)}`);
    const sizes = operand.dimensions.map((d, i) => {
      const p = config[i];
      const size = d + p.low + p.high + Math.max(d - 1, 0) * p.interior;
      if (size < 0) fail(`Padding result in negative size for dimension ${i}`);
      return size;
    });
    return shape(higherPrecisionType(operand.elementType, value.elementType), sizes);
  },

  iota: ({ attributes, declared }) => {
    if (declared === undefined) fail("iota needs a declared result shape.");
    if (isTupleShape(declared)) fail("Iota does not support non-array result.");
    if (declared.dimensions.length === 0) fail("Iota does not support scalars.");
    const d = attributes.iotaDimension;
    if (d < 0 || d >= declared.dimensions.length) fail("The iota dimension cannot go beyond the operation rank or be negative.");
    if (declared.elementType === "pred") {
      fail(`Only support iota of integral, floating point or complex primitive types, got ${upperTypeName(declared.elementType)}`);
    }
    return declared;
  },

  "get-dimension-size": ({ operands, attributes }) => {
    const operand = expectArray(operands[0], "operand of get-dimension-size");
    const d = attributes.dimension;
    if (d < 0 || d >= operand.dimensions.length) {
      fail(`GetDimensionSize dimension out of bounds: ${d}.`);
    }
    if (operand.dimensions[d] > INT32_MAX) {
      fail(`GetDimensionSize's input shape is ${shapeToString(operand)}, the ${d}th dimension exceeds the INT_MAX limit.`);
    }
    return shape("s32", []);
  },

  // InferSetDimensionSizeShape: the operand's shape with the dimension marked dynamic (its size the bound).
  "set-dimension-size": ({ operands, attributes }) => {
    const operand = expectArray(operands[0], "operand of set-dimension-size");
    const value = operands[1];
    const d = attributes.dimension;
    if (d < 0 || d >= operand.dimensions.length) fail(`SetDimensionSize dimension out of bounds: ${d}.`);
    if (isTupleShape(value) || value.dimensions.length !== 0 || value.elementType !== "s32") {
      fail(`SetDimensionSize's value has to be S32 scalar, got ${shapeToString(value)}`);
    }
    if (operand.dimensions[d] > INT32_MAX) {
      fail(`SetDimensionSize's input shape is ${shapeToString(operand)}, the ${d}th dimension exceeds the INT_MAX limit.`);
    }
    const dynamic = operand.dimensions.map((_, i) => i === d || (operand.dynamicDimensions?.[i] ?? false));
    return { ...operand, dynamicDimensions: dynamic };
  },
};

/**
 * XLA's PaddingConfig as protobuf's ShortDebugString prints it (zero fields
 * omitted): "dimensions { edge_padding_low: 1 } dimensions { interior_padding: -1 }".
 */
function paddingToString(config: readonly { readonly low: number; readonly high: number; readonly interior: number }[]): string {
  return config
    .map((p) => {
      const fields = [["edge_padding_low", p.low], ["edge_padding_high", p.high], ["interior_padding", p.interior]] as const;
      const set = fields.filter(([, v]) => v !== 0).map(([k, v]) => `${k}: ${v}`);
      return set.length === 0 ? "dimensions { }" : `dimensions { ${set.join(" ")} }`;
    })
    .join(" ");
}
