/**
 * Printing instruction attributes as XLA's HloInstruction::ToString does
 * (ExtraAttributesToString, then the called computations): the entries of
 * attribute_spec.ts in their order, each shown as its `print` rule says.
 */
import type { HloInstruction } from "../instruction.ts";
import type { Shape } from "../shape.ts";
import { ATTRIBUTES, type AttrSpec, type PrintContext } from "./attribute_spec.ts";

/** `absent` is a primitive or an empty list (the batch dimensions, a window). */
function isAbsent(spec: AttrSpec, value: unknown): boolean {
  const absent = spec.absent;
  if (Array.isArray(absent)) return absent.length === 0 && Array.isArray(value) && value.length === 0;
  return value === absent;
}

function shown(spec: AttrSpec, value: unknown, ctx: PrintContext): boolean {
  if (value === undefined) return false;
  const when = spec.print;
  if (typeof when === "function") return when(value, ctx);
  switch (when) {
    case "always": return true;
    case "never": return false;
    case "unless-absent": return !isAbsent(spec, value);
  }
  return when satisfies never;
}

/**
 * The `, name=value` tail of an instruction line; without the called
 * computations for a sugared async-start (its thread only, async_print.ts).
 */
export function attributesText(inst: HloInstruction, operandShape: (i: number) => Shape | undefined, withCalled = true): string {
  const ctx: PrintContext = { inst, operandShape };
  const attributes = inst.attributes as Readonly<Record<string, unknown>>;
  let out = "";
  // Single computations take the called list in order; a list takes all of it.
  let calledIndex = 0;
  for (const spec of ATTRIBUTES[inst.opcode]) {
    let value: unknown;
    switch (spec.kind) {
      case "computation": value = inst.called[calledIndex++]; break;
      case "computations": value = inst.called; break;
      case "slice": value = attributes; break;
      default: value = attributes[spec.key] ?? spec.printFallback?.(ctx);
    }
    if (!withCalled && (spec.kind === "computation" || spec.kind === "computations")) continue;
    if (shown(spec, value, ctx)) out += `, ${spec.name}=${spec.codec.print(value)}`;
  }
  if (inst.opcode === "custom-call") {
    for (const r of inst.attributes.rawAttributes) out += `, ${r.name}=${r.value}`;
  }
  return out;
}
