/**
 * The records the StableHLO parser makes from MLIR text: a module of
 * functions, each a region of blocks of operations. Pretty and generic forms
 * of an op give the same record (attribute names as the generic form spells
 * them). Offsets (tokens for functions and the module) are kept for error
 * positions.
 */
import type { Attr } from "./attributes.ts";
import type { MlirToken } from "./lexer.ts";
import type { MlirType } from "./types.ts";

/** A use of a value: `%x` or `%x#2` (result 2 of the multi-result `%x`). */
export interface ValueRef {
  readonly name: string;
  readonly index: number | undefined;
  /** Offset of the name, for errors (an offset, not a token: the records of a large module stay small). */
  readonly at: number;
}

/** A result group: `%x` or `%x:3`. */
export interface ResultGroup {
  readonly name: string;
  readonly count: number;
  /** Offset of the name. */
  readonly at: number;
}

export interface BlockArg {
  readonly name: string;
  readonly type: MlirType;
  /** Offset of the name. */
  readonly at: number;
  readonly attrs?: ReadonlyMap<string, Attr>;
}

export interface Block {
  readonly args: readonly BlockArg[];
  readonly ops: readonly Op[];
}

export interface Region {
  readonly blocks: readonly Block[];
  /** Offset of the opening brace. */
  readonly at: number;
}

export interface Op {
  readonly name: string;
  /** Offset of the op's name: errors about the op point there. */
  readonly at: number;
  readonly results: readonly ResultGroup[];
  readonly operands: readonly ValueRef[];
  readonly attrs: ReadonlyMap<string, Attr>;
  readonly regions: readonly Region[];
  readonly operandTypes: readonly MlirType[] | undefined;
  readonly resultTypes: readonly MlirType[];
  /** `@callee` of call, custom_call (its target) and the like. */
  readonly callee?: string;
  /** Bare words of pretty forms (`GT`, `FLOAT`) in order. */
  readonly words: readonly string[];
}

export interface Func {
  readonly name: string;
  readonly at: MlirToken;
  readonly isPublic: boolean;
  readonly args: readonly BlockArg[];
  readonly results: readonly { readonly type: MlirType; readonly attrs: ReadonlyMap<string, Attr> }[];
  readonly body: Region | undefined;
  readonly attrs: ReadonlyMap<string, Attr>;
}

export interface MlirModule {
  readonly name: string | undefined;
  readonly attrs: ReadonlyMap<string, Attr>;
  readonly funcs: readonly Func[];
  readonly at: MlirToken;
  /** Shardy meshes (`sdy.mesh @name = <[...]>`) by name: the `<[...]>` text. */
  readonly meshes?: ReadonlyMap<string, string>;
}

/**
 * One empty map and one empty list serve every op without attributes,
 * words or regions, and lists are kept at their length: a large module's
 * tree stays small, so the collector has less to copy while it is read.
 */
export const NO_ATTRS: ReadonlyMap<string, Attr> = new Map();
const EMPTY: readonly never[] = Object.freeze([]);

/** The list at its exact length (the shared empty list when empty). */
export function compact<T>(xs: readonly T[]): readonly T[] {
  return xs.length === 0 ? EMPTY : xs.slice();
}

/** The map, or the shared empty one. */
export function compactAttrs(m: ReadonlyMap<string, Attr>): ReadonlyMap<string, Attr> {
  return m.size === 0 ? NO_ATTRS : m;
}

/** The number of values an op defines. */
export function resultCount(op: Op): number {
  return op.results.reduce((a, g) => a + g.count, 0);
}
