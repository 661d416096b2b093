/**
 * Elements as the bytes XLA keeps in memory, for a bitcast that changes the
 * element type. Little-endian; every type takes whole bytes, one per element
 * for pred and the sub-byte types (s2, s4, u2, u4, f4e2m1fn hold their bits in
 * the low bits of their byte, unpacked). Floats narrower than f32 are encoded
 * and decoded through their bit fields (sign, exponent, mantissa and the
 * format's special values); a NaN is written as the format's quiet NaN, since
 * a literal keeps NaN values and not their payloads. Complex elements are
 * their two components, real first.
 */
import { ELEMENT_TYPE_INFO, type ElementType, EvalError, type LiteralData } from "@minixla/hlo";

/** Bytes one element of t occupies in memory. */
export function byteWidth(t: ElementType): number {
  if (t === "token") throw new EvalError("token has no bytes");
  return Math.max(1, Math.ceil(ELEMENT_TYPE_INFO[t].bitWidth / 8));
}

/** How a narrow float lays out its bits; see minifloat.ts for the meaning of `specials`. */
interface BitFormat {
  readonly width: number;
  readonly exponentBits: number;
  readonly mantissaBits: number;
  readonly bias: number;
  readonly specials: "ieee" | "fn" | "fnuz" | "none";
  /** No sign bit (f8e8m0fnu). */
  readonly unsigned: boolean;
}

type NarrowFloat =
  | "f16" | "f4e2m1fn" | "f8e3m4" | "f8e4m3" | "f8e4m3fn" | "f8e4m3fnuz" | "f8e4m3b11fnuz" | "f8e5m2" | "f8e5m2fnuz" | "f8e8m0fnu";

const fmt = (width: number, exponentBits: number, mantissaBits: number, bias: number, specials: BitFormat["specials"], unsigned = false): BitFormat =>
  ({ width, exponentBits, mantissaBits, bias, specials, unsigned });

// The encodings of IEEE binary16 and of ml_dtypes' narrow formats.
const BIT_FORMATS: { readonly [K in NarrowFloat]: BitFormat } = {
  f16: fmt(16, 5, 10, 15, "ieee"),
  f4e2m1fn: fmt(4, 2, 1, 1, "none"),
  f8e3m4: fmt(8, 3, 4, 3, "ieee"),
  f8e4m3: fmt(8, 4, 3, 7, "ieee"),
  f8e4m3fn: fmt(8, 4, 3, 7, "fn"),
  f8e4m3fnuz: fmt(8, 4, 3, 8, "fnuz"),
  f8e4m3b11fnuz: fmt(8, 4, 3, 11, "fnuz"),
  f8e5m2: fmt(8, 5, 2, 15, "ieee"),
  f8e5m2fnuz: fmt(8, 5, 2, 16, "fnuz"),
  f8e8m0fnu: fmt(8, 8, 0, 127, "fn", true),
};

/** The value of bit pattern `bits` in format f. */
export function decodeFloatBits(bits: number, f: BitFormat): number {
  const m = f.mantissaBits;
  const mantissa = bits & ((1 << m) - 1);
  const exponent = (bits >>> m) & ((1 << f.exponentBits) - 1);
  const top = (1 << f.exponentBits) - 1;
  if (f.unsigned) return exponent === top ? NaN : 2 ** (exponent - f.bias);
  const negative = ((bits >>> (f.width - 1)) & 1) === 1;
  switch (f.specials) {
    case "ieee":
      if (exponent === top) return mantissa === 0 ? (negative ? -Infinity : Infinity) : NaN;
      break;
    case "fn":
      if (exponent === top && mantissa === (1 << m) - 1) return NaN;
      break;
    case "fnuz":
      if (negative && exponent === 0 && mantissa === 0) return NaN;
      break;
    case "none":
      break;
    default:
      return f.specials satisfies never;
  }
  const magnitude = exponent === 0 ? mantissa * 2 ** (1 - f.bias - m) : (1 + mantissa / 2 ** m) * 2 ** (exponent - f.bias);
  return negative ? -magnitude : magnitude;
}

