/**
 * XLA CPU's own element functions (numerics "xla-cpu") as WebAssembly f64x2
 * lane functions for the fused-loop emitter (emit_plan.ts): its f32 and f64
 * exp, tanh, logistic and expm1, f32 log, log1p and erf, and f64 log1p
 * (numerics/xla_cpu/math_f32.ts, math_f64.ts), and float compares (flushed where XLA CPU flushes them) and
 * select, in both numerics modes. The module layout (host imports, helpers,
 * `run`) is kept here too, for scalar_ops.ts's f64 fused multiply-add as well.
 * Each lane repeats the scalar function step for step: every f32 add,
 * multiply and divide is the f64 operation rounded to f32 by a demote and a
 * promote (the f32 values' sum, product and quotient round once in f64
 * without harm, as in arith.ts), every result flushed as under DAZ/FTZ; an
 * f32 fused multiply-add is the f64 sum rounded once, or fused_steps.ts's
 * exact step where that sum is an f32 midpoint or tiny (fastFma32Step);
 * an f64 one is fma64's fast path (TwoProduct, TwoSum, the fma64Tail
 * checks) with a zero product settled in the lanes as fma64Full settles it,
 * and the lanes it cannot settle handed to the host's fma64. f64 log1p's
 * lanes at |x| >= 0.4142 compute Math.log's algorithm (v8Log), and hand the
 * host's scalar log1p the few it leaves. A function whose scalar form selects between branches
 * computes every branch and selects per lane. Nothing here comes from a
 * module: the functions are recognised by identity with the scalar table's.
 */
import { COMPARISON_DIRECTIONS, type ComparisonDirection, ELEMENT_TYPE_INFO, type ElementType, type HloInstruction } from "@minixla/hlo";
import { scalarSemantics } from "../../kernels/elementwise/table.ts";
import { compareScalar } from "../../kernels/elementwise/compare.ts";
import { selectScalar } from "../../kernels/elementwise/select_clamp.ts";
import { fma64 as hostFma64 } from "../../numerics/xla_cpu/arith.ts";
import { xlaCpuLog1pF64 } from "../../numerics/xla_cpu/math_f64.ts";
import type { Normalize } from "../../kernels/elementwise/loops.ts";
import { F64, type FunctionBody as Body, FunctionBody, type FunctionType, Op, Simd, type SimdOp, V128, encodeModule } from "./encoder.ts";
import { V128Globals, v8TanhLanes } from "./emit_v8_tanh.ts";
import { type U32Kind, emitU32, u32Arity, u32KindOf } from "./emit_u32_lanes.ts";
import {
  F32_MIN_NORMAL,
  F64_MIN_NORMAL,
  type Fma64Operands,
  MODERATE_HI,
  MODERATE_LO,
  fma32Step,
  fma64DotConstants,
  fma64DotStep,
  fma64ModerateConstants,
  fma64ModerateStep,
  pushFlushed,
  pushSplit,
} from "./fused_steps.ts";

/** The element functions this file has lanes for (and emit_u32_lanes.ts's u32 ops, called the same way). */
export type MathKind = PolyKind | "select" | CompareKind | U32Kind | "tanhV8";
type PolyKind =
  | "exp32" | "tanh32" | "logistic32" | "log32" | "log1p32" | "expm1_32" | "erf32"
  | "exp64" | "tanh64" | "logistic64" | "log1p64" | "expm1_64";
/** A float compare (1 or 0), its operands flushed as f32 or f64 where the kind ends in 32 or 64 (XLA CPU's DAZ). */
type CompareKind = `cmp${ComparisonDirection}${"" | "32" | "64"}`;

const POLY: { readonly [K in PolyKind]: { readonly arity: 1; readonly work: number } } = {
  exp32: { arity: 1, work: 40 },
  tanh32: { arity: 1, work: 40 },
  logistic32: { arity: 1, work: 40 },
  log32: { arity: 1, work: 50 },
  log1p32: { arity: 1, work: 90 },
  expm1_32: { arity: 1, work: 80 },
  erf32: { arity: 1, work: 40 },
  exp64: { arity: 1, work: 80 },
  tanh64: { arity: 1, work: 150 },
  logistic64: { arity: 1, work: 80 },
  log1p64: { arity: 1, work: 100 },
  expm1_64: { arity: 1, work: 230 },
};
const isPoly = (kind: MathKind): kind is PolyKind => Object.hasOwn(POLY, kind);
const isU32 = (kind: MathKind): kind is U32Kind => kind.startsWith("u32");
const arityOf = (kind: MathKind): 1 | 2 | 3 => (isPoly(kind) ? POLY[kind].arity : isU32(kind) ? u32Arity(kind) : kind === "select" ? 3 : kind === "tanhV8" ? 1 : 2);

/** Lane operations per point, roughly (the cost model of wasm_kernel.ts weighs a plan's work with it). */
export function mathWork(kind: MathKind): number {
  if (kind === "tanhV8") return 40;
  return isPoly(kind) ? POLY[kind].work : kind === "u32shl" || kind === "u32shrl" ? 4 : 2;
}

/** SIMD opcodes beyond the encoder's list (their LEB128 sub-opcodes). */
const X = {
  v128Const: 0x0c,
  f64x2Floor: 0x75,
  i32x4ShrS: 0xac,
  i32x4Sub: 0xb1,
  i64x2ExtendLowI32x4S: 0xc7,
  v128AnyTrue: 0x53,
  i8x16Shuffle: 0x0d,
  i64x2ShrU: 0xcd,
  i64x2Sub: 0xd1,
  i64x2GtS: 0xd9,
  i32x4TruncSatF64x2SZero: 0xfc,
} as const;

const unary = (op: string, t: ElementType): HloInstruction =>
  ({ name: "", opcode: op, operands: [""], shape: { elementType: t, dimensions: [] }, attributes: {}, called: [] }) as unknown as HloInstruction;

let table: Map<(...xs: number[]) => number, { readonly kind: MathKind; readonly norm: Normalize | undefined }> | undefined;

/** fn -> kind, from the xla-cpu scalar table itself (so only its very functions are taken). */
function tableOf(): Map<(...xs: number[]) => number, { readonly kind: MathKind; readonly norm: Normalize | undefined }> {
  if (table !== undefined) return table;
  const t = new Map<(...xs: number[]) => number, { readonly kind: MathKind; readonly norm: Normalize | undefined }>();
  const f32Norm = ELEMENT_TYPE_INFO.f32.normalize;
  if (f32Norm !== Math.fround) return (table = t);
  const UNARY: readonly [string, MathKind | undefined, MathKind | undefined][] = [
    ["exponential", "exp32", "exp64"],
    ["tanh", "tanh32", "tanh64"],
    ["logistic", "logistic32", "logistic64"],
    ["log", "log32", undefined],
    ["log-plus-one", "log1p32", "log1p64"],
    ["exponential-minus-one", "expm1_32", "expm1_64"],
    ["erf", "erf32", undefined],
  ];
  for (const [op, k32, k64] of UNARY) {
    const s32 = scalarSemantics(unary(op, "f32"), ["f32"], "xla-cpu");
    if (s32 !== undefined && k32 !== undefined) t.set(s32.fn, { kind: k32, norm: f32Norm });
    const s64 = scalarSemantics(unary(op, "f64"), ["f64"], "xla-cpu");
    if (s64 !== undefined && k64 !== undefined) t.set(s64.fn, { kind: k64, norm: undefined });
  }
  // The reference's f64 tanh is Math.tanh itself: emit_v8_tanh.ts's lanes give its bits.
  const tanh64 = scalarSemantics(unary("tanh", "f64"), ["f64"], "reference");
  if (tanh64 !== undefined && tanh64.fn === Math.tanh && tanh64.norm === undefined) t.set(tanh64.fn, { kind: "tanhV8", norm: undefined });
  // Compares and select, in both modes: XLA CPU's compare flushes its operands (where the probes say so).
  t.set(selectScalar, { kind: "select", norm: undefined });
  for (const numerics of ["reference", "xla-cpu"] as const) {
    for (const type of ["f32", "f64"] as const) {
      for (const direction of COMPARISON_DIRECTIONS) {
        const inst = { name: "", opcode: "compare", operands: ["", ""], shape: { elementType: "pred", dimensions: [] }, attributes: { direction }, called: [] };
        const s = scalarSemantics(inst as unknown as HloInstruction, [type, type], numerics);
        if (s === undefined || s.norm !== undefined) continue;
        const kind = compareKindOf(s.fn, direction, type);
        if (kind !== undefined) t.set(s.fn, { kind, norm: undefined });
      }
    }
  }
  return (table = t);
}

