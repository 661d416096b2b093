/**
 * Zod schemas for instruction attributes, one per attribute family. The
 * opcode table (opcode.ts) assigns one to each opcode; the parser, the builder
 * and the verifier validate attributes against it, and TypeScript derives each
 * instruction's attribute type from it.
 */
import { z } from "zod";
import type { Literal } from "./literal.ts";
import { ELEMENT_TYPE_INFO, type ElementType } from "./element_type.ts";
import { type Shape, shapeProblem } from "./shape.ts";

const dim = z.number().int();
const dims = z.array(dim);
const nonNegative = z.number().int().nonnegative();

/** compare's `direction=` values, as HLO text spells them. */
export const COMPARISON_DIRECTIONS = ["EQ", "NE", "LT", "LE", "GT", "GE"] as const;
/** One of COMPARISON_DIRECTIONS. */
export type ComparisonDirection = (typeof COMPARISON_DIRECTIONS)[number];
/** compare's `type=` values: how floats order (FLOAT, TOTALORDER) and how integers do. */
export const COMPARISON_TYPES = ["FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"] as const;
/** One of COMPARISON_TYPES. */
export type ComparisonType = (typeof COMPARISON_TYPES)[number];

/**
 * Comparison::DefaultComparisonType, the type a compare without `type=` uses:
 * FLOAT for floats and complex types, SIGNED for signed integers, UNSIGNED for
 * unsigned integers and pred.
 */
export function defaultComparisonType(t: ElementType): ComparisonType {
  const kind = ELEMENT_TYPE_INFO[t].kind;
  return kind === "float" || kind === "complex" ? "FLOAT" : kind === "signed" ? "SIGNED" : "UNSIGNED";
}

/** Schema of an opcode without attributes. */
export const noAttributes = z.strictObject({});

/** Element-wise binary ops: implicit broadcasting is recorded here until lowering. */
export const binaryAttributes = z.strictObject({ broadcastDimensions: dims.optional() });

/** Schema of compare's attributes: direction and optional comparison type. */
export const compareAttributes = z.strictObject({
  direction: z.enum(COMPARISON_DIRECTIONS),
  /** Absent means the default for the operand type (FLOAT, SIGNED or UNSIGNED). */
  comparisonType: z.enum(COMPARISON_TYPES).optional(),
  broadcastDimensions: dims.optional(),
});

/** Schema of parameter's attributes: its position in the computation's signature. */
export const parameterAttributes = z.strictObject({ parameterNumber: nonNegative });

const literalSchema = z.custom<Literal>(
  (v) => typeof v === "object" && v !== null && "shape" in v && ("data" in v || "elements" in v),
  { message: "expected a Literal" },
);
/** Schema of constant's attributes: its literal (absent when the text elided the values). */
export const constantAttributes = z.strictObject({
  literal: literalSchema,
  /**
   * The text elided the values (`constant({...})`): they are unknown, and
   * `literal` holds zeros of the shape only as a placeholder. Evaluating such
   * a constant needs an explicit choice (the evaluator's `elidedConstants`).
   */
  elided: z.literal(true).optional(),
});

/** Schema of a `dimensions={...}` attribute (transpose, reduce, broadcast, reverse, ...). */
export const dimensionsAttributes = z.strictObject({ dimensions: dims });
/** Schema of a single `dimension=` attribute (concatenate, ...). */
export const dimensionAttributes = z.strictObject({ dimension: nonNegative });
/** Schema of get-tuple-element's `index=`. */
export const indexAttributes = z.strictObject({ index: nonNegative });
/** Schema of iota's `iota_dimension=`. */
export const iotaAttributes = z.strictObject({ iotaDimension: nonNegative });

/** Schema of slice's `slice={[start:limit:stride], ...}`. */
export const sliceAttributes = z.strictObject({ starts: dims, limits: dims, strides: dims });

