/**
 * The one table of scalar semantics: for an element-wise instruction whose
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
  defaultComparisonType,
  isArrayShape,
  isFloatType,
} from "@minixla/hlo";
import { type BinaryOp, binaryScalar } from "./binary.ts";
import { compareScalar, totalOrderScalar } from "./compare.ts";
import { convertScalar, reducePrecisionScalar } from "./convert.ts";
import { clampFloat, clampInteger, selectScalar } from "./select_clamp.ts";
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
interface Entry {
  /** Attribute values that matter, joined with ":" ("" when none); the key adds opcode and types. */
  readonly attrs: string;
  readonly make: () => ScalarSemantics;
  /** A mode's own function that flushes as the mode does by itself: its flush policy is not wrapped around it. */
  readonly selfFlushing?: boolean;
}

type Rule<K extends OpcodesOf<"elementwise">> = (
  inst: InstructionOf<K>,
  operands: readonly ElementType[],
  result: ElementType,
  numerics: NumericsRecord,
) => Entry | undefined;

type Rules = { readonly [K in OpcodesOf<"elementwise">]: Rule<K> };

/** The entry of a mode's override: its function, rounded to the result type. */
function overrideEntry(o: ScalarOverride, r: ElementType): Entry {
  return { attrs: "", selfFlushing: o.selfFlushing, make: () => ({ fn: o.fn, norm: normalizerOf(r) }) };
}

/** Unary ops: computed on the operand's type, rounded to the result type (is-finite's 0/1 already is a pred). */
function unary<K extends UnaryOp>(op: K): Rule<K> {
  return (_inst, [t], r, numerics) => {
    const o = numerics.scalar[op]?.(t);
    if (o !== undefined) return overrideEntry(o, r);
    return { attrs: "", make: () => ({ fn: unaryScalar(op, t), norm: op === "is-finite" ? undefined : normalizerOf(r) }) };
  };
}

/** Binary ops: computed and rounded in the result type (their operands share it). */
function binary<K extends BinaryOp>(op: K): Rule<K> {
  return (_inst, _operands, r, numerics) => {
    const o = numerics.scalar[op]?.(r);
    if (o !== undefined) return overrideEntry(o, r);
    return { attrs: "", make: () => ({ fn: binaryScalar(op, r), norm: normalizerOf(r) }) };
  };
}

/** Whether an operand's type differs from the result's (a narrow-float branch of a wider select, say). */
const mixed = (operands: readonly ElementType[], r: ElementType): boolean => operands.some((t) => t !== r);

function compareEntry(direction: ComparisonDirection, totalOrder: boolean, nanLowest: boolean): Entry {
  const order = totalOrderScalar(direction);
  return {
    attrs: `${direction}:${totalOrder ? "TOTALORDER" : "NUMERIC"}${nanLowest ? ":NANLOW" : ""}`,
    make: () => ({
      fn: !totalOrder ? compareScalar(direction) : nanLowest ? (a: number, b: number) => order(a !== a ? -Infinity : a, b !== b ? -Infinity : b) : order,
      norm: undefined,
    }),
  };
}

