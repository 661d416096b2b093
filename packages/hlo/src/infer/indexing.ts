/**
 * Shape rules of the indexing family: dynamic-slice, dynamic-update-slice,
 * gather and scatter (with explicit batching dimensions). Messages follow
 * shape_inference.cc (InferDynamicSliceShape, InferDynamicUpdateSliceShape,
 * InferGatherShape, InferScatterShape).
 */
import { isIntegralType, sameTypeIgnoringFpPrecision, upperTypeName } from "../element_type.ts";
import { type ArrayShape, type Shape, expectArray, shape, shapeToString, shapesEqual, tupleShape } from "../shape.ts";
import { verifyReducerShape } from "./reducer.ts";
import { type FamilyRules, calledAt, fail } from "./rule.ts";

const joined = (dims: readonly number[]) => dims.join(", ");
const isSorted = (dims: readonly number[]) => dims.every((d, i) => i === 0 || dims[i - 1] <= d);
const hasAdjacentRepeat = (dims: readonly number[]) => dims.some((d, i) => i > 0 && dims[i - 1] === d);
const hasRepeat = (dims: readonly number[]) => new Set(dims).size !== dims.length;

/**
 * The start-index operands of dynamic-slice / dynamic-update-slice: one rank-1
 * integer vector with `rank` elements, or `rank` integer scalars of one shape.
 * `what` is "Dynamic slice" or "Dynamic update slice".
 */
function checkStartIndices(operand: ArrayShape, indices: readonly Shape[], what: string, opName: string): void {
  const first = indices.length >= 1 ? expectArray(indices[0], `start indices of ${opName}`) : undefined;
  if (first && first.dimensions.length === 1) {
    if (indices.length !== 1) fail(`${what} should have exactly 1 index operand, has ${indices.length}.`);
    if (!isIntegralType(first.elementType)) fail(`${what} start indices must be of integral type.`);
    if (first.dimensions[0] !== operand.dimensions.length) {
      fail(
        `${what} start number of dimensions ${first.dimensions[0]} (${shapeToString(first)}) must match rank ${operand.dimensions.length} of slice input (${shapeToString(operand)}).`,
      );
    }
    return;
  }
  if (indices.length !== operand.dimensions.length) {
    fail(`${what} start number of dimensions ${indices.length} must match rank ${operand.dimensions.length} of slice input (${shapeToString(operand)}).`);
  }
  if (!first) return;
  if (first.dimensions.length !== 0) fail(`${what} indices must be scalar, not ${shapeToString(first)}.`);
  if (!isIntegralType(first.elementType)) fail(`${what} start indices must be of integral type.`);
  for (const index of indices) {
    if (!shapesEqual(first, index)) {
      fail(`${what} start indices must all have the same shape, got mismatching indices with shapes ${shapeToString(first)} and ${shapeToString(index)}.`);
    }
  }
}

function validateGatherDimensionNumbers(input: ArrayShape, indices: readonly number[], g: GatherNumbers): void {
  if (!isSorted(g.offsetDims)) fail(`Output window dimensions in gather op must be ascending; got: ${joined(g.offsetDims)}.`);
  if (hasAdjacentRepeat(g.offsetDims)) fail(`Output window dimensions in gather op must not repeat; got: ${joined(g.offsetDims)}.`);
  const outputRank = g.offsetDims.length + indices.length - 1;
  g.offsetDims.forEach((d, i) => {
    if (d < 0 || d >= outputRank) fail(`Offset dimension ${i} in gather op is out of bounds; got ${d}, but should have been in [0,${outputRank}).`);
  });
  const indexVectorBound = indices[g.indexVectorDim];
  if (g.startIndexMap.length !== indexVectorBound) {
    fail(
      `Gather op has ${g.startIndexMap.length} elements in start_index_map and the bound of dimension index_vector_dim=${g.indexVectorDim} of start_indices is ${indexVectorBound}. These two numbers must be equal.`,
    );
  }
  const rank = input.dimensions.length;
  g.startIndexMap.forEach((d, i) => {
    if (d < 0 || d >= rank) fail(`Invalid start_index_map; domain is [0, ${rank}), got: ${i}->${d}.`);
  });
  if (hasRepeat(g.startIndexMap)) fail(`Repeated dimensions are not allowed in start_index_map; got: ${joined(g.startIndexMap)}.`);
  for (const d of g.collapsedSliceDims) {
    if (d < 0 || d >= rank) fail(`Invalid collapsed_slice_dims set in gather op; valid range is [0, ${rank}), got: ${d}.`);
  }
  if (!isSorted(g.collapsedSliceDims)) fail(`collapsed_slice_dims in gather op must be sorted; got: ${joined(g.collapsedSliceDims)}`);
  if (hasAdjacentRepeat(g.collapsedSliceDims)) {
    fail(`Repeated dimensions not allowed in collapsed_slice_dims in gather op; got: ${joined(g.collapsedSliceDims)}.`);
  }
  if (g.operandBatchingDims.length !== g.startIndicesBatchingDims.length) {
    fail(
      `operand_batching_dims and start_indices_batching_dims in gather op must be of the same size; got: ${g.operandBatchingDims.length} and ${g.startIndicesBatchingDims.length}.`,
    );
  }
  for (const d of g.operandBatchingDims) {
    if (d < 0 || d >= rank) fail(`Invalid operand_batching_dims set in gather op; valid range is [0, ${rank}), got: ${d}.`);
  }
  if (!isSorted(g.operandBatchingDims)) fail(`operand_batching_dims in gather op must be sorted; got: ${joined(g.operandBatchingDims)}`);
  if (hasAdjacentRepeat(g.operandBatchingDims)) {
    fail(`Repeated dimensions not allowed in operand_batching_dims in gather op; got: ${joined(g.operandBatchingDims)}.`);
  }
  g.startIndicesBatchingDims.forEach((d, i) => {
    if (d < 0 || d >= indices.length) fail(`Invalid start_indices_batching_dims; domain is [0, ${indices.length}), got: ${i}->${d}.`);
  });
  if (hasRepeat(g.startIndicesBatchingDims)) {
    fail(`Repeated dimensions are not allowed in start_indices_batching_dims; got: ${joined(g.startIndicesBatchingDims)}.`);
  }
}

