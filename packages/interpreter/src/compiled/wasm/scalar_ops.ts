/**
 * Which scalar functions of a kernel plan the WebAssembly emitter computes
 * with exactly the reference's bits. A plan's op node is norm(fn(xs)); the
 * emitter accepts it only where (fn, norm) are the very function objects the
 * scalar table (kernels/elementwise/table.ts) hands out for one of these
 * ops in this numerics mode, unchanged by the mode (no override, no flushing
 * around it), and norm is either none (f64) or f32's rounding. Every op is
 * then computed in float64 lanes as the reference computes it in float64
 * (IEEE add/sub/mul/div/sqrt, sign ops), and f32's rounding is a demote to
 * f32 and a promote back, which rounds as Math.fround does; bf16's rounds
 * the demoted f32 bits to nearest even as roundToBF16 does. maximum and
 * minimum are the table's NaN-first, lhs-on-ties functions, built from
 * compares and a bitselect rather than f64x2.max (whose ±0 and NaN rules
 * differ). Where a mode flushes denormals around an op (XLA CPU), the
 * emitter flushes operands and result as its model says (flushModel), and
 * takes the op only if the mode's function gives the model's bits on every
 * pair of probe values.
 */
import { ELEMENT_TYPE_INFO, type ElementType, type HloInstruction, roundToBF16, roundToF16 } from "@minixla/hlo";
import type { Numerics } from "../../kernel.ts";
import type { Normalize } from "../../kernels/elementwise/loops.ts";
import type { ScalarSemantics } from "../../kernels/elementwise/scalar_rules.ts";
import { binarySemantics, scalarSemantics } from "../../kernels/elementwise/table.ts";
import { numericsOf } from "../../numerics/index.ts";
import { XLA_CPU_FMA32, XLA_CPU_FMA64 } from "../../numerics/xla_cpu/fma.ts";

/** maximumOrderedZeros / minimumOrderedZeros: NaN first, then -0 below +0 (XLA CPU's, numerics/xla_cpu/signed_zero_order.ts). */
export type LaneBinary = OpcodeBinary | "maximumOrderedZeros" | "minimumOrderedZeros";
/** The binary opcodes the lanes compute as the scalar table does. */
type OpcodeBinary = "add" | "subtract" | "multiply" | "divide" | "maximum" | "minimum";
/** identity: copy, and convert between f32 and f64 (the value unchanged, then the result type's rounding). */
export type LaneUnary = "negate" | "abs" | "sqrt" | "identity";
/**
 * XLA CPU's fused f32 and f64 multiply-add custom call (numerics/xla_cpu/fma.ts), operands and result flushed;
 * clamp(lo, x, hi) as the table's (NaN of lo, x, hi first, then x below lo gives lo, hi unless above the result),
 * or with -0 below +0 (XLA CPU's).
 */
export type LaneTernary = "fma32" | "fma64" | "clamp" | "clampOrderedZeros";
export type LaneOp = LaneBinary | LaneUnary | LaneTernary;

/** The rounding after a lane op: none (f64), f32's, or bf16's or f16's (through f32, as roundToBF16 and roundToF16). */
export type LaneRounding = "none" | "f32" | "bf16" | "f16";

/**
 * An op node the emitter computes: operands flushed where `flush`, the op in
 * float64 lanes, the result type's rounding, the result flushed where `flush`.
 */
export interface LaneScalar {
  readonly op: LaneOp;
  readonly arity: 1 | 2 | 3;
  readonly rounding: LaneRounding;
  /** A mode's denormal flushing (XLA CPU's DAZ and FTZ): magnitudes below this become zero of their sign; undefined: none. */
  readonly flush: number | undefined;
  /** The result flushed before the rounding (bf16, whose rounding follows XLA CPU's flush of the f32 value), not after. */
  readonly flushBeforeRounding: boolean;
}

const BINARY: readonly OpcodeBinary[] = ["add", "subtract", "multiply", "divide", "maximum", "minimum"];
const UNARY: readonly LaneUnary[] = ["negate", "abs", "sqrt"];
const TYPES: readonly ElementType[] = ["f64", "f32", "bf16", "f16"];

