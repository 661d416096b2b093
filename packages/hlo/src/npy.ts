/**
 * NumPy .npy reading and writing (format versions 1.0, 2.0 and 3.0).
 * A file is: the magic "\x93NUMPY", a major and minor version byte, the header
 * length (uint16 LE for 1.0, uint32 LE for 2.0/3.0), the header dict (latin-1,
 * UTF-8 for 3.0; see npy_header.ts), then the raw elements. Fortran-order data
 * is transposed into minixla's row-major order; 64-bit integers beyond 2^53 are
 * refused because literals store them in float64. Every malformed input is a
 * ParseError. The writer emits version 1.0, little-endian, with the header
 * padded so the data starts on a 64-byte boundary, as NumPy does.
 */
import { ParseError } from "./errors.ts";
import { type ElementType } from "./element_type.ts";
import { F16_FORMAT, exponentOf, roundToFormat } from "./float_formats.ts";
import type { ArrayLiteral } from "./literal.ts";
import { shape, shapeToString } from "./shape.ts";
import { type ByteOrder, parseNpyHeader } from "./npy_header.ts";

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY
const ALIGN = 64;

/** Exact value of IEEE binary16 bits. */
export function f16FromBits(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exp = (bits >> 10) & 0x1f;
  const mant = bits & 0x3ff;
  if (exp === 0x1f) return mant === 0 ? sign * Infinity : NaN;
  if (exp === 0) return sign * mant * 2 ** -24;
  return sign * (1024 + mant) * 2 ** (exp - 25);
}

/** IEEE binary16 bits of x, rounded to nearest even first. */
export function f16ToBits(x: number): number {
  if (Number.isNaN(x)) return 0x7e00;
  const sign = x < 0 || Object.is(x, -0) ? 0x8000 : 0;
  const a = Math.abs(roundToFormat(x, F16_FORMAT));
  if (a === Infinity) return sign | 0x7c00;
  if (a < 2 ** -14) return sign | (a * 2 ** 24); // subnormal (or zero): exact after rounding
  const e = exponentOf(a);
  return sign | ((e + 15) << 10) | (a * 2 ** (10 - e) - 1024);
}

function decodeHeaderText(bytes: Uint8Array, major: number): string {
  if (major === 3) {
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw new ParseError("npy: the version 3.0 header is not valid UTF-8");
    }
  }
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b); // latin-1
  return s;
}

/** Reads one element at byte offset `at` as a float64 in the element type's value set. */
type ElementReader = (view: DataView, at: number) => number;

function elementReader(t: ElementType, order: ByteOrder): ElementReader {
  const le = order === "little";
  const exact64 = (v: bigint, at: number): number => {
    const n = Number(v);
    if (!Number.isSafeInteger(n)) {
      throw new ParseError(
        `npy: ${t} value ${v} (element at byte ${at}) lies beyond 2^53: minixla stores 64-bit integers in float64 and refuses values it cannot hold exactly`,
      );
    }
    return n;
  };
  switch (t) {
    case "pred": return (v, at) => (v.getUint8(at) !== 0 ? 1 : 0);
    case "s8": return (v, at) => v.getInt8(at);
    case "u8": return (v, at) => v.getUint8(at);
    case "s16": return (v, at) => v.getInt16(at, le);
    case "u16": return (v, at) => v.getUint16(at, le);
    case "s32": return (v, at) => v.getInt32(at, le);
    case "u32": return (v, at) => v.getUint32(at, le);
    case "s64": return (v, at) => exact64(v.getBigInt64(at, le), at);
    case "u64": return (v, at) => exact64(v.getBigUint64(at, le), at);
    case "f16": return (v, at) => f16FromBits(v.getUint16(at, le));
    case "f32": return (v, at) => v.getFloat32(at, le);
    case "f64": return (v, at) => v.getFloat64(at, le);
    case "bf16": throw new ParseError("npy: bfloat16 has no standard .npy dtype");
    default: return t satisfies never;
  }
}

