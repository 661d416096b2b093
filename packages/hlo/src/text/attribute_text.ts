/**
 * Reading instruction attributes in HLO text: for every opcode, its
 * `name=value` attributes (spelled in attribute_spec.ts) by text name, and
 * how one value reads (attribute_codecs.ts). Custom-call keeps every
 * attribute but its target (and the annotations every instruction takes) as
 * raw text.
 */
import type { Opcode } from "../opcode.ts";
import type { Lexer } from "./lexer.ts";
import { ATTRIBUTES, type AttrSpec } from "./attribute_spec.ts";

export type { AttrKind, CallRef } from "./attribute_codecs.ts";
export { readInt, skipValue, stripPercent } from "./attribute_codecs.ts";
export type { AttrSpec } from "./attribute_spec.ts";

type Specs = Readonly<Record<string, AttrSpec>>;

const byName = (specs: readonly AttrSpec[]): Specs => Object.fromEntries(specs.map((s) => [s.name, s]));

/** What each opcode accepts, keyed by the attribute's text name. */
export const ATTRIBUTE_SPECS: { readonly [K in Opcode]: Specs } = Object.fromEntries(
  Object.entries(ATTRIBUTES).map(([opcode, specs]) => [opcode, byName(specs)]),
) as { readonly [K in Opcode]: Specs };

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

/** Reads the value of one attribute of a known kind; computation kinds return a CallRef. */
export function readAttributeValue(lx: Lexer, spec: AttrSpec, textName: string): unknown {
  return spec.codec.read(lx, textName);
}