const COMPARE_PROBES = [0, -0, 1, -1, 2 ** -149, -(2 ** -140), 2 ** -126, 2 ** -1074, -(2 ** -1060), 2 ** -1022, 1e300, Infinity, -Infinity, Number.NaN];

/** The compare kind whose lanes give fn's value on every pair of probes (plain or with either flush), if any. */
function compareKindOf(fn: (a: number, b: number) => number, direction: ComparisonDirection, type: "f32" | "f64"): CompareKind | undefined {
  const plain = compareScalar(direction);
  const values = COMPARE_PROBES.map(type === "f32" ? Math.fround : (x: number) => x);
  const flushAt = (min: number) => (x: number): number => (Math.abs(x) < min ? (x < 0 || Object.is(x, -0) ? -0 : 0) : x);
  const models: readonly [CompareKind, (x: number) => number][] = [
    [`cmp${direction}`, (x) => x],
    [`cmp${direction}32`, flushAt(2 ** -126)],
    [`cmp${direction}64`, flushAt(2 ** -1022)],
  ];
  return models.find(([, flush]) => values.every((a) => values.every((b) => Object.is(fn(a, b), plain(flush(a), flush(b))))))?.[0];
}

/** The lane function of a plan's op node norm(fn(...)), or undefined where this file has none. */
export function mathKindOf(fn: (...xs: number[]) => number, norm: Normalize | undefined, arity: number): MathKind | undefined {
  const found = tableOf().get(fn);
  if (found === undefined) return u32KindOf(fn, norm, arity);
  return found.norm === norm && arityOf(found.kind) === arity ? found.kind : undefined;
}

/**
 * XLA CPU's f32 fused multiply-add step, acc = fma(x, y, acc) under FTZ (as fused_steps.ts's
 * fma32Step), usually without its rounding to odd: the f64 sum s of the exact product and acc,
 * rounded to f32, is the one rounding of x·y + acc unless s is an f32 midpoint (its low 29
 * significand bits a 1 and then zeros: the exact value may lie on either side of it) or below
 * twice the f32 normal range's bottom (the f32 grid there is not f64's cut short, and FTZ
 * applies); a pair with such a lane takes fma32Step's exact step instead. Otherwise a value
 * between x·y + acc and s would be an f64 number nearer to the exact value than s.
 */
export function fastFma32Step(f: FunctionBody): (acc: number, x: number, y: number) => void {
  const s = f.local(V128);
  const out = f.local(V128);
  let exact: ((c: number, x: number, y: number) => void) | undefined;
  const k = (x: number): void => {
    f.simd(X.v128Const as SimdOp);
    for (const b of bytesOf(x)) f.op(b);
  };
  return (acc, x, y) => {
    f.opU(Op.localGet, x).opU(Op.localGet, y).simd(Simd.f64x2Mul).opU(Op.localGet, acc).simd(Simd.f64x2Add).opU(Op.localTee, s);
    f.simd(Simd.f32x4DemoteF64x2Zero).simd(Simd.f64x2PromoteLowF32x4).opU(Op.localSet, out);
    f.opU(Op.localGet, s); k(FMA32_LOW_BITS); f.simd(Simd.v128And); k(FMA32_MIDPOINT); f.simd(Simd.i64x2Eq);
    f.opU(Op.localGet, s).simd(Simd.f64x2Abs); k(FMA32_TINY); f.simd(Simd.f64x2Lt).simd(Simd.v128Or);
    f.simd(X.v128AnyTrue as SimdOp).structured(Op.if);
    exact ??= fma32Step(f);
    exact(acc, x, y);
    f.opU(Op.localGet, acc).opU(Op.localSet, out);
    f.op(Op.end);
    f.opU(Op.localGet, out).opU(Op.localSet, acc);
  };
}

// ---------------------------------------------------------------------------------------------
// Lane arithmetic on v128 locals (each result a fresh local).

const bytesOf = (x: number): Uint8Array => new Uint8Array(new Float64Array([x, x]).buffer);
const bitsF64 = (hi: number, lo: number): number => new Float64Array(new Uint32Array([lo >>> 0, hi >>> 0]).buffer)[0]!;
/** fastFma32Step's test: an f64's low 29 significand bits, the f32 midpoint's pattern of them, and its tiny bound. */
const FMA32_LOW_BITS = bitsF64(0, 0x1fffffff);
const FMA32_MIDPOINT = bitsF64(0, 0x10000000);
const FMA32_TINY = 2 ** -125;
const f32Bits = (bits: number): number => new Float32Array(new Uint32Array([bits >>> 0]).buffer)[0]!;
const f64Hex = (hex: string): number => bitsF64(Number.parseInt(hex.slice(0, 8), 16), Number.parseInt(hex.slice(8), 16));

type Precision = "f32" | "f64";

/** Where each helper function of a module lives (function indices), as the lane bodies call them. */
interface Helpers {
  /** (a, b, c, r, done) -> r: lanes not done become host fma64(a, b, c). */
  readonly fma64Slow: number;
  /** (x, r, done) -> r: lanes not done become host log1p(x). */
  readonly log1pHost: number;
}

class Lanes {
  private fma32: ((c: number, x: number, y: number) => void) | undefined;
  /**
   * `unsettled`: a local where f32 fused multiply-adds mark the lanes whose one rounding the f64 sum may miss
   * (an f32 midpoint, or tiny) instead of settling them at once; the caller redoes such a pair (emitBody).
   */
  /** Each local made by `c`, with the value it holds. */
  private readonly constants = new Map<number, number>();
  /** Locals whose moderate check is already anded into `settled`. */
  private readonly checked = new Set<number>();
  private readonly moderateStep: ((c: number, o: Fma64Operands) => void) | undefined;
  /**
   * `settled`: f64 only, a local (all ones at the start) into which f64 fused multiply-adds, run as
   * fused_steps.ts's moderate steps, and their operands' moderate checks are anded; the caller redoes a
   * pair with a lane left clear (emitBody).
   */
  constructor(
    readonly f: Body,
    readonly p: Precision,
    readonly helpers: Helpers,
    private readonly unsettled?: number,
    private readonly settled?: number,
  ) {
    // The step's constants are set here, at the function's start, before any branch.
    this.moderateStep = settled === undefined ? undefined : fma64ModerateStep(f, fma64ModerateConstants(f), settled);
  }

