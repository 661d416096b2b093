/**
 * Math.tanh's own bits in f64x2 lanes, for the reference numerics' f64 tanh
 * (the scalar table's function is Math.tanh itself). V8 computes Math.tanh
 * with its port of fdlibm (base::ieee754::tanh, which calls its expm1), in
 * plain IEEE f64 operations; the lanes repeat those operations in the same
 * order, computing every branch and selecting per lane:
 * - |x| < 2^-28 (±0 and denormals too): x; |x| >= 22 (±inf too): ±1; NaN: x.
 * - else t = expm1(2|x|) and 1 - 2/(t + 2) for |x| >= 1, or t = expm1(-2|x|)
 *   and -t/(t + 2) below 1; negated for x < 0.
 * The expm1 here is fdlibm's for the arguments tanh hands it only
 * (2|x| in [2, 44), -2|x| in (-2, -2^-27]): its reduction y = k·ln2 + r with
 * k = 0 up to 0.5·ln2 (by the high word), ±1 up to 1.5·ln2, else
 * trunc(y/ln2 ± 0.5); then the rational approximation of r, and the
 * reconstruction of its branches k = 0, k = -1, k <= -2 or k > 56,
 * 2 <= k < 20 and 20 <= k <= 56 (k = 1 and the overflow filters cannot occur).
 * The high words are i64 lane shifts of the bits; 2^k is built from k.
 * v8_tanh_lanes.test.ts checks the bits against Math.tanh itself.
 */
import { type FunctionBody, Op, Simd, type SimdOp, V128 } from "./encoder.ts";

/** SIMD opcodes beyond the encoder's list (their LEB128 sub-opcodes). */
const X = {
  v128Const: 0x0c,
  i64x2ShrU: 0xcd,
  i64x2Sub: 0xd1,
  i64x2GtS: 0xd9,
  f64x2Trunc: 0x7a,
} as const;

const LN2_HI = 6.9314718036912381649e-1;
const LN2_LO = 1.90821492927058770002e-10;
const INV_LN2 = 1.442695040888963387;
/** 1.5·2^52: adding it to a small integer leaves the integer in the low bits. */
const MAGIC = 1.5 * 2 ** 52;
/** fdlibm expm1's scaled coefficients Q1..Q5. */
const Q = [-3.33333333333331316428e-2, 1.58730158725481460165e-3, -7.93650757867487942473e-5, 4.00821782732936239552e-6, -2.01099218183624371326e-7];

/**
 * A module's immutable v128 globals (encodeModule's v128Globals): constants read with
 * global.get, which V8 loads in one instruction where a v128.const takes three.
 */
export class V128Globals {
  readonly values: Uint8Array[] = [];
  private readonly index = new Map<string, number>();
  /** The global holding these 16 bytes (one per distinct value). */
  of(bytes: Uint8Array): number {
    const key = bytes.join(",");
    let k = this.index.get(key);
    if (k === undefined) {
      k = this.values.length;
      this.values.push(Uint8Array.from(bytes));
      this.index.set(key, k);
    }
    return k;
  }
}

/** Emits, in f, Math.tanh of the f64x2 local x; returns the local holding the result. Constants come from `globals` where given. */
export function v8TanhLanes(f: FunctionBody, x: number, globals?: V128Globals): number {
  const { c, op, un } = laneHelpers(f, globals);
  const ax = un(Simd.f64x2Abs, x);
  const result = f.local(V128);
  // Both lanes in [2^-28, 1) (no NaN: its compares are false): the small pair's operations alone.
  f.opU(Op.localGet, op(Simd.v128And, op(Simd.f64x2Ge, ax, c(2 ** -28)), op(Simd.f64x2Lt, ax, c(1)))).simd(Simd.i64x2AllTrue);
  f.structured(Op.if);
  f.opU(Op.localGet, smallPair(f, x, ax, globals)).opU(Op.localSet, result);
  f.op(Op.else);
  f.opU(Op.localGet, everyBranch(f, x, ax, globals)).opU(Op.localSet, result);
  f.op(Op.end);
  return result;
}

