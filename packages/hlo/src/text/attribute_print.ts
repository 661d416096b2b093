/**
 * Printing instruction attributes as XLA's HloInstruction::ToString does
 * (ExtraAttributesToString, then the called computations): the same names,
 * order and spelling, defaults omitted where XLA omits them. One entry per
 * opcode, so a new opcode does not compile until it prints.
 */
import type { Immutable } from "immer";
import { type PaddingDimension, type WindowDimension, defaultComparisonType } from "../attributes.ts";
import type { HloInstruction, InstructionOf } from "../instruction.ts";
import type { AttributesOf, Opcode } from "../opcode.ts";
import { type Shape, shapeToStringWithLayout } from "../shape.ts";
import { dimLabelsToString } from "./dim_labels.ts";
import { replicaGroupsToString, sourceTargetPairsToString } from "./collective_text.ts";
import { quoteString } from "./lexer.ts";
import { formatSixDigits } from "./number_text.ts";

type Printer<K extends Opcode> = (inst: InstructionOf<K>, operandShape: (i: number) => Shape | undefined) => string[];

const braces = (xs: readonly (number | string)[]): string => `{${xs.join(",")}}`;

const none = (): string[] => [];

const binary = (inst: { readonly attributes: { readonly broadcastDimensions?: readonly number[] } }): string[] =>
  inst.attributes.broadcastDimensions === undefined ? [] : [`broadcast_dimensions=${braces(inst.attributes.broadcastDimensions)}`];

const dimensions = (inst: { readonly attributes: { readonly dimensions: readonly number[] } }): string[] => [`dimensions=${braces(inst.attributes.dimensions)}`];
const oneDimension = (inst: { readonly attributes: { readonly dimension: number } }): string[] => [`dimensions={${inst.attributes.dimension}}`];
const toApply = (inst: HloInstruction): string[] => (inst.called.length > 0 ? [`to_apply=${inst.called[0]}`] : []);

/** XLA's PaddingConfigToString: interior shown on every dimension iff one is non-zero. */
export function paddingToString(padding: Immutable<readonly PaddingDimension[]>): string {
  const interior = padding.some((p) => p.interior !== 0);
  return padding.map((p) => (interior ? `${p.low}_${p.high}_${p.interior}` : `${p.low}_${p.high}`)).join("x");
}

/** XLA's window_util::ToString: size always, other fields only when not all default. */
export function windowToString(window: Immutable<readonly WindowDimension[]>): string {
  if (window.length === 0) return "{}";
  const fields: string[] = [`size=${window.map((w) => w.size).join("x")}`];
  const add = (name: string, show: boolean, f: (w: Immutable<WindowDimension>) => string) => {
    if (show) fields.push(`${name}=${window.map(f).join("x")}`);
  };
  add("stride", window.some((w) => w.stride !== 1), (w) => `${w.stride}`);
  add("pad", window.some((w) => w.padLow !== 0 || w.padHigh !== 0), (w) => `${w.padLow}_${w.padHigh}`);
  add("lhs_dilate", window.some((w) => w.baseDilation !== 1), (w) => `${w.baseDilation}`);
  add("rhs_dilate", window.some((w) => w.windowDilation !== 1), (w) => `${w.windowDilation}`);
  add("rhs_reversal", window.some((w) => w.windowReversal), (w) => (w.windowReversal ? "1" : "0"));
  return `{${fields.join(" ")}}`;
}

/** epsilon as absl::StrCat prints a float (six significant digits), then feature_index. */
const batchNorm = (inst: { readonly attributes: { readonly epsilon: number; readonly featureIndex: number } }): string[] => [
  `epsilon=${formatSixDigits(inst.attributes.epsilon)}`,
  `feature_index=${inst.attributes.featureIndex}`,
];

type CollectiveAttrs = Immutable<AttributesOf<"all-reduce">>;
/** HloChannelInstruction then HloCollectiveInstruction: channel_id, replica_groups, constrain_layout. */
const collectiveHead = (a: Immutable<AttributesOf<"all-to-all">>): string[] => [
  ...(a.channelId === undefined ? [] : [`channel_id=${a.channelId}`]),
  `replica_groups=${replicaGroupsToString(a.replicaGroups)}`,
  ...(a.constrainLayout ? ["constrain_layout=true"] : []),
];
const globalIds = (a: CollectiveAttrs): string[] => (a.useGlobalDeviceIds ? ["use_global_device_ids=true"] : []);
const allReduce = (inst: HloInstruction & { readonly attributes: CollectiveAttrs }): string[] => [
  ...collectiveHead(inst.attributes), ...globalIds(inst.attributes), ...toApply(inst),
];
const allGather = (inst: { readonly attributes: Immutable<AttributesOf<"all-gather">> }): string[] => [
  ...collectiveHead(inst.attributes), `dimensions={${inst.attributes.dimension}}`, ...globalIds(inst.attributes),
];
const permute = (inst: { readonly attributes: Immutable<AttributesOf<"collective-permute">> }): string[] => [
  ...(inst.attributes.channelId === undefined ? [] : [`channel_id=${inst.attributes.channelId}`]),
  `source_target_pairs=${sourceTargetPairsToString(inst.attributes.sourceTargetPairs)}`,
];