  get min(): number {
    return this.p === "f32" ? F32_MIN_NORMAL : F64_MIN_NORMAL;
  }
  get(a: number): this {
    this.f.opU(Op.localGet, a);
    return this;
  }
  /** Pops the stack into a new local. */
  set(): number {
    const l = this.f.local(V128);
    this.f.opU(Op.localSet, l);
    return l;
  }
  simd(op: number): this {
    this.f.simd(op as SimdOp);
    return this;
  }
  /** A local holding x in both lanes. */
  c(x: number): number {
    this.f.simd(X.v128Const as SimdOp);
    for (const b of bytesOf(x)) this.f.op(b);
    const l = this.set();
    this.constants.set(l, x);
    return l;
  }
  /** A local holding the 32-bit integer `bits` in all four i32 lanes. */
  i32c(bits: number): number {
    this.f.simd(X.v128Const as SimdOp);
    for (const b of new Uint8Array(new Uint32Array([bits >>> 0, bits >>> 0, bits >>> 0, bits >>> 0]).buffer)) this.f.op(b);
    return this.set();
  }
  /** The value on the stack, rounded to the precision and flushed, into a new local. */
  finish(): number {
    if (this.p === "f32") this.f.simd(Simd.f32x4DemoteF64x2Zero).simd(Simd.f64x2PromoteLowF32x4);
    const l = this.set();
    pushFlushed(this.f, l, this.min);
    this.f.opU(Op.localSet, l);
    return l;
  }
  ftz(a: number): number {
    pushFlushed(this.f, a, this.min);
    return this.set();
  }
  private arith(op: SimdOp, a: number, b: number): number {
    this.get(a).get(b).f.simd(op);
    return this.finish();
  }
  add(a: number, b: number): number {
    return this.arith(Simd.f64x2Add, a, b);
  }
  sub(a: number, b: number): number {
    return this.arith(Simd.f64x2Sub, a, b);
  }
  mul(a: number, b: number): number {
    return this.arith(Simd.f64x2Mul, a, b);
  }
  div(a: number, b: number): number {
    return this.arith(Simd.f64x2Div, a, b);
  }
  neg(a: number): number {
    this.get(a).f.simd(Simd.f64x2Neg);
    return this.set();
  }
  abs(a: number): number {
    this.get(a).f.simd(Simd.f64x2Abs);
    return this.set();
  }
  floor(a: number): number {
    this.get(a).simd(X.f64x2Floor);
    return this.set();
  }
  /** A lane mask: a op b. */
  cmp(op: SimdOp, a: number, b: number): number {
    this.get(a).get(b).f.simd(op);
    return this.set();
  }
  /** mask ? a : b, per lane. */
  select(mask: number, a: number, b: number): number {
    this.get(a).get(b).get(mask).f.simd(Simd.v128Bitselect);
    return this.set();
  }
  or(a: number, b: number): number {
    this.get(a).get(b).f.simd(Simd.v128Or);
    return this.set();
  }
  /** XLA's select-based clamp: x < lo ? lo : x > hi ? hi : x (NaN passes). */
  clamp(x: number, lo: number, hi: number): number {
    return this.select(this.cmp(Simd.f64x2Lt, x, lo), lo, this.select(this.cmp(Simd.f64x2Gt, x, hi), hi, x));
  }
  /** a·b + c rounded once to the precision, flushed. */
  fma(a: number, b: number, c: number): number {
    return this.p === "f32" ? this.fmaF32(a, b, c) : this.fmaF64(a, b, c);
  }
  private fmaF32(a: number, b: number, c: number): number {
    const acc = this.f.local(V128);
    if (this.unsettled !== undefined) {
      // Deferred: the f64 sum rounded once, its lanes fastFma32Step would not settle marked in `unsettled`.
      const s = this.f.local(V128);
      this.get(a).get(b).simd(Simd.f64x2Mul).get(c).simd(Simd.f64x2Add).f.opU(Op.localTee, s);
      this.simd(Simd.f32x4DemoteF64x2Zero).simd(Simd.f64x2PromoteLowF32x4).f.opU(Op.localSet, acc);
      this.get(this.unsettled).get(s);
      this.f.f64Const(FMA32_LOW_BITS).simd(Simd.f64x2Splat).simd(Simd.v128And).f64Const(FMA32_MIDPOINT).simd(Simd.f64x2Splat).simd(Simd.i64x2Eq);
      this.get(s).simd(Simd.f64x2Abs).f.f64Const(FMA32_TINY).simd(Simd.f64x2Splat).simd(Simd.f64x2Lt).simd(Simd.v128Or).simd(Simd.v128Or);
      this.f.opU(Op.localSet, this.unsettled);
      return acc;
    }
    this.get(c).f.opU(Op.localSet, acc);
    this.fma32 ??= fastFma32Step(this.f);
    this.fma32(acc, a, b);
    return acc;
  }
  /**
   * a·b + c rounded once and flushed, where the caller knows a·b is exact in f64 for every lane
   * (no lost bits, no overflow, no result below the normal range): then the one rounding of
   * a·b + c is the rounded sum of the rounded product, and fma64's error-free steps are not needed.
   */
  fmaExactProduct(a: number, b: number, c: number): number {
    if (this.p !== "f64") return this.fma(a, b, c);
    this.get(a).get(b).simd(Simd.f64x2Mul).get(c).simd(Simd.f64x2Add);
    return this.ftz(this.set());
  }
  /** fma64 (arith.ts): its fast path in the lanes, a zero product as fma64Full settles it, the rest by the host. */
  private fmaF64(a: number, b: number, c: number): number {
    if (this.moderateStep !== undefined && this.settled !== undefined) return this.fmaModerate(a, b, c, this.moderateStep, this.settled);
    const f = this.f;
    const scratch = f.local(V128);
    const split = (v: number, part: "hi" | "lo"): number => {
      pushSplit(f, v, part, scratch);
      return this.set();
    };
    const u = this.cmpOp(Simd.f64x2Mul, a, b);
    const s = this.cmpOp(Simd.f64x2Add, u, c);
    const sb = this.cmpOp(Simd.f64x2Sub, s, u);
    const [ah, al, bh, bl] = [split(a, "hi"), split(a, "lo"), split(b, "hi"), split(b, "lo")];
    // q = al·bl - (((u - ah·bh) - al·bh) - ah·bl), the product's error; w = ((u - (s - sb)) + (c - sb)) + q
    this.get(al).get(bl).simd(Simd.f64x2Mul);
    this.get(u).get(ah).get(bh).simd(Simd.f64x2Mul).simd(Simd.f64x2Sub);
    this.get(al).get(bh).simd(Simd.f64x2Mul).simd(Simd.f64x2Sub);
    this.get(ah).get(bl).simd(Simd.f64x2Mul).simd(Simd.f64x2Sub);
    this.simd(Simd.f64x2Sub);
    const q = this.set();
    this.get(u).get(s).get(sb).simd(Simd.f64x2Sub).simd(Simd.f64x2Sub);
    this.get(c).get(sb).simd(Simd.f64x2Sub).simd(Simd.f64x2Add);
    this.get(q).simd(Simd.f64x2Add);
    const w = this.set();
    const r = this.cmpOp(Simd.f64x2Add, s, w);
    // d = w - (r - s)
    this.get(w).get(r).get(s).simd(Simd.f64x2Sub).simd(Simd.f64x2Sub);
    const d = this.set();
    const splat = (x: number): void => {
      this.f.f64Const(x).simd(Simd.f64x2Splat);
    };
    // ok = |u| > SAFE_LO & |r| >= MIN_NORMAL & |r| < TAIL_HI & |w| <= |s|/8 & (d == 0 | q == 0 | (r + 2d) - r != 2d)
    // (q == 0: an exact product, whose sum's tie r rounds right, as fma64Tail takes it: a product by 2 or 0.5 would
    // otherwise send a quarter of its lanes to the host)
    this.get(u).simd(Simd.f64x2Abs); splat(2 ** -900); this.simd(Simd.f64x2Gt);
    this.get(r).simd(Simd.f64x2Abs); splat(F64_MIN_NORMAL); this.simd(Simd.f64x2Ge).simd(Simd.v128And);
    this.get(r).simd(Simd.f64x2Abs); splat(2 ** 1000); this.simd(Simd.f64x2Lt).simd(Simd.v128And);
    this.get(w).simd(Simd.f64x2Abs).get(s).simd(Simd.f64x2Abs); splat(0.125); this.simd(Simd.f64x2Mul).simd(Simd.f64x2Le).simd(Simd.v128And);
    this.get(d); splat(0); this.simd(Simd.f64x2Eq);
    this.get(r).get(d).get(d).simd(Simd.f64x2Add).simd(Simd.f64x2Add).get(r).simd(Simd.f64x2Sub);
    this.get(d).get(d).simd(Simd.f64x2Add).simd(Simd.f64x2Ne).simd(Simd.v128Or);
    this.get(q); splat(0); this.simd(Simd.f64x2Eq).simd(Simd.v128Or);
    this.simd(Simd.v128And);
    const ok = this.set();
    // A zero factor: fma64Full's one rounding of a·b + c, flushed.
    this.get(a); splat(0); this.simd(Simd.f64x2Eq);
    this.get(b); splat(0); this.simd(Simd.f64x2Eq).simd(Simd.v128Or);
    const zero = this.set();
    this.get(u).get(c).simd(Simd.f64x2Add);
    const rz = this.set();
    const rzf = this.ftz(rz);
    const picked = this.select(ok, r, rzf);
    const done = this.or(ok, zero);
    const out = this.f.local(V128);
    this.get(picked).f.opU(Op.localSet, out);
    // Any lane left: the host.
    this.get(done).simd(Simd.i64x2AllTrue).f.op(Op.i32Eqz).structured(Op.if);
    this.get(a).get(b).get(c).get(out).get(done).f.opU(Op.call, this.helpers.fma64Slow).opU(Op.localSet, out);
    this.f.op(Op.end);
    return out;
  }
  /** A new local: all ones in the lanes where v is zero or of a magnitude in [MODERATE_LO, MODERATE_HI] (NaN is neither), else zero. */
  moderateMask(v: number): number {
    this.get(v).f.f64Const(0).simd(Simd.f64x2Splat).simd(Simd.f64x2Eq);
    this.get(v).simd(Simd.f64x2Abs).f.f64Const(MODERATE_LO).simd(Simd.f64x2Splat).simd(Simd.f64x2Ge);
    this.get(v).simd(Simd.f64x2Abs).f.f64Const(MODERATE_HI).simd(Simd.f64x2Splat).simd(Simd.f64x2Le);
    this.simd(Simd.v128And).simd(Simd.v128Or);
    return this.set();
  }
  /**
   * Two Horner chains acc = fma(a, acc, k), over `first` and `second` (each from its first coefficient,
   * of equal lengths), emitted step by step in turn so that the two chains' dependent operations overlap,
   * each step as fused_steps.ts's bracket step (fma64DotStep). The caller vouches that a is +0 or moderate
   * where `ok` is set and NaN or else elsewhere, and that every coefficient is positive and moderate:
   * then every chain value is positive and moderate (no -0, no flush), which is what the bracket step's
   * proof needs of a chain (the first value is a positive coefficient rather than +0, and a positive
   * addend keeps each sum off -0). Returns [first, second, settled]: the chains' values where the lanes
   * of `settled` are set (ok, and both brackets closed at every step).
   */
  bracketHornerPair(a: number, ok: number, first: readonly number[], second: readonly number[]): readonly [number, number, number] {
    const f = this.f;
    const scratch = f.local(V128);
    const split = (v: number, part: "hi" | "lo"): number => {
      pushSplit(f, v, part, scratch);
      return this.set();
    };
    const ah = split(a, "hi");
    const al = split(a, "lo");
    // Both parts at once: lo = v - hi from the hi just computed (pushSplit's "lo" would redo hi).
    const splitBoth = (v: number): [number, number] => {
      pushSplit(f, v, "hi", scratch);
      const hi = this.set();
      this.get(v).get(hi).simd(Simd.f64x2Sub);
      return [hi, this.set()];
    };
    const k = fma64DotConstants(f);
    const bad = this.c(0);
    const steps = [fma64DotStep(f, k, bad), fma64DotStep(f, k, bad)];
    const chains = [first, second];
    // The first accumulator is a constant: its split too (the same operations, in f64, as pushSplit's).
    const constSplit = (v: number): [number, number] => {
      const t = 134217729 * v;
      const hi = t - (t - v);
      return [this.c(hi), this.c(v - hi)];
    };
    const acc = chains.map((cs) => this.c(cs[0]!));
    const accSplit = chains.map((cs) => constSplit(cs[0]!));
    for (let i = 1; i < first.length; i++) {
      for (let j = 0; j < 2; j++) {
        const [yh, yl] = i === 1 ? accSplit[j]! : splitBoth(acc[j]!);
        const c = this.c(chains[j]![i]!);
        steps[j]!(c, { x: a, xh: ah, xl: al, y: acc[j]!, yh, yl });
        acc[j] = c;
      }
    }
    // settled = ok & (bad == 0 in both i64 lanes).
    this.get(ok).get(bad).get(this.c(0)).simd(Simd.i64x2Eq).simd(Simd.v128And);
    return [acc[0]!, acc[1]!, this.set()];
  }
  /**
   * a·b + c as fused_steps.ts's moderate step, its check anded into `settled`, and each operand's
   * moderate check too (once per local; none for a constant that is zero or moderate): every operand
   * of a settled lane was zero or moderate, as the step requires.
   */
  private fmaModerate(a: number, b: number, c: number, step: (c: number, o: Fma64Operands) => void, settled: number): number {
    const f = this.f;
    for (const v of [a, b, c]) {
      const k = this.constants.get(v);
      if (this.checked.has(v) || (k !== undefined && (k === 0 || (Math.abs(k) >= MODERATE_LO && Math.abs(k) <= MODERATE_HI)))) continue;
      this.checked.add(v);
      this.get(settled).get(this.moderateMask(v)).simd(Simd.v128And).f.opU(Op.localSet, settled);
    }
    const scratch = f.local(V128);
    const split = (v: number, part: "hi" | "lo"): number => {
      pushSplit(f, v, part, scratch);
      return this.set();
    };
    const [xh, xl, yh, yl] = [split(a, "hi"), split(a, "lo"), split(b, "hi"), split(b, "lo")];
    const acc = f.local(V128);
    this.get(c).f.opU(Op.localSet, acc);
    step(acc, { x: a, xh, xl, y: b, yh, yl });
    return acc;
  }
  /** An IEEE f64 lane op with no rounding or flush (the error-free steps). */
  private cmpOp(op: SimdOp, a: number, b: number): number {
    this.get(a).get(b).f.simd(op);
    return this.set();
  }
  /** Each lane's 2^n, n an integer-valued f64 lane within ±1022 (from its bits). */
  pow2(n: number): number {
    this.get(n).simd(X.i32x4TruncSatF64x2SZero);
    return this.pow2OfInts();
  }
  /** Each lane's 2^e from the i32 lanes 0 and 1 on the stack (e within ±1022): the bits (e + 1023) << 52. */
  pow2OfInts(): number {
    const bias = this.c(bitsF64(0, 1023));
    this.simd(X.i64x2ExtendLowI32x4S).get(bias).simd(Simd.i64x2Add).f.i32Const(52).simd(Simd.i64x2Shl);
    return this.set();
  }
}