/** Reads a .npy file into an array literal (row-major, whatever the file's order). */
export function readNpy(bytes: Uint8Array): ArrayLiteral {
  if (bytes.length < 10 || MAGIC.some((b, i) => bytes[i] !== b)) {
    throw new ParseError("npy: not a .npy file (the magic string \\x93NUMPY is missing)");
  }
  const major = bytes[6];
  const minor = bytes[7];
  if (major < 1 || major > 3 || minor !== 0) {
    throw new ParseError(`npy: unsupported format version ${major}.${minor} (supported: 1.0, 2.0, 3.0)`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lengthSize = major === 1 ? 2 : 4;
  if (bytes.length < 8 + lengthSize) throw new ParseError("npy: truncated header (the header length is cut off)");
  const headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const headerStart = 8 + lengthSize;
  const dataStart = headerStart + headerLength;
  if (dataStart > bytes.length) {
    throw new ParseError(
      `npy: truncated header: it declares ${headerLength} bytes but only ${bytes.length - headerStart} follow`,
    );
  }
  const header = parseNpyHeader(decodeHeaderText(bytes.subarray(headerStart, dataStart), major));
  const s = shape(header.elementType, header.shape);
  let count = 1;
  for (const d of header.shape) count *= d;
  const available = bytes.length - dataStart;
  if (count * header.itemSize > available) {
    throw new ParseError(
      `npy: truncated data: ${shapeToString(s)} needs ${count * header.itemSize} bytes but only ${available} follow the header`,
    );
  }
  const read = elementReader(header.elementType, header.byteOrder);
  const data = new Float64Array(count);
  const size = header.itemSize;
  const rank = header.shape.length;
  if (!header.fortranOrder || rank < 2 || count === 0) {
    for (let i = 0, at = dataStart; i < count; i++, at += size) data[i] = read(view, at);
  } else {
    // Column-major file order: dimension 0 varies fastest. Walk it with a counter
    // per dimension and keep the row-major destination index in step.
    const dims = header.shape;
    const strides = new Array<number>(rank);
    for (let d = rank - 1, acc = 1; d >= 0; d--) {
      strides[d] = acc;
      acc *= dims[d];
    }
    const counter = new Array<number>(rank).fill(0);
    let dest = 0;
    for (let i = 0, at = dataStart; i < count; i++, at += size) {
      data[dest] = read(view, at);
      for (let d = 0; d < rank; d++) {
        dest += strides[d];
        if (++counter[d] < dims[d]) break;
        dest -= strides[d] * dims[d];
        counter[d] = 0;
      }
    }
  }
  return { shape: s, data };
}

/** Little-endian descr NumPy uses for each element type (bf16 has none). */
function descrOf(t: ElementType): string {
  switch (t) {
    case "pred": return "|b1";
    case "s8": return "|i1";
    case "u8": return "|u1";
    case "s16": return "<i2";
    case "u16": return "<u2";
    case "s32": return "<i4";
    case "u32": return "<u4";
    case "s64": return "<i8";
    case "u64": return "<u8";
    case "f16": return "<f2";
    case "f32": return "<f4";
    case "f64": return "<f8";
    case "bf16":
      throw new ParseError("npy: bf16 has no standard .npy dtype; convert to f32 before writing");
    default: return t satisfies never;
  }
}

const ITEM_SIZE: { readonly [K in ElementType]: number } = {
  pred: 1, s8: 1, u8: 1, s16: 2, u16: 2, f16: 2, bf16: 2, s32: 4, u32: 4, f32: 4, s64: 8, u64: 8, f64: 8,
};

/** The header dict exactly as NumPy writes it: "(2, 3)", "(3,)", "()". */
function headerDict(l: ArrayLiteral): string {
  const dims = l.shape.dimensions;
  const shapeText = dims.length === 1 ? `(${dims[0]},)` : `(${dims.join(", ")})`;
  return `{'descr': '${descrOf(l.shape.elementType)}', 'fortran_order': False, 'shape': ${shapeText}, }`;
}

function writeElement(view: DataView, at: number, t: ElementType, x: number): void {
  switch (t) {
    case "pred": view.setUint8(at, x !== 0 ? 1 : 0); return;
    case "s8": view.setInt8(at, x); return;
    case "u8": view.setUint8(at, x); return;
    case "s16": view.setInt16(at, x, true); return;
    case "u16": view.setUint16(at, x, true); return;
    case "s32": view.setInt32(at, x, true); return;
    case "u32": view.setUint32(at, x, true); return;
    case "s64":
    case "u64":
      if (!Number.isSafeInteger(x)) throw new ParseError(`npy: cannot write ${t} value ${x}: not an integer within 2^53`);
      if (t === "s64") view.setBigInt64(at, BigInt(x), true);
      else view.setBigUint64(at, BigInt(x), true);
      return;
    case "f16": view.setUint16(at, f16ToBits(x), true); return;
    case "f32": view.setFloat32(at, x, true); return;
    case "f64": view.setFloat64(at, x, true); return;
    case "bf16": descrOf(t); return;
    default: t satisfies never;
  }
}

/** Writes a literal as a version 1.0 (2.0 if the header is huge) little-endian C-order .npy file. */
export function writeNpy(l: ArrayLiteral): Uint8Array {
  const t = l.shape.elementType;
  const dict = headerDict(l);
  // Pad with spaces so magic + version + length + header (ending in '\n') is a multiple of 64.
  let prefix = 10;
  let total = Math.ceil((prefix + dict.length + 1) / ALIGN) * ALIGN;
  if (total - prefix > 0xffff) {
    prefix = 12;
    total = Math.ceil((prefix + dict.length + 1) / ALIGN) * ALIGN;
  }
  const header = dict + " ".repeat(total - prefix - dict.length - 1) + "\n";
  const size = ITEM_SIZE[t];
  const out = new Uint8Array(total + l.data.length * size);
  const view = new DataView(out.buffer);
  out.set(MAGIC, 0);
  out[6] = prefix === 10 ? 1 : 2;
  out[7] = 0;
  if (prefix === 10) view.setUint16(8, header.length, true);
  else view.setUint32(8, header.length, true);
  for (let i = 0; i < header.length; i++) out[prefix + i] = header.charCodeAt(i);
  for (let i = 0, at = total; i < l.data.length; i++, at += size) writeElement(view, at, t, l.data[i]);
  return out;
}