/** The local-per-value helpers both paths emit with. */
function laneHelpers(f: FunctionBody, globals: V128Globals | undefined) {
  const set = (): number => {
    const l = f.local(V128);
    f.opU(Op.localSet, l);
    return l;
  };
  const raw = (bytes: Uint8Array): number => {
    if (globals !== undefined) {
      f.opU(Op.globalGet, globals.of(bytes));
    } else {
      f.simd(X.v128Const as SimdOp);
      for (const b of bytes) f.op(b);
    }
    return set();
  };
  const c = (v: number): number => raw(new Uint8Array(new Float64Array([v, v]).buffer));
  const i64 = (n: number): number => raw(new Uint8Array(new BigInt64Array([BigInt(n), BigInt(n)]).buffer));
  const op = (code: number, a: number, b: number): number => {
    f.opU(Op.localGet, a).opU(Op.localGet, b).simd(code as SimdOp);
    return set();
  };
  const un = (code: number, a: number): number => {
    f.opU(Op.localGet, a).simd(code as SimdOp);
    return set();
  };
  const shift = (code: number, a: number, by: number): number => {
    f.opU(Op.localGet, a).i32Const(by).simd(code as SimdOp);
    return set();
  };
  const select = (mask: number, a: number, b: number): number => {
    f.opU(Op.localGet, a).opU(Op.localGet, b).opU(Op.localGet, mask).simd(Simd.v128Bitselect);
    return set();
  };
  const add = (a: number, b: number): number => op(Simd.f64x2Add, a, b);
  const sub = (a: number, b: number): number => op(Simd.f64x2Sub, a, b);
  const mul = (a: number, b: number): number => op(Simd.f64x2Mul, a, b);
  const div = (a: number, b: number): number => op(Simd.f64x2Div, a, b);
  return { set, c, i64, op, un, shift, select, add, sub, mul, div };
}

/**
 * The reduction and rational approximation of fdlibm's expm1(y) for k as the lanes' kD (f64):
 * r, e reduced with its correction, and the k = 0 and k = -1 reconstructions.
 */
function expm1Core(h: ReturnType<typeof laneHelpers>, y: number, kD: number) {
  const { c, add, sub, mul, div } = h;
  const one = c(1);
  const hi = sub(y, mul(kD, c(LN2_HI)));
  const lo = mul(kD, c(LN2_LO));
  const r = sub(hi, lo);
  const cc = sub(sub(hi, r), lo);
  const hfx = mul(c(0.5), r);
  const hxs = mul(r, hfx);
  let poly = c(Q[4]!);
  for (let q = 3; q >= 0; q--) poly = add(c(Q[q]!), mul(hxs, poly));
  const r1 = add(one, mul(hxs, poly));
  const t = sub(c(3), mul(r1, hfx));
  const e = mul(hxs, div(sub(r1, t), sub(c(6), mul(r, t))));
  // k = 0: r - (r·e - hxs).
  const atZero = sub(r, sub(mul(r, e), hxs));
  // k != 0: e = (r(e - c) - c) - hxs.
  const ek = sub(sub(mul(r, sub(e, cc)), cc), hxs);
  const atMinusOne = sub(mul(c(0.5), sub(r, ek)), c(0.5));
  return { r, ek, atZero, atMinusOne };
}

/**
 * Math.tanh of a pair whose lanes both lie in [2^-28, 1): the full path's operations on those
 * lanes, without the branches they cannot take. y = -2|x| lies in (-2, -2^-27], so k is 0, -1, -2
 * or -3 (k <= -2 is the full path's far branch: (1 - (e - r))·2^k - 1), and tanh is -t/(t + 2)
 * with x's sign.
 */
function smallPair(f: FunctionBody, x: number, ax: number, globals: V128Globals | undefined): number {
  const h = laneHelpers(f, globals);
  const { c, i64, op, shift, select, add, sub, mul, div } = h;
  const one = c(1);
  const signBit = i64(-(2 ** 63));
  const y = op(Simd.v128Or, mul(c(2), ax), signBit);
  const hy = shift(X.i64x2ShrU, ax, 32);
  const beyondHalf = op(X.i64x2GtS, hy, i64(0x3fd62e42 - 0x100000));
  const beyondOneHalf = op(X.i64x2GtS, hy, i64(0x3ff0a2b1 - 0x100000));
  f.opU(Op.localGet, c(INV_LN2)).opU(Op.localGet, y).simd(Simd.f64x2Mul).opU(Op.localGet, c(-0.5)).simd(Simd.f64x2Add);
  f.simd(X.f64x2Trunc as SimdOp);
  const kFarD = h.set();
  const kD = select(beyondHalf, select(beyondOneHalf, kFarD, c(-1)), c(0));
  const k = op(X.i64x2Sub, add(kD, c(MAGIC)), c(MAGIC));
  const { r, ek, atZero, atMinusOne } = expm1Core(h, y, kD);
  const twopk = shift(Simd.i64x2Shl, op(Simd.i64x2Add, k, i64(1023)), 52);
  const far = sub(mul(sub(one, sub(ek, r)), twopk), one);
  const kIsMinusOne = op(Simd.i64x2Eq, k, i64(-1));
  const kIsZero = op(Simd.i64x2Eq, k, i64(0));
  const expm1 = select(kIsZero, atZero, select(kIsMinusOne, atMinusOne, far));
  const q = div(h.un(Simd.f64x2Neg, expm1), add(expm1, c(2)));
  return op(Simd.v128Xor, q, op(Simd.v128And, x, signBit));
}