// ---------------------------------------------------------------------------------------------
// The functions, step for step as math_f32.ts and math_f64.ts.

const F = f32Bits;
const F32C = {
  LOG2E: F(0x3fb8aa3b),
  LN2_HI: F(0x3f318000),
  LN2_LO: F(0xb95e8083),
  EXP_P: [F(0x39506967), F(0x3ab743ce), F(0x3c088908), F(0x3d2aa9c1), F(0x3e2aaaaa), 0.5],
  EXP_LO: Math.fround(-87.8),
  EXP_HI: Math.fround(88.8),
  TANH_TINY: Math.fround(0.0004),
  TANH_NUM: [F(0xa59f25c0), F(0x2a61337e), F(0xaebd37ff), F(0x335c0041), F(0x3779434a), F(0x3a270ded), F(0x3ba059dc)],
  TANH_DEN: [F(0x35a0d3d8), F(0x38f895d6), F(0x3b14aa05), F(0x3ba059dd)],
  TANH_CLAMP: F(0x40fff644),
  LOG_A: [F(0x3d9021bb), F(0xbdebd1b8), F(0x3def251a)],
  LOG_B: [F(0xbdfe5d4f), F(0x3e11e9bf), F(0xbe2aae50)],
  LOG_C: [F(0x3e4cceac), F(0xbe7ffffc), F(0x3eaaaaaa)],
  SQRT_HALF: F(0x3f3504f3),
  LOG1P_DEN: [F(0x417101ad), F(0x42a6185b), F(0x435dc32d), F(0x439a8ca3), F(0x43586d8a), F(0x42707982)],
  LOG1P_NUM: [F(0x3eff40c5), F(0x40d284fa), F(0x41ef4b9c), F(0x4273cc76), F(0x426473ad), F(0x41a05101)],
  LOG1P_SMALL: F(0x3ed413cd),
  ERF_NUM: [F(0x39702d51), F(0x3b5f5da2), F(0x3d50b6eb), F(0x3e3da740), F(0x3f906eba)],
  ERF_DEN: [F(0xb3fd3906), F(0x37c588df), F(0x3a856d28), F(0x3c6687d4), F(0x3de34c21), F(0x3efeb44a), 1],
  ERF_ONE: F(0x407547cb),
} as const;

/** f32 expParts: [y, scale] with exp = y·scale (math_f32.ts; scale is 2^n, +0 at n = -127, NaN at NaN). */
function expParts32(l: Lanes, x: number): readonly [number, number] {
  const xc = l.clamp(l.ftz(x), l.c(F32C.EXP_LO), l.c(F32C.EXP_HI));
  const nf = l.floor(l.fma(xc, l.c(F32C.LOG2E), l.c(0.5)));
  const n = l.clamp(nf, l.c(-127), l.c(127));
  const negN = l.neg(n);
  let r = l.fma(negN, l.c(F32C.LN2_HI), xc);
  r = l.fma(negN, l.c(F32C.LN2_LO), r);
  let p = l.c(F32C.EXP_P[0]);
  for (let i = 1; i < F32C.EXP_P.length; i++) p = l.fma(p, r, l.c(F32C.EXP_P[i]!));
  const y = l.fma(p, l.mul(r, r), r);
  const y1 = l.add(y, l.c(1));
  const bits = l.pow2(n);
  const scale = l.select(l.cmp(Simd.f64x2Ne, n, n), n, l.select(l.cmp(Simd.f64x2Eq, n, l.c(-127)), l.c(0), bits));
  return [y1, scale];
}

function exp32(l: Lanes, x: number): number {
  const [y, s] = expParts32(l, x);
  return l.mul(y, s);
}

function logistic32(l: Lanes, x: number): number {
  const [y, s] = expParts32(l, l.neg(x));
  return l.div(l.c(1), l.fma(y, s, l.c(1)));
}

