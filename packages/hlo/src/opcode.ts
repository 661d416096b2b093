/**
 * The opcode table: every opcode minixla knows, once. Each entry gives its
 * operand count, the family whose files hold its shape rule and kernel, its
 * traits, the zod schema of its attributes and which computations it calls.
 * Shape rules, builder methods, printer cases and interpreter kernels are
 * tables typed `{ [K in Opcode]: ... }` or `{ [K in OpcodesOf<F>]: ... }`, so a
 * new opcode does not compile until every package handles it.
 *
 * Opcodes are spelled as in HLO text ("get-tuple-element").
 */
import type { z } from "zod";
import * as A from "./attributes.ts";

/** Which files hold the opcode's shape rule and kernel. */
export type OpFamily = "elementwise" | "data_movement" | "indexing" | "reduction" | "dot" | "structural"
  | "fft" | "topk" | "linalg" | "batch_norm" | "convolution"
  | "collective" | "token" | "random" | "async" | "dynamic_reshape" | "ragged_dot" | "scaled_dot"
  | "host_transfer";

/**
 * How an instruction's `called` list is read:
 * to_apply: [to_apply]; while: [condition, body]; branches: [branch 0, ...]
 * (with a pred index, [true, false]); select_scatter: [select, scatter];
 * fused: [the fused computation] (fusion's `calls=`); async: [] or [the wrapped
 * computation] (async-update/-done may name it with `calls=`, or leave it to their operand).
 */
export type CallsKind = "none" | "to_apply" | "while" | "branches" | "select_scatter" | "fused" | "async";

/** Properties of an opcode that passes rely on. */
export type Trait = "elementwise" | "commutative" | "implicit_broadcast";

/**
 * The element types a unary element-wise op's operand may have, from which
 * the shape rules' checks and the kernels' type dispatch are derived
 * (operandKinds below):
 * - "float": floats only (cbrt, erf); "float-predicate": floats only, a pred
 *   result (is-finite); "rounding": floats only in the shape rule, while the
 *   kernels round an integer to itself (ceil, floor, round-*);
 * - "float-or-complex": floats or complex (the transcendental functions);
 *   "complex-part": floats or complex, the component type out (real, imag);
 * - "signed-float-or-complex" (abs, sign); "numeric": all but pred (negate);
 * - "integral": integers (popcnt, count-leading-zeros); "pred-or-integral" (not);
 * - "any": every shape, tuples too (copy).
 */
export type OperandCategory =
  | "float" | "float-predicate" | "rounding" | "float-or-complex" | "complex-part"
  | "signed-float-or-complex" | "numeric" | "integral" | "pred-or-integral" | "any";

/** The element kinds (element_type.ts) an operand of each category may have in XLA's shape rules. */
export const OPERAND_KINDS = {
  float: ["float"],
  "float-predicate": ["float"],
  rounding: ["float"],
  "float-or-complex": ["float", "complex"],
  "complex-part": ["float", "complex"],
  "signed-float-or-complex": ["signed", "float", "complex"],
  numeric: ["signed", "unsigned", "float", "complex"],
  integral: ["signed", "unsigned"],
  "pred-or-integral": ["pred", "signed", "unsigned"],
  any: ["pred", "signed", "unsigned", "float", "complex"],
} as const satisfies { readonly [C in OperandCategory]: readonly OperandKind[] };

/** An element kind an operand may have (ELEMENT_TYPE_INFO's kinds but token). */
export type OperandKind = "pred" | "signed" | "unsigned" | "float" | "complex";

/** The operand categories that admit element kind K. */
export type CategoriesTaking<K extends OperandKind> = {
  [C in OperandCategory]: K extends (typeof OPERAND_KINDS)[C][number] ? C : never;
}[OperandCategory];

/** Element-wise ops by operand pattern; everything else is "other". */
export type OpKind = "unary" | "binary" | "compare" | "ternary" | "conversion" | "other";

