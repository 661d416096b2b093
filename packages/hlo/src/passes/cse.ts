/**
 * cse: merges instructions that compute the same value — same opcode,
 * operands (sorted for commutative ops and for compare EQ/NE), attributes,
 * shape and called computations. Constants merge only when their values are
 * bitwise equal (so NaN payloads and -0 versus 0 stay apart); parameters and
 * custom-calls never merge.
 */
import type { HloInstruction } from "../instruction.ts";
import { type HloComputation, type HloModule, assertStructure } from "../module.ts";
import { OPCODES, hasTrait } from "../opcode.ts";
import { type Literal, isTupleLiteral } from "../literal.ts";
import type { Shape } from "../shape.ts";
import { type HloPass, mapComputations } from "./pass.ts";

/** Shape with its layout: CSE only merges values that print identically. */
function shapeKey(s: Shape): string {
  if (s.elementType === "tuple") return `(${s.tupleShapes.map(shapeKey).join(",")})`;
  return `${s.elementType}[${s.dimensions.join(",")}]{${s.layout?.join(",") ?? ""}}`;
}

/** The literal's shape and the exact bytes of its values. */
function literalKey(l: Literal): string {
  if (isTupleLiteral(l)) return `(${l.elements.map(literalKey).join(",")})`;
  const bytes = new Uint8Array(l.data.buffer, l.data.byteOffset, l.data.byteLength);
  let hex = "";
  for (let i = 0; i < bytes.length; i++) hex += bytes[i].toString(16).padStart(2, "0");
  return `${shapeKey(l.shape)}:${hex}`;
}

/** JSON with sorted keys and undefined members dropped, so equal attributes give equal keys. */
function stableKey(v: unknown): string {
  if (v === undefined) return "undefined";
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(stableKey).join(",")}]`;
  const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${stableKey(x)}`).join(",")}}`;
}

function isSymmetric(inst: HloInstruction): boolean {
  if (inst.opcode === "compare") return inst.attributes.direction === "EQ" || inst.attributes.direction === "NE";
  return hasTrait(inst.opcode, "commutative");
}

/** The value-identity key of an instruction, or undefined if it must never merge. */
function cseKey(inst: HloInstruction): string | undefined {
  // rng draws fresh values (XLA counts it as a side effect): two of them never merge.
  if (inst.opcode === "parameter" || inst.opcode === "custom-call" || inst.opcode === "rng") return undefined;
  // Two infeeds (sends, recvs...) on one token are two transfers.
  if (OPCODES[inst.opcode].family === "host_transfer") return undefined;
  // Elided constants' values are unknown: two of them are not known to be equal.
  if (inst.opcode === "constant" && inst.attributes.elided === true) return undefined;
  const attributes = inst.opcode === "constant" ? literalKey(inst.attributes.literal as Literal) : stableKey(inst.attributes);
  const operands = isSymmetric(inst) ? [...inst.operands].sort() : inst.operands;
  return `${inst.opcode}|${operands.join(",")}|${attributes}|${shapeKey(inst.shape)}|${inst.called.join(",")}`;
}

function cseComputation(c: HloComputation): HloComputation {
  const alias = new Map<string, string>();
  const seen = new Map<string, string>();
  const out: HloInstruction[] = [];
  let changed = false;
  for (const original of c.instructions) {
    const inst = original.operands.some((o) => alias.has(o))
      ? ({ ...original, operands: original.operands.map((o) => alias.get(o) ?? o) } as HloInstruction)
      : original;
    const key = cseKey(inst);
    const first = key === undefined ? undefined : seen.get(key);
    if (first !== undefined) {
      alias.set(inst.name, first);
      changed = true;
      continue;
    }
    if (key !== undefined) seen.set(key, inst.name);
    if (inst !== original) changed = true;
    out.push(inst);
  }
  if (!changed) return c;
  return { ...c, instructions: out, root: alias.get(c.root) ?? c.root };
}

/** Common-subexpression elimination: merges instructions computing the same value (commutative operands normalized, constants compared bitwise). */
export const cse: HloPass = {
  name: "cse",
  description: "merges instructions computing the same value (commutative operands normalized; constants bitwise)",
  run(m: HloModule): HloModule {
    assertStructure(m, "pass cse");
    return mapComputations(m, cseComputation);
  },
};