function tanh32(l: Lanes, x: number): number {
  const xd = l.ftz(x);
  const ax = l.abs(xd);
  const xc = l.clamp(xd, l.c(-F32C.TANH_CLAMP), l.c(F32C.TANH_CLAMP));
  const x2 = l.mul(xc, xc);
  let num = l.c(F32C.TANH_NUM[0]);
  for (let i = 1; i < F32C.TANH_NUM.length; i++) num = l.fma(x2, num, l.c(F32C.TANH_NUM[i]!));
  num = l.mul(xc, num);
  let den = l.c(F32C.TANH_DEN[0]);
  for (let i = 1; i < F32C.TANH_DEN.length; i++) den = l.fma(x2, den, l.c(F32C.TANH_DEN[i]!));
  const q = l.div(num, den);
  const tiny = l.select(l.cmp(Simd.f64x2Lt, ax, l.c(F32C.TANH_TINY)), x, q);
  const one = l.select(l.cmp(Simd.f64x2Lt, xd, l.c(0)), l.c(-1), l.c(1));
  return l.select(l.cmp(Simd.f64x2Ge, ax, l.c(20)), one, tiny);
}

/**
 * f32 logPositive (Cephes/Eigen plog of a positive normal; math_f32.ts): the mantissa in [0.5, 1)
 * and the exponent from v's f32 bits (demoted, in the i32 lanes 0 and 1), then the polynomial.
 */
function logPositive32(l: Lanes, v: number): number {
  l.get(v).simd(Simd.f32x4DemoteF64x2Zero);
  const bits = l.set();
  l.get(bits).get(l.i32c(0x807fffff)).simd(Simd.v128And).get(l.i32c(0x3f000000)).simd(Simd.v128Or).simd(Simd.f64x2PromoteLowF32x4);
  const mant = l.set();
  // add32((bits >>> 23) - 127, 1): an integer, exact.
  l.get(bits).f.i32Const(23);
  l.simd(Simd.i32x4ShrU).get(l.i32c(126)).simd(X.i32x4Sub).simd(Simd.f64x2ConvertLowI32x4S);
  const e0 = l.set();
  const small = l.cmp(Simd.f64x2Lt, mant, l.c(F32C.SQRT_HALF));
  const x = l.add(l.sub(mant, l.c(1)), l.select(small, mant, l.c(0)));
  const e = l.sub(e0, l.select(small, l.c(1), l.c(0)));
  const x2 = l.mul(x, x);
  const x3 = l.mul(x2, x);
  const poly = (k: readonly number[]): number => l.fma(l.fma(x, l.c(k[0]!), l.c(k[1]!)), x, l.c(k[2]!));
  const [pa, pb, pc] = [poly(F32C.LOG_A), poly(F32C.LOG_B), poly(F32C.LOG_C)];
  let y = l.fma(pa, x3, pb);
  y = l.fma(y, x3, pc);
  y = l.fma(y, x3, l.mul(l.c(F32C.LN2_LO), e));
  const t = l.fma(l.c(-0.5), x2, x);
  return l.fma(l.c(F32C.LN2_HI), e, l.add(t, y));
}

/** f32 log: NaN below 0 and at NaN, -inf at ±0 (denormals flushed), +inf at +inf, else logPositive. */
function log32(l: Lanes, x: number): number {
  const v = l.ftz(x);
  const positive = logPositive32(l, v);
  const atInf = l.select(l.cmp(Simd.f64x2Eq, v, l.c(Infinity)), l.c(Infinity), positive);
  const atZero = l.select(l.cmp(Simd.f64x2Eq, v, l.c(0)), l.c(-Infinity), atInf);
  return l.select(l.or(l.cmp(Simd.f64x2Ne, v, v), l.cmp(Simd.f64x2Lt, v, l.c(0))), l.c(Number.NaN), atZero);
}

/** f32 log1p: the rational for |x| < 0.4142, else log(1 + x), both computed and selected per lane. */
function log1p32(l: Lanes, x: number): number {
  const xd = l.ftz(x);
  const x2 = l.mul(xd, xd);
  const z = l.mul(xd, l.c(0));
  let q = l.add(z, l.c(1));
  for (const c of F32C.LOG1P_DEN) q = l.fma(q, xd, l.c(c));
  // The scalar function's 4.527e-5 is a float64 literal: the add rounds once to f32, as add32 does.
  let p = l.add(z, l.c(4.527e-5));
  for (const c of F32C.LOG1P_NUM) p = l.fma(p, xd, l.c(c));
  const t = l.mul(l.mul(xd, x2), l.div(p, q));
  const rational = l.add(xd, l.fma(x2, l.c(-0.5), t));
  const logged = log32(l, l.add(xd, l.c(1)));
  return l.select(l.cmp(Simd.f64x2Lt, l.abs(xd), l.c(F32C.LOG1P_SMALL)), rational, logged);
}

/** expm1 (f32 or f64 as the lanes' precision): x itself where x/2 is zero, exp(x) - 1 for |x| > 0.5, else tanh(x/2)·(exp(x) + 1). */
function expm1(l: Lanes, x: number): number {
  const xd = l.ftz(x);
  const half = l.mul(xd, l.c(0.5));
  const e = l.p === "f32" ? exp32(l, xd) : exp64(l, xd);
  const big = l.add(e, l.c(-1));
  const small = l.mul(l.p === "f32" ? tanh32(l, half) : tanh64(l, half), l.add(e, l.c(1)));
  const value = l.select(l.cmp(Simd.f64x2Gt, l.abs(xd), l.c(0.5)), big, small);
  return l.select(l.cmp(Simd.f64x2Eq, half, l.c(0)), x, value);
}

/** f32 erf: ±1 (the sign bit's) for |x| >= 3.8325, else x·P(x²)/Q(x²). */
function erf32(l: Lanes, x: number): number {
  const xd = l.ftz(x);
  const x2 = l.mul(xd, xd);
  let p = l.fma(x2, l.c(F32C.ERF_NUM[0]), l.c(F32C.ERF_NUM[1]));
  for (let i = 2; i < F32C.ERF_NUM.length; i++) p = l.fma(x2, p, l.c(F32C.ERF_NUM[i]!));
  const num = l.mul(xd, p);
  let q = l.fma(x2, l.c(F32C.ERF_DEN[0]), l.c(F32C.ERF_DEN[1]));
  for (let i = 2; i < F32C.ERF_DEN.length; i++) q = l.fma(x2, q, l.c(F32C.ERF_DEN[i]!));
  const poly = l.div(num, q);
  // The sign bit (-0 included): the i64 lane below zero.
  l.get(l.c(0)).get(xd).simd(X.i64x2GtS);
  const negative = l.set();
  const one = l.select(negative, l.c(-1), l.c(1));
  return l.select(l.cmp(Simd.f64x2Ge, l.abs(xd), l.c(F32C.ERF_ONE)), one, poly);
}

const F64C = {
  EXP_LO: f64Hex("C086232BDD7ABCD2"),
  EXP_HI: f64Hex("40862E42FEFA39EF"),
  LOG2E: f64Hex("3FF71547652B82FE"),
  LN2_HI: f64Hex("3FE62E4000000000"),
  LN2_LO: f64Hex("3EB7F7D1CF79ABCA"),
  EXP_P: [f64Hex("3F2089CDD5E44BE8"), f64Hex("3F9F06D10CCA2C7E"), 1],
  EXP_Q: [f64Hex("3EC92EB6BC365FA0"), f64Hex("3F64AE39B508B6C0"), f64Hex("3FCD17099887E074"), 2],
  TANH_CLAMP: f64Hex("4031B6D58F246197"),
  TANH_NUM: [
    "3B3F9F82E5D782DF", "3C2C3C836C04B4C8", "3CEC3379F905E662", "3D929AFF6C8EDD96", "3E2525A389DCE7C2",
    "3EA708819BE51CD9", "3F18996F4026A7FA", "3F787F80B957ED00", "3FC36FBA9B450E5A", "3FF0000000000000",
  ].map(f64Hex),
  TANH_DEN: [
    "3BBE8630CF903250", "3C90AABCA9A5FEA0", "3D4232981AA2BBA8", "3DDEE2F015EA8065", "3E681F1947C52304",
    "3EE26C82AB46D140", "3F4B2E7C4D488C04", "3FA1998830265B50", "3FDF0D32A2F7DC79", "3FF0000000000000",
  ].map(f64Hex),
  LOG1P_SMALL: f64Hex("3FDA827999FCEF32"),
  LOG1P_DEN: ["402E20359E903E37", "4054C30B52213498", "406BB86590FCFB56", "407351945DC908A5", "406B0DB13E48E066", "404E0F304466448E"].map(f64Hex),
  LOG1P_NUM0: f64Hex("3F07BC0962B395CA"),
  LOG1P_NUM: ["3FDFE818A0FE1A83", "401A509F46F4FA53", "403DE9738B8CB9C9", "404E798EB86C3351", "404C8E7597479A10", "40340A202D99830A"].map(f64Hex),
} as const;