/** One row of the opcode table: arity, kind, traits, called computations and the attribute schema. */
export interface OpcodeSpec {
  /** Operand count; "variadic" allows any number at least `minOperands`. */
  readonly arity: number | "variadic";
  readonly minOperands?: number;
  readonly family: OpFamily;
  readonly kind: OpKind;
  readonly traits: readonly Trait[];
  readonly attributes: z.ZodType;
  readonly calls: CallsKind;
  /** Unary element-wise ops: the element types their operand may have. */
  readonly operandCategory?: OperandCategory;
}

const unary = { arity: 1, family: "elementwise", kind: "unary", traits: ["elementwise"], attributes: A.noAttributes, calls: "none" } as const;
const unaryOf = <C extends OperandCategory>(operandCategory: C) => ({ ...unary, operandCategory }) as const;
const binary = {
  arity: 2, family: "elementwise", kind: "binary", traits: ["elementwise", "implicit_broadcast"], attributes: A.binaryAttributes, calls: "none",
} as const;
const commutative = { ...binary, traits: ["elementwise", "implicit_broadcast", "commutative"] } as const;

/** The opcode table: every opcode once, as HLO text spells it. Shape rules, kernels and builder methods are tables keyed by it. */
export const OPCODES = {
  // Element-wise unary.
  abs: unaryOf("signed-float-or-complex"),
  cbrt: unaryOf("float"),
  ceil: unaryOf("rounding"),
  copy: unaryOf("any"),
  cosine: unaryOf("float-or-complex"),
  "count-leading-zeros": unaryOf("integral"),
  erf: unaryOf("float"),
  exponential: unaryOf("float-or-complex"),
  "exponential-minus-one": unaryOf("float-or-complex"),
  floor: unaryOf("rounding"),
  "is-finite": unaryOf("float-predicate"),
  log: unaryOf("float-or-complex"),
  "log-plus-one": unaryOf("float-or-complex"),
  logistic: unaryOf("float-or-complex"),
  negate: unaryOf("numeric"),
  not: unaryOf("pred-or-integral"),
  popcnt: unaryOf("integral"),
  // real and imag of a complex number give its component type; on a real float, the value and zero.
  real: unaryOf("complex-part"),
  imag: unaryOf("complex-part"),
  "round-nearest-afz": unaryOf("rounding"),
  "round-nearest-even": unaryOf("rounding"),
  rsqrt: unaryOf("float-or-complex"),
  sign: unaryOf("signed-float-or-complex"),
  sine: unaryOf("float-or-complex"),
  sqrt: unaryOf("float-or-complex"),
  tan: unaryOf("float-or-complex"),
  tanh: unaryOf("float-or-complex"),
  // Inverse trigonometric and hyperbolic functions (floating or complex operands).
  acos: unaryOf("float-or-complex"),
  acosh: unaryOf("float-or-complex"),
  asin: unaryOf("float-or-complex"),
  asinh: unaryOf("float-or-complex"),
  atanh: unaryOf("float-or-complex"),
  cosh: unaryOf("float-or-complex"),
  sinh: unaryOf("float-or-complex"),
  // Element-wise binary; until lowering they may broadcast implicitly.
  add: commutative,
  subtract: binary,
  multiply: commutative,
  divide: binary,
  remainder: binary,
  maximum: commutative,
  minimum: commutative,
  power: binary,
  atan2: binary,
  and: commutative,
  or: commutative,
  xor: commutative,
  "shift-left": binary,
  "shift-right-arithmetic": binary,
  "shift-right-logical": binary,
  // complex(re, im): two f32 (f64) operands make a c64 (c128).
  complex: binary,
  compare: { ...binary, kind: "compare", attributes: A.compareAttributes },
  // Element-wise, other arities.
  select: { arity: 3, family: "elementwise", kind: "ternary", traits: ["elementwise"], attributes: A.noAttributes, calls: "none" },
  clamp: { arity: 3, family: "elementwise", kind: "ternary", traits: ["elementwise"], attributes: A.noAttributes, calls: "none" },
  convert: { ...unary, kind: "conversion" },
  "bitcast-convert": { ...unary, kind: "conversion" },
  "reduce-precision": { ...unary, kind: "conversion", attributes: A.reducePrecisionAttributes },
  // Data movement.
  broadcast: { arity: 1, family: "data_movement", kind: "other", traits: [], attributes: A.dimensionsAttributes, calls: "none" },
  reshape: { arity: 1, family: "data_movement", kind: "other", traits: [], attributes: A.noAttributes, calls: "none" },
  // XLA-dump ops: bitcast reinterprets the operand's physical (layout-ordered) elements.
  bitcast: { arity: 1, family: "data_movement", kind: "other", traits: [], attributes: A.noAttributes, calls: "none" },
  transpose: { arity: 1, family: "data_movement", kind: "other", traits: [], attributes: A.dimensionsAttributes, calls: "none" },
  reverse: { arity: 1, family: "data_movement", kind: "other", traits: [], attributes: A.dimensionsAttributes, calls: "none" },
  slice: { arity: 1, family: "data_movement", kind: "other", traits: [], attributes: A.sliceAttributes, calls: "none" },
  concatenate: {
    arity: "variadic", minOperands: 1, family: "data_movement", kind: "other", traits: [], attributes: A.dimensionAttributes, calls: "none",
  },
  pad: { arity: 2, family: "data_movement", kind: "other", traits: [], attributes: A.padAttributes, calls: "none" },
  iota: { arity: 0, family: "data_movement", kind: "other", traits: [], attributes: A.iotaAttributes, calls: "none" },
  "get-dimension-size": { arity: 1, family: "data_movement", kind: "other", traits: [], attributes: A.dimensionAttributes, calls: "none" },
  "set-dimension-size": { arity: 2, family: "data_movement", kind: "other", traits: [], attributes: A.dimensionAttributes, calls: "none" },
  // Reshape to a bounded shape; operands 1.. are the s32 runtime sizes of the result's dimensions.
  "dynamic-reshape": {
    arity: "variadic", minOperands: 1, family: "dynamic_reshape", kind: "other", traits: [], attributes: A.noAttributes, calls: "none",
  },
  // Indexing. A rank-0 operand takes no start indices.
  "dynamic-slice": {
    arity: "variadic", minOperands: 1, family: "indexing", kind: "other", traits: [], attributes: A.dynamicSliceAttributes, calls: "none",
  },
  "dynamic-update-slice": {
    arity: "variadic", minOperands: 2, family: "indexing", kind: "other", traits: [], attributes: A.noAttributes, calls: "none",
  },
  gather: { arity: 2, family: "indexing", kind: "other", traits: [], attributes: A.gatherAttributes, calls: "none" },
  scatter: {
    arity: "variadic", minOperands: 3, family: "indexing", kind: "other", traits: [], attributes: A.scatterAttributes, calls: "to_apply",
  },
  // Reductions and windows.
  reduce: { arity: "variadic", minOperands: 2, family: "reduction", kind: "other", traits: [], attributes: A.dimensionsAttributes, calls: "to_apply" },
  "reduce-window": {
    arity: "variadic", minOperands: 2, family: "reduction", kind: "other", traits: [], attributes: A.windowAttributes, calls: "to_apply",
  },
  "select-and-scatter": { arity: 3, family: "reduction", kind: "other", traits: [], attributes: A.windowAttributes, calls: "select_scatter" },
  sort: { arity: "variadic", minOperands: 1, family: "reduction", kind: "other", traits: [], attributes: A.sortAttributes, calls: "to_apply" },
  // inputs..., inits...: to_apply maps (slices..., carries...) to (outputs..., carries...) along one dimension.
  scan: { arity: "variadic", minOperands: 1, family: "reduction", kind: "other", traits: [], attributes: A.scanAttributes, calls: "to_apply" },
  // Linear algebra.
  // lhs (input) convolved with rhs (kernel): dim_labels, window, group counts.
  convolution: { arity: 2, family: "convolution", kind: "other", traits: [], attributes: A.convolutionAttributes, calls: "none" },
  dot: { arity: 2, family: "dot", kind: "other", traits: [], attributes: A.dotAttributes, calls: "none" },
  // A grouped dot: group_sizes (operand 2) splits the lhs ragged dimension into groups (infer/ragged_dot.ts).
  "ragged-dot": { arity: 3, family: "ragged_dot", kind: "other", traits: [], attributes: A.raggedDotAttributes, calls: "none" },
  // dot(lhs, rhs) of block-scaled operands: (lhs, rhs, lhs_scale, rhs_scale) (infer/scaled_dot.ts).
  "scaled-dot": { arity: 4, family: "scaled_dot", kind: "other", traits: [], attributes: A.dotAttributes, calls: "none" },
  cholesky: { arity: 1, family: "linalg", kind: "other", traits: [], attributes: A.choleskyAttributes, calls: "none" },
  "triangular-solve": { arity: 2, family: "linalg", kind: "other", traits: [], attributes: A.triangularSolveAttributes, calls: "none" },
  // Fourier transforms over the last fft_length.length dimensions.
  fft: { arity: 1, family: "fft", kind: "other", traits: [], attributes: A.fftAttributes, calls: "none" },
  // The k largest (or smallest) of every row of the last dimension, with their indices.
  topk: { arity: 1, family: "topk", kind: "other", traits: [], attributes: A.topkAttributes, calls: "none" },
  // Batch normalization; training and grad return tuples.
  "batch-norm-inference": { arity: 5, family: "batch_norm", kind: "other", traits: [], attributes: A.batchNormAttributes, calls: "none" },
  "batch-norm-training": { arity: 3, family: "batch_norm", kind: "other", traits: [], attributes: A.batchNormAttributes, calls: "none" },
  "batch-norm-grad": { arity: 5, family: "batch_norm", kind: "other", traits: [], attributes: A.batchNormAttributes, calls: "none" },
  // Random numbers: rng-bit-generator returns (new state, bits); rng draws from a distribution.
  "rng-bit-generator": { arity: 1, family: "random", kind: "other", traits: [], attributes: A.rngBitGeneratorAttributes, calls: "none" },
  rng: { arity: 2, family: "random", kind: "other", traits: [], attributes: A.rngAttributes, calls: "none" },
  // stochastic-convert(x, random bits): x rounded to the declared type, up when the bits are below its fraction.
  "stochastic-convert": { arity: 2, family: "random", kind: "other", traits: [], attributes: A.noAttributes, calls: "none" },
  // Collectives, with XLA's meaning on one replica and one partition (infer/collective.ts).
  "all-reduce": { arity: "variadic", minOperands: 1, family: "collective", kind: "other", traits: [], attributes: A.collectiveAttributes, calls: "to_apply" },
  "all-reduce-start": {
    arity: "variadic", minOperands: 1, family: "collective", kind: "other", traits: [], attributes: A.collectiveAttributes, calls: "to_apply",
  },
  "all-reduce-done": { arity: 1, family: "collective", kind: "other", traits: [], attributes: A.noAttributes, calls: "none" },
  "all-gather": { arity: "variadic", minOperands: 1, family: "collective", kind: "other", traits: [], attributes: A.collectiveDimensionAttributes, calls: "none" },
  "all-gather-start": {
    arity: "variadic", minOperands: 1, family: "collective", kind: "other", traits: [], attributes: A.collectiveDimensionAttributes, calls: "none",
  },
  "all-gather-done": { arity: 1, family: "collective", kind: "other", traits: [], attributes: A.noAttributes, calls: "none" },
  "reduce-scatter": {
    arity: "variadic", minOperands: 1, family: "collective", kind: "other", traits: [], attributes: A.collectiveDimensionAttributes, calls: "to_apply",
  },
  "all-to-all": { arity: "variadic", minOperands: 1, family: "collective", kind: "other", traits: [], attributes: A.allToAllAttributes, calls: "none" },
  "collective-permute": { arity: 1, family: "collective", kind: "other", traits: [], attributes: A.collectivePermuteAttributes, calls: "none" },
  "collective-permute-start": { arity: 1, family: "collective", kind: "other", traits: [], attributes: A.collectivePermuteAttributes, calls: "none" },
  "collective-permute-done": { arity: 1, family: "collective", kind: "other", traits: [], attributes: A.noAttributes, calls: "none" },
  // Broadcasts the operand of the group's first device to every device of the group.
  "collective-broadcast": {
    arity: "variadic", minOperands: 1, family: "collective", kind: "other", traits: [], attributes: A.collectiveBroadcastAttributes, calls: "none",
  },
  // (input, output, input_offsets, send_sizes, output_offsets, recv_sizes): slices of the input's outer dimension
  // sent to each device of the group, written into its copy of output (shape_inference.cc InferRaggedAllToAllShape).
  "ragged-all-to-all": { arity: 6, family: "collective", kind: "other", traits: [], attributes: A.raggedAllToAllAttributes, calls: "none" },
  "replica-id": { arity: 0, family: "collective", kind: "other", traits: [], attributes: A.noAttributes, calls: "none" },
  "partition-id": { arity: 0, family: "collective", kind: "other", traits: [], attributes: A.noAttributes, calls: "none" },
  // Ordering tokens, sharding domains and the RNG state (infer/token.ts).
  "after-all": { arity: "variadic", minOperands: 0, family: "token", kind: "other", traits: [], attributes: A.noAttributes, calls: "none" },
  "add-dependency": { arity: 2, family: "token", kind: "other", traits: [], attributes: A.noAttributes, calls: "none" },
  domain: { arity: 1, family: "token", kind: "other", traits: [], attributes: A.domainAttributes, calls: "none" },
  "rng-get-and-update-state": { arity: 0, family: "token", kind: "other", traits: [], attributes: A.rngStateAttributes, calls: "none" },
  // Host and channel transfers (infer/host_transfer.ts): infeed gives (data, token), outfeed a token;
  // send gives (data, u32[] context, token) and send-done a token; recv gives (data, u32[], token), recv-done (data, token).
  infeed: { arity: 1, family: "host_transfer", kind: "other", traits: [], attributes: A.infeedAttributes, calls: "none" },
  outfeed: { arity: 2, family: "host_transfer", kind: "other", traits: [], attributes: A.outfeedAttributes, calls: "none" },
  send: { arity: 2, family: "host_transfer", kind: "other", traits: [], attributes: A.sendRecvAttributes, calls: "none" },
  "send-done": { arity: 1, family: "host_transfer", kind: "other", traits: [], attributes: A.sendRecvAttributes, calls: "none" },
  recv: { arity: 1, family: "host_transfer", kind: "other", traits: [], attributes: A.sendRecvAttributes, calls: "none" },
  "recv-done": { arity: 1, family: "host_transfer", kind: "other", traits: [], attributes: A.sendRecvAttributes, calls: "none" },
  // Asynchronous pairs (infer/async.ts): copy-start gives (destination, source, u32[] context), copy-done the
  // destination; async-start runs its `calls=` computation, giving ((operands), result, context...).
  "copy-start": { arity: 1, family: "async", kind: "other", traits: [], attributes: A.copyStartAttributes, calls: "none" },
  "copy-done": { arity: 1, family: "async", kind: "other", traits: [], attributes: A.noAttributes, calls: "none" },
  "async-start": { arity: "variadic", minOperands: 0, family: "async", kind: "other", traits: [], attributes: A.asyncAttributes, calls: "fused" },
  "async-update": { arity: 1, family: "async", kind: "other", traits: [], attributes: A.asyncAttributes, calls: "async" },
  "async-done": { arity: 1, family: "async", kind: "other", traits: [], attributes: A.asyncAttributes, calls: "async" },
  // Structure and control flow.
  parameter: { arity: 0, family: "structural", kind: "other", traits: [], attributes: A.parameterAttributes, calls: "none" },
  constant: { arity: 0, family: "structural", kind: "other", traits: [], attributes: A.constantAttributes, calls: "none" },
  tuple: { arity: "variadic", minOperands: 0, family: "structural", kind: "other", traits: [], attributes: A.noAttributes, calls: "none" },
  "get-tuple-element": { arity: 1, family: "structural", kind: "other", traits: [], attributes: A.indexAttributes, calls: "none" },
  call: { arity: "variadic", minOperands: 0, family: "structural", kind: "other", traits: [], attributes: A.noAttributes, calls: "to_apply" },
  fusion: { arity: "variadic", minOperands: 0, family: "structural", kind: "other", traits: [], attributes: A.fusionAttributes, calls: "fused" },
  while: { arity: 1, family: "structural", kind: "other", traits: [], attributes: A.noAttributes, calls: "while" },
  conditional: {
    arity: "variadic", minOperands: 2, family: "structural", kind: "other", traits: [], attributes: A.noAttributes, calls: "branches",
  },
  map: { arity: "variadic", minOperands: 1, family: "structural", kind: "other", traits: [], attributes: A.dimensionsAttributes, calls: "to_apply" },
  "opt-barrier": { arity: 1, family: "structural", kind: "other", traits: [], attributes: A.noAttributes, calls: "none" },
  "custom-call": {
    arity: "variadic", minOperands: 0, family: "structural", kind: "other", traits: [], attributes: A.customCallAttributes, calls: "none",
  },
} as const satisfies Record<string, OpcodeSpec>;

