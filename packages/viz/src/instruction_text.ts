/**
 * The words a picture shows for an instruction: its attributes as
 * `snake_case=value` (broadcast `dimensions`, `broadcast_dimensions`, reduce
 * dimensions, dot dimension numbers, slice bounds, ...), and the whole
 * instruction as one line for the details panel. Written from the attribute
 * objects themselves (any opcode's, without a table here); the canonical text
 * stays the printer's (printHloModule).
 */
import { type ArrayLiteral, type HloInstruction, type Literal, isTupleLiteral, shapeToString } from "@minixla/hlo";

/** Attributes shown elsewhere (the operand list, the constant's value) or too bulky for a picture. */
const HIDDEN = new Set(["parameterNumber", "literal", "elided", "rawAttributes"]);

/** lhsContractingDimensions -> lhs_contracting_dims, as XLA spells dot's dimension numbers; otherwise snake_case. */
const snakeCase = (key: string): string =>
  key.replace(/^((?:lhs|rhs)\w*)Dimensions$/, "$1Dims").replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A value as HLO text writes lists: numbers in braces, objects as {k=v,...}. */
function valueText(value: unknown): string {
  if (Array.isArray(value)) return `{${value.map(valueText).join(",")}}`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${snakeCase(k)}=${valueText(v)}`).join(",")}}`;
  }
  return String(value);
}

/** `name=value` for each attribute that is set, in the attribute object's order. */
export function attributeEntries(inst: HloInstruction): readonly string[] {
  const attributes = inst.attributes as Readonly<Record<string, unknown>>;
  if (inst.opcode === "slice") {
    // XLA's spelling: slice={[start:limit:stride], ...}.
    const { starts, limits, strides } = inst.attributes;
    return [`slice={${starts.map((s, i) => `[${s}:${limits[i]}${strides[i] === 1 ? "" : `:${strides[i]}`}]`).join(", ")}}`];
  }
  const out: string[] = [];
  for (const [key, value] of Object.entries(attributes)) {
    if (HIDDEN.has(key) || value === undefined) continue;
    if (Array.isArray(value) && value.length === 0 && key !== "dimensions") continue;
    out.push(`${snakeCase(key)}=${valueText(value)}`);
  }
  if (inst.opcode === "custom-call") for (const r of inst.attributes.rawAttributes) out.push(`${r.name}=${r.value}`);
  return out;
}

/** A constant's values when there are at most `max` of them ("{...}" when elided, undefined when too many). */
export function constantValueText(inst: HloInstruction, max = 8): string | undefined {
  if (inst.opcode !== "constant") return undefined;
  if (inst.attributes.elided === true) return "{...}";
  const l = inst.attributes.literal as Literal;
  if (isTupleLiteral(l)) return undefined;
  const data = (l as ArrayLiteral).data;
  if (data.length > max) return undefined;
  const values = Array.from(data as ArrayLike<number | bigint>, (v) => String(v));
  return l.shape.dimensions.length === 0 ? values.join(",") : `{${values.join(", ")}}`;
}

/** The instruction as one line: `name = shape opcode(operands), attr=value, ..., calls=...`. */
export function instructionLine(inst: HloInstruction): string {
  const operands =
    inst.opcode === "parameter" ? String(inst.attributes.parameterNumber) : inst.opcode === "constant" ? (constantValueText(inst, 64) ?? "...") : inst.operands.join(", ");
  const attributes = attributeEntries(inst).map((a) => `, ${a}`).join("");
  const called = inst.called.length > 0 ? `, calls={${inst.called.join(", ")}}` : "";
  return `${inst.name} = ${shapeToString(inst.shape)} ${inst.opcode}(${operands})${attributes}${called}`;
}

/** Text cut to `max` characters with an ellipsis. */
export function truncated(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