/** f64 expParts (math_f64.ts): [y, s] with exp = y·s. */
function expParts64(l: Lanes, x: number): readonly [number, number] {
  const xd = l.ftz(x);
  // maximum(minimum(xd, HI), LO) with NaN propagating: a select-based clamp passes NaN the same way.
  const xc = l.clamp(xd, l.c(F64C.EXP_LO), l.c(F64C.EXP_HI));
  const n = l.floor(l.fma(xc, l.c(F64C.LOG2E), l.c(0.5)));
  const negN = l.neg(n);
  // n is an integer of at most 11 bits (xc is clamped; NaN stays NaN either way) and LN2_HI has 17
  // significant bits: their product is exact.
  let g = l.fmaExactProduct(negN, l.c(F64C.LN2_HI), xc);
  g = l.fma(negN, l.c(F64C.LN2_LO), g);
  const g2 = l.mul(g, g);
  const p = l.mul(l.fma(l.fma(g2, l.c(F64C.EXP_P[0]), l.c(F64C.EXP_P[1])), g2, l.c(F64C.EXP_P[2])), g);
  const q = l.fma(l.fma(l.fma(g2, l.c(F64C.EXP_Q[0]), l.c(F64C.EXP_Q[1])), g2, l.c(F64C.EXP_Q[2])), g2, l.c(F64C.EXP_Q[3]));
  // A product by 2 of a flushed (normal or zero) quotient of magnitude below 1 is exact.
  const approx = l.fmaExactProduct(l.div(p, l.sub(q, p)), l.c(2), l.c(1));
  // ni = clamp(NaN ? -2^31 : n, -2099, 2099), an integer; b = ni >> 2; s1 = 2^b; s = 2^(ni - 3b).
  const nn = l.select(l.cmp(Simd.f64x2Ne, n, n), l.c(-(2 ** 31)), n);
  l.get(nn).get(l.c(2099)).simd(Simd.f64x2Min).get(l.c(-2099)).simd(Simd.f64x2Max).simd(X.i32x4TruncSatF64x2SZero);
  const ni = l.set();
  l.get(ni).f.i32Const(2).simd(X.i32x4ShrS as SimdOp);
  const b = l.set();
  l.get(ni).get(b).simd(X.i32x4Sub).get(b).simd(X.i32x4Sub).get(b).simd(X.i32x4Sub);
  const e2 = l.set();
  const pow2i = (e: number): number => l.get(e).pow2OfInts();
  const s1 = pow2i(b);
  const y = l.mul(l.mul(l.mul(approx, s1), s1), s1);
  return [y, pow2i(e2)];
}

function exp64(l: Lanes, x: number): number {
  const [y, s] = expParts64(l, x);
  const v = l.mul(y, s);
  const low = l.select(l.cmp(Simd.f64x2Lt, x, l.c(F64C.EXP_LO)), l.c(0), v);
  return l.select(l.cmp(Simd.f64x2Gt, x, l.c(F64C.EXP_HI)), l.c(Infinity), low);
}

function logistic64(l: Lanes, x: number): number {
  const [y, s] = expParts64(l, l.neg(x));
  const v = l.div(l.c(1), l.fma(y, s, l.c(1)));
  const high = l.select(l.cmp(Simd.f64x2Gt, x, l.c(-F64C.EXP_LO)), l.c(1), v);
  return l.select(l.cmp(Simd.f64x2Lt, x, l.c(-F64C.EXP_HI)), l.c(0), high);
}

/**
 * f64 tanh. Its two Horner chains first run side by side as fused_steps.ts's
 * bracket steps (Lanes.bracketHornerPair: no host call, no per-step branch):
 * every coefficient is positive and in [2^-76, 1] and x² is in [0, 314], so
 * each chain value is positive and far inside the moderate range, and only
 * x² itself needs its check (zero or moderate; NaN fails it). A pair with a
 * lane left unsettled redoes the chains with the exact step (Lanes.fma).
 */
function tanh64(l: Lanes, x: number): number {
  const xd = l.ftz(x);
  const ax = l.abs(xd);
  const xc = l.clamp(xd, l.c(-F64C.TANH_CLAMP), l.c(F64C.TANH_CLAMP));
  const x2 = l.mul(xc, xc);
  const q = l.f.local(V128);
  const [numFast, denFast, ok] = l.bracketHornerPair(x2, l.moderateMask(x2), F64C.TANH_NUM, F64C.TANH_DEN);
  l.get(l.div(l.mul(xc, numFast), denFast)).f.opU(Op.localSet, q);
  l.get(ok).simd(Simd.i64x2AllTrue).f.op(Op.i32Eqz).structured(Op.if);
  let num = l.c(F64C.TANH_NUM[0]!);
  for (let i = 1; i < F64C.TANH_NUM.length; i++) num = l.fma(x2, num, l.c(F64C.TANH_NUM[i]!));
  let den = l.c(F64C.TANH_DEN[0]!);
  for (let i = 1; i < F64C.TANH_DEN.length; i++) den = l.fma(x2, den, l.c(F64C.TANH_DEN[i]!));
  l.get(l.div(l.mul(xc, num), den)).f.opU(Op.localSet, q);
  l.f.op(Op.end);
  const one = l.select(l.cmp(Simd.f64x2Lt, xd, l.c(0)), l.c(-1), l.c(1));
  return l.select(l.cmp(Simd.f64x2Ge, ax, l.c(20)), one, q);
}

function log1p64(l: Lanes, x: number): number {
  const xd = l.ftz(x);
  const small = l.cmp(Simd.f64x2Lt, l.abs(xd), l.c(F64C.LOG1P_SMALL));
  // Each branch runs only where some lane takes it (a pair of lanes usually agrees: each branch
  // costs a dozen emulated fmas or Math.log's whole algorithm); a branch not run leaves its
  // locals zero, and the selects below never pick them.
  const r = l.f.local(V128);
  l.get(small).simd(X.v128AnyTrue).f.structured(Op.if);
  const x2 = l.mul(xd, xd);
  const z = l.mul(xd, l.c(0));
  let q = l.add(z, l.c(1));
  for (const c of F64C.LOG1P_DEN) q = l.fma(q, xd, l.c(c));
  let p = l.add(z, l.c(F64C.LOG1P_NUM0));
  for (const c of F64C.LOG1P_NUM) p = l.fma(p, xd, l.c(c));
  const t = l.mul(l.mul(xd, x2), l.div(p, q));
  l.get(l.add(xd, l.fma(x2, l.c(-0.5), t))).f.opU(Op.localSet, r);
  l.f.op(Op.end);
  // |xd| >= 0.4142: ftz64(log(xd + 1)), the log Math.log's (v8Log); its rare lanes, and NaN, by the host's scalar function.
  const lg = l.f.local(V128);
  const lgOk = l.f.local(V128);
  l.get(small).simd(Simd.i64x2AllTrue).f.op(Op.i32Eqz).structured(Op.if);
  const [lg0, lgOk0] = v8Log(l, l.add(xd, l.c(1)));
  l.get(lg0).f.opU(Op.localSet, lg);
  l.get(lgOk0).f.opU(Op.localSet, lgOk);
  l.f.op(Op.end);
  const out = l.select(small, r, l.ftz(lg));
  const done = l.or(small, lgOk);
  l.get(done).simd(Simd.i64x2AllTrue).f.op(Op.i32Eqz).structured(Op.if);
  l.get(x).get(out).get(done).f.opU(Op.call, l.helpers.log1pHost).opU(Op.localSet, out);
  l.f.op(Op.end);
  return out;
}

const LG = ["3FE5555555555593", "3FD999999997FA04", "3FD2492494229359", "3FCC71C51D8E78AF", "3FC7466496CB03DE", "3FC39A09D078C69F", "3FC2F112DF3E5244"].map(f64Hex);
const LN2_HI_FD = f64Hex("3FE62E42FEE00000");
const LN2_LO_FD = f64Hex("3DEA39EF35793C76");

/**
 * The natural log as V8's Math.log computes it (fdlibm's algorithm: x = 2^k·(1 + f) with
 * 1 + f in [sqrt(2)/2, sqrt(2)), s = f/(2 + f), log(1 + f) from a degree-14 polynomial in s,
 * in plain f64 arithmetic), and its values at 0, below 0, +inf and NaN; [value, mask of the
 * lanes it holds for]: all but positive denormals and numbers whose f is within 2^-20 of
 * zero (those are the caller's, for its host function).
 */
