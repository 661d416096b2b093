/**
 * The HLO text printer, in the style of XLA's HloPrintOptions::ShortParsable()
 * (what JAX prints): no '%' sigils, no operand shapes, no signatures, layouts
 * on every array shape of rank >= 1, constants printed in full. The header
 * carries entry_computation_layout, regenerated from the entry computation,
 * then any header attributes kept from parsed text. XLA's parser accepts the
 * output unchanged (except minixla's own `broadcast_dimensions=` on binary ops
 * before lowering).
 */
import type { HloInstruction } from "../instruction.ts";
import { type HloComputation, type HloModule, assertStructure, entryComputation, instructionMap, programShape } from "../module.ts";
import { type Shape, isTupleShape, shapeToStringWithLayout } from "../shape.ts";
import { annotationParts } from "./annotation_text.ts";
import { type AsyncSugarTable, asyncSugarTable, sugaredOp } from "./async_print.ts";
import { attributesText } from "./attribute_print.ts";
import { printLiteral } from "./literal_text.ts";

/** A shape with layouts, and XLA's `/*index=N*\/` marker before every fifth tuple element. */
export function shapeText(s: Shape): string {
  if (!isTupleShape(s)) return shapeToStringWithLayout(s);
  const parts = s.tupleShapes.map((e, i) => `${i > 0 && i % 5 === 0 ? `/*index=${i}*/` : ""}${shapeText(e)}`);
  return `(${parts.join(", ")})`;
}

function operandsText(inst: HloInstruction): string {
  switch (inst.opcode) {
    case "parameter": return String(inst.attributes.parameterNumber);
    // An elided constant's values are unknown: it prints elided again, as XLA does.
    case "constant": return inst.attributes.elided === true ? "{...}" : printLiteral(inst.attributes.literal);
    default: return inst.operands.join(", ");
  }
}

export function printInstruction(inst: HloInstruction, comp: HloComputation, sugar: AsyncSugarTable = new Map()): string {
  const map = instructionMap(comp);
  const operandShape = (i: number) => {
    const name = inst.operands[i];
    return name === undefined ? undefined : map.get(name)?.shape;
  };
  const root = comp.root === inst.name ? "ROOT " : "";
  const { before, after } = annotationParts(inst.annotations);
  const extra = [...before, ...after].map((p) => `, ${p}`).join("");
  const op = sugaredOp(inst, comp, sugar);
  if (op !== undefined) return `${root}${inst.name} = ${shapeText(inst.shape)} ${sugaredText(inst, op, operandShape)}${extra}`;
  return `${root}${inst.name} = ${shapeText(inst.shape)} ${inst.opcode}(${operandsText(inst)})${attributesText(inst, operandShape)}${extra}`;
}

/** `op-start(operands), thread, op's attributes`, or `op-update(state)` / `op-done(state)` (async_print.ts). */
function sugaredText(inst: HloInstruction, op: HloInstruction, operandShape: (i: number) => Shape | undefined): string {
  const phase = inst.opcode === "async-start" ? "start" : inst.opcode === "async-update" ? "update" : "done";
  if (inst.opcode !== "async-start") return `${op.opcode}-${phase}(${operandsText(inst)})`;
  return `${op.opcode}-start(${operandsText(inst)})${attributesText(inst, operandShape, false)}${attributesText(op, operandShape)}`;
}

export function printComputation(comp: HloComputation, isEntry: boolean, sugar: AsyncSugarTable = new Map()): string {
  const lines = [`${isEntry ? "ENTRY " : ""}${comp.name} {`];
  for (const inst of comp.instructions) lines.push(`  ${printInstruction(inst, comp, sugar)}`);
  lines.push("}");
  return lines.join("\n");
}

/** `{(f64[2,3]{1,0}, s32[])->f64[2,3]{1,0}}` from the entry computation's signature. */
export function entryComputationLayout(m: HloModule): string {
  const p = programShape(entryComputation(m));
  // The parameter list is annotated like a tuple's elements.
  return `{${shapeText({ elementType: "tuple", tupleShapes: p.parameters })}->${shapeText(p.result)}}`;
}

/** Header attributes that XLA's HloModule::Print writes before entry_computation_layout, in its order. */
const BEFORE_LAYOUT: readonly string[] = ["is_scheduled", "input_output_alias", "buffer_donor", "alias_passthrough_params"];

/** The module as HLO text that `parseHloModule` reads back to an equal module. */
export function printHloModule(m: HloModule): string {
  // A module object made without createModule could hold what prints as other structure.
  assertStructure(m, "printHloModule");
  const before = BEFORE_LAYOUT.flatMap((name) => m.headerAttributes.filter((a) => a.name === name));
  const after = m.headerAttributes.filter((a) => !BEFORE_LAYOUT.includes(a.name));
  const header = [`HloModule ${m.name}`];
  for (const a of before) header.push(`${a.name}=${a.value}`);
  header.push(`entry_computation_layout=${entryComputationLayout(m)}`);
  for (const a of after) header.push(`${a.name}=${a.value}`);
  const parts = [header.join(", ")];
  for (const section of m.stackFrames ?? []) parts.push([section.name, ...section.entries.map((e) => `${e.id} ${e.value}`)].join("\n"));
  // Computations printed inline as `op-start` (XLA's async sugar) are not printed themselves.
  const sugar = asyncSugarTable(m);
  for (const comp of m.computations) if (!sugar.has(comp.name)) parts.push(printComputation(comp, comp.name === m.entry, sugar));
  return `${parts.join("\n\n")}\n`;
}
