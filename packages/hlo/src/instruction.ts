/**
 * Instructions are plain frozen data, discriminated on `opcode`, with operands
 * named as in HLO text. `called` lists the computations the instruction calls,
 * read according to its opcode's CallsKind (opcode.ts).
 */
import type { Immutable } from "immer";
import type { InstructionAnnotations } from "./annotations.ts";
import type { AttributesOf, Opcode } from "./opcode.ts";
import type { Shape } from "./shape.ts";

/** An instruction of opcode K: plain frozen data, operands referenced by name as in HLO text. */
export interface InstructionOf<K extends Opcode> {
  readonly name: string;
  readonly opcode: K;
  readonly operands: readonly string[];
  readonly shape: Shape;
  readonly attributes: Immutable<AttributesOf<K>>;
  readonly called: readonly string[];
  /** Sharding, metadata and the other attributes without semantics, kept for printing (annotations.ts). */
  readonly annotations?: InstructionAnnotations;
}

/** Any instruction, discriminated on `opcode`. */
export type HloInstruction = { [K in Opcode]: InstructionOf<K> }[Opcode];
