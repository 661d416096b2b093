/**
 * How the scalar semantics of element-wise ops are built (the per-opcode
 * rules themselves are rows of the element-wise table, table.ts): for an
 * element-wise instruction whose
 * operands and result are stored one float64 per element (pred, integers up
 * to 32 bits, every real float type), the scalar function on numbers and the
 * rounding into the result type's value set applied after it. The reference
 * kernels (elementwise.ts), the reduce fast path (reducer.ts) and the
 * compiled loops all read it, so they cannot drift apart: the reference
 * computes out[i] = norm(fn(a[i], ...)), and so must anyone else.
 *
 * Entries are built from the per-family scalar functions (unary.ts,
 * binary.ts, bits.ts, compare.ts, convert.ts, select_clamp.ts) and cached per
 * key, so a key always gives the same function objects (a loop compiled per
 * key sees one callee and V8 inlines it, loops.ts). Keys are built only from
 * opcode names, enum attribute values, integer attributes and element type
 * names, never from instruction names. Each key also names the numerics
 * (EvalOptions.numerics), whose record (numerics/) overrides functions by
 * opcode and type and wraps its flush policy around the ops that flush.
 */
import {
  type ComparisonDirection,
  ELEMENT_TYPE_INFO,
  type ElementType,
  type HloInstruction,
  type InstructionOf,
  OPCODES,
  type OpcodesOf,
  isArrayShape,
} from "@minixla/hlo";
import { type BinaryOp, binaryScalar } from "./binary.ts";
import { compareScalar, totalOrderScalar } from "./compare.ts";
import type { Normalize } from "./loops.ts";
import { type UnaryOp, unaryScalar } from "./unary.ts";
import type { Numerics } from "../../kernel.ts";
import { numericsOf } from "../../numerics/index.ts";
import type { NumericsRecord, ScalarOverride } from "../../numerics/record.ts";

export interface ScalarSemantics {
  /** The scalar function on numbers, for operands/results stored one float64 per element (storage "f64"). */
  readonly fn: (...xs: number[]) => number;
  /** Rounding into the result type's value set, applied after fn; undefined where fn's result is already in it (f64 results, pred results of compare, is-finite...). */
  readonly norm: ((x: number) => number) | undefined;
}

/** The normalizer of t, or none where it is the identity (f64). */
export function normalizerOf(t: ElementType): Normalize | undefined {
  return t === "f64" ? undefined : ELEMENT_TYPE_INFO[t].normalize;
}

/** One entry: the attribute part of its key and how to build its semantics. */
export interface Entry {
  /** Attribute values that matter, joined with ":" ("" when none); the key adds opcode and types. */
  readonly attrs: string;
  readonly make: () => ScalarSemantics;
  /** A mode's own function that flushes as the mode does by itself: its flush policy is not wrapped around it. */
  readonly selfFlushing?: boolean;
}

/** How an opcode's scalar semantics are built from an instruction, its operand and result types, and the numerics record. */
export type Rule<K extends OpcodesOf<"elementwise">> = (
  inst: InstructionOf<K>,
  operands: readonly ElementType[],
  result: ElementType,
  numerics: NumericsRecord,
) => Entry | undefined;

/** The entry of a mode's override: its function, rounded to the result type. */
function overrideEntry(o: ScalarOverride, r: ElementType): Entry {
  return { attrs: "", selfFlushing: o.selfFlushing, make: () => ({ fn: o.fn, norm: normalizerOf(r) }) };
}

/** Unary ops: computed on the operand's type, rounded to the result type (is-finite's 0/1 already is a pred). */
export function unaryRule<K extends UnaryOp>(op: K): Rule<K> {
  return (_inst, [t], r, numerics) => {
    const o = numerics.scalar[op]?.(t);
    if (o !== undefined) return overrideEntry(o, r);
    return { attrs: "", make: () => ({ fn: unaryScalar(op, t), norm: op === "is-finite" ? undefined : normalizerOf(r) }) };
  };
}