/** The rounding the emitter applies after an op: none, f32's (Math.fround) or bf16's (roundToBF16). */
export function laneRounding(norm: Normalize | undefined): LaneRounding | undefined {
  if (norm === undefined) return "none";
  if (norm === ELEMENT_TYPE_INFO.f32.normalize && norm === Math.fround) return "f32";
  if (norm === ELEMENT_TYPE_INFO.f16.normalize && norm === roundToF16) return "f16";
  return norm === ELEMENT_TYPE_INFO.bf16.normalize && norm === roundToBF16 ? "bf16" : undefined;
}

function unarySemantics(opcode: string, from: ElementType, to: ElementType, numerics: Numerics): ScalarSemantics | undefined {
  const inst = { name: "", opcode, operands: [""], shape: { elementType: to, dimensions: [] }, attributes: {}, called: [] };
  return scalarSemantics(inst as HloInstruction, [from], numerics);
}

function clampSemantics(t: ElementType, numerics: Numerics): ScalarSemantics | undefined {
  const inst = { name: "", opcode: "clamp", operands: ["", "", ""], shape: { elementType: t, dimensions: [] }, attributes: {}, called: [] };
  return scalarSemantics(inst as HloInstruction, [t, t, t], numerics);
}

/** Whether the mode computes opcode from operand type t to result r with the table's own function (no override, nothing flushed around it). */
function plain(opcode: OpcodeBinary | LaneUnary | "copy" | "convert" | "clamp", t: ElementType, arity: number, numerics: Numerics, r: ElementType = t): boolean {
  const record = numericsOf(numerics);
  if (opcode !== "identity" && record.scalar[opcode]?.(t) !== undefined) return false;
  const probe = (x: number): number => x;
  return record.flush === undefined || record.flush.around(opcode, Array.from({ length: arity }, () => t), r, probe) === probe;
}

/** The smallest normal magnitude of the types the lanes compute in. */
const SMALLEST_NORMAL: { readonly [t: string]: number } = { f64: 2 ** -1022, f32: 2 ** -126, bf16: 2 ** -126, f16: 2 ** -126 };

/** The lanes' flush: a magnitude below min becomes zero of its sign (±0 and NaN pass as they are). */
export function flushModel(min: number): (x: number) => number {
  return (x) => (Math.abs(x) < min ? (x < 0 || Object.is(x, -0) ? -0 : 0) : x);
}

const PROBES: readonly number[] = [
  0, -0, 1, -1.5, 3, 2 ** -1074, -(2 ** -1030), 2 ** -1022, -(2 ** -1022), 2 ** -127, -(2 ** -149), 2 ** -126, 1.1754942e-38, 1e-20, 1e-300, -1e-310,
  3e38, -3.4028234663852886e38, 1e308, Infinity, -Infinity, NaN,
];

/** -0 below +0. */
const below = (a: number, b: number): boolean => a < b || (a === 0 && b === 0 && Object.is(a, -0) && !Object.is(b, -0));

/** The plain scalar function of a lane op (the table's, as unary.ts, binary.ts and select_clamp.ts define them for floats). */
const PLAIN: { readonly [K in Exclude<LaneOp, "fma32" | "fma64">]: (a: number, b: number, c: number) => number } = {
  add: (a, b) => a + b,
  subtract: (a, b) => a - b,
  multiply: (a, b) => a * b,
  divide: (a, b) => a / b,
  maximum: (a, b) => (a !== a ? a : b !== b ? b : a < b ? b : a),
  minimum: (a, b) => (a !== a ? a : b !== b ? b : b < a ? b : a),
  maximumOrderedZeros: (a, b) => (a !== a ? a : b !== b ? b : a < b ? b : a > b ? a : Object.is(a, -0) ? b : a),
  minimumOrderedZeros: (a, b) => (a !== a ? a : b !== b ? b : b < a ? b : b > a ? a : Object.is(a, -0) ? a : b),
  negate: (a) => -a,
  abs: (a) => Math.abs(a),
  sqrt: (a) => Math.sqrt(a),
  identity: (a) => a,
  clamp: (lo, x, hi) => (lo !== lo ? lo : x !== x ? x : hi !== hi ? hi : (x < lo ? lo : x) < hi ? (x < lo ? lo : x) : hi),
  clampOrderedZeros: (lo, x, hi) => {
    if (lo !== lo) return lo;
    if (x !== x) return x;
    if (hi !== hi) return hi;
    const m = below(x, lo) ? lo : x;
    return below(hi, m) ? hi : m;
  },
};

