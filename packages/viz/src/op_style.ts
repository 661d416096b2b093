/**
 * Colours by op family, as XLA's hlo_graph_dumper colours its nodes: one
 * colour for parameters and constants, one for element-wise arithmetic, one
 * for data movement, reductions, dots/convolutions, and control flow. The
 * family comes from the opcode table's `family` (opcode.ts), so a new opcode
 * gets a colour without an edit here.
 */
import { type HloInstruction, OPCODES, type OpFamily, type Shape, hasTrait, isArrayShape, sameDimensions } from "@minixla/hlo";

/** The colour groups of the picture. */
export type ColourGroup = "input" | "elementwise" | "data_movement" | "reduction" | "dot" | "control" | "other";

/** Fill and border colour of a group, and the legend's words for it. */
export interface GroupStyle {
  readonly fill: string;
  readonly border: string;
  readonly legend: string;
}

/** Every group's colours, in the legend's order. */
export const GROUP_STYLES: { readonly [G in ColourGroup]: GroupStyle } = {
  input: { fill: "#ffe9b3", border: "#b8860b", legend: "parameter, constant, iota" },
  elementwise: { fill: "#d6e8fa", border: "#3b6ea5", legend: "element-wise" },
  data_movement: { fill: "#dcf2d0", border: "#4a8a2a", legend: "data movement (broadcast, reshape, slice, ...)" },
  reduction: { fill: "#f7d9ea", border: "#a0417a", legend: "reduction, sort" },
  dot: { fill: "#f9cfa8", border: "#b0531b", legend: "dot, convolution, linear algebra" },
  control: { fill: "#e4def6", border: "#5b4a9b", legend: "control: tuple, call, while, conditional, fusion" },
  other: { fill: "#ececec", border: "#707070", legend: "other (collectives, tokens, random, async, host transfer)" },
};

const FAMILY_GROUP: { readonly [F in OpFamily]: ColourGroup } = {
  elementwise: "elementwise",
  data_movement: "data_movement",
  dynamic_reshape: "data_movement",
  indexing: "data_movement",
  reduction: "reduction",
  topk: "reduction",
  batch_norm: "reduction",
  dot: "dot",
  convolution: "dot",
  ragged_dot: "dot",
  scaled_dot: "dot",
  linalg: "dot",
  fft: "dot",
  structural: "control",
  collective: "other",
  token: "other",
  random: "other",
  async: "other",
  host_transfer: "other",
};

/** The colour group of an instruction: its opcode family's, except parameters, constants and iota. */
export function colourGroup(inst: HloInstruction): ColourGroup {
  if (inst.opcode === "parameter" || inst.opcode === "constant" || inst.opcode === "iota") return "input";
  return FAMILY_GROUP[OPCODES[inst.opcode].family];
}

/**
 * The operands an element-wise instruction still broadcasts implicitly (before
 * lowering): those whose dimensions differ from the result's, as the
 * verifier's no-implicit-broadcast rule finds them. A scalar select predicate
 * or clamp bound, and bitcast-convert's operand, are not broadcasts.
 */
export function implicitBroadcastOperands(inst: HloInstruction, operandShape: (name: string) => Shape | undefined): readonly number[] {
  if (!hasTrait(inst.opcode, "elementwise") || inst.opcode === "bitcast-convert" || !isArrayShape(inst.shape)) return [];
  const out = inst.shape.dimensions;
  const found: number[] = [];
  inst.operands.forEach((name, k) => {
    const s = operandShape(name);
    if (s === undefined || !isArrayShape(s)) return;
    if ((inst.opcode === "select" || inst.opcode === "clamp") && s.dimensions.length === 0) return;
    if (!sameDimensions(s.dimensions, out)) found.push(k);
  });
  return found;
}

/** Whether an instruction broadcasts implicitly: `broadcast_dimensions` set, or an operand of other dimensions. */
export function isImplicitBroadcast(inst: HloInstruction, operandShape: (name: string) => Shape | undefined): boolean {
  const attributes = inst.attributes as { readonly broadcastDimensions?: readonly number[] };
  return attributes.broadcastDimensions !== undefined || implicitBroadcastOperands(inst, operandShape).length > 0;
}
