/**
 * The bytes of one .npy element for every element type: its size, the descr
 * np.save writes for it, and how its bytes map to and from a literal's
 * storage (see literal.ts). NumPy's own types are plain; ml_dtypes' types have
 * no NumPy type character, so np.save writes bfloat16 as '<V2', float8_e5m2 as
 * '<f1' and every other one-byte type (the f8 family, f4e2m1fn, int4, uint4,
 * int2, uint2) as '<V1', one element per byte with the value in the low bits.
 * Complex elements are (real, imaginary) pairs of f32 (c64, '<c8') or f64
 * (c128, '<c16'). A NaN keeps its sign both ways, carried as the sign bit of
 * its storage slot (npy.ts reads and sets that bit in the bytes: a NaN held as
 * a JS number may lose its sign in optimized code); NaN payloads are not kept.
 */
import type { ElementType } from "../../element_type.ts";
import { F16_FORMAT, exponentOf, roundToBF16, roundToFormat, signBit } from "../../float_formats.ts";
import { MINIFLOAT_FORMATS, type MinifloatName, minifloatFromBits, minifloatToBits } from "../../minifloat.ts";

/** Exact value of IEEE binary16 bits (a NaN's sign is the caller's to keep: bit 15). */
export function f16FromBits(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exp = (bits >> 10) & 0x1f;
  const mant = bits & 0x3ff;
  if (exp === 0x1f) return mant === 0 ? sign * Infinity : NaN;
  if (exp === 0) return sign * mant * 2 ** -24;
  return sign * (1024 + mant) * 2 ** (exp - 25);
}

/** IEEE binary16 bits of x, rounded to nearest even first; NaN is the quiet NaN 0x7e00 with the given sign. */
export function f16ToBits(x: number, negativeNaN: boolean = Number.isNaN(x) && signBit(x)): number {
  if (Number.isNaN(x)) return (negativeNaN ? 0x8000 : 0) | 0x7e00;
  const sign = signBit(x) ? 0x8000 : 0;
  const a = Math.abs(roundToFormat(x, F16_FORMAT));
  if (a === Infinity) return sign | 0x7c00;
  if (a < 2 ** -14) return sign | (a * 2 ** 24); // subnormal (or zero): exact after rounding
  const e = exponentOf(a);
  return sign | ((e + 15) << 10) | (a * 2 ** (10 - e) - 1024);
}

const scratchF32 = new Float32Array(1);
const scratchU32 = new Uint32Array(scratchF32.buffer);

/** The value of bfloat16 bits (the top half of an f32; a NaN's sign is bit 15). */
export function bf16FromBits(bits: number): number {
  if ((bits & 0x7f80) === 0x7f80 && (bits & 0x7f) !== 0) return NaN;
  scratchU32[0] = bits << 16;
  return scratchF32[0];
}

/** bfloat16 bits of x (rounded through f32 as XLA does); NaN is ml_dtypes' quiet NaN 0x7fc0 with the given sign. */
export function bf16ToBits(x: number, negativeNaN: boolean = Number.isNaN(x) && signBit(x)): number {
  if (Number.isNaN(x)) return (negativeNaN ? 0x8000 : 0) | 0x7fc0;
  scratchF32[0] = roundToBF16(x);
  return scratchU32[0] >>> 16;
}

/**
 * An element type whose values fit a double: each element is `lanes` slots of
 * a Float64Array (2 for complex), each slot `laneSize` bytes in the file.
 */
export interface NumberCodec {
  readonly storage: "number";
  readonly descr: string;
  readonly lanes: 1 | 2;
  readonly laneSize: number;
  /** A NaN's sign is the top bit of its most significant byte (false: the format's NaN has no sign). */
  readonly nanSign: boolean;
  readonly read: (view: DataView, at: number, littleEndian: boolean) => number;
  /** Writes little-endian; `negativeNaN` is the sign bit of x's slot, for a NaN x. */
  readonly write: (view: DataView, at: number, x: number, negativeNaN: boolean) => void;
}

/** s64 and u64, read and written exactly as BigInt. */
export interface BigIntCodec {
  readonly storage: "bigint";
  readonly descr: string;
  readonly laneSize: 8;
  readonly signed: boolean;
}

export type ElementCodec = NumberCodec | BigIntCodec;

const num = (
  descr: string, laneSize: number, nanSign: boolean, read: NumberCodec["read"], write: NumberCodec["write"], lanes: 1 | 2 = 1,
): NumberCodec => ({ storage: "number", descr, lanes, laneSize, nanSign, read, write });

/** An integer or pred codec: no NaN. */
const int = (descr: string, laneSize: number, read: NumberCodec["read"], write: (v: DataView, at: number, x: number) => void): NumberCodec =>
  num(descr, laneSize, false, read, write);

