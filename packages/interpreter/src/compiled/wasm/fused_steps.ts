/**
 * XLA CPU's fused multiply-add steps (numerics "xla-cpu", numerics/xla_cpu/arith.ts
 * fma32/fma64) as f64x2 lane code for the WebAssembly matmul (emit_matmul.ts), each
 * lane bit for bit the JavaScript step's: acc = fma(x, y, acc), one rounding, under
 * the x86 flush flags. Lanes run across output columns; x is one row value.
 */
import { F64, type FunctionBody, Op, Simd, V128 } from "./encoder.ts";

/** Bit patterns as f64 constants (f64.const carries its 8 bytes as they are). */
const bitsOf = (hi: number, lo: number): number => new Float64Array(new Uint32Array([lo, hi]).buffer)[0]!;
const ONE_BIT = bitsOf(0, 1);
const SIGN_BIT = -0;
const MIN_NORMAL_F32 = 2 ** -126;
const MIN_NORMAL_F64 = 2 ** -1022;
const SPLIT = 134217729; // 2^27 + 1 (Veltkamp)
const SAFE_LO = 2 ** -900;
const TAIL_HI = 2 ** 1000;

const splat = (f: FunctionBody, x: number): void => void f.f64Const(x).simd(Simd.f64x2Splat);
const get = (f: FunctionBody, l: number): void => void f.opU(Op.localGet, l);

/** Pushes local v's lanes with each value below `minNormal` in magnitude made zero of its sign (FTZ/DAZ). */
export function pushFlushed(f: FunctionBody, v: number, minNormal: number): void {
  get(f, v); splat(f, SIGN_BIT); f.simd(Simd.v128And);
  get(f, v);
  get(f, v); f.simd(Simd.f64x2Abs); splat(f, minNormal); f.simd(Simd.f64x2Lt);
  f.simd(Simd.v128Bitselect);
}

export const F32_MIN_NORMAL = MIN_NORMAL_F32;
export const F64_MIN_NORMAL = MIN_NORMAL_F64;

/**
 * The fused f32 step: p = x·y (exact for f32 values), s = p + c and TwoSum's
 * error e; where e is not zero, s finite and its last bit even, s moves one
 * ulp towards e (rounding to odd: +1 on the bit pattern when s and e have one
 * sign, -1 otherwise), which then rounds to f32 as the one rounding of
 * x·y + c does; an f32 denormal result becomes zero of its sign.
 */
export function fma32Step(f: FunctionBody): (c: number, x: number, y: number) => void {
  const p = f.local(V128);
  const sum = f.local(V128);
  const bb = f.local(V128);
  const e = f.local(V128);
  return (c, x, y) => {
    get(f, x); get(f, y); f.simd(Simd.f64x2Mul).opU(Op.localSet, p);
    get(f, p); get(f, c); f.simd(Simd.f64x2Add).opU(Op.localSet, sum);
    get(f, sum); get(f, p); f.simd(Simd.f64x2Sub).opU(Op.localSet, bb);
    // e = (p - (s - bb)) + (c - bb)
    get(f, p); get(f, sum); get(f, bb); f.simd(Simd.f64x2Sub).simd(Simd.f64x2Sub);
    get(f, c); get(f, bb); f.simd(Simd.f64x2Sub).simd(Simd.f64x2Add).opU(Op.localSet, e);
    // s + (delta & adjust), delta = ((s ^ e) >> 63) << 1 | 1: +1 or -1
    get(f, sum);
    get(f, sum); get(f, e); f.simd(Simd.v128Xor).i32Const(63).simd(Simd.i64x2ShrS).i32Const(1).simd(Simd.i64x2Shl);
    splat(f, ONE_BIT); f.simd(Simd.v128Or);
    // adjust = e != 0 & |s| < inf & (s & 1) == 0
    get(f, e); splat(f, 0); f.simd(Simd.f64x2Ne);
    get(f, sum); f.simd(Simd.f64x2Abs); splat(f, Infinity); f.simd(Simd.f64x2Lt).simd(Simd.v128And);
    get(f, sum); splat(f, ONE_BIT); f.simd(Simd.v128And); splat(f, 0); f.simd(Simd.i64x2Eq).simd(Simd.v128And);
    f.simd(Simd.v128And).simd(Simd.i64x2Add);
    f.simd(Simd.f32x4DemoteF64x2Zero).simd(Simd.f64x2PromoteLowF32x4).opU(Op.localSet, sum);
    pushFlushed(f, sum, MIN_NORMAL_F32);
    f.opU(Op.localSet, c);
  };
}

