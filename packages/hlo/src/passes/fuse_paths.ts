/**
 * How the compiled engine takes each opcode, as a table keyed by every
 * opcode (a new opcode does not compile until it has a row): inside a fused
 * loop nest ("loop", where its condition holds: the fusion pass may put it
 * in a kLoop cluster and the code generator index-maps it), as a compiled
 * kernel of its own ("kernel": the tiled dot, and the fusions the pass
 * makes), or through the reference kernel ("reference").
 */
import type { InstructionOf } from "../instruction.ts";
import { ALL_OPCODES, OPCODES, type Opcode, type OpcodesOf } from "../opcode.ts";
import { type Shape, sameDimensions } from "../shape.ts";
import { XLA_CPU_FMA_TARGET } from "./xla_cpu_numerics.ts";

/** A row of the table; `when` narrows "loop" to the instructions that compute one element per output element. */
export type CompiledPath<K extends Opcode> =
  | { readonly path: "loop"; readonly when?: (inst: InstructionOf<K>, operandShape: (name: string) => Shape) => boolean }
  | { readonly path: "kernel" }
  | { readonly path: "reference" };

const LOOP = { path: "loop" } as const;
const KERNEL = { path: "kernel" } as const;
const REFERENCE = { path: "reference" } as const;

/** Whether two shapes are arrays of the same dimensions. */
export function sameArrayDimensions(a: Shape, b: Shape): boolean {
  return a.elementType !== "tuple" && b.elementType !== "tuple" && sameDimensions(a.dimensions, b.dimensions);
}

/** A scalar constant whose value is known (an elided one gets its value at evaluation, by name, so it stays put). */
export function isKnownScalarConstant(inst: InstructionOf<"constant">): boolean {
  return inst.attributes.elided !== true && inst.shape.elementType !== "tuple" && inst.shape.dimensions.length === 0;
}

const LOOP_IF_SCALAR_CONSTANT: CompiledPath<"constant"> = { path: "loop", when: isKnownScalarConstant };
// Between types of different widths it adds or drops a dimension: not one element per element.
const LOOP_IF_SAME_DIMENSIONS: CompiledPath<"bitcast-convert"> = { path: "loop", when: (inst, operandShape) => sameArrayDimensions(inst.shape, operandShape(inst.operands[0])) };

/**
 * XLA CPU's fused multiply-add (the xla-cpu-numerics pass's custom call, three operands of the
 * result's f32 or f64 shape) computes one element per element; every other custom call is opaque.
 */
const LOOP_IF_XLA_CPU_FMA: CompiledPath<"custom-call"> = {
  path: "loop",
  when: (inst, operandShape) =>
    inst.attributes.customCallTarget === XLA_CPU_FMA_TARGET &&
    (inst.shape.elementType === "f32" || inst.shape.elementType === "f64") &&
    inst.operands.length === 3 &&
    inst.operands.every((o) => {
      const s = operandShape(o);
      return s.elementType === inst.shape.elementType && sameArrayDimensions(s, inst.shape);
    }),
};

/** Every element-wise op computes one element per element: its family decides (bitcast-convert narrows it below). */
const ELEMENTWISE_LOOPS = Object.fromEntries(ALL_OPCODES.filter((op) => OPCODES[op].family === "elementwise").map((op) => [op, LOOP])) as {
  readonly [K in OpcodesOf<"elementwise">]: CompiledPath<K>;
};

export const COMPILED_PATHS: { readonly [K in Opcode]: CompiledPath<K> } = {
  ...ELEMENTWISE_LOOPS,
  "bitcast-convert": LOOP_IF_SAME_DIMENSIONS,
  // data_movement
  broadcast: LOOP,
  reshape: LOOP,
  bitcast: REFERENCE,
  transpose: LOOP,
  reverse: REFERENCE,
  slice: LOOP,
  concatenate: REFERENCE,
  pad: REFERENCE,
  iota: LOOP,
  "get-dimension-size": REFERENCE,
  "set-dimension-size": REFERENCE,
  // dynamic_reshape
  "dynamic-reshape": REFERENCE,
  // indexing
  "dynamic-slice": REFERENCE,
  "dynamic-update-slice": REFERENCE,
  gather: REFERENCE,
  scatter: REFERENCE,
  // reduction
  reduce: REFERENCE,
  "reduce-window": REFERENCE,
  "select-and-scatter": REFERENCE,
  sort: REFERENCE,
  scan: REFERENCE,
  // convolution
  convolution: REFERENCE,
  // dot
  dot: KERNEL,
  // ragged_dot
  "ragged-dot": REFERENCE,
  // scaled_dot
  "scaled-dot": REFERENCE,
  // linalg
  cholesky: REFERENCE,
  "triangular-solve": REFERENCE,
  // fft
  fft: REFERENCE,
  // topk
  topk: REFERENCE,
  // batch_norm
  "batch-norm-inference": REFERENCE,
  "batch-norm-training": REFERENCE,
  "batch-norm-grad": REFERENCE,
  // random
  "rng-bit-generator": REFERENCE,
  rng: REFERENCE,
  "stochastic-convert": REFERENCE,
  // collective
  "all-reduce": REFERENCE,
  "all-reduce-start": REFERENCE,
  "all-reduce-done": REFERENCE,
  "all-gather": REFERENCE,
  "all-gather-start": REFERENCE,
  "all-gather-done": REFERENCE,
  "reduce-scatter": REFERENCE,
  "all-to-all": REFERENCE,
  "collective-permute": REFERENCE,
  "collective-permute-start": REFERENCE,
  "collective-permute-done": REFERENCE,
  "collective-broadcast": REFERENCE,
  "ragged-all-to-all": REFERENCE,
  "replica-id": REFERENCE,
  "partition-id": REFERENCE,
  // token
  "after-all": REFERENCE,
  "add-dependency": REFERENCE,
  domain: REFERENCE,
  "rng-get-and-update-state": REFERENCE,
  // host_transfer
  infeed: REFERENCE,
  outfeed: REFERENCE,
  send: REFERENCE,
  "send-done": REFERENCE,
  recv: REFERENCE,
  "recv-done": REFERENCE,
  // async
  "copy-start": REFERENCE,
  "copy-done": REFERENCE,
  "async-start": REFERENCE,
  "async-update": REFERENCE,
  "async-done": REFERENCE,
  // structural
  parameter: REFERENCE,
  constant: LOOP_IF_SCALAR_CONSTANT,
  tuple: REFERENCE,
  "get-tuple-element": REFERENCE,
  call: REFERENCE,
  fusion: KERNEL,
  while: REFERENCE,
  conditional: REFERENCE,
  map: REFERENCE,
  "opt-barrier": REFERENCE,
  "custom-call": LOOP_IF_XLA_CPU_FMA,
};