/** Binary ops: computed and rounded in the result type (their operands share it). */
export function binaryRule<K extends BinaryOp>(op: K): Rule<K> {
  return (_inst, _operands, r, numerics) => {
    const o = numerics.scalar[op]?.(r);
    if (o !== undefined) return overrideEntry(o, r);
    return { attrs: "", make: () => ({ fn: binaryScalar(op, r), norm: normalizerOf(r) }) };
  };
}

/** Whether an operand's type differs from the result's (a narrow-float branch of a wider select, say). */
export function mixed(operands: readonly ElementType[], r: ElementType): boolean {
  return operands.some((t) => t !== r);
}

export function compareEntry(direction: ComparisonDirection, totalOrder: boolean, nanLowest: boolean): Entry {
  const order = totalOrderScalar(direction);
  return {
    attrs: `${direction}:${totalOrder ? "TOTALORDER" : "NUMERIC"}${nanLowest ? ":NANLOW" : ""}`,
    make: () => ({
      fn: !totalOrder ? compareScalar(direction) : nanLowest ? (a: number, b: number) => order(a !== a ? -Infinity : a, b !== b ? -Infinity : b) : order,
      norm: undefined,
    }),
  };
}


export function identity(x: number): number {
  return x;
}
export function zero(): number {
  return 0;
}

/** A type stored one float64 per element that holds numbers (token is stored so but holds none). */
const onNumbers = (t: ElementType): boolean => t !== "token" && ELEMENT_TYPE_INFO[t].storage === "f64";

/**
 * A mode's denormal flushing around an entry's function: not around a
 * function that flushes by itself, nor a total-order compare (bit patterns).
 */
function flushed(inst: HloInstruction, operandTypes: readonly ElementType[], result: ElementType, entry: Entry, numerics: NumericsRecord): Entry {
  const flush = numerics.flush;
  if (flush === undefined || entry.selfFlushing === true) return entry;
  if (inst.opcode === "compare" && entry.attrs.includes(":TOTALORDER")) return entry;
  return {
    attrs: entry.attrs,
    make: () => {
      const s = entry.make();
      return { fn: flush.around(inst.opcode, operandTypes, result, s.fn), norm: s.norm };
    },
  };
}

function entryOf<K extends OpcodesOf<"elementwise">>(
  rule: Rule<K>,
  inst: InstructionOf<K>,
  operandTypes: readonly ElementType[],
  mode: Numerics,
): { readonly key: string; readonly entry: Entry } | undefined {
  if (!isArrayShape(inst.shape)) return undefined;
  const r = inst.shape.elementType;
  if (OPCODES[inst.opcode].arity !== operandTypes.length || !onNumbers(r) || !operandTypes.every(onNumbers)) {
    return undefined;
  }
  const numerics = numericsOf(mode);
  const plain = rule(inst, operandTypes, r, numerics);
  if (plain === undefined) return undefined;
  const entry = flushed(inst as HloInstruction, operandTypes, r, plain, numerics);
  return { key: `${numerics.keyPrefix}${inst.opcode}(${entry.attrs}):${operandTypes.join(",")}->${r}`, entry };
}

const cache = new Map<string, ScalarSemantics>();

/**
 * The semantics (and key) of one element-wise instruction by its opcode's
 * rule, given its operands' element types, in the given numerics; undefined
 * when an operand or the result is not stored one float64 per element, or
 * the op has no scalar form (complex, bitcast-convert). Cached per key: the
 * same key gives the same object, and the same functions. Keys name the
 * numerics, opcode, attributes that matter and types, never instruction names.
 */
export function ruleSemantics<K extends OpcodesOf<"elementwise">>(
  rule: Rule<K>,
  inst: InstructionOf<K>,
  operandTypes: readonly ElementType[],
  numerics: Numerics = "reference",
): { readonly key: string; readonly s: ScalarSemantics } | undefined {
  const found = entryOf(rule, inst, operandTypes, numerics);
  if (found === undefined) return undefined;
  let s = cache.get(found.key);
  if (s === undefined) {
    s = Object.freeze(found.entry.make());
    cache.set(found.key, s);
  }
  return { key: found.key, s };
}
