/**
 * Instruction attributes in HLO text: for every opcode, which `name=value`
 * attributes it takes, in which form (`{1,0}`, `[0:3:1]`, `0_0_1x1_1`,
 * `{size=2x2 stride=1x1}`, computation names, ...) and where each lands in the
 * camelCase attribute object of attributes.ts or in the instruction's `called`
 * list. Custom-call keeps every attribute but its target (and the
 * annotations every instruction takes) as raw text.
 */
import { COMPARISON_DIRECTIONS, COMPARISON_TYPES, FFT_TYPES, FUSION_KINDS, type PaddingDimension, TRANSPOSE_KINDS, type WindowDimension } from "../attributes.ts";
import { RNG_ALGORITHMS, RNG_DISTRIBUTIONS } from "../attributes.ts";
import type { Opcode } from "../opcode.ts";
import { type Lexer, type Token, quote, unquote } from "./lexer.ts";
import { floatWord, integerWord } from "./number_text.ts";
import { parseShapeFrom, skipToClosingBrace } from "./shape_text.ts";
import { readReplicaGroups, readSourceTargetPairs } from "./collective_text.ts";
import { readDimLabels } from "./dim_labels.ts";

export type AttrKind =
  | "ints" | "int" | "single_int" | "bool" | "direction" | "comparison_type" | "comparison_order"
  | "slice" | "padding" | "window" | "precision" | "computation" | "computations" | "string" | "fusion_kind"
  | "dim_labels"
  | "fft_type" | "transpose" | "f32"
  | "replica_groups" | "source_target_pairs" | "raw"
  | "rng_algorithm" | "rng_distribution" | "shape";

export interface AttrSpec {
  readonly kind: AttrKind;
  /** The attribute-object key (or, for computation kinds, the called role). */
  readonly key: string;
  readonly required?: boolean;
  /** Value used when the attribute is absent. */
  readonly absent?: unknown;
}

type Specs = Readonly<Record<string, AttrSpec>>;

const ints = (key: string, required = true): AttrSpec => ({ kind: "ints", key, required });
const intsOrEmpty = (key: string): AttrSpec => ({ kind: "ints", key, absent: [] });
const int = (key: string): AttrSpec => ({ kind: "int", key, required: true });
const flag = (key: string): AttrSpec => ({ kind: "bool", key, absent: false });
const comp = (key: string, required = true): AttrSpec => ({ kind: "computation", key, required });
const toApply = { to_apply: comp("to_apply") };

const binary: Specs = { broadcast_dimensions: { kind: "ints", key: "broadcastDimensions" } };
const none: Specs = {};
const dims: Specs = { dimensions: ints("dimensions") };
const oneDim: Specs = { dimensions: { kind: "single_int", key: "dimension", required: true } };
/** The attributes all-reduce, all-gather, reduce-scatter and all-to-all share; absent groups mean every device. */
const collective: Specs = {
  channel_id: { kind: "int", key: "channelId" },
  replica_groups: { kind: "replica_groups", key: "replicaGroups", absent: { kind: "list", groups: [] } },
  constrain_layout: flag("constrainLayout"),
  use_global_device_ids: flag("useGlobalDeviceIds"),
};
const permute: Specs = {
  channel_id: { kind: "int", key: "channelId" },
  source_target_pairs: { kind: "source_target_pairs", key: "sourceTargetPairs", required: true },
};
/** send, recv and their -done ops: the channel (optional in XLA's parser) and the host flag. */
const sendRecv: Specs = { channel_id: { kind: "int", key: "channelId" }, is_host_transfer: flag("isHostTransfer") };
/** HloAsyncInstruction's execution thread; absent means the main thread. */
const asyncThread: AttrSpec = { kind: "string", key: "asyncExecutionThread", absent: "main" };
const batchNorm: Specs = { epsilon: { kind: "f32", key: "epsilon", required: true }, feature_index: int("featureIndex") };

