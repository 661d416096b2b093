/**
 * convert to and from the types not stored one float64 per element: s64/u64
 * (BigInt storage) and c64/c128 (interleaved pairs). As XLA's Literal::Convert:
 * float -> s64/u64 maps NaN to 0, saturates at or beyond the range (2^63 and
 * up -> INT64_MAX; negatives -> 0 for u64) and truncates toward zero
 * otherwise; s64/u64 -> float rounds the exact 64-bit value to nearest even
 * (to f32 directly, never through a rounded double; f16, bf16 and the f8
 * types through f32, as for 32-bit integers); integers wrap to the narrower
 * width (a C cast); anything -> pred is `!= 0`; real -> complex puts the
 * value in the real part; complex -> real keeps the real part and converts
 * it from the component type (XLA's CPU backend: c64 -1.5+2i -> s32 gives -1).
 */
import {
  ELEMENT_TYPE_INFO,
  type ElementType,
  EvalError,
  type LiteralData,
  allocData,
  isFloatType,
  storageOf,
} from "@minixla/hlo";
import { convertScalar } from "./convert.ts";
import { mapInto1 } from "./loops.ts";

const TWO_63 = 2 ** 63;
const TWO_64 = 2 ** 64;
const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);
const UINT64_MAX = (1n << 64n) - 1n;

/** float (as a double) -> s64 / u64, saturating, NaN -> 0. */
export function floatToBig(to: "s64" | "u64"): (x: number) => bigint {
  if (to === "s64") return (x) => (x !== x ? 0n : x >= TWO_63 ? INT64_MAX : x <= -TWO_63 ? INT64_MIN : BigInt(Math.trunc(x)));
  return (x) => (x !== x ? 0n : x >= TWO_64 ? UINT64_MAX : x <= 0 ? 0n : BigInt(Math.trunc(x)));
}

/** Bit length of a non-negative bigint. */
function bitLength(v: bigint): number {
  return v === 0n ? 0 : v.toString(2).length;
}

/**
 * The exact integer v rounded to nearest even with `bits` significant bits, as
 * a double: keep bits+2 leading bits, the last one sticky (OR of everything
 * below), so that the final rounding sees the true side of every tie.
 */
export function roundBigToBits(v: bigint, bits: 24 | 53): number {
  const neg = v < 0n;
  const a = neg ? -v : v;
  const len = bitLength(a);
  let r: number;
  if (len <= 53) {
    r = Number(a);
  } else {
    const shift = BigInt(len - (bits + 2));
    const kept = a >> shift;
    const sticky = (a & ((1n << shift) - 1n)) !== 0n ? 1n : 0n;
    r = Number(kept | sticky) * 2 ** Number(shift);
  }
  if (bits === 24) r = Math.fround(r);
  return neg ? -r : r;
}

/** s64/u64 -> a float type, from the exact value. */
function bigToFloat(to: ElementType): (x: bigint) => number {
  if (to === "f64") return (x) => Number(x); // Number(bigint) rounds to nearest even
  const norm = ELEMENT_TYPE_INFO[to].normalize;
  if (to === "f32") return (x) => roundBigToBits(x, 24);
  return (x) => norm(roundBigToBits(x, 24));
}

/** s64/u64 -> pred or an integer type of at most 32 bits: the low bits, wrapped by the type's normalizer. */
export function bigToNarrow(to: ElementType): (x: bigint) => number {
  if (to === "pred") return (x) => (x !== 0n ? 1 : 0);
  const norm = ELEMENT_TYPE_INFO[to].normalize;
  return (x) => norm(Number(BigInt.asUintN(32, x)));
}

function componentType(t: ElementType): "f32" | "f64" {
  return t === "c64" ? "f32" : "f64";
}

/** Whether convert from -> to goes through this file (either side stored other than one float64 per element). */
export function isWideConversion(from: ElementType, to: ElementType): boolean {
  return storageOf(from) !== "f64" || storageOf(to) !== "f64";
}

/** convert of n elements of `data` (type from) to type to. */
export function convertWide(from: ElementType, to: ElementType, data: LiteralData, n: number): LiteralData {
  const fromS = storageOf(from);
  const toS = storageOf(to);
  const key = `convert:${from}:${to}`;
  if (from === "token" || to === "token") throw new EvalError(`convert: ${from} to ${to}: token is not an arithmetic type`);
  if (fromS === "complex") {
    const src = data as Float64Array;
    if (toS !== "complex") {
      const real = new Float64Array(n);
      for (let i = 0; i < n; i++) real[i] = src[2 * i];
      const c = componentType(from);
      if (toS === "f64") return mapInto1(`convert-real-part:${c}:${to}`, convertScalar(c, to), ELEMENT_TYPE_INFO[to].normalize, real, new Float64Array(n));
      return convertWide(c, to, real, n);
    }
    const out = new Float64Array(2 * n);
    const norm = ELEMENT_TYPE_INFO[componentType(to)].normalize;
    for (let i = 0; i < 2 * n; i++) out[i] = norm(src[i]);
    return out;
  }
  if (toS === "complex") {
    const c = componentType(to);
    const out = new Float64Array(2 * n);
    if (fromS === "f64") {
      const norm = ELEMENT_TYPE_INFO[c].normalize;
      const src = data as Float64Array;
      for (let i = 0; i < n; i++) out[2 * i] = norm(src[i]);
    } else {
      const src = data as BigInt64Array | BigUint64Array;
      const f = bigToFloat(c);
      for (let i = 0; i < n; i++) out[2 * i] = f(src[i]);
    }
    return out;
  }
  const out = allocData(to, n);
  if (fromS === "f64") {
    // into s64/u64: floats saturate and truncate; pred and narrower integers are exact.
    const f = isFloatType(from) ? floatToBig(to as "s64" | "u64") : (x: number) => BigInt(x);
    return mapInto1(key, f, undefined, data, out);
  }
  if (toS === "f64") {
    const f = isFloatType(to) ? bigToFloat(to) : bigToNarrow(to);
    return mapInto1(key, f, undefined, data, out);
  }
  // s64 <-> u64 (or the same type): the typed array wraps on store.
  return mapInto1(key, (x: bigint) => x, undefined, data, out);
}