/** A new v128 local set to x in both lanes (code emitted where the caller stands: the function's start). */
function splatLocal(f: FunctionBody, x: number): number {
  const l = f.local(V128);
  splat(f, x);
  f.opU(Op.localSet, l);
  return l;
}

/** Locals holding the fast f32 step's constants (fma32FastConstants), set once at the function's start. */
export interface Fma32FastConstants {
  readonly lowMask: number;
  readonly midpoint: number;
  readonly minNormal: number;
  readonly minusOne: number;
}

/** Declares and sets the locals of the fast f32 step's constants. */
export function fma32FastConstants(f: FunctionBody): Fma32FastConstants {
  const set = (x: number): number => splatLocal(f, x);
  // The 29 bits of an f64 significand below an f32's last bit, and their pattern at an f32 midpoint.
  const minusOne = f.local(V128);
  f.opU(Op.localGet, minusOne).opU(Op.localGet, minusOne).simd(Simd.i64x2Eq).opU(Op.localSet, minusOne);
  return { lowMask: set(bitsOf(0, 0x1fffffff)), midpoint: set(bitsOf(0, 0x10000000)), minNormal: set(MIN_NORMAL_F32), minusOne };
}

/**
 * The fused f32 step's common case, and a flag for when it may not be it:
 * p = x·y (exact), s = p + c rounded once in f64, acc = s rounded to f32.
 * That is fma32's one rounding of x·y + c unless s is an f32 midpoint (its
 * 29 low significand bits 1000…0; rounding s to f32 then differs from
 * rounding x·y + c only there) or |s| is below the f32 normal range (the
 * f32 grid is coarser there, and the result flushes): either case sets the
 * lane's bits in local `flag`, and the caller then redoes the whole chain
 * with fma32Step. A zero s is exact (two doubles sum to zero only exactly),
 * an infinite or NaN s rounds as fma32Step rounds it, and |s| >= 2^-126
 * rounds to an f32 normal, which needs no flush.
 *
 * `midpoints` false: x and y have at most 12 significant bits each (f16,
 * bf16 and narrower), where no midpoint needs the check: x·y has at most 24
 * bits, so s is x·y + c exactly (an exact midpoint is a tie, which rounding s
 * breaks as the one rounding does) unless the exponents of x·y and c lie
 * more than 28 apart, and then the smaller is below a quarter of the
 * larger's f32 ulp, so s lies within that of an f32 value (x·y with its 24
 * bits is one, as c is), far from every midpoint.
 *
 * `tiny` false: the caller knows that no s is below the f32 normal range but
 * zero (emit_matmul.ts, where every nonzero operand of the product is at
 * least 2^-40 in magnitude: x·y, c and so s are then multiples of 2^-126,
 * zero or at least that), and only the midpoint check is made.
 */
export function fma32FastStep(f: FunctionBody, k: Fma32FastConstants, flag: number, midpoints = true, tiny = true): (c: number, x: number, y: number) => void {
  const s = f.local(V128);
  return (c, x, y) => {
    get(f, x); get(f, y); f.simd(Simd.f64x2Mul); get(f, c); f.simd(Simd.f64x2Add).opU(Op.localSet, s);
    if (midpoints || tiny) get(f, flag);
    if (midpoints) {
      get(f, s); get(f, k.lowMask); f.simd(Simd.v128And); get(f, k.midpoint); f.simd(Simd.i64x2Eq).simd(Simd.v128Or);
    }
    if (tiny) {
      // 0 < |s| < 2^-126 as one compare: |s|'s bits less one, read as f64, below 2^-126 (a zero s gives
      // all ones, a NaN, which compares false; |s| = 2^-126 itself is flagged, needlessly but rarely).
      get(f, s); f.simd(Simd.f64x2Abs); get(f, k.minusOne); f.simd(Simd.i64x2Add); get(f, k.minNormal); f.simd(Simd.f64x2Lt).simd(Simd.v128Or);
    }
    if (midpoints || tiny) f.opU(Op.localSet, flag);
    get(f, s); f.simd(Simd.f32x4DemoteF64x2Zero).simd(Simd.f64x2PromoteLowF32x4).opU(Op.localSet, c);
  };
}

