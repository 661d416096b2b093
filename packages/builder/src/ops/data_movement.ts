/** Data movement: broadcasts, reshapes, transposes, slices, concatenation, padding, iota and dynamic sizes. */
import { type ArrayShape, type Shape, ShapeError, shapeToString } from "@minixla/hlo";
import type { XlaOp } from "../op.ts";
import type { Recorder } from "../recorder.ts";
import { arrayOf, checkedShape } from "./operand_shapes.ts";

/** XlaBuilder's BroadcastInDim checks, in XLA's words. */
function checkInDimBroadcast(s: ArrayShape, outDimSizes: readonly number[], broadcastDimensions: readonly number[]): void {
  outDimSizes.forEach((d, i) => {
    if (!Number.isSafeInteger(d) || d < 0) throw new ShapeError(`broadcast: Invalid dimension size ${d} at dimension ${i} of output shape [${outDimSizes.join(",")}]`);
  });
  if (broadcastDimensions.length !== s.dimensions.length) {
    throw new ShapeError(
      `broadcast: Size of broadcast_dimensions has to match operand's rank; operand rank: ${s.dimensions.length}, size of broadcast_dimensions ${broadcastDimensions.length}.`,
    );
  }
  const outRank = outDimSizes.length;
  if (s.dimensions.length > outRank) {
    throw new ShapeError(`broadcast: InDim style broadcast must be to an equal or higher ranked shape; operand rank: ${s.dimensions.length}; output rank: ${outRank}`);
  }
  for (let i = 0; i < broadcastDimensions.length; i++) {
    const d = broadcastDimensions[i];
    if (!Number.isInteger(d) || d < 0 || d >= outRank) throw new ShapeError(`broadcast: Broadcast dimension ${d} is out of bound`);
    const od = s.dimensions[i];
    if (od !== 1 && od !== outDimSizes[d]) {
      throw new ShapeError(
        `broadcast: Input dimension should be either 1 or equal to the output dimension it is broadcasting into; the ${i}th operand dimension is ${od}, the ${d}th output dimension is ${outDimSizes[d]}.`,
      );
    }
    if (i > 0 && broadcastDimensions[i - 1] >= d) {
      throw new ShapeError(`broadcast: Broadcast dimensions order is wrong: ${d} comes after ${broadcastDimensions[i - 1]}.`);
    }
  }
}

export function broadcast(r: Recorder, operand: XlaOp, broadcastSizes: readonly number[]): XlaOp {
  const s = arrayOf(operand, "broadcast");
  for (const d of broadcastSizes) {
    if (Number.isInteger(d) && d < 0) throw new ShapeError(`broadcast: Broadcast with negative dimension size ${d}.`);
  }
  const rank = broadcastSizes.length;
  const dims = s.dimensions.map((_, i) => rank + i);
  return r.add("broadcast", [operand], { dimensions: dims }, {
    declared: checkedShape("broadcast", s.elementType, [...broadcastSizes, ...s.dimensions]),
  });
}

export function broadcastInDim(r: Recorder, operand: XlaOp, outDimSizes: readonly number[], broadcastDimensions: readonly number[]): XlaOp {
  const s = arrayOf(operand, "broadcastInDim");
  try {
    checkInDimBroadcast(s, outDimSizes, broadcastDimensions);
  } catch (e) {
    if (!(e instanceof ShapeError)) throw e;
    // XLA's messages here name neither the operand shape nor the dimensions; the API promises both.
    throw new ShapeError(
      `${e.message} (operand shape ${shapeToString(s)}; out_dim_sizes=[${outDimSizes.join(",")}]; broadcast_dimensions={${broadcastDimensions.join(",")}})`,
    );
  }
  // Size-1 dimensions that expand are dropped by a reshape first, so the
  // broadcast itself maps sizes exactly (HLO's broadcast rule).
  const kept = broadcastDimensions.map((d, i) => i).filter((i) => s.dimensions[i] === outDimSizes[broadcastDimensions[i]]);
  let source = operand;
  if (kept.length !== s.dimensions.length) source = reshape(r, operand, kept.map((i) => s.dimensions[i]));
  return r.add("broadcast", [source], { dimensions: kept.map((i) => broadcastDimensions[i]) }, {
    declared: checkedShape("broadcast", s.elementType, outDimSizes),
  });
}