/** HloSendRecvInstruction: channel_id when it has one, is_host_transfer only when true. */
const sendRecv = (inst: { readonly attributes: Immutable<AttributesOf<"send">> }): string[] => [
  ...(inst.attributes.channelId === undefined ? [] : [`channel_id=${inst.attributes.channelId}`]),
  ...(inst.attributes.isHostTransfer ? ["is_host_transfer=true"] : []),
];

/** HloAsyncStartInstruction: the thread when it is not "main", then the wrapped computation. */
const asyncOp = (inst: HloInstruction & { readonly attributes: { readonly asyncExecutionThread: string } }): string[] => [
  ...(inst.attributes.asyncExecutionThread === "main" ? [] : [`async_execution_thread=${quoteString(inst.attributes.asyncExecutionThread)}`]),
  ...(inst.called.length > 0 ? [`calls=${inst.called[0]}`] : []),
];

const nonEmpty = (name: string, xs: readonly number[]): string[] => (xs.length > 0 ? [`${name}=${braces(xs)}`] : []);

/** A dot-like op's text, as dot's: dimension numbers, `extra` (ragged-dot's dimensions), then a non-default precision. */
const dotLike = (a: Immutable<AttributesOf<"dot">>, extra: readonly string[] = []): string[] => {
  const precision = a.operandPrecision;
  const showPrecision = precision !== undefined && precision.some((p) => p.toLowerCase() !== "default");
  return [
    ...nonEmpty("lhs_batch_dims", a.lhsBatchDimensions),
    `lhs_contracting_dims=${braces(a.lhsContractingDimensions)}`,
    ...nonEmpty("rhs_batch_dims", a.rhsBatchDimensions),
    `rhs_contracting_dims=${braces(a.rhsContractingDimensions)}`,
    ...extra,
    ...(showPrecision ? [`operand_precision=${braces(precision.map((p) => p.toLowerCase()))}`] : []),
  ];
};