/** Pushes the Veltkamp split of local v: its high part (hi) or low part (v - hi). */
export function pushSplit(f: FunctionBody, v: number, part: "hi" | "lo", scratch: number): void {
  // t = SPLIT·v; hi = t - (t - v)
  splat(f, SPLIT); get(f, v); f.simd(Simd.f64x2Mul).opU(Op.localTee, scratch);
  get(f, scratch); get(f, v); f.simd(Simd.f64x2Sub).simd(Simd.f64x2Sub);
  if (part === "lo") {
    f.opU(Op.localSet, scratch);
    get(f, v); get(f, scratch); f.simd(Simd.f64x2Sub);
  }
}

/** The lanes of one f64 step: the row value x (splat) with its split, the column values y with theirs. */
export interface Fma64Operands {
  readonly x: number;
  readonly xh: number;
  readonly xl: number;
  readonly y: number;
  readonly yh: number;
  readonly yl: number;
}

/** Locals holding the f64 step's constants (fma64Constants), set once at the function's start. */
export interface Fma64Constants {
  readonly safeLo: number;
  readonly minNormal: number;
  readonly tailHi: number;
  readonly eighth: number;
  readonly zero: number;
}

/** Declares and sets the locals of the f64 step's constants. */
export function fma64Constants(f: FunctionBody): Fma64Constants {
  const set = (x: number): number => splatLocal(f, x);
  return { safeLo: set(SAFE_LO), minNormal: set(MIN_NORMAL_F64), tailHi: set(TAIL_HI), eighth: set(0.125), zero: set(0) };
}

/** Locals of the f64 step's exact terms (fma64SumTerms): x·y + c = s + w + f, f at most half of w's last place. */
interface Fma64SumTerms {
  readonly u: number;
  readonly s: number;
  readonly q: number;
  readonly w: number;
}

/** Locals of the f64 step's arithmetic (fma64Arithmetic). */
interface Fma64Terms extends Fma64SumTerms {
  readonly r: number;
  readonly d: number;
}

/**
 * The f64 step's exact terms: TwoProduct (x·y = u + q from the splits),
 * TwoSum of u + c (s and its error e), and w = e + q rounded once.
 */
function fma64SumTerms(f: FunctionBody): (c: number, o: Fma64Operands) => Fma64SumTerms {
  const u = f.local(V128);
  const s = f.local(V128);
  const sb = f.local(V128);
  const q = f.local(V128);
  const w = f.local(V128);
  const terms: Fma64SumTerms = { u, s, q, w };
  return (c, o) => {
    get(f, o.x); get(f, o.y); f.simd(Simd.f64x2Mul).opU(Op.localSet, u);
    get(f, u); get(f, c); f.simd(Simd.f64x2Add).opU(Op.localSet, s);
    get(f, s); get(f, u); f.simd(Simd.f64x2Sub).opU(Op.localSet, sb);
    // q = xl·yl - (((u - xh·yh) - xl·yh) - xh·yl); w = ((u - (s - sb)) + (c - sb)) + q
    get(f, o.xl); get(f, o.yl); f.simd(Simd.f64x2Mul);
    get(f, u); get(f, o.xh); get(f, o.yh); f.simd(Simd.f64x2Mul).simd(Simd.f64x2Sub);
    get(f, o.xl); get(f, o.yh); f.simd(Simd.f64x2Mul).simd(Simd.f64x2Sub);
    get(f, o.xh); get(f, o.yl); f.simd(Simd.f64x2Mul).simd(Simd.f64x2Sub);
    f.simd(Simd.f64x2Sub).opU(Op.localSet, q);
    get(f, u); get(f, s); get(f, sb); f.simd(Simd.f64x2Sub).simd(Simd.f64x2Sub);
    get(f, c); get(f, sb); f.simd(Simd.f64x2Sub).simd(Simd.f64x2Add);
    get(f, q); f.simd(Simd.f64x2Add).opU(Op.localSet, w);
    return terms;
  };
}

