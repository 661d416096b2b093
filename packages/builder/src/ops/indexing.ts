/** Indexing: dynamic slices, gather and scatter. */
import type { HloModule } from "@minixla/hlo";
import type { XlaOp } from "../op.ts";
import type { GatherDimensionNumbers, ScatterDimensionNumbers } from "../op_options.ts";
import type { Recorder } from "../recorder.ts";
import { type ComputationOf, computation } from "../sub_builder.ts";
import { arrayOf, listOf } from "./operand_shapes.ts";

export function dynamicSlice(r: Recorder, operand: XlaOp, startIndices: readonly XlaOp[], sliceSizes: readonly number[]): XlaOp {
  return r.atomically(() => r.add("dynamic-slice", [operand, ...r.meet("dynamic-slice", startIndices, "s32")], { sliceSizes: [...sliceSizes] }));
}

export function dynamicUpdateSlice(r: Recorder, operand: XlaOp, update: XlaOp, startIndices: readonly XlaOp[]): XlaOp {
  return r.atomically(() => {
    const [x, u] = r.meet("dynamic-update-slice", [operand, update]);
    return r.add("dynamic-update-slice", [x, u, ...r.meet("dynamic-update-slice", startIndices, "s32")], {});
  });
}

export function gather(r: Recorder, operand: XlaOp, startIndices: XlaOp, dims: GatherDimensionNumbers, sliceSizes: readonly number[], indicesAreSorted: boolean): XlaOp {
  return r.add("gather", [operand, startIndices], {
    offsetDims: [...dims.offsetDims],
    collapsedSliceDims: [...dims.collapsedSliceDims],
    startIndexMap: [...dims.startIndexMap],
    operandBatchingDims: [...(dims.operandBatchingDims ?? [])],
    startIndicesBatchingDims: [...(dims.startIndicesBatchingDims ?? [])],
    indexVectorDim: dims.indexVectorDim,
    sliceSizes: [...sliceSizes],
    indicesAreSorted,
  });
}

export interface ScatterOptions {
  readonly indicesAreSorted?: boolean;
  readonly uniqueIndices?: boolean;
}

export function scatter<B>(
  r: Recorder<B>,
  operand: XlaOp | readonly XlaOp[],
  scatterIndices: XlaOp,
  updates: XlaOp | readonly XlaOp[],
  updateComputation: ComputationOf<B>,
  dims: ScatterDimensionNumbers,
  opts: ScatterOptions,
): XlaOp {
  return r.atomically(() => {
    const operands = listOf(operand).map((o) => r.typed(o, undefined, "scatter"));
    const ups = listOf(updates).map((u, i) => r.like(u, operands[i], "scatter"));
    // The update computation takes (operand values..., update values...), as reduce's (acc..., x...).
    const types = [...operands, ...ups].map((o) => arrayOf(o, "scatter").elementType);
    const called: HloModule = computation(r, updateComputation, types, "update");
    return r.add("scatter", [...operands, scatterIndices, ...ups], {
      updateWindowDims: [...dims.updateWindowDims],
      insertedWindowDims: [...dims.insertedWindowDims],
      inputBatchingDims: [...(dims.inputBatchingDims ?? [])],
      scatterIndicesBatchingDims: [...(dims.scatterIndicesBatchingDims ?? [])],
      scatterDimsToOperandDims: [...dims.scatterDimsToOperandDims],
      indexVectorDim: dims.indexVectorDim,
      indicesAreSorted: opts.indicesAreSorted ?? false,
      uniqueIndices: opts.uniqueIndices ?? false,
    }, { called: [called] });
  });
}