/** What each opcode accepts, keyed by the attribute's text name. */
export const ATTRIBUTE_SPECS: { readonly [K in Opcode]: Specs } = {
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
  compare: {
    direction: { kind: "direction", key: "direction", required: true },
    type: { kind: "comparison_type", key: "comparisonType" },
    // Not in XLA's parser; some JAX printings carry it. TOTAL means a total-order comparison.
    order: { kind: "comparison_order", key: "comparisonType" },
    ...binary,
  },
  select: none, clamp: none, convert: none, "bitcast-convert": none,
  "reduce-precision": { exponent_bits: int("exponentBits"), mantissa_bits: int("mantissaBits") },
  broadcast: { dimensions: intsOrEmpty("dimensions") },
  reshape: none,
  bitcast: none,
  transpose: dims,
  reverse: dims,
  slice: { slice: { kind: "slice", key: "slice", required: true } },
  concatenate: oneDim,
  pad: { padding: { kind: "padding", key: "padding", required: true } },
  iota: { iota_dimension: int("iotaDimension") },
  "get-dimension-size": oneDim,
  "set-dimension-size": oneDim,
  "dynamic-reshape": none,
  "dynamic-slice": { dynamic_slice_sizes: ints("sliceSizes") },
  "dynamic-update-slice": none,
  gather: {
    offset_dims: ints("offsetDims"),
    collapsed_slice_dims: ints("collapsedSliceDims"),
    start_index_map: ints("startIndexMap"),
    operand_batching_dims: intsOrEmpty("operandBatchingDims"),
    start_indices_batching_dims: intsOrEmpty("startIndicesBatchingDims"),
    index_vector_dim: int("indexVectorDim"),
    slice_sizes: ints("sliceSizes"),
    indices_are_sorted: flag("indicesAreSorted"),
  },
  scatter: {
    update_window_dims: ints("updateWindowDims"),
    inserted_window_dims: ints("insertedWindowDims"),
    input_batching_dims: intsOrEmpty("inputBatchingDims"),
    scatter_indices_batching_dims: intsOrEmpty("scatterIndicesBatchingDims"),
    scatter_dims_to_operand_dims: ints("scatterDimsToOperandDims"),
    index_vector_dim: int("indexVectorDim"),
    indices_are_sorted: flag("indicesAreSorted"),
    unique_indices: flag("uniqueIndices"),
    ...toApply,
  },
  reduce: { ...dims, ...toApply },
  "reduce-window": { window: { kind: "window", key: "window", absent: [] }, ...toApply },
  "select-and-scatter": { window: { kind: "window", key: "window", absent: [] }, select: comp("select"), scatter: comp("scatter") },
  sort: { ...oneDim, is_stable: flag("isStable"), ...toApply },
  // XLA requires dim_labels; a missing window is an empty one (valid only without spatial dimensions).
  convolution: {
    window: { kind: "window", key: "window", absent: [] },
    dim_labels: { kind: "dim_labels", key: "dimensionNumbers", required: true },
    feature_group_count: { kind: "int", key: "featureGroupCount", absent: 1 },
    batch_group_count: { kind: "int", key: "batchGroupCount", absent: 1 },
    operand_precision: { kind: "precision", key: "operandPrecision" },
  },
  dot: {
    lhs_batch_dims: intsOrEmpty("lhsBatchDimensions"),
    lhs_contracting_dims: intsOrEmpty("lhsContractingDimensions"),
    rhs_batch_dims: intsOrEmpty("rhsBatchDimensions"),
    rhs_contracting_dims: intsOrEmpty("rhsContractingDimensions"),
    operand_precision: { kind: "precision", key: "operandPrecision" },
  },
  "ragged-dot": {
    lhs_batch_dims: intsOrEmpty("lhsBatchDimensions"),
    lhs_contracting_dims: intsOrEmpty("lhsContractingDimensions"),
    rhs_batch_dims: intsOrEmpty("rhsBatchDimensions"),
    rhs_contracting_dims: intsOrEmpty("rhsContractingDimensions"),
    lhs_ragged_dims: intsOrEmpty("lhsRaggedDimensions"),
    rhs_group_dims: intsOrEmpty("rhsGroupDimensions"),
    operand_precision: { kind: "precision", key: "operandPrecision" },
  },
  "scaled-dot": {
    lhs_batch_dims: intsOrEmpty("lhsBatchDimensions"),
    lhs_contracting_dims: intsOrEmpty("lhsContractingDimensions"),
    rhs_batch_dims: intsOrEmpty("rhsBatchDimensions"),
    rhs_contracting_dims: intsOrEmpty("rhsContractingDimensions"),
    operand_precision: { kind: "precision", key: "operandPrecision" },
  },
  cholesky: { lower: flag("lower") },
  "triangular-solve": {
    left_side: flag("leftSide"),
    lower: flag("lower"),
    unit_diagonal: flag("unitDiagonal"),
    transpose_a: { kind: "transpose", key: "transposeA" },
  },
  fft: { fft_type: { kind: "fft_type", key: "fftType", required: true }, fft_length: ints("fftLength") },
  topk: { k: int("k"), largest: { kind: "bool", key: "largest", absent: true }, is_stable: flag("isStable") },
  "batch-norm-inference": batchNorm,
  "batch-norm-training": batchNorm,
  "batch-norm-grad": batchNorm,
  parameter: none,
  constant: none,
  tuple: none,
  "get-tuple-element": { index: int("index") },
  call: toApply,
  // XLA's parser requires both; the fused computation is named by `calls=`.
  fusion: { kind: { kind: "fusion_kind", key: "kind", required: true }, calls: comp("calls") },
  while: { condition: comp("condition"), body: comp("body") },
  conditional: {
    true_computation: comp("true_computation", false),
    false_computation: comp("false_computation", false),
    branch_computations: { kind: "computations", key: "branch_computations" },
  },
  // XLA prints map's dimensions; when absent they default to every dimension (filled in later).
  map: { dimensions: ints("dimensions", false), ...toApply },
  "opt-barrier": none,
  "all-reduce": { ...collective, ...toApply },
  "all-reduce-start": { ...collective, ...toApply },
  "all-reduce-done": none,
  "all-gather": { ...collective, ...oneDim },
  "all-gather-start": { ...collective, ...oneDim },
  "all-gather-done": none,
  "reduce-scatter": { ...collective, ...oneDim, ...toApply },
  // The tuple form has no split dimension.
  "all-to-all": {
    channel_id: collective.channel_id, replica_groups: collective.replica_groups, constrain_layout: collective.constrain_layout,
    dimensions: { kind: "single_int", key: "dimension" },
  },
  "collective-permute": permute,
  "collective-permute-start": permute,
  "collective-permute-done": none,
  "collective-broadcast": {
    channel_id: collective.channel_id, replica_groups: collective.replica_groups, constrain_layout: collective.constrain_layout,
  },
  "replica-id": none,
  "partition-id": none,
  "copy-start": { cross_program_prefetch_index: { kind: "int", key: "crossProgramPrefetchIndex" } },
  "copy-done": none,
  // XLA's parser requires the wrapped computation on async-start only; the later ops may repeat it.
  "async-start": { calls: comp("calls"), async_execution_thread: asyncThread },
  "async-update": { calls: comp("calls", false), async_execution_thread: asyncThread },
  "async-done": { calls: comp("calls", false), async_execution_thread: asyncThread },
  // XLA's parser: the configs default to "", outfeed_shape to the operand's shape, is_host_transfer to false.
  infeed: { infeed_config: { kind: "string", key: "infeedConfig", absent: "" } },
  outfeed: { outfeed_shape: { kind: "shape", key: "outfeedShape" }, outfeed_config: { kind: "string", key: "outfeedConfig", absent: "" } },
  send: sendRecv,
  "send-done": sendRecv,
  recv: sendRecv,
  "recv-done": sendRecv,
  "after-all": none,
  "add-dependency": none,
  domain: { domain: { kind: "raw", key: "domain", required: true } },
  "rng-get-and-update-state": { delta: int("delta") },
  "rng-bit-generator": { algorithm: { kind: "rng_algorithm", key: "algorithm", required: true } },
  rng: { distribution: { kind: "rng_distribution", key: "distribution", required: true } },
  "stochastic-convert": none,
  "custom-call": { custom_call_target: { kind: "string", key: "customCallTarget", required: true } },
};