/** An opcode name (a key of OPCODES). */
export type Opcode = keyof typeof OPCODES;
/** Every opcode, in table order. */
export const ALL_OPCODES = Object.keys(OPCODES) as readonly Opcode[];

/** The opcodes of one family, for family-local rule and kernel tables. */
export type OpcodesOf<F extends OpFamily> = {
  [K in Opcode]: (typeof OPCODES)[K]["family"] extends F ? K : never;
}[Opcode];

/** The attributes of opcode K, inferred from its zod schema. */
export type AttributesOf<K extends Opcode> = z.infer<(typeof OPCODES)[K]["attributes"]>;

/** The opcodes of one kind ("unary", "binary", ...). */
export type OpcodesOfKind<T extends OpKind> = {
  [K in Opcode]: (typeof OPCODES)[K]["kind"] extends T ? K : never;
}[Opcode];
/** Element-wise opcodes of one operand. */
export type UnaryOpcode = OpcodesOfKind<"unary">;
/** Element-wise opcodes of two operands (those that may broadcast implicitly in the builder). */
export type BinaryOpcode = OpcodesOfKind<"binary">;

/** The unary opcodes whose operand category is one of C. */
export type OpcodesOfCategory<C extends OperandCategory> = {
  [K in Opcode]: (typeof OPCODES)[K] extends { readonly operandCategory: infer X } ? (X extends C ? K : never) : never;
}[Opcode];