interface GatherNumbers {
  readonly offsetDims: readonly number[];
  readonly collapsedSliceDims: readonly number[];
  readonly startIndexMap: readonly number[];
  readonly operandBatchingDims: readonly number[];
  readonly startIndicesBatchingDims: readonly number[];
  readonly indexVectorDim: number;
}

interface ScatterNumbers {
  readonly updateWindowDims: readonly number[];
  readonly insertedWindowDims: readonly number[];
  readonly inputBatchingDims: readonly number[];
  readonly scatterIndicesBatchingDims: readonly number[];
  readonly scatterDimsToOperandDims: readonly number[];
  readonly indexVectorDim: number;
}

function validateScatterDimensionNumbers(operand: ArrayShape, indices: readonly number[], updates: ArrayShape, s: ScatterNumbers): void {
  const rank = operand.dimensions.length;
  if (!isSorted(s.updateWindowDims)) fail(`update_window_dims in scatter op must be sorted; got: ${joined(s.updateWindowDims)}.`);
  if (hasAdjacentRepeat(s.updateWindowDims)) fail(`update_window_dims in scatter op must not repeat; got: ${joined(s.updateWindowDims)}.`);
  for (const d of s.updateWindowDims) {
    if (d < 0 || d >= updates.dimensions.length) {
      fail(`Invalid update_window_dims set in scatter op; valid range is [0, ${updates.dimensions.length}). got: ${d}.`);
    }
  }
  if (!isSorted(s.insertedWindowDims)) fail(`inserted_window_dims in scatter op must be sorted; got: ${joined(s.insertedWindowDims)}.`);
  if (hasAdjacentRepeat(s.insertedWindowDims)) fail(`inserted_window_dims in scatter op must not repeat; got: ${joined(s.insertedWindowDims)}.`);
  for (const d of s.insertedWindowDims) {
    if (d < 0 || d >= rank) fail(`Invalid inserted_window_dims set in scatter op; valid range is [0, ${rank}), got: ${d}.`);
  }
  const windowSize = s.updateWindowDims.length + s.insertedWindowDims.length + s.inputBatchingDims.length;
  if (windowSize !== rank) fail(`Scatter op has window of size ${windowSize}; doesn't match operand of rank ${rank}.`);
  const indexVectorBound = indices[s.indexVectorDim];
  if (s.scatterDimsToOperandDims.length !== indexVectorBound) {
    fail(
      `Scatter op has ${s.scatterDimsToOperandDims.length} elements in scatter_dims_to_operand_dims and the bound of dimension index_vector_dim=${s.indexVectorDim} of scatter_indices is ${indexVectorBound}. These two numbers must be equal.`,
    );
  }
  s.scatterDimsToOperandDims.forEach((d, i) => {
    if (d < 0 || d >= rank) fail(`Invalid scatter_dims_to_operand_dims mapping; domain is [0, ${rank}), got: ${i}->${d}.`);
  });
  if (hasRepeat(s.scatterDimsToOperandDims)) {
    fail(`Repeated dimensions not allowed in scatter_dims_to_operand_dims; got: ${joined(s.scatterDimsToOperandDims)}.`);
  }
  if (s.inputBatchingDims.length !== s.scatterIndicesBatchingDims.length) {
    fail(
      `input_batching_dims and scatter_indices_batching_dims in scatter op must be of the same size; got: ${s.inputBatchingDims.length} and ${s.scatterIndicesBatchingDims.length}.`,
    );
  }
  if (!isSorted(s.inputBatchingDims)) fail(`input_batching_dims in scatter op must be sorted; got: ${joined(s.inputBatchingDims)}.`);
  if (hasAdjacentRepeat(s.inputBatchingDims)) fail(`input_batching_dims in scatter op must not repeat; got: ${joined(s.inputBatchingDims)}.`);
  for (const d of s.inputBatchingDims) {
    if (d < 0 || d >= rank) fail(`Invalid input_batching_dims set in scatter op; valid range is [0, ${rank}), got: ${d}.`);
  }
  for (const d of s.scatterIndicesBatchingDims) {
    if (d < 0 || d >= indices.length) {
      fail(`Invalid scatter_indices_batching_dims set in scatter op; valid range is [0, ${indices.length}), got: ${d}.`);
    }
  }
  if (hasRepeat(s.scatterIndicesBatchingDims)) {
    fail(`scatter_indices_batching_dims in scatter op must not repeat; got: ${joined(s.scatterIndicesBatchingDims)}.`);
  }
}