function v8Log(l: Lanes, a: number): readonly [number, number] {
  const i64 = (n: number): number => l.c(bitsF64(n < 0 ? -1 : 0, n));
  const op = (code: number, x: number, y: number): number => {
    l.get(x).get(y).simd(code);
    return l.set();
  };
  const shr = (code: number, x: number, by: number): number => {
    l.get(x).f.i32Const(by);
    l.simd(code);
    return l.set();
  };
  const hx = shr(X.i64x2ShrU, a, 32);
  // A positive normal (high word in [0x00100000, 0x7ff00000)).
  const normal = op(Simd.v128And, op(X.i64x2GtS, hx, i64(0x000fffff)), op(X.i64x2GtS, i64(0x7ff00000), hx));
  const hxm = op(Simd.v128And, hx, i64(0x000fffff));
  const i = op(Simd.v128And, op(Simd.i64x2Add, hxm, i64(0x95f64)), i64(0x100000));
  // k = (hx >> 20) - 1023 + (i >> 20); x = a with its high word hxm | (i ^ 0x3ff00000).
  const k = op(Simd.i64x2Add, op(X.i64x2Sub, shr(X.i64x2ShrU, hx, 20), i64(1023)), shr(X.i64x2ShrU, i, 20));
  const high = op(Simd.v128Or, hxm, op(Simd.v128Xor, i, i64(0x3ff00000)));
  l.get(high).f.i32Const(32);
  l.simd(Simd.i64x2Shl);
  const highShifted = l.set();
  const xn = op(Simd.v128Or, highShifted, op(Simd.v128And, a, i64(0xffffffff)));
  const f = op(Simd.f64x2Sub, xn, l.c(1));
  // (0x000fffff & (2 + hxm)) < 3: f within 2^-20 of zero, left to the host.
  const nearOne = op(X.i64x2GtS, i64(3), op(Simd.v128And, op(Simd.i64x2Add, hxm, i64(2)), i64(0x000fffff)));
  // dk: k's low words as i32 lanes 0 and 1, converted.
  l.get(k).get(k).simd(X.i8x16Shuffle);
  for (const b of [0, 1, 2, 3, 8, 9, 10, 11, 0, 1, 2, 3, 8, 9, 10, 11]) l.f.op(b);
  l.simd(Simd.f64x2ConvertLowI32x4S);
  const dk = l.set();
  const kZero = l.cmp(Simd.f64x2Eq, dk, l.c(0));
  const s = op(Simd.f64x2Div, f, op(Simd.f64x2Add, l.c(2), f));
  const z = op(Simd.f64x2Mul, s, s);
  const w = op(Simd.f64x2Mul, z, z);
  const mulAdd = (c: number, x: number, y: number): number => op(Simd.f64x2Add, l.c(c), op(Simd.f64x2Mul, x, y));
  // t1 = w(Lg2 + w(Lg4 + w·Lg6)); t2 = z(Lg1 + w(Lg3 + w(Lg5 + w·Lg7)))
  const t1 = op(Simd.f64x2Mul, w, mulAdd(LG[1]!, w, mulAdd(LG[3]!, w, l.c(LG[5]!))));
  const t2 = op(Simd.f64x2Mul, z, mulAdd(LG[0]!, w, mulAdd(LG[2]!, w, mulAdd(LG[4]!, w, l.c(LG[6]!)))));
  const R = op(Simd.f64x2Add, t2, t1);
  const far = op(X.i64x2GtS, op(Simd.v128Or, op(X.i64x2Sub, hxm, i64(0x6147a)), op(X.i64x2Sub, i64(0x6b851), hxm)), i64(0));
  const dkHi = op(Simd.f64x2Mul, dk, l.c(LN2_HI_FD));
  const dkLo = op(Simd.f64x2Mul, dk, l.c(LN2_LO_FD));
  // Far from 1 + f = 1: hfsq = 0.5·f·f; f - (hfsq - s(hfsq + R)) at k = 0, else dk·ln2_hi - ((hfsq - (s(hfsq + R) + dk·ln2_lo)) - f).
  const hfsq = op(Simd.f64x2Mul, op(Simd.f64x2Mul, l.c(0.5), f), f);
  const sh = op(Simd.f64x2Mul, s, op(Simd.f64x2Add, hfsq, R));
  const farK0 = op(Simd.f64x2Sub, f, op(Simd.f64x2Sub, hfsq, sh));
  const farK = op(Simd.f64x2Sub, dkHi, op(Simd.f64x2Sub, op(Simd.f64x2Sub, hfsq, op(Simd.f64x2Add, sh, dkLo)), f));
  // Else: f - s(f - R) at k = 0, else dk·ln2_hi - ((s(f - R) - dk·ln2_lo) - f).
  const sf = op(Simd.f64x2Mul, s, op(Simd.f64x2Sub, f, R));
  const nearK0 = op(Simd.f64x2Sub, f, sf);
  const nearK = op(Simd.f64x2Sub, dkHi, op(Simd.f64x2Sub, op(Simd.f64x2Sub, sf, dkLo), f));
  const finite = l.select(far, l.select(kZero, farK0, farK), l.select(kZero, nearK0, nearK));
  // Not a positive finite number: NaN below 0, -inf at 0, a itself at +inf and NaN.
  const special = l.or(l.or(l.cmp(Simd.f64x2Le, a, l.c(0)), l.cmp(Simd.f64x2Eq, a, l.c(Infinity))), l.cmp(Simd.f64x2Ne, a, a));
  const specialValue = l.select(l.cmp(Simd.f64x2Lt, a, l.c(0)), l.c(Number.NaN), l.select(l.cmp(Simd.f64x2Eq, a, l.c(0)), l.c(-Infinity), a));
  const value = l.select(special, specialValue, finite);
  l.get(normal).get(nearOne).simd(Simd.v128Or).get(nearOne).simd(Simd.v128Xor).get(special).simd(Simd.v128Or);
  const ok = l.set();
  return [value, ok];
}

/** A compare's lanes: operands flushed where the kind says, then 1 where the IEEE compare holds, else +0. */
function compareLanes(l: Lanes, kind: CompareKind, a0: number, b0: number): number {
  const flushed = kind.endsWith("32") || kind.endsWith("64");
  const a = flushed ? l.ftz(a0) : a0;
  const b = flushed ? l.ftz(b0) : b0;
  const direction = kind.slice(3, 5) as ComparisonDirection;
  const op = { EQ: Simd.f64x2Eq, NE: Simd.f64x2Ne, LT: Simd.f64x2Lt, LE: Simd.f64x2Le, GT: Simd.f64x2Gt, GE: Simd.f64x2Ge }[direction];
  const mask = l.cmp(op, a, b);
  return l.select(mask, l.c(1), l.c(0));
}

function emitKind(l: Lanes, kind: MathKind, args: readonly number[], globals: V128Globals): number {
  const [a, b, c] = args as [number, number, number];
  if (kind === "select") return l.select(l.cmp(Simd.f64x2Ne, a, l.c(0)), b, c);
  if (isU32(kind)) {
    emitU32(l.f, kind, args, [l.f.local(V128), l.f.local(V128)]);
    return l.set();
  }
  if (kind === "tanhV8") return v8TanhLanes(l.f, a, globals);
  if (!isPoly(kind)) return compareLanes(l, kind, a, b);
  switch (kind) {
    case "exp32":
    case "exp64":
      return kind === "exp32" ? exp32(l, a) : exp64(l, a);
    case "tanh32":
      return tanh32(l, a);
    case "tanh64":
      return tanh64(l, a);
    case "logistic32":
      return logistic32(l, a);
    case "logistic64":
      return logistic64(l, a);
    case "log1p64":
      return log1p64(l, a);
    case "log32":
      return log32(l, a);
    case "log1p32":
      return log1p32(l, a);
    case "expm1_32":
    case "expm1_64":
      return expm1(l, a);
    case "erf32":
      return erf32(l, a);
    default:
      return kind satisfies never;
  }
}

/**
 * A kind's function body, its result left on the stack. An f32 function with fused multiply-adds runs
 * straight through with each step's test deferred (Lanes' `unsettled`), then, only where some lane of the
 * pair was left unsettled, again with every step settled at once: a branch per function, not per step.
 */