/** Math.tanh of any pair: every branch computed, each lane's selected. */
function everyBranch(f: FunctionBody, x: number, ax: number, globals: V128Globals | undefined): number {
  const h = laneHelpers(f, globals);
  const { c, i64, op, un, shift, select, add, sub, mul, div } = h;
  const one = c(1);
  const two = c(2);

  const signBit = i64(-(2 ** 63));
  // tanh's branch: |x| >= 1 takes expm1(2|x|), below it expm1(-2|x|) (the same bits with the sign bit set).
  const big = op(Simd.f64x2Ge, ax, one);
  const y = op(Simd.v128Or, mul(two, ax), op(Simd.v128AndNot, signBit, big));

  // expm1(y): k from the high word of |y| (i64 lanes; |y| is positive, so a signed compare serves).
  const hy = shift(X.i64x2ShrU, ax, 32);
  // The high word of 2|x| is that of |x| plus 1 << 20 (|x| here is normal, below 22).
  const beyondHalf = op(X.i64x2GtS, hy, i64(0x3fd62e42 - 0x100000));
  const beyondOneHalf = op(X.i64x2GtS, hy, i64(0x3ff0a2b1 - 0x100000));
  // ±0.5 and ±1 with y's sign.
  const ySign = op(Simd.v128AndNot, signBit, big);
  const half = op(Simd.v128Or, c(0.5), ySign);
  const sign = op(Simd.v128Or, one, ySign);
  // trunc(invln2·y ± 0.5): |y| < 44 here, so the f64 trunc is fdlibm's conversion to int.
  f.opU(Op.localGet, c(INV_LN2)).opU(Op.localGet, y).simd(Simd.f64x2Mul).opU(Op.localGet, half).simd(Simd.f64x2Add);
  f.simd(X.f64x2Trunc as SimdOp);
  const kFarD = h.set();
  const kD = select(beyondHalf, select(beyondOneHalf, kFarD, sign), c(0));
  // k as i64 lanes: the bits of kD + 1.5·2^52 less those of 1.5·2^52 (exact for |k| < 2^51).
  const k = op(X.i64x2Sub, add(kD, c(MAGIC)), c(MAGIC));
  const { r, ek, atZero, atMinusOne } = expm1Core(h, y, kD);
  // 2^k: (k + 1023) << 52; 2^-k likewise.
  const twopk = shift(Simd.i64x2Shl, op(Simd.i64x2Add, k, i64(1023)), 52);
  const twoMinusK = shift(Simd.i64x2Shl, op(X.i64x2Sub, i64(1023), k), 52);
  const eMinusR = sub(ek, r);
  // k <= -2 or k > 56: (1 - (e - r))·2^k - 1; 2 <= k < 20: ((1 - 2^-k) - (e - r))·2^k, less 0 (the same
  // operations with a different first operand, and a subtraction of zero that changes no bits).
  const kFarLow = op(X.i64x2GtS, i64(-1), k);
  const kFarHigh = op(X.i64x2GtS, k, i64(56));
  const kFar = op(Simd.v128Or, kFarLow, kFarHigh);
  const lead = select(kFar, one, sub(one, twoMinusK));
  const nearFar = sub(mul(sub(lead, eMinusR), twopk), select(kFar, one, c(0)));
  // 20 <= k <= 56: t = 2^-k; ((r - (e + t)) + 1)·2^k.
  const mid = mul(add(sub(r, add(ek, twoMinusK)), one), twopk);
  const kMid = op(Simd.v128AndNot, op(X.i64x2GtS, k, i64(19)), kFarHigh);
  const kIsMinusOne = op(Simd.i64x2Eq, k, i64(-1));
  const kIsZero = op(Simd.i64x2Eq, k, i64(0));
  const expm1 = select(kIsZero, atZero, select(kIsMinusOne, atMinusOne, select(kMid, mid, nearFar)));

  // tanh from expm1: 1 - 2/(t + 2) for |x| >= 1, -t/(t + 2) below (one division: its numerator selected per lane).
  const q = div(select(big, two, un(Simd.f64x2Neg, expm1)), add(expm1, two));
  const z = select(big, sub(one, q), q);
  const huge = op(Simd.f64x2Ge, ax, c(22));
  const zz = select(huge, one, z);
  const signed = op(Simd.v128Xor, zz, op(Simd.v128And, x, signBit));
  // |x| < 2^-28 and NaN: x itself.
  const tiny = op(Simd.f64x2Lt, ax, c(2 ** -28));
  const nan = op(Simd.f64x2Ne, x, x);
  return select(op(Simd.v128Or, tiny, nan), x, signed);
}