/** Schema of one dimension of pad's `padding=low_high_interior`. */
export const paddingDimension = z.strictObject({ low: dim, high: dim, interior: dim });
/** Edge (possibly negative) and interior padding of one dimension. */
export type PaddingDimension = z.infer<typeof paddingDimension>;
/** Schema of pad's attributes: one PaddingDimension per dimension. */
export const padAttributes = z.strictObject({ padding: z.array(paddingDimension) });

/** Schema of dynamic-slice's `dynamic_slice_sizes=`. */
export const dynamicSliceAttributes = z.strictObject({ sliceSizes: dims });

/** Schema of gather's dimension numbers and slice sizes. */
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

/** Schema of scatter's dimension numbers and flags. */
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

/** Schema of one dimension of a `window={...}` (size, stride, padding, dilations, reversal). */
export const windowDimension = z.strictObject({
  size: dim,
  stride: dim,
  padLow: dim,
  padHigh: dim,
  baseDilation: dim,
  windowDilation: dim,
  windowReversal: z.boolean(),
});
/** One dimension of a window, as XLA's WindowDimension. */
export type WindowDimension = z.infer<typeof windowDimension>;
/** Schema of a `window={...}` attribute (reduce-window, select-and-scatter). */
export const windowAttributes = z.strictObject({ window: z.array(windowDimension) });

/** Which operand and result dimensions play which role in a convolution (XLA's ConvolutionDimensionNumbers). */
export const convolutionDimensionNumbers = z.strictObject({
  inputBatchDimension: dim,
  inputFeatureDimension: dim,
  inputSpatialDimensions: dims,
  kernelInputFeatureDimension: dim,
  kernelOutputFeatureDimension: dim,
  kernelSpatialDimensions: dims,
  outputBatchDimension: dim,
  outputFeatureDimension: dim,
  outputSpatialDimensions: dims,
});
/** XLA's ConvolutionDimensionNumbers: where batch, feature and spatial dimensions sit in input, kernel and output. */
export type ConvolutionDimensionNumbers = z.infer<typeof convolutionDimensionNumbers>;
/** Schema of convolution's window, dimension numbers and group counts. */
export const convolutionAttributes = z.strictObject({
  /** One entry per spatial dimension (empty for a convolution without spatial dimensions). */
  window: z.array(windowDimension),
  dimensionNumbers: convolutionDimensionNumbers,
  featureGroupCount: dim,
  batchGroupCount: dim,
  /** Kept for printing (e.g. ["high","default"]); does not change minixla's math. */
  operandPrecision: z.array(z.string()).optional(),
});

/** Schema of sort's `dimension=` and `is_stable=`. */
export const sortAttributes = z.strictObject({ dimension: nonNegative, isStable: z.boolean() });
/**
 * scan (HloScanInstruction): the scanned dimension (`dimensions={d}`, exactly
 * one), how many trailing operands are carries (`num_carries`), whether it
 * runs from the last index down (`is_reverse`) and the associativity hint
 * (`is_associative`, which XLA prints always; absent reads as false).
 */
export const scanAttributes = z.strictObject({
  dimension: nonNegative,
  numCarries: nonNegative,
  isReverse: z.boolean(),
  isAssociative: z.boolean(),
});

/** Schema of dot's contracting and batch dimensions of each side. */
export const dotAttributes = z.strictObject({
  lhsBatchDimensions: dims,
  lhsContractingDimensions: dims,
  rhsBatchDimensions: dims,
  rhsContractingDimensions: dims,
  /** Kept for printing (e.g. ["default","default"]); does not change minixla's f64 math. */
  operandPrecision: z.array(z.string()).optional(),
});
/** ragged-dot: dot's dimension numbers plus the lhs ragged dimension and the rhs group dimension (mode 1 only). */
export const raggedDotAttributes = dotAttributes.extend({ lhsRaggedDimensions: dims, rhsGroupDimensions: dims });