/**
 * The flush a mode's function of op on t does, where it is the lanes' model
 * (operands flushed, op, f32's rounding, result flushed) on every pair of
 * probe values (denormals of both types, their neighbours, ±0, ±inf, NaN);
 * undefined where it is not.
 */
function flushOf(s: ScalarSemantics, op: Exclude<LaneOp, "fma32" | "fma64">, t: ElementType, arity: number): { readonly min: number; readonly before: boolean } | undefined {
  const min = SMALLEST_NORMAL[t];
  const fl = flushModel(min);
  const round = t === "f64" ? (x: number): number => x : ELEMENT_TYPE_INFO[t].normalize;
  const values = [...new Set(PROBES.map(round))];
  const norm = s.norm ?? ((x: number): number => x);
  /** Whether the mode's function is the lanes' model, flushing after the rounding or (before) ahead of it, on every probe. */
  const matches = (before: boolean): boolean => {
    for (const a of values) {
      for (const b of arity >= 2 ? values : [0]) {
        for (const c of arity === 3 ? values : [0]) {
          const exact = PLAIN[op](fl(a), fl(b), fl(c));
          const want = before ? round(fl(exact)) : fl(round(exact));
          const got = arity === 3 ? s.fn(a, b, c) : arity === 2 ? s.fn(a, b) : s.fn(a);
          if (!Object.is(before ? norm(got) : got, want)) return false;
        }
      }
    }
    return true;
  };
  if (matches(false)) return { min, before: false };
  return t === "bf16" && matches(true) ? { min, before: true } : undefined;
}

const tables = new Map<Numerics, Map<(...xs: number[]) => number, readonly { readonly s: ScalarSemantics; readonly lane: LaneScalar }[]>>();

function tableOf(numerics: Numerics): Map<(...xs: number[]) => number, readonly { readonly s: ScalarSemantics; readonly lane: LaneScalar }[]> {
  let table = tables.get(numerics);
  if (table !== undefined) return table;
  table = new Map();
  /** An entry whose rounding the lanes can do: none, or f32's. */
  const add = (
    s: ScalarSemantics | undefined,
    op: Exclude<LaneOp, "fma32" | "fma64">,
    arity: 1 | 2 | 3,
    flush: { readonly min: number; readonly before: boolean } | undefined = undefined,
  ): void => {
    const rounding = s === undefined ? undefined : laneRounding(s.norm);
    if (s === undefined || rounding === undefined) return;
    const lane: LaneScalar = { op, arity, rounding, flush: flush?.min, flushBeforeRounding: flush?.before ?? false };
    table?.set(s.fn, [...(table.get(s.fn) ?? []), { s, lane }]);
  };
  /** An op the mode computes with flushing around the table's function, where the lanes' model gives its bits. */
  const addFlushed = (s: ScalarSemantics | undefined, op: OpcodeBinary | LaneUnary, t: ElementType, arity: 1 | 2): void => {
    const flush = s === undefined || op === "identity" || numericsOf(numerics).scalar[op]?.(t) !== undefined ? undefined : flushOf(s, op, t, arity);
    if (flush !== undefined) add(s, op, arity, flush);
  };
  for (const t of TYPES) {
    for (const op of BINARY) {
      // f16's maximum and minimum need no rounding (addF16Extrema).
      if (t === "f16" && (op === "maximum" || op === "minimum")) continue;
      if (plain(op, t, 2, numerics)) add(binarySemantics(op, t, numerics), op, 2);
      else addFlushed(binarySemantics(op, t, numerics), op, t, 2);
    }
    // A mode's own maximum and minimum, where they are the ordered-zeros lane forms (flushed or not) on every probe pair.
    for (const [op, ordered] of [["maximum", "maximumOrderedZeros"], ["minimum", "minimumOrderedZeros"]] as const) {
      if (t === "f16" || plain(op, t, 2, numerics)) continue;
      const s = binarySemantics(op, t, numerics);
      const flush = s === undefined ? undefined : flushOf(s, ordered, t, 2);
      if (flush !== undefined) add(s, ordered, 2, flush);
    }
    for (const op of UNARY) {
      if (plain(op, t, 1, numerics)) add(unarySemantics(op, t, t, numerics), op, 1);
      else addFlushed(unarySemantics(op, t, t, numerics), op, t, 1);
    }
    // clamp of one type (the result unrounded): the table's, or a mode's own where it is the ordered-zeros form on the probes.
    const clamp = clampSemantics(t, numerics);
    if (plain("clamp", t, 3, numerics)) add(clamp, "clamp", 3);
    else {
      const flush = clamp === undefined ? undefined : flushOf(clamp, "clampOrderedZeros", t, 3);
      if (flush !== undefined) add(clamp, "clampOrderedZeros", 3, flush);
    }
    // Both are the identity function followed by the result type's rounding.
    if (plain("copy", t, 1, numerics)) add(unarySemantics("copy", t, t, numerics), "identity", 1);
    for (const from of TYPES) {
      if (plain("convert", from, 1, numerics, t)) add(unarySemantics("convert", from, t, numerics), "identity", 1);
    }
  }
  addF16Extrema(table, numerics);
  tables.set(numerics, table);
  return table;
}