/** The format's quiet NaN pattern (f4e2m1fn has no NaN: its values never are). */
function quietNaN(f: BitFormat): number {
  if (f.unsigned) return (1 << f.width) - 1;
  switch (f.specials) {
    case "ieee": return (((1 << f.exponentBits) - 1) << f.mantissaBits) | (1 << (f.mantissaBits - 1));
    case "fn": return (1 << (f.width - 1)) - 1;
    case "fnuz": return 1 << (f.width - 1);
    case "none": return 0;
    default: return f.specials satisfies never;
  }
}

const encoders = new Map<BitFormat, Map<number, number>>();

/** The bit pattern of x, a value of format f (already rounded into it). */
export function encodeFloatBits(x: number, f: BitFormat): number {
  if (Number.isNaN(x)) return quietNaN(f);
  if (x === 0 && !f.unsigned) return Object.is(x, -0) && f.specials !== "fnuz" ? 1 << (f.width - 1) : 0;
  let table = encoders.get(f);
  if (table === undefined) {
    // Every non-zero, non-NaN value of the format has exactly one pattern.
    table = new Map();
    for (let bits = 0; bits < 1 << f.width; bits++) {
      const v = decodeFloatBits(bits, f);
      if (v !== 0 && !Number.isNaN(v)) table.set(v, bits);
    }
    encoders.set(f, table);
  }
  const bits = table.get(x);
  if (bits === undefined) throw new EvalError(`${x} is not a value of a ${f.width}-bit float format`);
  return bits;
}

/** Writes element i of data (type t) at byte `at`. */
export type ElementWriter = (view: DataView, at: number, data: LiteralData, i: number) => void;
/** Reads the element at byte `at` into element i of data (type t). */
export type ElementReader = (view: DataView, at: number, data: LiteralData, i: number) => void;

const num = (data: LiteralData, i: number): number => data[i] as number;
const big = (data: LiteralData, i: number): bigint => data[i] as bigint;
const put = (data: LiteralData, i: number, v: number): void => {
  (data as Float64Array)[i] = v;
};

/** The element-to-bytes function of type t. */
export function elementWriter(t: ElementType): ElementWriter {
  switch (t) {
    case "pred": return (v, at, d, i) => v.setUint8(at, num(d, i) !== 0 ? 1 : 0);
    case "s2": case "s4": case "u2": case "u4": {
      const mask = (1 << ELEMENT_TYPE_INFO[t].bitWidth) - 1;
      return (v, at, d, i) => v.setUint8(at, num(d, i) & mask);
    }
    case "s8": return (v, at, d, i) => v.setInt8(at, num(d, i));
    case "u8": return (v, at, d, i) => v.setUint8(at, num(d, i));
    case "s16": return (v, at, d, i) => v.setInt16(at, num(d, i), true);
    case "u16": return (v, at, d, i) => v.setUint16(at, num(d, i), true);
    case "s32": return (v, at, d, i) => v.setInt32(at, num(d, i), true);
    case "u32": return (v, at, d, i) => v.setUint32(at, num(d, i), true);
    case "s64": return (v, at, d, i) => v.setBigInt64(at, big(d, i), true);
    case "u64": return (v, at, d, i) => v.setBigUint64(at, big(d, i), true);
    case "bf16":
      // A bf16 value is an f32 whose low 16 bits are zero.
      return (v, at, d, i) => {
        v.setFloat32(at, num(d, i), true);
        v.setUint16(at, v.getUint16(at + 2, true), true);
        v.setUint16(at + 2, 0, true);
      };
    case "f16": {
      const f = BIT_FORMATS.f16;
      return (v, at, d, i) => v.setUint16(at, encodeFloatBits(num(d, i), f), true);
    }
    case "f4e2m1fn": case "f8e3m4": case "f8e4m3": case "f8e4m3fn": case "f8e4m3fnuz": case "f8e4m3b11fnuz": case "f8e5m2": case "f8e5m2fnuz": case "f8e8m0fnu": {
      const f = BIT_FORMATS[t];
      return (v, at, d, i) => v.setUint8(at, encodeFloatBits(num(d, i), f));
    }
    case "f32": return (v, at, d, i) => v.setFloat32(at, num(d, i), true);
    case "f64": return (v, at, d, i) => v.setFloat64(at, num(d, i), true);
    case "c64":
      return (v, at, d, i) => {
        v.setFloat32(at, num(d, 2 * i), true);
        v.setFloat32(at + 4, num(d, 2 * i + 1), true);
      };
    case "c128":
      return (v, at, d, i) => {
        v.setFloat64(at, num(d, 2 * i), true);
        v.setFloat64(at + 8, num(d, 2 * i + 1), true);
      };
    case "token": throw new EvalError("token has no bytes");
    default: return t satisfies never;
  }
}

