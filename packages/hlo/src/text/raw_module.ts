/**
 * The parser's records of one module's text, before module_from_text.ts turns
 * them into an HloModule: names and tokens kept for error positions.
 */
import type { InstructionAnnotations, StackFrameSection } from "../annotations.ts";
import type { Literal } from "../literal.ts";
import type { HeaderAttribute } from "../module.ts";
import type { Opcode } from "../opcode.ts";
import type { Shape } from "../shape.ts";
import type { RawControlPredecessors } from "./annotation_text.ts";
import type { CallRef } from "./attribute_text.ts";
import type { Token } from "./lexer.ts";

export interface RawOperand {
  readonly name: string;
  readonly tok: Token;
}

export interface RawInstruction {
  readonly name: string;
  readonly nameTok: Token;
  readonly isRoot: boolean;
  readonly declared: Shape | undefined;
  readonly opcode: Opcode;
  readonly opcodeTok: Token;
  readonly operands: readonly RawOperand[];
  /** Attribute-object entries parsed from text (camelCase keys). */
  readonly attributes: Record<string, unknown>;
  /** Called computations by role (to_apply, condition, ...). */
  readonly calls: Record<string, CallRef>;
  readonly literal?: Literal;
  /** A constant written `constant({...})`: its values are unknown. */
  readonly elided?: boolean;
  readonly parameterNumber?: number;
  /** Annotations other than control predecessors, which are resolved by name later. */
  readonly annotations: InstructionAnnotations;
  readonly controlPredecessors?: RawControlPredecessors;
  /** The token after the last attribute, for errors about the whole instruction. */
  readonly endTok: Token;
}

export interface RawComputation {
  readonly name: string;
  readonly nameTok: Token;
  readonly isEntry: boolean;
  readonly instructions: readonly RawInstruction[];
}

export interface RawModule {
  /** Absent when the text has no `HloModule` line. */
  readonly name: string | undefined;
  readonly headerAttributes: readonly HeaderAttribute[];
  readonly stackFrames: readonly StackFrameSection[];
  readonly computations: readonly RawComputation[];
}
