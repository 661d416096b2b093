/**
 * XLA's implicit-broadcast rules for element-wise binary ops, in the order
 * shape_inference.cc checks them (InferElementwiseBinaryOpShape,
 * InferDegenerateDimensionBroadcastShape, InferInDimBroadcastShape). The
 * messages are XLA's. `lower_broadcasts.ts` derives its rewrite from
 * `planBinaryBroadcast`, so the rule and the lowering cannot disagree.
 */
import { higherPrecisionType, sameTypeIgnoringFpPrecision } from "../element_type.ts";
import { type ArrayShape, sameDimensions, shape, shapeToString } from "../shape.ts";
import { fail } from "./rule.ts";

/** How one operand reaches the result: which result dimension each of its dimensions maps to. */
export interface OperandBroadcast {
  /** dimensionMap[i] = result dimension of operand dimension i. */
  readonly dimensionMap: readonly number[];
}

/** How the two operands of an implicitly broadcasting binary op reach the result shape. */
export interface BinaryBroadcastPlan {
  readonly result: ArrayShape;
  readonly lhs: OperandBroadcast;
  readonly rhs: OperandBroadcast;
}

const identity = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

function degenerateBroadcastDims(lhs: ArrayShape, rhs: ArrayShape, lhsDims: readonly number[], rhsDims: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < lhsDims.length; i++) {
    const a = lhsDims[i];
    const b = rhsDims[i];
    if (a === 1) out.push(b);
    else if (b === 1) out.push(a);
    else if (a === b) out.push(a);
    else fail(`Binary op with incompatible shapes: ${shapeToString(lhs)} and ${shapeToString(rhs)}.`);
  }
  return out;
}

/** InferInDimBroadcastShape: maps the lower-rank operand into the higher rank. */
function inDimBroadcast(smaller: ArrayShape, larger: ArrayShape, bd: readonly number[]): number[] {
  const small = smaller.dimensions;
  const large = larger.dimensions;
  if (bd.length === 0 && small.length > 0) {
    fail(`Shapes must be equal rank, but are ${shapeToString(smaller)} and ${shapeToString(larger)}`);
  }
  if (bd.length !== small.length) {
    fail(
      "Size of broadcast_dimensions has to match lower-rank operand's rank;  lower-rank operand's rank is " +
        `${small.length}, size of broadcast_dimensions is ${bd.length}.`,
    );
  }
  const out = [...large];
  for (let i = 0; i < small.length; i++) {
    const d = bd[i];
    if (!Number.isInteger(d)) fail(`Broadcast dimension number (${d}) must be an integer.`);
    if (d < 0) fail(`Broadcast dimension number (${d}) cannot be negative.`);
    if (d >= large.length) {
      fail(`Broadcast dimension number (${d}) too large; higher-rank operand has rank ${large.length}.`);
    }
    const s = small[i];
    const l = large[d];
    if (s !== l && s !== 1 && l !== 1) {
      fail(`Broadcast dimension ${i} mismatch: ${s} != ${l}; ${shapeToString(smaller)} and ${shapeToString(larger)}.`);
    }
    if (i > 0 && bd[i - 1] >= d) fail(`Broadcast dimensions order is wrong: ${d} comes after ${bd[i - 1]}.`);
    out[d] = s;
  }
  return out;
}

/**
 * The result shape of an element-wise binary op and how each operand maps
 * into it. `resultType` is the element type of the result (pred for compare);
 * by default the higher-precision operand type.
 */
export function planBinaryBroadcast(
  lhs: ArrayShape,
  rhs: ArrayShape,
  broadcastDimensions: readonly number[] = [],
  opName = "",
): BinaryBroadcastPlan {
  if (!sameTypeIgnoringFpPrecision(lhs.elementType, rhs.elementType)) {
    fail(`Binary op ${opName} with different element types: ${shapeToString(lhs)} and ${shapeToString(rhs)}.`);
  }
  const elementType = higherPrecisionType(lhs.elementType, rhs.elementType);
  const lr = lhs.dimensions.length;
  const rr = rhs.dimensions.length;
  const bd = broadcastDimensions;
  if (lr === rr && bd.length > 0 && !sameDimensions(bd, identity(lr))) {
    fail(
      "Broadcast dimensions field must either be not set or be the identity on binary operations with operands of the same rank.",
    );
  }
  if (lr === rr) {
    const dims = sameDimensions(lhs.dimensions, rhs.dimensions)
      ? [...lhs.dimensions]
      : degenerateBroadcastDims(lhs, rhs, lhs.dimensions, rhs.dimensions);
    return { result: shape(elementType, dims), lhs: { dimensionMap: identity(lr) }, rhs: { dimensionMap: identity(rr) } };
  }
  const lhsSmaller = lr < rr;
  const smaller = lhsSmaller ? lhs : rhs;
  const larger = lhsSmaller ? rhs : lhs;
  const inDim = inDimBroadcast(smaller, larger, bd);
  const inDimShape = shape(smaller.elementType, inDim);
  const dims = degenerateBroadcastDims(inDimShape, larger, inDim, larger.dimensions);
  const smallMap = smaller.dimensions.length === 0 ? [] : [...bd];
  const largeMap = identity(larger.dimensions.length);
  return {
    result: shape(elementType, dims),
    lhs: { dimensionMap: lhsSmaller ? smallMap : largeMap },
    rhs: { dimensionMap: lhsSmaller ? largeMap : smallMap },
  };
}
