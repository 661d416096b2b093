/**
 * Option records of the builder's structured ops (gather, scatter, dot,
 * windows), with XLA's defaults filled in where a field is optional.
 */
import type { AttributesOf } from "@minixla/hlo";

/** XLA's GatherDimensionNumbers, in camelCase, for `XlaBuilder.gather`. */
export interface GatherDimensionNumbers {
  readonly offsetDims: readonly number[];
  readonly collapsedSliceDims: readonly number[];
  readonly startIndexMap: readonly number[];
  readonly indexVectorDim: number;
  readonly operandBatchingDims?: readonly number[];
  readonly startIndicesBatchingDims?: readonly number[];
}

/** XLA's ScatterDimensionNumbers, in camelCase, for `XlaBuilder.scatter`. */
export interface ScatterDimensionNumbers {
  readonly updateWindowDims: readonly number[];
  readonly insertedWindowDims: readonly number[];
  readonly scatterDimsToOperandDims: readonly number[];
  readonly indexVectorDim: number;
  readonly inputBatchingDims?: readonly number[];
  readonly scatterIndicesBatchingDims?: readonly number[];
}

/** XLA's DotDimensionNumbers: which dimensions of each side are contracted and which are batch dimensions, for `XlaBuilder.dotGeneral`. */
export interface DotDimensionNumbers {
  readonly lhsContractingDimensions: readonly number[];
  readonly rhsContractingDimensions: readonly number[];
  readonly lhsBatchDimensions?: readonly number[];
  readonly rhsBatchDimensions?: readonly number[];
}

/** XLA's RaggedDotDimensionNumbers: the dot's, the lhs ragged dimension, and (ragged non-contracting only) the rhs group dimension. */
export interface RaggedDotDimensionNumbers extends DotDimensionNumbers {
  readonly lhsRaggedDimensions: readonly number[];
  readonly rhsGroupDimensions?: readonly number[];
}

/** Window of reduce-window / select-and-scatter; everything but the sizes defaults to XLA's. */
export interface WindowOptions {
  readonly dimensions: readonly number[];
  readonly strides?: readonly number[];
  /** [low, high] per dimension. */
  readonly padding?: readonly (readonly [number, number])[];
  readonly baseDilations?: readonly number[];
  readonly windowDilations?: readonly number[];
}

export function makeWindow(w: WindowOptions): AttributesOf<"reduce-window">["window"] {
  return w.dimensions.map((size, i) => ({
    size,
    stride: w.strides?.[i] ?? 1,
    padLow: w.padding?.[i]?.[0] ?? 0,
    padHigh: w.padding?.[i]?.[1] ?? 0,
    baseDilation: w.baseDilations?.[i] ?? 1,
    windowDilation: w.windowDilations?.[i] ?? 1,
    windowReversal: false,
  }));
}

