/**
 * Compact constructors for hand-built modules in the pass and verifier unit
 * tests (the hlo package cannot use the builder, which depends on it).
 */
import type { ElementType } from "../element_type.ts";
import type { HloInstruction } from "../instruction.ts";
import { literal } from "../literal.ts";
import { type HloComputation, type HloModule, createModule, entryComputation } from "../module.ts";
import type { Opcode } from "../opcode.ts";
import { type Shape, shape } from "../shape.ts";

export const param = (name: string, n: number, t: ElementType = "f64", dims: readonly number[] = []): HloInstruction =>
  ({ name, opcode: "parameter", operands: [], shape: shape(t, dims), attributes: { parameterNumber: n }, called: [] }) as HloInstruction;

/** A constant holding `values` (one value repeated if a single number is given). */
export const constant = (name: string, values: number | readonly number[], t: ElementType = "f64", dims: readonly number[] = []): HloInstruction => {
  const n = dims.reduce((a, b) => a * b, 1);
  const flat = typeof values === "number" ? new Array<number>(n).fill(values) : values;
  return { name, opcode: "constant", operands: [], shape: shape(t, dims), attributes: { literal: literal(t, dims, flat) }, called: [] } as HloInstruction;
};

export const op = (
  name: string,
  opcode: Opcode,
  operands: readonly string[],
  s: Shape,
  attributes: object = {},
  called: readonly string[] = [],
): HloInstruction => ({ name, opcode, operands, shape: s, attributes, called }) as unknown as HloInstruction;

export const computation = (name: string, instructions: readonly HloInstruction[], root?: string): HloComputation => ({
  name,
  instructions,
  root: root ?? instructions[instructions.length - 1].name,
});

/** A module of the given computations; the last one is the entry. */
export const moduleOf = (...computations: readonly HloComputation[]): HloModule =>
  createModule({ name: "m", computations, entry: computations[computations.length - 1].name });

/** A one-computation module "main". */
export const mainOf = (...instructions: readonly HloInstruction[]): HloModule => moduleOf(computation("main", instructions));

/** Opcodes of the entry computation, in order. */
export const opcodes = (m: HloModule): string[] => entryComputation(m).instructions.map((i) => i.opcode);

/** A compact listing for snapshots: one line per instruction, "ROOT" marking the root. */
export function show(m: HloModule): string {
  return m.computations
    .map((c) => {
      const lines = c.instructions.map((i) => {
        const attrs = i.opcode === "constant" ? `{${Array.from((i.attributes.literal as { data: Float64Array }).data ?? []).map((v) => (Object.is(v, -0) ? "-0" : String(v))).join(",")}}` : JSON.stringify(i.attributes);
        const called = i.called.length > 0 ? ` calls ${i.called.join(",")}` : "";
        return `  ${i.name === c.root ? "ROOT " : ""}${i.name} = ${shapeText(i.shape)} ${i.opcode}(${i.operands.join(", ")})${attrs === "{}" ? "" : ` ${attrs}`}${called}`;
      });
      return `${c.name === m.entry ? "ENTRY " : ""}${c.name}\n${lines.join("\n")}`;
    })
    .join("\n");
}

function shapeText(s: Shape): string {
  return s.elementType === "tuple" ? `(${s.tupleShapes.map(shapeText).join(", ")})` : `${s.elementType}[${s.dimensions.join(",")}]`;
}
