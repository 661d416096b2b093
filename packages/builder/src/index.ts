/**
 * `@minixla/builder`: an XlaBuilder that records ops into an immutable HLO module.
 *
 * @module @minixla/builder
 */
export { type Computation, XlaBuilder } from "./builder.ts";
export { maxReducer, minReducer, productReducer, sumReducer } from "./reducers.ts";
export type { DotDimensionNumbers, RaggedDotDimensionNumbers, GatherDimensionNumbers, ScatterDimensionNumbers, WindowOptions } from "./op_options.ts";
export { XlaOp } from "./op.ts";
export { BUILDER_METHODS } from "./methods.ts";
export { defaultConvDimensionNumbers, type Padding } from "./convolution_options.ts";
export type { ScanOptions } from "./ops/scan.ts";