/**
 * Attributes of some opcodes that carry no semantics minixla models: kept as
 * text (InstructionAnnotations.other) wherever they appear, and printed back.
 * The attributes every instruction takes (sharding, metadata, ...) are read by
 * annotation_text.ts.
 */
export const IGNORED_ATTRIBUTES: ReadonlySet<string> = new Set([
  "original_value", "schedule", "scheduling_name", "result_accuracy", "algorithm", "inferred_dimension",
  "is_composite", "composite_attributes", "sparsity", "channel_id", "layout",
]);

/** Skips one attribute value (a word, a string or a balanced group), returning its source text. */
export function skipValue(lx: Lexer): string {
  const t = lx.next();
  if (t.kind === "eof") throw lx.error(t, "expects an attribute value, but sees end of input");
  if (t.kind === "punct") {
    if (t.text === "{") {
      skipToClosingBrace(lx, t);
    } else if (t.text === "(" || t.text === "[") {
      skipGroup(lx, t);
    } else {
      throw lx.error(t, `expects an attribute value, but sees ${quote(t)}`);
    }
  }
  return lx.text.slice(t.start, lx.lastEnd);
}

function skipGroup(lx: Lexer, open: Token): void {
  let depth = 1;
  for (;;) {
    const t = lx.next();
    if (t.kind === "eof") throw lx.error(open, `unbalanced ${quote(open)}: end of input before it closes`);
    if (t.kind !== "punct") continue;
    if (t.text === "{" || t.text === "(" || t.text === "[") depth++;
    else if (t.text === "}" || t.text === ")" || t.text === "]") {
      if (--depth === 0) return;
    }
  }
}