/**
 * The f64 step's arithmetic, shared by the exact and the moderate step:
 * fma64SumTerms, r = s + w rounded once, and d = w - (r - s), what the
 * rounding of s + w left.
 */
function fma64Arithmetic(f: FunctionBody): (c: number, o: Fma64Operands) => Fma64Terms {
  const sumTerms = fma64SumTerms(f);
  const r = f.local(V128);
  const d = f.local(V128);
  return (c, o) => {
    const { u, s, q, w } = sumTerms(c, o);
    get(f, s); get(f, w); f.simd(Simd.f64x2Add).opU(Op.localSet, r);
    // d = w - (r - s)
    get(f, w); get(f, r); get(f, s); f.simd(Simd.f64x2Sub).simd(Simd.f64x2Sub).opU(Op.localSet, d);
    return { u, s, q, w, r, d };
  };
}

/**
 * The f64 step's arithmetic, as dot_fma_rows.ts's f64FmaRows: TwoProduct
 * (x·y = u + q from the splits), TwoSum of u + c, r = s + w rounded once;
 * and ok, each lane's check that r is the one rounding of x·y + c
 * (fma64Tail's conditions: a midpoint s + w is settled too where q is
 * zero, w then exact). Sets locals r and ok (all ones where settled).
 */
function fma64Core(f: FunctionBody, k: Fma64Constants): (c: number, o: Fma64Operands) => { readonly r: number; readonly ok: number } {
  const arithmetic = fma64Arithmetic(f);
  const ok = f.local(V128);
  return (c, o) => {
    const { u, s, q, w, r, d } = arithmetic(c, o);
    // ok = |u| > SAFE_LO & |r| >= MIN_NORMAL & |r| < TAIL_HI & |w| <= |s|/8 & (d == 0 | (r + 2d) - r != 2d | q == 0)
    get(f, u); f.simd(Simd.f64x2Abs); get(f, k.safeLo); f.simd(Simd.f64x2Gt);
    get(f, r); f.simd(Simd.f64x2Abs); get(f, k.minNormal); f.simd(Simd.f64x2Ge).simd(Simd.v128And);
    get(f, r); f.simd(Simd.f64x2Abs); get(f, k.tailHi); f.simd(Simd.f64x2Lt).simd(Simd.v128And);
    get(f, w); f.simd(Simd.f64x2Abs); get(f, s); f.simd(Simd.f64x2Abs); get(f, k.eighth); f.simd(Simd.f64x2Mul).simd(Simd.f64x2Le).simd(Simd.v128And);
    get(f, d); get(f, k.zero); f.simd(Simd.f64x2Eq);
    get(f, r); get(f, d); get(f, d); f.simd(Simd.f64x2Add).simd(Simd.f64x2Add); get(f, r); f.simd(Simd.f64x2Sub);
    get(f, d); get(f, d); f.simd(Simd.f64x2Add).simd(Simd.f64x2Ne).simd(Simd.v128Or);
    get(f, q); get(f, k.zero); f.simd(Simd.f64x2Eq).simd(Simd.v128Or);
    f.simd(Simd.v128And).opU(Op.localSet, ok);
    return { r, ok };
  };
}

/**
 * The fused f64 step (fma64Core); a lane the check cannot settle calls
 * `slow` (the module's function of type (x, y, c, r, ok) -> r, which calls
 * the host's fma64 for each lane not ok). `xScalar` is x as an f64 local,
 * passed to it.
 */
export function fma64Step(f: FunctionBody, slow: number, k: Fma64Constants): (c: number, o: Fma64Operands, xScalar: number) => void {
  const core = fma64Core(f, k);
  return (c, o, xScalar) => {
    const { r, ok } = core(c, o);
    get(f, ok); f.simd(Simd.i64x2AllTrue).op(Op.i32Eqz).structured(Op.if);
    get(f, xScalar); get(f, o.y); get(f, c); get(f, r); get(f, ok); f.opU(Op.call, slow).opU(Op.localSet, r);
    f.op(Op.end);
    get(f, r); f.opU(Op.localSet, c);
  };
}