const RULES: Rules = {
  abs: unary("abs"),
  add: binary("add"),
  and: binary("and"),
  atan2: binary("atan2"),
  // A reinterpretation of bytes, not a function of the value on numbers.
  "bitcast-convert": () => undefined,
  cbrt: unary("cbrt"),
  ceil: unary("ceil"),
  // clamp(lo, x, hi); the operands are rounded to the result type only when one differs from it.
  clamp: (_inst, operands, r, numerics) => {
    const float = isFloatType(r);
    const m = mixed(operands, r);
    const fn = numerics.scalar.clamp?.(r)?.fn ?? (float ? clampFloat : clampInteger);
    return { attrs: float ? "float" : "integer", make: () => ({ fn, norm: m ? normalizerOf(r) : undefined }) };
  },
  // SIGNED, UNSIGNED and FLOAT all compare the stored numbers; only TOTALORDER on floats orders bit patterns.
  // A mode may order the NaN of the fnuz types (bits 0x80) below every value.
  compare: (inst, [t], _r, numerics) => {
    const type = inst.attributes.comparisonType ?? defaultComparisonType(t);
    const totalOrder = type === "TOTALORDER" && isFloatType(t);
    return compareEntry(inst.attributes.direction, totalOrder, totalOrder && numerics.fnuzNaNLowest && t.endsWith("fnuz"));
  },
  complex: () => undefined, // its result is complex
  convert: (_inst, [from], to) => ({ attrs: "", make: () => ({ fn: convertScalar(from, to), norm: normalizerOf(to) }) }),
  copy: () => ({ attrs: "", make: () => ({ fn: identity, norm: undefined }) }),
  cosine: unary("cosine"),
  "count-leading-zeros": unary("count-leading-zeros"),
  divide: binary("divide"),
  erf: unary("erf"),
  exponential: unary("exponential"),
  "exponential-minus-one": unary("exponential-minus-one"),
  floor: unary("floor"),
  // On a real float (XLA allows it): the imaginary part is +0.
  imag: (_inst, [t]) => (isFloatType(t) ? { attrs: "", make: () => ({ fn: zero, norm: undefined }) } : undefined),
  "is-finite": unary("is-finite"),
  log: unary("log"),
  "log-plus-one": unary("log-plus-one"),
  logistic: unary("logistic"),
  maximum: binary("maximum"),
  minimum: binary("minimum"),
  multiply: binary("multiply"),
  negate: unary("negate"),
  not: unary("not"),
  or: binary("or"),
  popcnt: unary("popcnt"),
  power: binary("power"),
  // On a real float: the value itself.
  real: (_inst, [t]) => (isFloatType(t) ? { attrs: "", make: () => ({ fn: identity, norm: undefined }) } : undefined),
  // A mode may keep NaN when reducing to 0 mantissa bits, where the rounding alone gives inf (the reference's
  // value), and may reduce an f16 on f16's own bits.
  "reduce-precision": (inst, _operands, r, numerics) => {
    const { exponentBits, mantissaBits } = inst.attributes;
    const keepNaN = numerics.reducePrecision.keepNaNAtZeroMantissa && mantissaBits === 0;
    return {
      attrs: `${exponentBits}:${mantissaBits}`,
      make: () => {
        const f = reducePrecisionScalar(r, exponentBits, mantissaBits, numerics.reducePrecision.f16OnOwnBits);
        return { fn: keepNaN ? (x: number) => (x !== x ? x : f(x)) : f, norm: normalizerOf(r) };
      },
    };
  },
  remainder: binary("remainder"),
  "round-nearest-afz": unary("round-nearest-afz"),
  "round-nearest-even": unary("round-nearest-even"),
  rsqrt: unary("rsqrt"),
  // select(pred, on_true, on_false); the branches are rounded to the result type only when one differs from it.
  select: (_inst, operands, r) => {
    const m = mixed(operands.slice(1), r);
    return { attrs: "", make: () => ({ fn: selectScalar, norm: m ? normalizerOf(r) : undefined }) };
  },
  "shift-left": binary("shift-left"),
  "shift-right-arithmetic": binary("shift-right-arithmetic"),
  "shift-right-logical": binary("shift-right-logical"),
  sign: unary("sign"),
  sine: unary("sine"),
  sqrt: unary("sqrt"),
  subtract: binary("subtract"),
  tan: unary("tan"),
  tanh: unary("tanh"),
  acos: unary("acos"),
  acosh: unary("acosh"),
  asin: unary("asin"),
  asinh: unary("asinh"),
  atanh: unary("atanh"),
  cosh: unary("cosh"),
  sinh: unary("sinh"),
  xor: binary("xor"),
};

function identity(x: number): number {
  return x;
}
function zero(): number {
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

function entryOf(
  inst: HloInstruction,
  operandTypes: readonly ElementType[],
  mode: Numerics,
): { readonly key: string; readonly entry: Entry } | undefined {
  if (!Object.hasOwn(RULES, inst.opcode) || !isArrayShape(inst.shape)) return undefined;
  const r = inst.shape.elementType;
  if (OPCODES[inst.opcode].arity !== operandTypes.length || !onNumbers(r) || !operandTypes.every(onNumbers)) {
    return undefined;
  }
  // One cast at the table's edge: the opcode has been checked to have a rule, and each rule reads its own instruction type.
  const rule = RULES[inst.opcode as OpcodesOf<"elementwise">] as Rule<OpcodesOf<"elementwise">>;
  const numerics = numericsOf(mode);
  const plain = rule(inst as InstructionOf<OpcodesOf<"elementwise">>, operandTypes, r, numerics);
  if (plain === undefined) return undefined;
  const entry = flushed(inst, operandTypes, r, plain, numerics);
  return { key: `${numerics.keyPrefix}${inst.opcode}(${entry.attrs}):${operandTypes.join(",")}->${r}`, entry };
}

/** The key naming (numerics, opcode, attributes that matter, types): equal keys give the same semantics. */
export function scalarKey(inst: HloInstruction, operandTypes: readonly ElementType[], numerics: Numerics = "reference"): string | undefined {
  return entryOf(inst, operandTypes, numerics)?.key;
}

const cache = new Map<string, ScalarSemantics>();

/**
 * The semantics of one element-wise instruction given its operands' element
 * types, in the given numerics (default "reference"); undefined when an operand or the result is not stored one float64
 * per element, or the op has no scalar form (complex, bitcast-convert).
 * Cached per key: the same key gives the same object, and the same functions.
 */
export function scalarSemantics(
  inst: HloInstruction,
  operandTypes: readonly ElementType[],
  numerics: Numerics = "reference",
): ScalarSemantics | undefined {
  const found = entryOf(inst, operandTypes, numerics);
  if (found === undefined) return undefined;
  let s = cache.get(found.key);
  if (s === undefined) {
    s = Object.freeze(found.entry.make());
    cache.set(found.key, s);
  }
  return s;
}

/** The scalar semantics of a binary op on operands and result of type t (the reduce fast path's reducers). */
export function binarySemantics(op: BinaryOp, t: ElementType, numerics: Numerics = "reference"): ScalarSemantics | undefined {
  const inst: InstructionOf<BinaryOp> = { name: "", opcode: op, operands: ["", ""], shape: { elementType: t, dimensions: [] }, attributes: {}, called: [] };
  return scalarSemantics(inst as HloInstruction, [t, t], numerics);
}