/** The bytes-to-element function of type t. */
export function elementReader(t: ElementType): ElementReader {
  switch (t) {
    case "pred": return (v, at, d, i) => put(d, i, v.getUint8(at) !== 0 ? 1 : 0);
    case "s2": case "s4": {
      const shift = 32 - ELEMENT_TYPE_INFO[t].bitWidth;
      return (v, at, d, i) => put(d, i, (v.getUint8(at) << shift) >> shift);
    }
    case "u2": case "u4": {
      const mask = (1 << ELEMENT_TYPE_INFO[t].bitWidth) - 1;
      return (v, at, d, i) => put(d, i, v.getUint8(at) & mask);
    }
    case "s8": return (v, at, d, i) => put(d, i, v.getInt8(at));
    case "u8": return (v, at, d, i) => put(d, i, v.getUint8(at));
    case "s16": return (v, at, d, i) => put(d, i, v.getInt16(at, true));
    case "u16": return (v, at, d, i) => put(d, i, v.getUint16(at, true));
    case "s32": return (v, at, d, i) => put(d, i, v.getInt32(at, true));
    case "u32": return (v, at, d, i) => put(d, i, v.getUint32(at, true));
    case "s64": return (v, at, d, i) => { (d as BigInt64Array)[i] = v.getBigInt64(at, true); };
    case "u64": return (v, at, d, i) => { (d as BigUint64Array)[i] = v.getBigUint64(at, true); };
    case "bf16": {
      const scratch = new DataView(new ArrayBuffer(4));
      return (v, at, d, i) => {
        scratch.setUint16(0, 0, true);
        scratch.setUint16(2, v.getUint16(at, true), true);
        put(d, i, scratch.getFloat32(0, true));
      };
    }
    case "f16": {
      const f = BIT_FORMATS.f16;
      return (v, at, d, i) => put(d, i, decodeFloatBits(v.getUint16(at, true), f));
    }
    case "f4e2m1fn": case "f8e3m4": case "f8e4m3": case "f8e4m3fn": case "f8e4m3fnuz": case "f8e4m3b11fnuz": case "f8e5m2": case "f8e5m2fnuz": case "f8e8m0fnu": {
      const f = BIT_FORMATS[t];
      const mask = (1 << f.width) - 1;
      return (v, at, d, i) => put(d, i, decodeFloatBits(v.getUint8(at) & mask, f));
    }
    case "f32": return (v, at, d, i) => put(d, i, v.getFloat32(at, true));
    case "f64": return (v, at, d, i) => put(d, i, v.getFloat64(at, true));
    case "c64":
      return (v, at, d, i) => {
        put(d, 2 * i, v.getFloat32(at, true));
        put(d, 2 * i + 1, v.getFloat32(at + 4, true));
      };
    case "c128":
      return (v, at, d, i) => {
        put(d, 2 * i, v.getFloat64(at, true));
        put(d, 2 * i + 1, v.getFloat64(at + 8, true));
      };
    case "token": throw new EvalError("token has no bytes");
    default: return t satisfies never;
  }
}
