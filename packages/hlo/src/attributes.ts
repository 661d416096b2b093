/**
 * Zod schemas for instruction attributes, one per attribute family. The
 * opcode table (opcode.ts) assigns one to each opcode; the parser, the builder
 * and the verifier validate attributes against it, and TypeScript derives each
 * instruction's attribute type from it.
 */
import { z } from "zod";
import type { Literal } from "./literal.ts";

const dim = z.number().int();
const dims = z.array(dim);
const nonNegative = z.number().int().nonnegative();

export const COMPARISON_DIRECTIONS = ["EQ", "NE", "LT", "LE", "GT", "GE"] as const;
export type ComparisonDirection = (typeof COMPARISON_DIRECTIONS)[number];
export const COMPARISON_TYPES = ["FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"] as const;
export type ComparisonType = (typeof COMPARISON_TYPES)[number];

export const noAttributes = z.strictObject({});

/** Element-wise binary ops: implicit broadcasting is recorded here until lowering. */
export const binaryAttributes = z.strictObject({ broadcastDimensions: dims.optional() });

export const compareAttributes = z.strictObject({
  direction: z.enum(COMPARISON_DIRECTIONS),
  /** Absent means the default for the operand type (FLOAT, SIGNED or UNSIGNED). */
  comparisonType: z.enum(COMPARISON_TYPES).optional(),
  broadcastDimensions: dims.optional(),
});

export const parameterAttributes = z.strictObject({ parameterNumber: nonNegative });

const literalSchema = z.custom<Literal>(
  (v) => typeof v === "object" && v !== null && "shape" in v && ("data" in v || "elements" in v),
  { message: "expected a Literal" },
);
export const constantAttributes = z.strictObject({
  literal: literalSchema,
  /**
   * The text elided the values (`constant({...})`): they are unknown, and
   * `literal` holds zeros of the shape only as a placeholder. Evaluating such
   * a constant needs an explicit choice (the evaluator's `elidedConstants`).
   */
  elided: z.literal(true).optional(),
});

export const dimensionsAttributes = z.strictObject({ dimensions: dims });
export const dimensionAttributes = z.strictObject({ dimension: nonNegative });
export const indexAttributes = z.strictObject({ index: nonNegative });
export const iotaAttributes = z.strictObject({ iotaDimension: nonNegative });

export const sliceAttributes = z.strictObject({ starts: dims, limits: dims, strides: dims });

export const paddingDimension = z.strictObject({ low: dim, high: dim, interior: dim });
export type PaddingDimension = z.infer<typeof paddingDimension>;
export const padAttributes = z.strictObject({ padding: z.array(paddingDimension) });

export const dynamicSliceAttributes = z.strictObject({ sliceSizes: dims });

export const gatherAttributes = z.strictObject({
  offsetDims: dims,
  collapsedSliceDims: dims,
  startIndexMap: dims,
  operandBatchingDims: dims,
  startIndicesBatchingDims: dims,
  indexVectorDim: nonNegative,
  sliceSizes: dims,
  indicesAreSorted: z.boolean(),
});

export const scatterAttributes = z.strictObject({
  updateWindowDims: dims,
  insertedWindowDims: dims,
  inputBatchingDims: dims,
  scatterIndicesBatchingDims: dims,
  scatterDimsToOperandDims: dims,
  indexVectorDim: nonNegative,
  indicesAreSorted: z.boolean(),
  uniqueIndices: z.boolean(),
});

export const windowDimension = z.strictObject({
  size: dim,
  stride: dim,
  padLow: dim,
  padHigh: dim,
  baseDilation: dim,
  windowDilation: dim,
  windowReversal: z.boolean(),
});
export type WindowDimension = z.infer<typeof windowDimension>;
export const windowAttributes = z.strictObject({ window: z.array(windowDimension) });

export const sortAttributes = z.strictObject({ dimension: nonNegative, isStable: z.boolean() });

export const dotAttributes = z.strictObject({
  lhsBatchDimensions: dims,
  lhsContractingDimensions: dims,
  rhsBatchDimensions: dims,
  rhsContractingDimensions: dims,
  /** Kept for printing (e.g. ["default","default"]); does not change minixla's f64 math. */
  operandPrecision: z.array(z.string()).optional(),
});

export const reducePrecisionAttributes = z.strictObject({ exponentBits: z.number().int().min(1), mantissaBits: nonNegative });

/** XLA's HloInstruction::FusionKind, spelled as in HLO text. */
export const FUSION_KINDS = ["kLoop", "kInput", "kOutput", "kCustom"] as const;
export type FusionKind = (typeof FUSION_KINDS)[number];
/** The kind only guides XLA's code generation; minixla keeps it for printing. */
export const fusionAttributes = z.strictObject({ kind: z.enum(FUSION_KINDS) });

export const customCallAttributes = z.strictObject({
  customCallTarget: z.string(),
  /** Every other attribute of the call, as its text, so printing reproduces it. */
  rawAttributes: z.array(z.strictObject({ name: z.string(), value: z.string() })),
});