/** XLA's FftType: complex-to-complex forward/inverse, real-to-complex, complex-to-real. */
export const FFT_TYPES = ["FFT", "IFFT", "RFFT", "IRFFT"] as const;
/** One of FFT_TYPES. */
export type FftType = (typeof FFT_TYPES)[number];
/** Schema of fft's `fft_type=` and `fft_length=`. */
export const fftAttributes = z.strictObject({ fftType: z.enum(FFT_TYPES), fftLength: dims });

/**
 * topk: `largest` defaults to true in XLA's parser. `is_stable` appears in
 * newer XLA's text (jaxlib 0.10.2 does not read it); XLA CPU's top-k is
 * stable either way.
 */
export const topkAttributes = z.strictObject({ k: nonNegative, largest: z.boolean(), isStable: z.boolean() });

/** Schema of cholesky's `lower=`. */
export const choleskyAttributes = z.strictObject({ lower: z.boolean() });

/** TriangularSolveOptions::Transpose; absent in text means TRANSPOSE_INVALID, which shape inference rejects. */
export const TRANSPOSE_KINDS = ["NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"] as const;
/** One of TRANSPOSE_KINDS. */
export type TransposeKind = (typeof TRANSPOSE_KINDS)[number];
/** Schema of triangular-solve's options (left_side, lower, unit_diagonal, transpose_a). */
export const triangularSolveAttributes = z.strictObject({
  leftSide: z.boolean(),
  lower: z.boolean(),
  unitDiagonal: z.boolean(),
  transposeA: z.enum(TRANSPOSE_KINDS).optional(),
});

/** XLA keeps epsilon as an f32 (the parser rounds the text to it). */
export const batchNormAttributes = z.strictObject({ epsilon: z.number(), featureIndex: nonNegative });

/** Schema of reduce-precision's exponent and mantissa bit counts. */
export const reducePrecisionAttributes = z.strictObject({ exponentBits: z.number().int().min(1), mantissaBits: nonNegative });

/** XLA's RandomAlgorithm as HLO text spells it; rng_default means Philox on XLA's CPU. */
export const RNG_ALGORITHMS = ["rng_default", "rng_three_fry", "rng_philox"] as const;
/** One of RNG_ALGORITHMS. */
export type RngAlgorithm = (typeof RNG_ALGORITHMS)[number];
/** Schema of rng-bit-generator's `algorithm=`. */
export const rngBitGeneratorAttributes = z.strictObject({ algorithm: z.enum(RNG_ALGORITHMS) });

/** XLA's RandomDistribution as HLO text spells it. */
export const RNG_DISTRIBUTIONS = ["rng_uniform", "rng_normal"] as const;
/** One of RNG_DISTRIBUTIONS. */
export type RngDistribution = (typeof RNG_DISTRIBUTIONS)[number];
/** Schema of rng's `distribution=`. */
export const rngAttributes = z.strictObject({ distribution: z.enum(RNG_DISTRIBUTIONS) });

/** XLA's HloInstruction::FusionKind, spelled as in HLO text. */
export const FUSION_KINDS = ["kLoop", "kInput", "kOutput", "kCustom"] as const;
/** One of FUSION_KINDS. */
export type FusionKind = (typeof FUSION_KINDS)[number];
/** The kind only guides XLA's code generation; minixla keeps it for printing. */
export const fusionAttributes = z.strictObject({ kind: z.enum(FUSION_KINDS) });

/** Schema of custom-call's target, opaque backend config and other options. */
export const customCallAttributes = z.strictObject({
  customCallTarget: z.string(),
  /** Every other attribute of the call, as its text, so printing reproduces it. */
  rawAttributes: z.array(z.strictObject({ name: z.string(), value: z.string() })),
});

/**
 * Collectives' replica_groups: explicit lists `{{0,1},{2,3}}`, or XLA's iota
 * form `[G,S]<=[reshape dims]` with an optional `T(permutation)`: G groups of
 * S devices taken from iota(prod(reshape dims)) reshaped and transposed.
 */
