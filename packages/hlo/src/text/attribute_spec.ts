/**
 * Every opcode's `name=value` attributes in HLO text, spelled once: the text
 * name, the value syntax (a codec of attribute_codecs.ts), where the value
 * lands (a camelCase field of attributes.ts, or for computation kinds a role
 * in the instruction's `called` list), what the parser does when it is
 * absent, and when the printer shows it. Entries are in the order XLA's
 * HloInstruction::ToString prints them (ExtraAttributesToString, then the
 * called computations); the parser (attribute_text.ts) looks names up here,
 * the printer (attribute_print.ts) walks the lists.
 */
import { defaultComparisonType } from "../attributes.ts";
import type { HloInstruction } from "../instruction.ts";
import type { Opcode } from "../opcode.ts";
import type { Shape } from "../shape.ts";
import { type AttrKind, CODECS, type Codec } from "./attribute_codecs.ts";

/** What a print condition may look at besides the value. */
export interface PrintContext {
  readonly inst: HloInstruction;
  readonly operandShape: (i: number) => Shape | undefined;
}

/**
 * When the printer shows an attribute that has a value: always, unless it
 * equals `absent` (XLA omits defaults), never (accepted on input only), or
 * as a predicate says.
 */
export type PrintWhen = "always" | "unless-absent" | "never" | ((value: unknown, ctx: PrintContext) => boolean);

export interface AttrSpec {
  /** The text name, `offset_dims`. */
  readonly name: string;
  readonly kind: AttrKind;
  readonly codec: Codec;
  /** The attribute-object field (for computation kinds the called role; a slice spreads over starts/limits/strides). */
  readonly key: string;
  readonly required?: boolean;
  /** Value used when the attribute is absent. */
  readonly absent?: unknown;
  readonly print: PrintWhen;
  /** The value printed when the field is unset (outfeed_shape: the operand's shape). */
  readonly printFallback?: (ctx: PrintContext) => unknown;
}

interface Options {
  readonly required?: boolean;
  readonly absent?: unknown;
  readonly print?: PrintWhen;
  readonly printFallback?: (ctx: PrintContext) => unknown;
}

const attr = (name: string, kind: AttrKind, key: string, o: Options = {}): AttrSpec => ({ name, kind, codec: CODECS[kind], key, print: "always", ...o });

const ints = (name: string, key: string, required = true): AttrSpec => attr(name, "ints", key, { required });
const intsOrEmpty = (name: string, key: string): AttrSpec => attr(name, "ints", key, { absent: [] });
/** XLA omits these empty (batch dimensions of dot, gather, scatter). */
const nonEmpty = (name: string, key: string): AttrSpec => attr(name, "ints", key, { absent: [], print: "unless-absent" });
const int = (name: string, key: string): AttrSpec => attr(name, "int", key, { required: true });
/** A boolean printed only when true. */
const flag = (name: string, key: string): AttrSpec => attr(name, "bool", key, { absent: false, print: "unless-absent" });
const comp = (name: string, required = true): AttrSpec => attr(name, "computation", name, { required });

const toApply = comp("to_apply");
const broadcastDims = attr("broadcast_dimensions", "ints", "broadcastDimensions");
const binary = [broadcastDims];
const none: readonly AttrSpec[] = [];
const dims = [ints("dimensions", "dimensions")];
const oneDim = attr("dimensions", "single_int", "dimension", { required: true });
/** HloChannelInstruction: the channel when it has one. */
const channelId = attr("channel_id", "int", "channelId");
/** HloCollectiveInstruction: channel_id, replica_groups (absent groups mean every device), constrain_layout. */
const collectiveHead = [
  channelId,
  attr("replica_groups", "replica_groups", "replicaGroups", { absent: { kind: "list", groups: [] } }),
  flag("constrain_layout", "constrainLayout"),
];
const globalIds = flag("use_global_device_ids", "useGlobalDeviceIds");
const permute = [channelId, attr("source_target_pairs", "source_target_pairs", "sourceTargetPairs", { required: true })];
/** HloSendRecvInstruction: the channel (optional in XLA's parser) and the host flag. */
const sendRecv = [channelId, flag("is_host_transfer", "isHostTransfer")];
/** HloAsyncInstruction's execution thread; absent means the main thread, which XLA does not print. */
const asyncThread = attr("async_execution_thread", "string", "asyncExecutionThread", { absent: "main", print: "unless-absent" });
const batchNorm = [attr("epsilon", "f32", "epsilon", { required: true }), int("feature_index", "featureIndex")];
/** PrecisionConfigToString: shown only when some operand's precision is not the default. */
const operandPrecision = attr("operand_precision", "precision", "operandPrecision", {
  print: (v) => (v as readonly string[]).some((p) => p.toLowerCase() !== "default"),
});
/** XLA's DotDimensionNumbersToString omits empty batch dims but always prints the contracting dims. */
const dotDims = [
  nonEmpty("lhs_batch_dims", "lhsBatchDimensions"),
  intsOrEmpty("lhs_contracting_dims", "lhsContractingDimensions"),
  nonEmpty("rhs_batch_dims", "rhsBatchDimensions"),
  intsOrEmpty("rhs_contracting_dims", "rhsContractingDimensions"),
];
const window = attr("window", "window", "window", { absent: [] });
/** A conditional with a pred index and two branches prints them as true/false computations. */
const predBranches = ({ inst, operandShape }: PrintContext): boolean => {
  const index = operandShape(0);
  return index !== undefined && index.elementType === "pred" && inst.called.length === 2;
};

