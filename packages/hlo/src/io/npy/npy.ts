/**
 * NumPy .npy reading and writing (format versions 1.0, 2.0 and 3.0) for every
 * element type but token. A file is: the magic "\x93NUMPY", a major and minor
 * version byte, the header length (uint16 LE for 1.0, uint32 LE for 2.0/3.0),
 * the header dict (latin-1, UTF-8 for 3.0; see header.ts), then the raw
 * elements (see codec.ts: s64/u64 exactly as BigInt, complex as
 * interleaved pairs, ml_dtypes' types as the bytes ml_dtypes writes).
 * Fortran-order data is transposed into minixla's row-major order. Every
 * malformed input is a ParseError. The writer emits version 1.0,
 * little-endian, C order, with the header padded so the data starts on a
 * 64-byte boundary, as NumPy does, and the descr np.save writes.
 */
import { ParseError } from "../../errors.ts";
import type { ElementType } from "../../element_type.ts";
import { type ArrayLiteral, type LiteralData, allocData } from "../../literal.ts";
import { F64_SIGN_BYTE } from "../../float_formats.ts";
import { ELEMENT_CODECS, type ElementCodec } from "./codec.ts";
import { dimensionsProblem, shape, shapeToString } from "../../shape.ts";
import { parseNpyHeader } from "./header.ts";

export { bf16FromBits, bf16ToBits, f16FromBits, f16ToBits } from "./codec.ts";

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY
const ALIGN = 64;

/** Options of `readNpy`. */
export interface ReadNpyOptions {
  /**
   * The element type expected, for the descrs ml_dtypes writes without naming
   * the type: '<V1' (the f8 family, f4e2m1fn, s4, u4, s2, u2) needs it; '<V2'
   * is read as bf16 and '<f1' as f8e5m2 without it. Descrs that name their
   * type ('<f4', '<c8', ...) ignore it.
   */
  readonly elementType?: ElementType;
}

function codecOf(t: ElementType, what: string): ElementCodec {
  if (t === "token") throw new ParseError(`npy: cannot ${what} a token: it has no values`);
  return ELEMENT_CODECS[t];
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


/** Stores the file element at byte `at` into element `i` of `data` (every lane of it). */
type ElementDecoder = (view: DataView, at: number, i: number) => void;

function elementDecoder(c: ElementCodec, littleEndian: boolean, data: LiteralData): ElementDecoder {
  if (c.storage === "bigint") {
    if (data instanceof BigInt64Array) return (v, at, i) => (data[i] = v.getBigInt64(at, littleEndian));
    if (data instanceof BigUint64Array) return (v, at, i) => (data[i] = v.getBigUint64(at, littleEndian));
    throw new ParseError("npy: 64-bit integer elements need BigInt storage");
  }
  if (!(data instanceof Float64Array)) throw new ParseError("npy: these elements need Float64Array storage");
  const { read, laneSize, lanes, nanSign } = c;
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  // A NaN's sign goes from the file's bytes straight into the slot's sign bit.
  const msb = littleEndian ? laneSize - 1 : 0;
  const lane = (v: DataView, at: number, slot: number): void => {
    const x = read(v, at, littleEndian);
    data[slot] = x;
    if (Number.isNaN(x) && nanSign && (v.getUint8(at + msb) & 0x80) !== 0) bytes[slot * 8 + F64_SIGN_BYTE] |= 0x80;
  };
  if (lanes === 1) return (v, at, i) => lane(v, at, i);
  return (v, at, i) => {
    lane(v, at, 2 * i);
    lane(v, at + laneSize, 2 * i + 1);
  };
}

/** Reads a .npy file into an array literal (row-major, whatever the file's order). */
export function readNpy(bytes: Uint8Array, options: ReadNpyOptions = {}): ArrayLiteral {
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
  const header = parseNpyHeader(decodeHeaderText(bytes.subarray(headerStart, dataStart), major), options.elementType);
  const sizeProblem = dimensionsProblem(header.elementType, header.shape);
  if (sizeProblem !== undefined) throw new ParseError(`npy: ${sizeProblem}`);
  const s = shape(header.elementType, header.shape);
  let count = 1;
  for (const d of header.shape) count *= d;
  const available = bytes.length - dataStart;
  if (count * header.itemSize > available) {
    throw new ParseError(
      `npy: truncated data: ${shapeToString(s)} needs ${count * header.itemSize} bytes but only ${available} follow the header`,
    );
  }
  const data = allocData(header.elementType, count);
  const decode = elementDecoder(codecOf(header.elementType, "read"), header.byteOrder === "little", data);
  const size = header.itemSize;
  const rank = header.shape.length;
  if (!header.fortranOrder || rank < 2 || count === 0) {
    for (let i = 0, at = dataStart; i < count; i++, at += size) decode(view, at, i);
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
      decode(view, at, dest);
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

/** The header dict exactly as NumPy writes it: "(2, 3)", "(3,)", "()". */
function headerDict(descr: string, dims: readonly number[]): string {
  const shapeText = dims.length === 1 ? `(${dims[0]},)` : `(${dims.join(", ")})`;
  return `{'descr': '${descr}', 'fortran_order': False, 'shape': ${shapeText}, }`;
}

/**
 * Writes a literal as a version 1.0 (2.0 if the header is huge) little-endian
 * C-order .npy file, with the descr np.save writes for the type ('<V1', '<f1'
 * and '<V2' for ml_dtypes' types, which readNpy reads back given the type).
 */
export function writeNpy(l: ArrayLiteral): Uint8Array {
  const t = l.shape.elementType;
  const codec = codecOf(t, "write");
  const dict = headerDict(codec.descr, l.shape.dimensions);
  // Pad with spaces so magic + version + length + header (ending in '\n') is a multiple of 64.
  let prefix = 10;
  let total = Math.ceil((prefix + dict.length + 1) / ALIGN) * ALIGN;
  if (total - prefix > 0xffff) {
    prefix = 12;
    total = Math.ceil((prefix + dict.length + 1) / ALIGN) * ALIGN;
  }
  const header = dict + " ".repeat(total - prefix - dict.length - 1) + "\n";
  const data = l.data;
  const out = new Uint8Array(total + data.length * codec.laneSize);
  const view = new DataView(out.buffer);
  out.set(MAGIC, 0);
  out[6] = prefix === 10 ? 1 : 2;
  out[7] = 0;
  if (prefix === 10) view.setUint16(8, header.length, true);
  else view.setUint32(8, header.length, true);
  for (let i = 0; i < header.length; i++) out[prefix + i] = header.charCodeAt(i);
  // Complex pairs are consecutive slots, so every type writes slot by slot.
  const size = codec.laneSize;
  if (data instanceof BigInt64Array) for (let i = 0, at = total; i < data.length; i++, at += size) view.setBigInt64(at, data[i], true);
  else if (data instanceof BigUint64Array) for (let i = 0, at = total; i < data.length; i++, at += size) view.setBigUint64(at, data[i], true);
  else if (codec.storage === "number") {
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    for (let i = 0, at = total; i < data.length; i++, at += size) codec.write(view, at, data[i], (bytes[i * 8 + F64_SIGN_BYTE] & 0x80) !== 0);
  } else throw new ParseError(`npy: cannot write ${shapeToString(l.shape)}: its data is not the BigInt storage ${t} needs`);
  return out;
}