export const replicaGroups = z.union([
  z.strictObject({ kind: z.literal("list"), groups: z.array(dims) }),
  z.strictObject({
    kind: z.literal("iota"),
    groupCount: nonNegative,
    groupSize: nonNegative,
    reshapeDimensions: dims,
    transposePermutation: dims.optional(),
  }),
  // XLA's newest form: `mesh['x'=2,'y'=4] {'y'}` (groups along the named mesh axes; `'y':(1)2` is a sub-axis).
  z.strictObject({
    kind: z.literal("mesh"),
    axes: z.array(z.strictObject({ name: z.string(), size: nonNegative })),
    groupAxes: z.array(z.strictObject({ name: z.string(), preSize: nonNegative.optional(), size: nonNegative.optional() })),
  }),
]);
/** `replica_groups=`: explicit lists of ids, or the iota form `[G,S]<=[...]`. */
export type ReplicaGroups = z.infer<typeof replicaGroups>;

/** What every all-reduce / all-gather / reduce-scatter / all-to-all carries. */
export const collectiveAttributes = z.strictObject({
  replicaGroups,
  channelId: z.number().int().optional(),
  useGlobalDeviceIds: z.boolean(),
  constrainLayout: z.boolean(),
});
/** all-gather and reduce-scatter: the dimension gathered or scattered along (`dimensions={d}`). */
export const collectiveDimensionAttributes = collectiveAttributes.extend({ dimension: nonNegative });
/** all-to-all (no use_global_device_ids): an array form with a split dimension, or a tuple form without one. */
export const allToAllAttributes = z.strictObject({
  replicaGroups,
  channelId: z.number().int().optional(),
  constrainLayout: z.boolean(),
  dimension: nonNegative.optional(),
});
/** Schema of collective-permute's source-target pairs and channel. */
export const collectivePermuteAttributes = z.strictObject({
  sourceTargetPairs: z.array(z.tuple([nonNegative, nonNegative])),
  channelId: z.number().int().optional(),
});

/** domain's `domain={kind="sharding", entry=..., exit=...}`, kept as its text: it carries no semantics. */
export const domainAttributes = z.strictObject({ domain: z.string() });
/** rng-get-and-update-state's `delta`: how far each execution advances the state. */
export const rngStateAttributes = z.strictObject({ delta: z.number().int() });

/** copy-start's cross-program prefetch number (`cross_program_prefetch_index=N`); it guides XLA's memory placement only. */
export const copyStartAttributes = z.strictObject({ crossProgramPrefetchIndex: z.number().int().optional() });
/** async-start / -update / -done: the thread the wrapped computation runs on (`async_execution_thread="..."`, "main" when absent). */
export const asyncAttributes = z.strictObject({ asyncExecutionThread: z.string() });
/** collective-broadcast: an HloCollectiveInstruction without use_global_device_ids. */
export const collectiveBroadcastAttributes = z.strictObject({
  replicaGroups,
  channelId: z.number().int().optional(),
  constrainLayout: z.boolean(),
});

/**
 * ragged-all-to-all: an HloCollectiveInstruction (channel_id, replica_groups,
 * constrain_layout) without use_global_device_ids, as collective-broadcast.
 */
export const raggedAllToAllAttributes = collectiveBroadcastAttributes;

/** infeed's `infeed_config="..."`: opaque text for the runtime ("" when absent, and then not printed). */
export const infeedAttributes = z.strictObject({ infeedConfig: z.string() });
const shapeSchema = z.custom<Shape>((v) => shapeProblem(v) === undefined, { message: "expected a Shape" });
/**
 * outfeed's `outfeed_shape=` (the operand's shape with its layout; absent in
 * text means the operand's) and `outfeed_config="..."` ("" when absent).
 */
export const outfeedAttributes = z.strictObject({ outfeedShape: shapeSchema.optional(), outfeedConfig: z.string() });
/** send, send-done, recv, recv-done: the channel and whether the other end is the host (`is_host_transfer=true`). */
export const sendRecvAttributes = z.strictObject({ channelId: z.number().int().optional(), isHostTransfer: z.boolean() });