/** f16 values where maximum and minimum branch: zeros, infinities, NaN, denormals, the largest finite. */
const F16_PROBES: readonly number[] = [0, -0, 1, -1.5, 2 ** -24, -(2 ** -24), 2 ** -20, 2 ** -14, -(2 ** -14), 65504, -65504, Infinity, -Infinity, NaN];

/**
 * f16 maximum and minimum: the result is one operand (an f16 value) or NaN, which f16's
 * rounding leaves as it is, so the lanes take them with no rounding where the mode's
 * function followed by that rounding is a lane form (plain, or -0 below +0) on every pair of
 * f16 probes. (relu over f16 activations is one.)
 */
function addF16Extrema(table: Map<(...xs: number[]) => number, readonly { readonly s: ScalarSemantics; readonly lane: LaneScalar }[]>, numerics: Numerics): void {
  const round = ELEMENT_TYPE_INFO.f16.normalize;
  const values = F16_PROBES.map(round);
  for (const [op, forms] of [["maximum", ["maximum", "maximumOrderedZeros"]], ["minimum", ["minimum", "minimumOrderedZeros"]]] as const) {
    const s = binarySemantics(op, "f16", numerics);
    const norm = s?.norm;
    if (s === undefined || norm !== round) continue;
    const form = forms.find((f) => values.every((a) => values.every((b) => Object.is(norm(s.fn(a, b)), PLAIN[f](a, b, 0)))));
    if (form === undefined) continue;
    const lane: LaneScalar = { op: form, arity: 2, rounding: "none", flush: undefined, flushBeforeRounding: false };
    table.set(s.fn, [...(table.get(s.fn) ?? []), { s, lane }]);
  }
}

const FMA32_LANE: LaneScalar = { op: "fma32", arity: 3, rounding: "none", flush: SMALLEST_NORMAL.f32, flushBeforeRounding: false };
const FMA64_LANE: LaneScalar = { op: "fma64", arity: 3, rounding: "none", flush: SMALLEST_NORMAL.f64, flushBeforeRounding: false };

/** The lane form of an op node norm(fn(...)) with `arity` operands, or undefined where the emitter has none with the same bits. */
export function laneScalarOf(
  fn: (...xs: number[]) => number,
  norm: Normalize | undefined,
  arity: number,
  numerics: Numerics,
): LaneScalar | undefined {
  // The fused multiply-add custom call is the same function in every mode; its step rounds to f32 and flushes itself.
  if (fn === XLA_CPU_FMA32 && norm === undefined && arity === 3) return FMA32_LANE;
  if (fn === XLA_CPU_FMA64 && norm === undefined && arity === 3) return FMA64_LANE;
  const found = tableOf(numerics).get(fn)?.find((e) => e.s.norm === norm && e.lane.arity === arity);
  return found?.lane;
}