function emitBody(body: FunctionBody, kind: MathKind, arity: number, helpers: Helpers, globals: V128Globals): void {
  const args = Array.from({ length: arity }, (_, k) => k);
  if (kind === "exp64" || kind === "logistic64") {
    // The moderate steps first (no host call, cheaper checks); the exact steps only for a pair they left unsettled.
    const settled = body.local(V128);
    const out = body.local(V128);
    body.i32Const(-1).simd(Simd.i32x4Splat).opU(Op.localSet, settled);
    body.opU(Op.localGet, emitKind(new Lanes(body, "f64", helpers, undefined, settled), kind, args, globals)).opU(Op.localSet, out);
    body.opU(Op.localGet, settled).simd(Simd.i64x2AllTrue).op(Op.i32Eqz).structured(Op.if);
    body.opU(Op.localGet, emitKind(new Lanes(body, "f64", helpers), kind, args, globals)).opU(Op.localSet, out);
    body.op(Op.end);
    body.opU(Op.localGet, out);
    return;
  }
  if (!(isPoly(kind) && precisionOf(kind) === "f32")) {
    body.opU(Op.localGet, emitKind(new Lanes(body, precisionOf(kind), helpers), kind, args, globals));
    return;
  }
  // Locals start at zero: no lane unsettled.
  const unsettled = body.local(V128);
  const out = body.local(V128);
  body.opU(Op.localGet, emitKind(new Lanes(body, "f32", helpers, unsettled), kind, args, globals)).opU(Op.localSet, out);
  body.opU(Op.localGet, unsettled).simd(X.v128AnyTrue as SimdOp).structured(Op.if);
  body.opU(Op.localGet, emitKind(new Lanes(body, "f32", helpers), kind, args, globals)).opU(Op.localSet, out);
  body.op(Op.end);
  body.opU(Op.localGet, out);
}

const precisionOf = (kind: MathKind): Precision => (kind.endsWith("32") ? "f32" : "f64");
const needsFma64 = (kind: MathKind): boolean => isPoly(kind) && precisionOf(kind) === "f64";

// ---------------------------------------------------------------------------------------------
// The module: imports, the plan's `run`, the helpers and one function per kind used.

/** A plan module's extra functions: collect the kinds while planning, then `call` emits a call and `encode` the module. */
export class MathFunctions {
  private readonly kinds: MathKind[] = [];
  private fma64Wanted = false;
  private layout: { readonly imports: readonly { readonly name: string; readonly type: number }[]; readonly first: number; readonly helpers: Helpers } | undefined;

  use(kind: MathKind): void {
    if (this.layout !== undefined) throw new RangeError("math kinds are collected before the first call");
    if (!this.kinds.includes(kind)) this.kinds.push(kind);
  }

  get empty(): boolean {
    return this.kinds.length === 0 && !this.fma64Wanted;
  }

  /** Whether the kinds collected call the host's fma64. */
  importsFma64(): boolean {
    return this.fma64Wanted || this.kinds.some(needsFma64);
  }

  /** The host's fma64 and its slow-lane helper are wanted by the caller's own lanes too (scalar_ops.ts's fma64). */
  requireFma64(): void {
    if (this.layout !== undefined) throw new RangeError("imports are settled before the first call");
    this.fma64Wanted = true;
  }

  /** The helper (a, b, c, r, done) -> r whose lanes not done become the host's fma64(a, b, c). */
  fma64SlowIndex(): number {
    return this.fix().helpers.fma64Slow;
  }

  /** The host functions the module imports (module "host"). */
  host(): { readonly [name: string]: (...args: number[]) => number } | undefined {
    const h: { [name: string]: (...args: number[]) => number } = {};
    if (this.importsFma64()) h.fma64 = hostFma64;
    if (this.kinds.includes("log1p64")) h.log1p = xlaCpuLog1pF64;
    return Object.keys(h).length === 0 ? undefined : h;
  }

  /** Types 0: () -> (); 1-3: v128 x arity -> v128; 4: host (f64, f64, f64) -> f64; 5: host f64 -> f64; 6: fma64 slow lanes; 7: unary host lanes. */
  private static readonly TYPES: readonly FunctionType[] = [
    { params: [], results: [] },
    { params: [V128], results: [V128] },
    { params: [V128, V128], results: [V128] },
    { params: [V128, V128, V128], results: [V128] },
    { params: [F64, F64, F64], results: [F64] },
    { params: [F64], results: [F64] },
    { params: [V128, V128, V128, V128, V128], results: [V128] },
    { params: [V128, V128, V128], results: [V128] },
  ];

  private fix(): NonNullable<MathFunctions["layout"]> {
    if (this.layout !== undefined) return this.layout;
    const imports: { name: string; type: number }[] = [];
    const fma = this.importsFma64();
    if (fma) imports.push({ name: "fma64", type: 4 });
    const log1p = this.kinds.includes("log1p64");
    if (log1p) imports.push({ name: "log1p", type: 5 });
    // Functions: run, then fma64Slow, log1pHost, then one per kind.
    const runIndex = imports.length;
    const fma64Slow = runIndex + 1;
    const log1pHost = runIndex + 2;
    this.layout = { imports, first: runIndex + 3, helpers: { fma64Slow, log1pHost } };
    return this.layout;
  }

  /** The function index of `run` (after the imports). */
  runIndex(): number {
    return this.fix().imports.length;
  }

  /** Emits, in `f`, kind's function applied to the locals `args`, leaving the result on the stack. */
  call(f: Body, kind: MathKind, args: readonly number[]): void {
    const { first } = this.fix();
    for (const a of args) f.opU(Op.localGet, a);
    f.opU(Op.call, first + this.kinds.indexOf(kind));
  }

  /** The whole module: `run` (its body), the helpers, the kinds' functions; memory and exports as emit_plan.ts wants them. */
  encode(run: Body, pages: number): Uint8Array {
    const { imports, helpers } = this.fix();
    if (this.empty) {
      return encodeModule({
        types: [MathFunctions.TYPES[0]!],
        functions: [{ type: 0, body: run }],
        memoryPages: pages,
        exports: [
          { name: "run", kind: "function", index: 0 },
          { name: "memory", kind: "memory", index: 0 },
        ],
      });
    }
    const hostIndex = (name: string): number => imports.findIndex((i) => i.name === name);
    const fmaSlow = new FunctionBody(5);
    zeroFactorLanes(fmaSlow);
    unaryLanesBody(fmaSlow, hostIndex("fma64"), 3);
    const log1pHost = new FunctionBody(3);
    unaryLanesBody(log1pHost, hostIndex("log1p"), 1);
    const globals = new V128Globals();
    const bodies = this.kinds.map((kind) => {
      const arity = arityOf(kind);
      const body = new FunctionBody(arity);
      emitBody(body, kind, arity, helpers, globals);
      return { type: arity, body };
    });
    return encodeModule({
      types: MathFunctions.TYPES,
      imports,
      functions: [{ type: 0, body: run }, { type: 6, body: fmaSlow }, { type: 7, body: log1pHost }, ...bodies],
      v128Globals: globals.values,
      memoryPages: pages,
      exports: [
        { name: "run", kind: "function", index: imports.length },
        { name: "memory", kind: "memory", index: 0 },
      ],
    });
  }
}

/**
 * The start of the fma64 slow-lane helper's body (params a, b, c, r, done): lanes with a zero
 * factor become ftz64(a·b + c), fma64Full's one rounding, and count as done. The lanes of
 * fused_steps.ts's step come here unsettled when a factor is zero (a ReLU's or a mask's zeros
 * times a weight: hundreds of host calls a run otherwise).
 */
function zeroFactorLanes(f: Body): void {
  const [a, b, c, r, done] = [0, 1, 2, 3, 4];
  const zero = f.local(V128);
  f.opU(Op.localGet, a).f64Const(0).simd(Simd.f64x2Splat).simd(Simd.f64x2Eq);
  f.opU(Op.localGet, b).f64Const(0).simd(Simd.f64x2Splat).simd(Simd.f64x2Eq).simd(Simd.v128Or).opU(Op.localSet, zero);
  const sum = f.local(V128);
  f.opU(Op.localGet, a).opU(Op.localGet, b).simd(Simd.f64x2Mul).opU(Op.localGet, c).simd(Simd.f64x2Add).opU(Op.localSet, sum);
  pushFlushed(f, sum, F64_MIN_NORMAL);
  f.opU(Op.localGet, r).opU(Op.localGet, zero).simd(Simd.v128Bitselect).opU(Op.localSet, r);
  f.opU(Op.localGet, done).opU(Op.localGet, zero).simd(Simd.v128Or).opU(Op.localSet, done);
}

/**
 * A helper's body: params (x0, .., x(n-1), r, done), each lane whose done mask is clear
 * becomes host(x0 lane, .., x(n-1) lane); the result r. A host index below 0 (not imported): r as it is.
 */
function unaryLanesBody(f: Body, host: number, n: number): void {
  const r = n;
  const done = n + 1;
  if (host >= 0) {
    for (const lane of [0, 1]) {
      f.opU(Op.localGet, done).simdLane(Simd.f64x2ExtractLane, lane).f64Const(0).op(Op.f64Eq).structured(Op.if);
      f.opU(Op.localGet, r);
      for (let k = 0; k < n; k++) f.opU(Op.localGet, k).simdLane(Simd.f64x2ExtractLane, lane);
      f.opU(Op.call, host).simdLane(Simd.f64x2ReplaceLane, lane).opU(Op.localSet, r);
      f.op(Op.end);
    }
  }
  f.opU(Op.localGet, r);
}