/** Indices dimensions with the implicit trailing 1 when index_vector_dim == rank. */
function expandedIndices(indices: ArrayShape, indexVectorDim: number, what: "Gather" | "Scatter"): number[] {
  const rank = indices.dimensions.length;
  if (indexVectorDim < 0 || indexVectorDim > rank) {
    const name = what === "Gather" ? "start_indices" : "scatter_indices";
    fail(
      `${what} index leaf dimension must be within [0, rank(${name}) + 1). rank(${name}) is ${rank} and ${what.toLowerCase()} index leaf dimension is ${indexVectorDim}.`,
    );
  }
  return indexVectorDim === rank ? [...indices.dimensions, 1] : [...indices.dimensions];
}

export const indexingRules: FamilyRules<"indexing"> = {
  "dynamic-slice": ({ operands, attributes }) => {
    const operand = expectArray(operands[0], "operand of dynamic slice");
    checkStartIndices(operand, operands.slice(1), "Dynamic slice", "dynamic slice");
    const sizes = attributes.sliceSizes;
    if (sizes.length !== operand.dimensions.length) {
      fail(`Dynamic slice index count does not match argument rank: ${sizes.length} vs ${operand.dimensions.length}.`);
    }
    sizes.forEach((size, d) => {
      if (size < 0) fail(`Negative size index to dynamic slice: ${size}.`);
      if (size > operand.dimensions[d]) fail(`Slice dim size ${size} greater than dynamic slice dimension: ${operand.dimensions[d]}.`);
    });
    return shape(operand.elementType, sizes);
  },

  "dynamic-update-slice": ({ operands }) => {
    const operand = expectArray(operands[0], "operand of dynamic update slice");
    const update = expectArray(operands[1], "update of dynamic update slice");
    checkStartIndices(operand, operands.slice(2), "Dynamic update slice", "dynamic update slice");
    if (update.dimensions.length !== operand.dimensions.length) {
      fail(`Dynamic update slice update rank does not match argument rank: ${update.dimensions.length} vs ${operand.dimensions.length}.`);
    }
    if (!sameTypeIgnoringFpPrecision(operand.elementType, update.elementType)) {
      fail(
        `Dynamic update slice update element type does not match argument. operand.element_type: ${upperTypeName(operand.elementType)} vs update.element_type: ${upperTypeName(update.elementType)}.`,
      );
    }
    update.dimensions.forEach((size, d) => {
      if (size > operand.dimensions[d]) fail(`Update dim size ${size} greater than dynamic slice dimension: ${operand.dimensions[d]}.`);
    });
    return operand;
  },

  gather: ({ operands, attributes: g }) => {
    const input = expectArray(operands[0], "input tensor operand of gather op");
    const indicesShape = expectArray(operands[1], "gather indices operand of gather op");
    if (!isIntegralType(indicesShape.elementType)) fail(`Gather indices parameter must be an integral tensor; got ${shapeToString(indicesShape)}.`);
    const indices = expandedIndices(indicesShape, g.indexVectorDim, "Gather");
    validateGatherDimensionNumbers(input, indices, g);
    const sizes = g.sliceSizes;
    const rank = input.dimensions.length;
    if (sizes.length !== rank) {
      fail(`Gather op must have one slice size for every input dimension; got: len(slice_sizes)=${sizes.length}, input_shape.rank=${rank}.`);
    }
    if (sizes.length !== g.offsetDims.length + g.collapsedSliceDims.length + g.operandBatchingDims.length) {
      fail(
        `All components of the offset index in a gather op must either be a offset dimension or explicitly collapsed or explicitly batched; got len(slice_sizes)=${sizes.length}, output_slice_sizes=${g.offsetDims.join(",")}, collapsed_slice_dims=${g.collapsedSliceDims.join(",")}, operand_batching_dims=${g.operandBatchingDims.join(",")}.`,
      );
    }
    sizes.forEach((size, i) => {
      if (size < 0 || size > input.dimensions[i]) {
        fail(`Slice size at index ${i} in gather op is out of range, must be within [0, ${input.dimensions[i] + 1}), got ${size}.`);
      }
    });
    g.collapsedSliceDims.forEach((d, i) => {
      if (sizes[d] > 1) fail(`Gather op can only collapse slice dims with bound 1 or 0, but bound is ${sizes[d]} for index ${d} at position ${i}.`);
    });
    g.operandBatchingDims.forEach((d, i) => {
      if (sizes[d] > 1) {
        fail(`Gather op can only have operand_batching_dims with bound 1 or 0, but bound is ${sizes[d]} for index ${d} at position ${i}.`);
      }
    });
    // Output: offset dims take the kept slice sizes in order; the others take
    // the batch dimensions of the indices (all but index_vector_dim) in order.
    const resultRank = g.offsetDims.length + indices.length - 1;
    const dims: number[] = [];
    let offsetSeen = 0;
    let batchSeen = 0;
    for (let i = 0; i < resultRank; i++) {
      if (g.offsetDims.includes(i)) {
        while (g.collapsedSliceDims.includes(offsetSeen) || g.operandBatchingDims.includes(offsetSeen)) offsetSeen++;
        dims.push(sizes[offsetSeen++]);
      } else {
        if (batchSeen === g.indexVectorDim) batchSeen++;
        dims.push(indices[batchSeen++]);
      }
    }
    return shape(input.elementType, dims);
  },

  scatter: ({ operands, attributes: s, called }) => {
    const n = Math.floor(operands.length / 2);
    if (n * 2 + 1 !== operands.length) fail(`Invalid argument count of scatter op: Expected ${n * 2 + 1}, saw ${operands.length}`);
    const indicesShape = expectArray(operands[n], "scatter indices of scatter op");
    if (!isIntegralType(indicesShape.elementType)) fail(`Scatter indices parameter must be an integral tensor; got ${shapeToString(indicesShape)}.`);
    const indices = expandedIndices(indicesShape, s.indexVectorDim, "Scatter");
    const inputs = operands.slice(0, n).map((o, i) => expectArray(o, `operand ${i} of scatter op`));
    const updates = operands.slice(n + 1).map((o, i) => expectArray(o, `updates ${i} of scatter op`));
    for (let k = 0; k < n; k++) {
      const operand = inputs[k];
      const update = updates[k];
      const maxWindowSizes = operand.dimensions.filter((_, i) => !s.insertedWindowDims.includes(i) && !s.inputBatchingDims.includes(i));
      const expectedRank = indices.length - 1 + s.updateWindowDims.length;
      if (update.dimensions.length !== expectedRank) fail(`Updates tensor must be of rank ${expectedRank}; got ${update.dimensions.length}.`);
      validateScatterDimensionNumbers(operand, indices, update, s);
      s.updateWindowDims.forEach((d, i) => {
        if (update.dimensions[d] > maxWindowSizes[i]) {
          fail(
            `Bounds of the window dimensions of updates must not exceed the bounds of the corresponding dimensions of operand. For dimension ${d}, updates bound is ${update.dimensions[d]}, operand bound is ${maxWindowSizes[i]}.`,
          );
        }
      });
      let scatterSeen = 0;
      for (let i = 0; i < update.dimensions.length; i++) {
        if (s.updateWindowDims.includes(i)) continue;
        if (scatterSeen === s.indexVectorDim) scatterSeen++;
        if (update.dimensions[i] !== indices[scatterSeen]) {
          fail(
            `Bounds of the scatter dimensions of updates must be same as the bounds of the corresponding dimensions of scatter indices. For scatter dimension ${i}, updates bound is ${update.dimensions[i]}, scatter_indices bound is ${indices[scatterSeen]}.`,
          );
        }
        scatterSeen++;
      }
    }
    verifyReducerShape(calledAt(called, 0, "to_apply"), inputs.map((o) => shape(o.elementType, [])), updates.map((u) => u.elementType), n);
    return n === 1 ? inputs[0] : tupleShape(inputs);
  },
};