function minifloatCodec(name: MinifloatName): NumberCodec {
  const f = MINIFLOAT_FORMATS[name];
  const mask = 2 ** f.bitWidth - 1;
  return num(
    name === "f8e5m2" ? "<f1" : "<V1", 1,
    // f8e8m0fnu has no sign bit, so its NaN (0xff) is unsigned; the fnuz NaN (0x80) reads as -nan, as in ml_dtypes.
    !f.unsigned,
    (v, at) => minifloatFromBits(v.getUint8(at) & mask, f),
    (v, at, x, negativeNaN) => v.setUint8(at, minifloatToBits(x, f, negativeNaN)),
  );
}

/** int4, uint4, int2, uint2: one byte each, the value in the low bits (higher bits ignored on reading). */
function smallIntCodec(bits: number, signed: boolean): NumberCodec {
  const mask = 2 ** bits - 1;
  const half = 2 ** (bits - 1);
  return int(
    "<V1", 1,
    (v, at) => {
      const u = v.getUint8(at) & mask;
      return signed && u >= half ? u - 2 ** bits : u;
    },
    (v, at, x) => v.setUint8(at, x & mask),
  );
}

// NaN is written as the quiet NaN of its sign (NumPy's own NaN), never through a JS number's bits.
const f32 = (v: DataView, at: number, x: number, negativeNaN: boolean): void =>
  Number.isNaN(x) ? v.setUint32(at, negativeNaN ? 0xffc00000 : 0x7fc00000, true) : v.setFloat32(at, x, true);
const f64 = (v: DataView, at: number, x: number, negativeNaN: boolean): void =>
  Number.isNaN(x) ? v.setBigUint64(at, negativeNaN ? 0xfff8000000000000n : 0x7ff8000000000000n, true) : v.setFloat64(at, x, true);

/** The codec of every element type except token, which has no values. */
export const ELEMENT_CODECS: { readonly [K in Exclude<ElementType, "token">]: ElementCodec } = {
  pred: int("|b1", 1, (v, at) => (v.getUint8(at) !== 0 ? 1 : 0), (v, at, x) => v.setUint8(at, x !== 0 ? 1 : 0)),
  s2: smallIntCodec(2, true),
  s4: smallIntCodec(4, true),
  s8: int("|i1", 1, (v, at) => v.getInt8(at), (v, at, x) => v.setInt8(at, x)),
  s16: int("<i2", 2, (v, at, le) => v.getInt16(at, le), (v, at, x) => v.setInt16(at, x, true)),
  s32: int("<i4", 4, (v, at, le) => v.getInt32(at, le), (v, at, x) => v.setInt32(at, x, true)),
  s64: { storage: "bigint", descr: "<i8", laneSize: 8, signed: true },
  u2: smallIntCodec(2, false),
  u4: smallIntCodec(4, false),
  u8: int("|u1", 1, (v, at) => v.getUint8(at), (v, at, x) => v.setUint8(at, x)),
  u16: int("<u2", 2, (v, at, le) => v.getUint16(at, le), (v, at, x) => v.setUint16(at, x, true)),
  u32: int("<u4", 4, (v, at, le) => v.getUint32(at, le), (v, at, x) => v.setUint32(at, x, true)),
  u64: { storage: "bigint", descr: "<u8", laneSize: 8, signed: false },
  f4e2m1fn: minifloatCodec("f4e2m1fn"),
  f8e3m4: minifloatCodec("f8e3m4"),
  f8e4m3: minifloatCodec("f8e4m3"),
  f8e4m3fn: minifloatCodec("f8e4m3fn"),
  f8e4m3fnuz: minifloatCodec("f8e4m3fnuz"),
  f8e4m3b11fnuz: minifloatCodec("f8e4m3b11fnuz"),
  f8e5m2: minifloatCodec("f8e5m2"),
  f8e5m2fnuz: minifloatCodec("f8e5m2fnuz"),
  f8e8m0fnu: minifloatCodec("f8e8m0fnu"),
  f16: num("<f2", 2, true, (v, at, le) => f16FromBits(v.getUint16(at, le)), (v, at, x, n) => v.setUint16(at, f16ToBits(x, n), true)),
  // ml_dtypes writes bfloat16 as raw bytes in the machine's order (little-endian on every host it supports).
  bf16: num("<V2", 2, true, (v, at) => bf16FromBits(v.getUint16(at, true)), (v, at, x, n) => v.setUint16(at, bf16ToBits(x, n), true)),
  f32: num("<f4", 4, true, (v, at, le) => v.getFloat32(at, le), f32),
  f64: num("<f8", 8, true, (v, at, le) => v.getFloat64(at, le), f64),
  c64: num("<c8", 4, true, (v, at, le) => v.getFloat32(at, le), f32, 2),
  c128: num("<c16", 8, true, (v, at, le) => v.getFloat64(at, le), f64, 2),
};