export function reshape(r: Recorder, operand: XlaOp, newSizes: readonly number[]): XlaOp {
  const s = arrayOf(operand, "reshape");
  return r.add("reshape", [operand], {}, { declared: checkedShape("reshape", s.elementType, newSizes) });
}

export function bitcast(r: Recorder, operand: XlaOp, resultShape: Shape): XlaOp {
  return r.add("bitcast", [operand], {}, { declared: resultShape });
}

export function transpose(r: Recorder, operand: XlaOp, permutation: readonly number[]): XlaOp {
  return r.add("transpose", [operand], { dimensions: [...permutation] });
}

export function slice(r: Recorder, operand: XlaOp, start: readonly number[], limit: readonly number[], strides: readonly number[]): XlaOp {
  return r.add("slice", [operand], { starts: [...start], limits: [...limit], strides: [...strides] });
}

export function sliceInDim(r: Recorder, operand: XlaOp, startIndex: number, limitIndex: number, stride: number, dimension: number): XlaOp {
  const dims = arrayOf(operand, "slice").dimensions;
  return slice(
    r,
    operand,
    dims.map((_, i) => (i === dimension ? startIndex : 0)),
    dims.map((d, i) => (i === dimension ? limitIndex : d)),
    dims.map((_, i) => (i === dimension ? stride : 1)),
  );
}

export function concatInDim(r: Recorder, operands: readonly XlaOp[], dimension: number): XlaOp {
  return r.add("concatenate", operands, { dimension });
}

export function pad(r: Recorder, operand: XlaOp, paddingValue: XlaOp, config: readonly { low: number; high: number; interior: number }[]): XlaOp {
  return r.atomically(() => r.add("pad", r.meet("pad", [operand, paddingValue]), { padding: config.map((c) => ({ low: c.low, high: c.high, interior: c.interior })) }));
}

export function reverse(r: Recorder, operand: XlaOp, dimensions: readonly number[]): XlaOp {
  return r.add("reverse", [operand], { dimensions: [...dimensions] });
}

export function iota(r: Recorder, s: ArrayShape, iotaDimension: number): XlaOp {
  return r.add("iota", [], { iotaDimension }, { declared: s });
}

export function getDimensionSize(r: Recorder, operand: XlaOp, dimension: number): XlaOp {
  return r.add("get-dimension-size", [operand], { dimension });
}

export function setDimensionSize(r: Recorder, operand: XlaOp, size: XlaOp, dimension: number): XlaOp {
  return r.atomically(() => r.add("set-dimension-size", [operand, r.typed(size, "s32", "set-dimension-size")], { dimension }));
}

export function dynamicReshape(r: Recorder, operand: XlaOp, dimSizes: readonly XlaOp[], newSizeBounds: readonly number[], dimsAreDynamic: readonly boolean[]): XlaOp {
  const s = arrayOf(operand, "dynamic-reshape");
  if (newSizeBounds.length !== dimsAreDynamic.length) {
    throw new ShapeError(
      `dynamic-reshape: DynamicReshape has to have the same number of elements in new_sizes (${newSizeBounds.length}) and dims_are_dynamic (${dimsAreDynamic.length})`,
    );
  }
  const bounded = checkedShape("dynamic-reshape", s.elementType, newSizeBounds);
  const declared = dimsAreDynamic.some((d) => d) ? { ...bounded, dynamicDimensions: [...dimsAreDynamic] } : bounded;
  return r.add("dynamic-reshape", [operand, ...dimSizes], {}, { declared });
}