/**
 * The fused f64 step's settled case: acc = r, with each lane's check anded
 * into local `okAll`; where a lane was not settled, the caller redoes the
 * whole chain with fma64Step (r is then not the step's result).
 */
export function fma64FastStep(f: FunctionBody, k: Fma64Constants, okAll: number): (c: number, o: Fma64Operands) => void {
  const core = fma64Core(f, k);
  return (c, o) => {
    const { r, ok } = core(c, o);
    get(f, okAll); get(f, ok); f.simd(Simd.v128And).opU(Op.localSet, okAll);
    get(f, r); f.opU(Op.localSet, c);
  };
}

/**
 * Operands of at most this magnitude (and zeros) are moderate: with both
 * operands moderate, no product, Veltkamp split or partial product of a
 * step over- or underflows (|x·y| in [2^-800, 2^800], its low partial
 * products far above 2^-1022), and a chain of fewer than 2^100 steps stays
 * far below 2^1000, so the moderate step needs none of fma64Core's range
 * checks on u and on the top of r.
 */
export const MODERATE_HI = 2 ** 400;
export const MODERATE_LO = 2 ** -400;

/** Locals holding the moderate f64 step's constants (fma64ModerateConstants), set once at the function's start. */
export interface Fma64ModerateConstants {
  readonly sixteen: number;
  readonly floor: number;
  readonly zero: number;
}

/** Declares and sets the locals of the moderate f64 step's constants. */
export function fma64ModerateConstants(f: FunctionBody): Fma64ModerateConstants {
  const set = (x: number): number => splatLocal(f, x);
  return { sixteen: set(16), floor: set(16 * MIN_NORMAL_F64), zero: set(0) };
}

/**
 * The fused f64 step's settled case where both operands are moderate
 * (MODERATE_HI): fma64Core's arithmetic with cheaper checks, anded into
 * local `okAll` as fma64FastStep's. |r| >= max(16·|w|, 16·2^-1022) stands
 * for fma64Tail's |r| >= 2^-1022 and |w| <= |s|/8 (|w| <= |r|/16 gives
 * |w| < |s|/8); overflow cannot happen. The midpoint test: s + w = r + d
 * exactly, and s + w is a midpoint next to r only where d is a power of
 * two, so a lane is flagged where d's significand bits are all zero, unless
 * q is zero (w is then exact, and r the one rounding); a zero d, or a power
 * of two that is no midpoint, is flagged needlessly (rarely: d is zero only
 * where w falls on r's grid, which takes an exact product or a cancelling one).
 */
export function fma64ModerateStep(f: FunctionBody, k: Fma64ModerateConstants, okAll: number): (c: number, o: Fma64Operands) => void {
  const arithmetic = fma64Arithmetic(f);
  return (c, o) => {
    const { q, w, r, d } = arithmetic(c, o);
    // okAll &= max(16·|w|, 16·2^-1022) <= |r|
    get(f, okAll);
    get(f, w); f.simd(Simd.f64x2Abs); get(f, k.sixteen); f.simd(Simd.f64x2Mul); get(f, k.floor); f.simd(Simd.f64x2Pmax);
    get(f, r); f.simd(Simd.f64x2Abs); f.simd(Simd.f64x2Le).simd(Simd.v128And);
    // okAll &= ~(d's significand zero & q != 0)
    get(f, d); f.i32Const(12).simd(Simd.i64x2Shl); get(f, k.zero); f.simd(Simd.i64x2Eq);
    get(f, q); get(f, k.zero); f.simd(Simd.f64x2Eq);
    f.simd(Simd.v128AndNot).simd(Simd.v128AndNot).opU(Op.localSet, okAll);
    get(f, r); f.opU(Op.localSet, c);
  };
}

/** Locals holding the moderate dot step's constants (fma64DotConstants), set once at the function's start. */
export interface Fma64DotConstants {
  readonly above: number;
  readonly below: number;
}

/** Declares and sets the locals of the moderate dot step's constants: 1 + 2^-52 and 1 - 2^-52. */
export function fma64DotConstants(f: FunctionBody): Fma64DotConstants {
  return { above: splatLocal(f, 1 + 2 ** -52), below: splatLocal(f, 1 - 2 ** -52) };
}