/** What each opcode accepts, in XLA's printing order. */
export const ATTRIBUTES: { readonly [K in Opcode]: readonly AttrSpec[] } = {
  abs: none, cbrt: none, ceil: none, copy: none, cosine: none, "count-leading-zeros": none, erf: none,
  exponential: none, "exponential-minus-one": none, floor: none, "is-finite": none, log: none,
  "log-plus-one": none, logistic: none, negate: none, not: none, popcnt: none, "round-nearest-afz": none,
  "round-nearest-even": none, rsqrt: none, sign: none, sine: none, sqrt: none, tan: none, tanh: none,
  acos: none, acosh: none, asin: none, asinh: none, atanh: none, cosh: none, sinh: none,
  real: none, imag: none,
  add: binary, subtract: binary, multiply: binary, divide: binary, remainder: binary, maximum: binary,
  minimum: binary, power: binary, atan2: binary, and: binary, or: binary, xor: binary,
  "shift-left": binary, "shift-right-arithmetic": binary, "shift-right-logical": binary,
  complex: binary,
  compare: [
    attr("direction", "direction", "direction", { required: true }),
    // XLA prints type= only when it differs from the operand type's default.
    attr("type", "comparison_type", "comparisonType", {
      print: (type, { operandShape }) => {
        const operand = operandShape(0);
        return !(operand !== undefined && operand.elementType !== "tuple" && type === defaultComparisonType(operand.elementType));
      },
    }),
    attr("order", "comparison_order", "comparisonType", { print: "never" }),
    broadcastDims,
  ],
  select: none, clamp: none, convert: none, "bitcast-convert": none,
  "reduce-precision": [int("exponent_bits", "exponentBits"), int("mantissa_bits", "mantissaBits")],
  broadcast: [intsOrEmpty("dimensions", "dimensions")],
  reshape: none,
  bitcast: none,
  transpose: dims,
  reverse: dims,
  slice: [attr("slice", "slice", "slice", { required: true })],
  concatenate: [oneDim],
  pad: [attr("padding", "padding", "padding", { required: true })],
  iota: [int("iota_dimension", "iotaDimension")],
  "get-dimension-size": [oneDim],
  "set-dimension-size": [oneDim],
  "dynamic-reshape": none,
  "dynamic-slice": [ints("dynamic_slice_sizes", "sliceSizes")],
  "dynamic-update-slice": none,
  gather: [
    ints("offset_dims", "offsetDims"),
    ints("collapsed_slice_dims", "collapsedSliceDims"),
    ints("start_index_map", "startIndexMap"),
    nonEmpty("operand_batching_dims", "operandBatchingDims"),
    nonEmpty("start_indices_batching_dims", "startIndicesBatchingDims"),
    int("index_vector_dim", "indexVectorDim"),
    ints("slice_sizes", "sliceSizes"),
    flag("indices_are_sorted", "indicesAreSorted"),
  ],
  scatter: [
    ints("update_window_dims", "updateWindowDims"),
    ints("inserted_window_dims", "insertedWindowDims"),
    nonEmpty("input_batching_dims", "inputBatchingDims"),
    nonEmpty("scatter_indices_batching_dims", "scatterIndicesBatchingDims"),
    ints("scatter_dims_to_operand_dims", "scatterDimsToOperandDims"),
    int("index_vector_dim", "indexVectorDim"),
    flag("indices_are_sorted", "indicesAreSorted"),
    flag("unique_indices", "uniqueIndices"),
    toApply,
  ],
  reduce: [...dims, toApply],
  "reduce-window": [window, toApply],
  "select-and-scatter": [window, comp("select"), comp("scatter")],
  sort: [oneDim, flag("is_stable", "isStable"), toApply],
  // XLA prints is_reverse only when true, before is_associative, which it always prints.
  scan: [
    attr("dimensions", "single_int", "dimension", { required: true }),
    int("num_carries", "numCarries"),
    flag("is_reverse", "isReverse"),
    attr("is_associative", "bool", "isAssociative", { absent: false }),
    toApply,
  ],
  // XLA requires dim_labels; a missing window is an empty one (valid only without spatial dimensions).
  // HloConvolutionInstruction::ExtraAttributesToString: window, counts and precision only when not the default.
  convolution: [
    attr("window", "window", "window", { absent: [], print: "unless-absent" }),
    attr("dim_labels", "dim_labels", "dimensionNumbers", { required: true }),
    attr("feature_group_count", "int", "featureGroupCount", { absent: 1, print: "unless-absent" }),
    attr("batch_group_count", "int", "batchGroupCount", { absent: 1, print: "unless-absent" }),
    operandPrecision,
  ],
  dot: [...dotDims, operandPrecision],
  // XLA prints the dot dimension numbers, then the ragged and group dimensions when present.
  "ragged-dot": [...dotDims, nonEmpty("lhs_ragged_dims", "lhsRaggedDimensions"), nonEmpty("rhs_group_dims", "rhsGroupDimensions"), operandPrecision],
  "scaled-dot": [...dotDims, operandPrecision],
  cholesky: [flag("lower", "lower")],
  // XLA prints the options that differ from the proto defaults (false, TRANSPOSE_INVALID).
  "triangular-solve": [
    flag("left_side", "leftSide"),
    flag("lower", "lower"),
    flag("unit_diagonal", "unitDiagonal"),
    attr("transpose_a", "transpose", "transposeA"),
  ],
  fft: [attr("fft_type", "fft_type", "fftType", { required: true }), ints("fft_length", "fftLength")],
  topk: [int("k", "k"), attr("largest", "bool", "largest", { absent: true }), flag("is_stable", "isStable")],
  "batch-norm-inference": batchNorm,
  "batch-norm-training": batchNorm,
  "batch-norm-grad": batchNorm,
  parameter: none,
  constant: none,
  tuple: none,
  "get-tuple-element": [int("index", "index")],
  call: [toApply],
  // XLA's parser requires both; the fused computation is named by `calls=`.
  fusion: [attr("kind", "fusion_kind", "kind", { required: true }), comp("calls")],
  while: [comp("condition"), comp("body")],
  conditional: [
    attr("true_computation", "computation", "true_computation", { required: false, print: (_, ctx) => predBranches(ctx) }),
    attr("false_computation", "computation", "false_computation", { required: false, print: (_, ctx) => predBranches(ctx) }),
    attr("branch_computations", "computations", "branch_computations", { print: (_, ctx) => !predBranches(ctx) }),
  ],
  // XLA prints map's dimensions; when absent they default to every dimension (filled in later).
  map: [ints("dimensions", "dimensions", false), toApply],
  "opt-barrier": none,
  "all-reduce": [...collectiveHead, globalIds, toApply],
  "all-reduce-start": [...collectiveHead, globalIds, toApply],
  "all-reduce-done": none,
  "all-gather": [...collectiveHead, oneDim, globalIds],
  "all-gather-start": [...collectiveHead, oneDim, globalIds],
  "all-gather-done": none,
  // HloReduceScatterInstruction adds its dimension after the all-reduce attributes, before to_apply.
  "reduce-scatter": [...collectiveHead, globalIds, oneDim, toApply],
  // The tuple form has no split dimension.
  "all-to-all": [...collectiveHead, attr("dimensions", "single_int", "dimension")],
  "collective-permute": permute,
  "collective-permute-start": permute,
  "collective-permute-done": none,
  "collective-broadcast": collectiveHead,
  "ragged-all-to-all": collectiveHead,
  "replica-id": none,
  "partition-id": none,
  // HloCopyStartInstruction prints the prefetch index only when it has one.
  "copy-start": [attr("cross_program_prefetch_index", "int", "crossProgramPrefetchIndex")],
  "copy-done": none,
  // XLA's parser requires the wrapped computation on async-start only; the later ops may repeat it,
  // but XLA prints the thread and the computation on async-start only (the later ops find them through it).
  "async-start": [asyncThread, comp("calls")],
  "async-update": [{ ...asyncThread, print: "never" }, { ...comp("calls", false), print: "never" }],
  "async-done": [{ ...asyncThread, print: "never" }, { ...comp("calls", false), print: "never" }],
  // XLA's parser: the configs default to "", outfeed_shape to the operand's shape, is_host_transfer to false.
  // HloInfeedInstruction / HloOutfeedInstruction print an empty config not at all; outfeed_shape always, with its layout.
  infeed: [attr("infeed_config", "string", "infeedConfig", { absent: "", print: "unless-absent" })],
  outfeed: [
    attr("outfeed_shape", "shape", "outfeedShape", { printFallback: ({ operandShape }) => operandShape(0) }),
    attr("outfeed_config", "string", "outfeedConfig", { absent: "", print: "unless-absent" }),
  ],
  send: sendRecv,
  "send-done": sendRecv,
  recv: sendRecv,
  "recv-done": sendRecv,
  "after-all": none,
  "add-dependency": none,
  domain: [attr("domain", "raw", "domain", { required: true })],
  "rng-get-and-update-state": [int("delta", "delta")],
  // XLA always prints the algorithm (rng_default included) and the distribution.
  "rng-bit-generator": [attr("algorithm", "rng_algorithm", "algorithm", { required: true })],
  rng: [attr("distribution", "rng_distribution", "distribution", { required: true })],
  "stochastic-convert": none,
  // Every other custom-call attribute is kept as raw text (rawAttributes) and printed after the target.
  "custom-call": [attr("custom_call_target", "string", "customCallTarget", { required: true })],
};