/** An integer word as a safe integer (negative allowed). */
export function readInt(lx: Lexer, t: Token, what: string): number {
  const v = t.kind === "word" ? integerWord(t.text) : undefined;
  if (v === undefined) throw lx.error(t, `expects an integer for ${what}, but sees ${quote(t)}`);
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER)) throw lx.error(t, `${what} ${t.text} is too large`);
  return Number(v);
}

function readIntList(lx: Lexer, what: string): number[] {
  lx.expectPunct("{", `to start ${what}`);
  const out: number[] = [];
  if (lx.eatPunct("}")) return out;
  for (;;) {
    out.push(readInt(lx, lx.next(), what));
    if (lx.eatPunct("}")) return out;
    lx.expectPunct(",", `between the elements of ${what}`);
  }
}

/** `1x2x3` (or a single `4`): one integer per dimension. */
function readDxD(lx: Lexer, t: Token, what: string): number[] {
  if (t.kind !== "word") throw lx.error(t, `expects ${what} such as 2x2, but sees ${quote(t)}`);
  return t.text.split("x").map((part) => readInt(lx, { ...t, text: part }, what));
}

/** `low_high[_interior]` per dimension, joined by 'x'. */
function readPaddingPairs(lx: Lexer, t: Token, allowInterior: boolean): number[][] {
  if (t.kind !== "word") throw lx.error(t, `expects padding such as 0_0x1_1, but sees ${quote(t)}`);
  return t.text.split("x").map((dim) => {
    const parts = dim.split("_");
    if (parts.length < 2 || parts.length > (allowInterior ? 3 : 2)) {
      throw lx.error(t, allowInterior ? "expects padding_low and padding_high separated by '_', and an optional interior padding" : "expects padding_low and padding_high separated by '_'");
    }
    return parts.map((p) => readInt(lx, { ...t, text: p }, "padding"));
  });
}

function readPadding(lx: Lexer): PaddingDimension[] {
  // A rank-0 pad prints `padding=` with nothing after it.
  const t = lx.peek();
  if (t.kind !== "word") return [];
  lx.next();
  return readPaddingPairs(lx, t, true).map(([low, high, interior = 0]) => ({ low, high, interior }));
}

function readSlice(lx: Lexer): { starts: number[]; limits: number[]; strides: number[] } {
  const starts: number[] = [];
  const limits: number[] = [];
  const strides: number[] = [];
  lx.expectPunct("{", "to start slice ranges");
  if (lx.eatPunct("}")) return { starts, limits, strides };
  for (;;) {
    const open = lx.expectPunct("[", "to start a slice range");
    const nums = [readInt(lx, lx.next(), "a slice bound")];
    while (lx.eatPunct(":")) nums.push(readInt(lx, lx.next(), "a slice bound"));
    lx.expectPunct("]", "to end a slice range");
    if (nums.length < 2 || nums.length > 3) {
      throw lx.error(open, `expects [start:limit:step] or [start:limit], but sees ${nums.length} elements.`);
    }
    starts.push(nums[0]);
    limits.push(nums[1]);
    strides.push(nums[2] ?? 1);
    if (lx.eatPunct("}")) return { starts, limits, strides };
    lx.expectPunct(",", "between slice ranges");
  }
}

const WINDOW_FIELDS = ["size", "stride", "pad", "lhs_dilate", "rhs_dilate", "rhs_reversal"] as const;

function readWindow(lx: Lexer): WindowDimension[] {
  const open = lx.expectPunct("{", "to start a window");
  const fields = new Map<string, number[][]>();
  while (!lx.eatPunct("}")) {
    const name = lx.expectWord("a window sub-attribute such as size=");
    if (!(WINDOW_FIELDS as readonly string[]).includes(name.text)) throw lx.error(name, `unknown window sub-attribute ${quote(name)}`);
    if (fields.has(name.text)) throw lx.error(name, `window sub-attribute '${name.text}=' appears twice`);
    lx.expectPunct("=", `after '${name.text}'`);
    const value = lx.next();
    fields.set(name.text, name.text === "pad" ? readPaddingPairs(lx, value, false) : readDxD(lx, value, name.text).map((v) => [v]));
  }
  const size = fields.get("size");
  if (fields.size === 0) return [];
  if (!size) throw lx.error(open, "sub-attribute 'size=' is required in the window attribute");
  for (const [name, values] of fields) {
    if (values.length !== size.length) throw lx.error(open, `expects '${name}=' has the same size as 'size='`);
  }
  const at = (name: string, i: number, j: number, dflt: number) => fields.get(name)?.[i][j] ?? dflt;
  return size.map(([s], i) => ({
    size: s,
    stride: at("stride", i, 0, 1),
    padLow: at("pad", i, 0, 0),
    padHigh: at("pad", i, 1, 0),
    baseDilation: at("lhs_dilate", i, 0, 1),
    windowDilation: at("rhs_dilate", i, 0, 1),
    windowReversal: at("rhs_reversal", i, 0, 0) !== 0,
  }));
}