export const ATTRIBUTE_PRINTERS: { readonly [K in Opcode]: Printer<K> } = {
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
  compare: (inst, operandShape) => {
    const type = inst.attributes.comparisonType;
    // XLA prints type= only when it differs from the operand type's default.
    const operand = operandShape(0);
    const isDefault = operand !== undefined && operand.elementType !== "tuple" && type === defaultComparisonType(operand.elementType);
    return [`direction=${inst.attributes.direction}`, ...(type === undefined || isDefault ? [] : [`type=${type}`]), ...binary(inst)];
  },
  select: none, clamp: none, convert: none, "bitcast-convert": none,
  "reduce-precision": (inst) => [`exponent_bits=${inst.attributes.exponentBits}`, `mantissa_bits=${inst.attributes.mantissaBits}`],
  broadcast: dimensions,
  reshape: none,
  bitcast: none,
  transpose: dimensions,
  reverse: dimensions,
  slice: (inst) => {
    const { starts, limits, strides } = inst.attributes;
    const unit = strides.every((s) => s === 1);
    return [`slice={${starts.map((s, i) => `[${s}:${limits[i]}${unit ? "" : `:${strides[i]}`}]`).join(", ")}}`];
  },
  concatenate: oneDimension,
  pad: (inst) => [`padding=${paddingToString(inst.attributes.padding)}`],
  iota: (inst) => [`iota_dimension=${inst.attributes.iotaDimension}`],
  "get-dimension-size": oneDimension,
  "set-dimension-size": oneDimension,
  "dynamic-reshape": none,
  "dynamic-slice": (inst) => [`dynamic_slice_sizes=${braces(inst.attributes.sliceSizes)}`],
  "dynamic-update-slice": none,
  gather: (inst) => {
    const a = inst.attributes;
    return [
      `offset_dims=${braces(a.offsetDims)}`,
      `collapsed_slice_dims=${braces(a.collapsedSliceDims)}`,
      `start_index_map=${braces(a.startIndexMap)}`,
      ...nonEmpty("operand_batching_dims", a.operandBatchingDims),
      ...nonEmpty("start_indices_batching_dims", a.startIndicesBatchingDims),
      `index_vector_dim=${a.indexVectorDim}`,
      `slice_sizes=${braces(a.sliceSizes)}`,
      ...(a.indicesAreSorted ? ["indices_are_sorted=true"] : []),
    ];
  },
  scatter: (inst) => {
    const a = inst.attributes;
    return [
      `update_window_dims=${braces(a.updateWindowDims)}`,
      `inserted_window_dims=${braces(a.insertedWindowDims)}`,
      ...nonEmpty("input_batching_dims", a.inputBatchingDims),
      ...nonEmpty("scatter_indices_batching_dims", a.scatterIndicesBatchingDims),
      `scatter_dims_to_operand_dims=${braces(a.scatterDimsToOperandDims)}`,
      `index_vector_dim=${a.indexVectorDim}`,
      ...(a.indicesAreSorted ? ["indices_are_sorted=true"] : []),
      ...(a.uniqueIndices ? ["unique_indices=true"] : []),
      ...toApply(inst),
    ];
  },
  reduce: (inst) => [...dimensions(inst), ...toApply(inst)],
  "reduce-window": (inst) => [`window=${windowToString(inst.attributes.window)}`, ...toApply(inst)],
  "select-and-scatter": (inst) => [`window=${windowToString(inst.attributes.window)}`, `select=${inst.called[0]}`, `scatter=${inst.called[1]}`],
  sort: (inst) => [oneDimension(inst)[0], ...(inst.attributes.isStable ? ["is_stable=true"] : []), ...toApply(inst)],
  // HloConvolutionInstruction::ExtraAttributesToString: counts and precision only when not the default.
  convolution: (inst) => {
    const a = inst.attributes;
    const precision = a.operandPrecision;
    const showPrecision = precision !== undefined && precision.some((p) => p.toLowerCase() !== "default");
    return [
      ...(a.window.length > 0 ? [`window=${windowToString(a.window)}`] : []),
      `dim_labels=${dimLabelsToString(a.dimensionNumbers)}`,
      ...(a.featureGroupCount !== 1 ? [`feature_group_count=${a.featureGroupCount}`] : []),
      ...(a.batchGroupCount !== 1 ? [`batch_group_count=${a.batchGroupCount}`] : []),
      ...(showPrecision ? [`operand_precision=${braces(precision.map((p) => p.toLowerCase()))}`] : []),
    ];
  },
  dot: (inst) => {
    const a = inst.attributes;
    const precision = a.operandPrecision;
    const showPrecision = precision !== undefined && precision.some((p) => p.toLowerCase() !== "default");
    // XLA's DotDimensionNumbersToString omits empty batch dims but always
    // prints the contracting dims; PrecisionConfigToString lower-cases names.
    return [
      ...nonEmpty("lhs_batch_dims", a.lhsBatchDimensions),
      `lhs_contracting_dims=${braces(a.lhsContractingDimensions)}`,
      ...nonEmpty("rhs_batch_dims", a.rhsBatchDimensions),
      `rhs_contracting_dims=${braces(a.rhsContractingDimensions)}`,
      ...(showPrecision ? [`operand_precision=${braces(precision.map((p) => p.toLowerCase()))}`] : []),
    ];
  },
  // XLA prints the dot dimension numbers, then the ragged and group dimensions when present.
  "ragged-dot": (inst) =>
    dotLike(inst.attributes, [...nonEmpty("lhs_ragged_dims", inst.attributes.lhsRaggedDimensions), ...nonEmpty("rhs_group_dims", inst.attributes.rhsGroupDimensions)]),
  "scaled-dot": (inst) => dotLike(inst.attributes),
  cholesky: (inst) => (inst.attributes.lower ? ["lower=true"] : []),
  // XLA prints the options that differ from the proto defaults (false, TRANSPOSE_INVALID).
  "triangular-solve": (inst) => {
    const a = inst.attributes;
    return [
      ...(a.leftSide ? ["left_side=true"] : []),
      ...(a.lower ? ["lower=true"] : []),
      ...(a.unitDiagonal ? ["unit_diagonal=true"] : []),
      ...(a.transposeA === undefined ? [] : [`transpose_a=${a.transposeA}`]),
    ];
  },
  fft: (inst) => [`fft_type=${inst.attributes.fftType}`, `fft_length=${braces(inst.attributes.fftLength)}`],
  topk: (inst) => [`k=${inst.attributes.k}`, `largest=${inst.attributes.largest}`, ...(inst.attributes.isStable ? ["is_stable=true"] : [])],
  "batch-norm-inference": batchNorm,
  "batch-norm-training": batchNorm,
  "batch-norm-grad": batchNorm,
  parameter: none,
  constant: none,
  tuple: none,
  "get-tuple-element": (inst) => [`index=${inst.attributes.index}`],
  call: toApply,
  // XLA prints the fusion kind, then the fused computation as `calls=`.
  fusion: (inst) => [`kind=${inst.attributes.kind}`, ...(inst.called.length > 0 ? [`calls=${inst.called[0]}`] : [])],
  while: (inst) => [`condition=${inst.called[0]}`, `body=${inst.called[1]}`],
  conditional: (inst, operandShape) => {
    const index = operandShape(0);
    if (index !== undefined && index.elementType === "pred" && inst.called.length === 2) {
      return [`true_computation=${inst.called[0]}`, `false_computation=${inst.called[1]}`];
    }
    return [`branch_computations={${inst.called.join(", ")}}`];
  },
  map: (inst) => [...dimensions(inst), ...toApply(inst)],
  "opt-barrier": none,
  "all-reduce": allReduce,
  "all-reduce-start": allReduce,
  "all-reduce-done": none,
  "all-gather": allGather,
  "all-gather-start": allGather,
  "all-gather-done": none,
  // HloReduceScatterInstruction adds its dimension after the all-reduce attributes, before to_apply.
  "reduce-scatter": (inst) => [
    ...collectiveHead(inst.attributes), ...globalIds(inst.attributes), `dimensions={${inst.attributes.dimension}}`, ...toApply(inst),
  ],
  "all-to-all": (inst) => [
    ...collectiveHead(inst.attributes), ...(inst.attributes.dimension === undefined ? [] : [`dimensions={${inst.attributes.dimension}}`]),
  ],
  "collective-permute": permute,
  "collective-permute-start": permute,
  "collective-permute-done": none,
  "collective-broadcast": (inst) => collectiveHead(inst.attributes),
  "replica-id": none,
  "partition-id": none,
  // HloCopyStartInstruction prints the prefetch index only when it has one.
  "copy-start": (inst) => (inst.attributes.crossProgramPrefetchIndex === undefined ? [] : [`cross_program_prefetch_index=${inst.attributes.crossProgramPrefetchIndex}`]),
  "copy-done": none,
  // XLA prints the thread and the wrapped computation on async-start only; the later ops find them through it.
  "async-start": asyncOp,
  "async-update": none,
  "async-done": none,
  // HloInfeedInstruction / HloOutfeedInstruction print an empty config not at all; outfeed_shape always, with its layout.
  infeed: (inst) => (inst.attributes.infeedConfig === "" ? [] : [`infeed_config=${quoteString(inst.attributes.infeedConfig)}`]),
  outfeed: (inst, operandShape) => {
    const s = (inst.attributes.outfeedShape as Shape | undefined) ?? operandShape(0);
    return [
      ...(s === undefined ? [] : [`outfeed_shape=${shapeToStringWithLayout(s)}`]),
      ...(inst.attributes.outfeedConfig === "" ? [] : [`outfeed_config=${quoteString(inst.attributes.outfeedConfig)}`]),
    ];
  },
  send: sendRecv,
  "send-done": sendRecv,
  recv: sendRecv,
  "recv-done": sendRecv,
  "after-all": none,
  "add-dependency": none,
  domain: (inst) => [`domain=${inst.attributes.domain}`],
  "rng-get-and-update-state": (inst) => [`delta=${inst.attributes.delta}`],
  // XLA always prints the algorithm (rng_default included) and the distribution.
  "rng-bit-generator": (inst) => [`algorithm=${inst.attributes.algorithm}`],
  rng: (inst) => [`distribution=${inst.attributes.distribution}`],
  "stochastic-convert": none,
  "custom-call": (inst) => [
    `custom_call_target=${quoteString(inst.attributes.customCallTarget)}`,
    ...inst.attributes.rawAttributes.map((r) => `${r.name}=${r.value}`),
  ],
};

/** The `, name=value` tail of an instruction line. */
export function attributesText(inst: HloInstruction, operandShape: (i: number) => Shape | undefined): string {
  const printer = ATTRIBUTE_PRINTERS[inst.opcode] as Printer<Opcode>;
  const parts = printer(inst as InstructionOf<Opcode>, operandShape);
  return parts.map((p) => `, ${p}`).join("");
}