/**
 * The fused f64 step of a dot chain whose operands are all moderate
 * (MODERATE_HI, zeros included) and which starts at +0 (more than one step),
 * with no branch and no range or midpoint test. TwoProduct and TwoSum
 * (fma64SumTerms) give x·y + c = s + w + f exactly, w = e + q rounded once,
 * so |f| is at most half of w's last place; w·(1 - 2^-52) and w·(1 + 2^-52),
 * each rounded, lie at least one last place of w on either side of w, so
 * x·y + c - s lies between them. Rounding is monotone: where s + w·(1 - 2^-52)
 * and s + w·(1 + 2^-52), each rounded once, have the same bits, that value is
 * the one rounding of x·y + c, and so is r = s + w rounded (w lies between
 * the two too), which the step keeps. The two sums' bit difference is ored
 * into local `bad` (a lane is settled while it stays zero; the caller redoes
 * the chains of a tile with one set, as after fma64FastStep).
 *
 * Moderate operands keep every step exact as for fma64ModerateStep, and make
 * x·y + c zero or at least 2^-904 in magnitude (products of moderate values
 * are multiples of 2^-904, and so are the roundings of sums of such), so no
 * result is a denormal to flush. Zeros: w is zero only where e + q is, and
 * then x·y + c = s; s is -0 only from -0 + -0, which a chain from +0 never
 * reaches (no step of it returns -0), so a zero s is +0, the one rounding of
 * an exact zero x·y + c that is not -0 + -0, and s + ±0 keeps it. A zero row
 * or column value thus needs no branch (x·y + c is then s, which r is).
 */
export function fma64DotStep(f: FunctionBody, k: Fma64DotConstants, bad: number): (c: number, o: Fma64Operands) => void {
  const arithmetic = fma64SumTerms(f);
  const r = f.local(V128);
  return (c, o) => {
    const { s, w } = arithmetic(c, o);
    // r = s + w carries the chain (its rounding lies between the two below, and equals them where they agree):
    // the multiplies stay off the chain's path from one step to the next.
    get(f, s); get(f, w); f.simd(Simd.f64x2Add).opU(Op.localSet, r);
    get(f, s); get(f, w); get(f, k.above); f.simd(Simd.f64x2Mul).simd(Simd.f64x2Add);
    get(f, s); get(f, w); get(f, k.below); f.simd(Simd.f64x2Mul).simd(Simd.f64x2Add);
    f.simd(Simd.v128Xor); get(f, bad); f.simd(Simd.v128Or).opU(Op.localSet, bad);
    get(f, r); f.opU(Op.localSet, c);
  };
}

/** The plain step of a zero row value: c = x·y + c (the sum is c itself or a zero: one rounding at most). */
export function plainStep(f: FunctionBody, c: number, x: number, y: number): void {
  get(f, x); get(f, y); f.simd(Simd.f64x2Mul); get(f, c); f.simd(Simd.f64x2Add).opU(Op.localSet, c);
}

/**
 * The body of the module's slow-lane function (x: f64, y, c, r, ok: v128) -> v128:
 * each lane whose ok mask is clear becomes host fma64(x, y, c) (import `fma64`).
 * With `xLanes`, x is a v128 too and each lane reads its own.
 */
export function slowLanesBody(f: FunctionBody, fma64Import: number, xLanes = false): void {
  const [x, y, c, r, ok] = [0, 1, 2, 3, 4];
  for (const lane of [0, 1]) {
    get(f, ok); f.simdLane(Simd.f64x2ExtractLane, lane).f64Const(0).op(Op.f64Eq).structured(Op.if);
    get(f, r);
    get(f, x);
    if (xLanes) f.simdLane(Simd.f64x2ExtractLane, lane);
    get(f, y); f.simdLane(Simd.f64x2ExtractLane, lane); get(f, c); f.simdLane(Simd.f64x2ExtractLane, lane);
    f.opU(Op.call, fma64Import).simdLane(Simd.f64x2ReplaceLane, lane).opU(Op.localSet, r);
    f.op(Op.end);
  }
  get(f, r);
}

export const SLOW_LANES_PARAMS = [F64, V128, V128, V128, V128] as const;
/** The slow-lane function's parameters where x varies by lane. */
export const SLOW_LANES_VECTOR_PARAMS = [V128, V128, V128, V128, V128] as const;