function readWordList(lx: Lexer, what: string): { names: string[]; toks: Token[] } {
  lx.expectPunct("{", `to start ${what}`);
  const names: string[] = [];
  const toks: Token[] = [];
  if (lx.eatPunct("}")) return { names, toks };
  for (;;) {
    const t = lx.expectWord(what);
    toks.push(t);
    names.push(stripPercent(t.text));
    if (lx.eatPunct("}")) return { names, toks };
    lx.expectPunct(",", `between the elements of ${what}`);
  }
}

export const stripPercent = (s: string): string => (s.startsWith("%") ? s.slice(1) : s);

function readEnum<T extends string>(lx: Lexer, allowed: readonly T[], what: string): T {
  const t = lx.next();
  if (t.kind !== "word" || !(allowed as readonly string[]).includes(t.text)) {
    throw lx.error(t, `expects ${what} (one of ${allowed.join(", ")}), but sees ${quote(t)}`);
  }
  return t.text as T;
}

/** A reference to called computations, kept with its tokens for "does not exist" errors. */
export interface CallRef {
  readonly names: readonly string[];
  readonly toks: readonly Token[];
}

/** Reads the value of one attribute of a known kind; computation kinds return a CallRef. */
export function readAttributeValue(lx: Lexer, spec: AttrSpec, textName: string): unknown {
  switch (spec.kind) {
    case "ints": return readIntList(lx, textName);
    case "int": return readInt(lx, lx.next(), textName);
    case "single_int": {
      const open = lx.peek();
      const list = readIntList(lx, textName);
      if (list.length !== 1) throw lx.error(open, `expects exactly one dimension in '${textName}=', but sees ${list.length}`);
      return list[0];
    }
    case "bool": {
      const t = lx.next();
      if (t.kind !== "word" || (t.text !== "true" && t.text !== "false")) throw lx.error(t, `expects true or false for ${textName}, but sees ${quote(t)}`);
      return t.text === "true";
    }
    case "direction": return readEnum(lx, COMPARISON_DIRECTIONS, "a comparison direction");
    case "comparison_type": return readEnum(lx, COMPARISON_TYPES, "a comparison type");
    case "fusion_kind": return readEnum(lx, FUSION_KINDS, "a fusion kind");
    case "rng_algorithm": return readEnum(lx, RNG_ALGORITHMS, "a random algorithm");
    case "rng_distribution": return readEnum(lx, RNG_DISTRIBUTIONS, "a random distribution");
    case "fft_type": return readEnum(lx, FFT_TYPES, "an fft type");
    case "transpose": return readEnum(lx, TRANSPOSE_KINDS, "a transpose option");
    case "f32": {
      // XLA holds such attributes (epsilon) as a C++ float.
      const t = lx.next();
      const v = t.kind === "word" ? floatWord(t.text) : undefined;
      if (v === undefined) throw lx.error(t, `expects a floating-point number for ${textName}, but sees ${quote(t)}`);
      return Math.fround(v.value);
    }
    case "comparison_order": return readEnum(lx, ["TOTAL", "PARTIAL"] as const, "a comparison order") === "TOTAL" ? "TOTALORDER" : undefined;
    case "slice": return readSlice(lx);
    case "padding": return readPadding(lx);
    case "window": return readWindow(lx);
    case "precision": return readWordList(lx, "operand precisions").names;
    case "dim_labels": return readDimLabels(lx);
    case "computation": {
      const t = lx.expectWord("a computation name");
      return { names: [stripPercent(t.text)], toks: [t] } satisfies CallRef;
    }
    case "computations": return readWordList(lx, "computation names") satisfies CallRef;
    case "replica_groups": return readReplicaGroups(lx);
    case "source_target_pairs": return readSourceTargetPairs(lx);
    case "shape": return parseShapeFrom(lx);
    // Kept as written: XLA's own canonical spelling prints back unchanged.
    case "raw": return skipValue(lx);
    case "string": {
      const t = lx.next();
      if (t.kind !== "string") throw lx.error(t, `expects a quoted string for ${textName}, but sees ${quote(t)}`);
      return unquote(t.text);
    }
  }
}