/** The unary opcodes whose operand category is one of `categories`, in table order. */
export function opcodesOfCategory<C extends OperandCategory>(...categories: readonly C[]): ReadonlySet<OpcodesOfCategory<C>> {
  const spec = (op: Opcode): OpcodeSpec => OPCODES[op];
  return new Set(ALL_OPCODES.filter((op) => (categories as readonly OperandCategory[]).includes(spec(op).operandCategory as OperandCategory)) as OpcodesOfCategory<C>[]);
}

/** The unary opcodes whose operand may be of element kind K. */
export type UnaryOpcodesTaking<K extends OperandKind> = OpcodesOfCategory<CategoriesTaking<K>>;

/** The unary opcodes whose operand may be of element kind `kind`, in table order. */
export function unaryOpcodesTaking<K extends OperandKind>(kind: K): ReadonlySet<UnaryOpcodesTaking<K>> {
  const categories = (Object.keys(OPERAND_KINDS) as OperandCategory[]).filter((c) => (OPERAND_KINDS[c] as readonly OperandKind[]).includes(kind));
  return opcodesOfCategory(...categories) as ReadonlySet<UnaryOpcodesTaking<K>>;
}

/** Whether a string names an opcode (narrows it). */
export function isOpcode(s: string): s is Opcode {
  return Object.hasOwn(OPCODES, s);
}
/** Whether the opcode's table row lists the trait. */
export function hasTrait(op: Opcode, trait: Trait): boolean {
  return (OPCODES[op].traits as readonly Trait[]).includes(trait);
}
