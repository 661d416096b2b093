/**
 * `dense<...>` literals as HLO literal text: splats (`dense<1.0>`), nested
 * lists, hex blobs (`dense<"0x0000803F">`, little-endian, one element or one
 * per element), hex bit patterns of floats (`0x7FC00000`) and complex pairs
 * (`(1.0, -2.0)`). Values are put in their element type's value set first,
 * as MLIR does when it reads them, so the HLO text holds exact values.
 */
import { type ElementType, complexComponentType, isBigIntType, isComplexType, isFloatType, normalizeValue } from "../element_type.ts";
import { MINIFLOAT_FORMATS, type MinifloatName, minifloatFromBits } from "../minifloat.ts";
import { type ArrayLiteral, type LiteralData, allocData } from "../literal.ts";
import type { Attr } from "./attributes.ts";
import { MlirLexerView } from "./attributes.ts";
import { type MlirLexer, type MlirToken, describe } from "./lexer.ts";
import { type TensorType, elementCountOf } from "./types.ts";

const BITS: Partial<Record<ElementType, number>> = {
  pred: 8, s2: 8, s4: 8, s8: 8, s16: 16, s32: 32, s64: 64, u2: 8, u4: 8, u8: 8, u16: 16, u32: 32, u64: 64,
  f16: 16, bf16: 16, f32: 32, f64: 64, c64: 64, c128: 128,
  f4e2m1fn: 8, f8e3m4: 8, f8e4m3: 8, f8e4m3fn: 8, f8e4m3fnuz: 8, f8e4m3b11fnuz: 8, f8e5m2: 8, f8e5m2fnuz: 8, f8e8m0fnu: 8,
};

const scratch = new DataView(new ArrayBuffer(8));

/** A float type's value from its bit pattern. */
export function floatFromBits(t: ElementType, bits: bigint): number {
  switch (t) {
    case "f64":
      scratch.setBigUint64(0, BigInt.asUintN(64, bits));
      return scratch.getFloat64(0);
    case "f32":
      scratch.setUint32(0, Number(BigInt.asUintN(32, bits)));
      return scratch.getFloat32(0);
    case "bf16":
      scratch.setUint32(0, Number(BigInt.asUintN(16, bits)) << 16);
      return scratch.getFloat32(0);
    case "f16": return f16FromBits(Number(BigInt.asUintN(16, bits)));
    default:
      return minifloatFromBits(Number(BigInt.asUintN(8, bits)), MINIFLOAT_FORMATS[t as MinifloatName]);
  }
}

/** An f16 value from its 16 bits. */
function f16FromBits(b: number): number {
  const e = (b >> 10) & 31;
  const m = b & 1023;
  const s = b >> 15 ? -1 : 1;
  if (e === 31) return m === 0 ? s * Infinity : NaN;
  return s * (e === 0 ? m * 2 ** -24 : (1 + m / 1024) * 2 ** (e - 15));
}

function negativeNaN(v: number): boolean {
  scratch.setFloat64(0, v);
  return scratch.getUint8(0) >= 0x80;
}

function realText(t: ElementType, v: number | bigint): string {
  if (typeof v === "bigint") return v.toString();
  if (t === "pred") return v !== 0 ? "true" : "false";
  if (Number.isNaN(v)) return negativeNaN(v) ? "-nan" : "nan";
  if (v === Infinity) return "inf";
  if (v === -Infinity) return "-inf";
  if (Object.is(v, -0)) return "-0";
  return String(v);
}

/** One scalar token's value in type t (a real type). */
function realValue(lx: MlirLexer, t: ElementType, tok: MlirToken, negative: boolean): number | bigint {
  if (tok.kind === "ident") {
    if (tok.text === "true" || tok.text === "false") {
      const b = tok.text === "true" ? 1 : 0;
      return isBigIntType(t) ? BigInt(b) : b;
    }
    if (isFloatType(t) && (tok.text === "inf" || tok.text === "nan")) return (negative ? -1 : 1) * (tok.text === "inf" ? Infinity : NaN);
    throw lx.error(tok, `expected a number, found ${describe(tok)}`);
  }
  if (tok.kind !== "number") throw lx.error(tok, `expected a number, found ${describe(tok)}`);
  const hex = /^0x/i.test(tok.text);
  if (isFloatType(t)) {
    if (hex) return floatFromBits(t, BigInt(tok.text));
    return normalizeValue(t, Number((negative ? "-" : "") + tok.text));
  }
  if (/[.eE]/.test(tok.text) && !hex) throw lx.error(tok, `${tok.text} is not an integer (element type ${t})`);
  let n = BigInt(tok.text);
  if (negative) n = -n;
  if (t === "s64") return BigInt.asIntN(64, n);
  if (t === "u64") return BigInt.asUintN(64, n);
  if (t === "pred") return n !== 0n ? 1 : 0;
  return normalizeValue(t, Number(n));
}

/** Element texts of a hex blob: one element splats, else one per element. */
function hexElements(lx: MlirLexer, t: TensorType, tok: MlirToken): string[] {
  const hex = tok.text.slice(1, -1);
  if (!/^0x[0-9a-fA-F]*$/.test(hex) || hex.length % 2 !== 0) throw lx.error(tok, "a hex literal must be \"0x\" and an even number of hex digits");
  const et = t.elementType;
  const bits = BITS[et];
  if (bits === undefined) throw lx.error(tok, `no hex literal for element type ${et}`);
  const bytes = bits / 8;
  const n = (hex.length - 2) / 2 / bytes;
  const count = elementCountOf(t);
  if (n !== 1 && n !== count) throw lx.error(tok, `hex literal holds ${n} elements of ${bytes} bytes; the type has ${count}`);
  const word = (i: number, width: number): bigint => {
    let v = 0n;
    for (let k = width - 1; k >= 0; k--) v = (v << 8n) | BigInt(parseInt(hex.substr(2 + (i + k) * 2, 2), 16));
    return v;
  };
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    if (isComplexType(et)) {
      const c = complexComponentType(et as "c64" | "c128");
      const half = bytes / 2;
      out.push(`(${realText(c, floatFromBits(c, word(i * bytes, half)))}, ${realText(c, floatFromBits(c, word(i * bytes + half, half)))})`);
    } else if (isFloatType(et)) out.push(realText(et, normalizeValue(et, floatFromBits(et, word(i * bytes, bytes)))));
    else {
      const raw = word(i * bytes, bytes);
      const signed = et.startsWith("s");
      const v = signed ? BigInt.asIntN(bits, raw) : et === "pred" ? (raw !== 0n ? 1n : 0n) : raw;
      out.push(et === "pred" ? (v !== 0n ? "true" : "false") : isBigIntType(et) ? v.toString() : String(normalizeValue(et, Number(v))));
    }
  }
  return out;
}

/** The element texts of a dense literal of type t (one text when it splats). */
export function denseElements(lx: MlirLexer, a: Extract<Attr, { kind: "dense" }>, t: TensorType): string[] {
  const view = new MlirLexerView(lx, a.start, a.end);
  const et = t.elementType;
  const out: string[] = [];
  const complex = isComplexType(et);
  const comp = complex ? complexComponentType(et as "c64" | "c128") : et;
  for (;;) {
    const tok = view.next();
    if (tok === undefined) break;
    if (tok.kind === "string") {
      if (out.length > 0) throw lx.error(tok, "a hex literal must be the whole dense value");
      const hex = hexElements(lx, t, tok);
      if (view.next() !== undefined) throw lx.error(tok, "a hex literal must be the whole dense value");
      return hex;
    }
    if (tok.kind === "punct" && (tok.text === "[" || tok.text === "]")) continue;
    if (tok.kind === "punct" && tok.text === "(") {
      if (!complex) throw lx.error(tok, `a (real, imaginary) pair is not a value of ${et}`);
      const re = view.next();
      const reNeg = view.negative;
      if (re === undefined) throw lx.error(tok, "unfinished complex pair");
      const reV = realValue(lx, comp, re, reNeg);
      const im = view.next();
      const imNeg = view.negative;
      if (im === undefined) throw lx.error(tok, "unfinished complex pair");
      const imV = realValue(lx, comp, im, imNeg);
      const close = view.next();
      if (close === undefined || close.text !== ")") throw lx.error(close ?? tok, "expected ')' closing the complex pair");
      out.push(`(${realText(comp, reV)}, ${realText(comp, imV)})`);
      continue;
    }
    if (tok.kind === "punct") throw lx.error(tok, `unexpected ${describe(tok)} in a dense literal`);
    const v = realValue(lx, comp, tok, view.negative);
    out.push(complex ? `(${realText(comp, v)}, 0)` : realText(et, v));
  }
  const count = elementCountOf(t);
  if (out.length !== 1 && out.length !== count) throw lx.error(a.at, `dense literal has ${out.length} elements; its type has ${count}`);
  if (out.length === 0 && count !== 0) throw lx.error(a.at, "empty dense literal for a non-empty type");
  return out;
}

/** HLO literal text of a dense literal: nested braces per dimension, a scalar bare. */
export function denseLiteralText(lx: MlirLexer, a: Extract<Attr, { kind: "dense" }>, t: TensorType): string {
  const elems = denseElements(lx, a, t);
  const count = elementCountOf(t);
  const at = (i: number): string => (elems.length === 1 ? elems[0] : elems[i]);
  if (t.dims.length === 0) return at(0);
  let pos = 0;
  const parts: string[] = [];
  // Iterative nested-brace writer: opens and closes braces by a running index.
  const dims = t.dims;
  const rank = dims.length;
  if (count === 0) {
    // Nested empty braces down to the first zero-sized dimension.
    const level = (d: number): string => (d >= rank || dims[d] === 0 ? "{}" : `{${Array.from({ length: dims[d] }, () => level(d + 1)).join(", ")}}`);
    return level(0);
  }
  const idx = new Array<number>(rank).fill(0);
  parts.push("{".repeat(rank));
  for (;;) {
    parts.push(at(pos++));
    let d = rank - 1;
    idx[d]++;
    let closes = 0;
    while (d >= 0 && idx[d] === dims[d]) {
      idx[d] = 0;
      closes++;
      d--;
      if (d >= 0) idx[d]++;
    }
    if (d < 0) {
      parts.push("}".repeat(closes));
      break;
    }
    parts.push(`${"}".repeat(closes)}, ${"{".repeat(closes)}`);
  }
  return parts.join("");
}

const CANONICAL_NAN_HIGH = 0x7ff80000;

/** Stores a real value in slot i as the HLO literal reader stores the text realText gives (NaN canonical, keeping its sign). */
function store(data: LiteralData, i: number, v: number | bigint, et: ElementType): void {
  if (data instanceof BigInt64Array) data[i] = typeof v === "bigint" ? BigInt.asIntN(64, v) : BigInt(v);
  else if (data instanceof BigUint64Array) data[i] = typeof v === "bigint" ? BigInt.asUintN(64, v) : BigInt(v);
  else if (typeof v === "bigint") data[i] = et === "pred" ? (v !== 0n ? 1 : 0) : Number(v);
  else if (Number.isNaN(v)) {
    const neg = negativeNaN(v);
    data[i] = NaN;
    const words = new Uint32Array(data.buffer, data.byteOffset + i * 8, 2);
    words[LITTLE ? 1 : 0] = CANONICAL_NAN_HIGH | (neg ? 0x80000000 : 0);
    words[LITTLE ? 0 : 1] = 0;
  } else data[i] = et === "pred" ? (v !== 0 ? 1 : 0) : v;
}

const LITTLE = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Each character code's hex digit value, 255 for the others. */
const HEX_DIGIT = (() => {
  const t = new Uint8Array(256).fill(255);
  for (let c = 0; c < 10; c++) t[48 + c] = c;
  for (let c = 0; c < 6; c++) {
    t[65 + c] = 10 + c;
    t[97 + c] = 10 + c;
  }
  return t;
})();

/**
 * The platform's native hex decoder where there is one (Node's Buffer): it
 * stops at the first character that is not a hex digit, so a result of the
 * full length means every digit was one.
 */
const nativeHex = (globalThis as { Buffer?: { from(s: string, encoding: "hex"): Uint8Array } }).Buffer;

/** The bytes of `"0x"` and an even number of hex digits, or undefined where it is not that. */
function hexBytes(hex: string): Uint8Array | undefined {
  if (hex.length % 2 !== 0 || hex.charCodeAt(0) !== 48 || hex.charCodeAt(1) !== 120) return undefined;
  const n = (hex.length - 2) / 2;
  if (nativeHex !== undefined && n >= 64) {
    const decoded = nativeHex.from(hex.slice(2), "hex");
    if (decoded.length !== n) return undefined;
    // Copied into a buffer of its own (Buffer's small ones share a pool), with the slack the readers below expect.
    const out = new Uint8Array(n + 8);
    out.set(decoded);
    return out;
  }
  const out = new Uint8Array(n + 8);
  let bad = 0;
  for (let i = 0, p = 2; i < n; i++, p += 2) {
    const hi = HEX_DIGIT[hex.charCodeAt(p) & 255] | (hex.charCodeAt(p) > 255 ? 255 : 0);
    const lo = HEX_DIGIT[hex.charCodeAt(p + 1) & 255] | (hex.charCodeAt(p + 1) > 255 ? 255 : 0);
    bad |= hi | lo;
    out[i] = (hi << 4) | lo;
  }
  return bad > 15 ? undefined : out;
}

/** A real element of a hex blob (little-endian, at byte `at`): its value in `et`. */
function hexValue(bytes: DataView, at: number, et: ElementType, width: number): number | bigint {
  switch (et) {
    case "f64": return bytes.getFloat64(at, true);
    case "f32": return bytes.getFloat32(at, true);
    case "s64": return bytes.getBigInt64(at, true);
    case "u64": return bytes.getBigUint64(at, true);
    case "pred": return bytes.getUint8(at) !== 0 ? 1 : 0;
    default: break;
  }
  const raw = width === 1 ? bytes.getUint8(at) : width === 2 ? bytes.getUint16(at, true) : bytes.getUint32(at, true);
  if (isFloatType(et)) return normalizeValue(et, floatFromBits(et, BigInt(raw)));
  const v = et.startsWith("s") && raw >= 2 ** (width * 8 - 1) ? raw - 2 ** (width * 8) : raw;
  return normalizeValue(et, v);
}

/**
 * The integer elements of a hex blob (little-endian, as the machine's)
 * copied into the literal's storage through a typed view of their width:
 * the values hexValue and store give one by one. False for the types left
 * to that loop (narrow floats, which are converted; complex; sub-byte).
 */
function copyHex(raw: Uint8Array, et: ElementType, count: number, data: LiteralData): boolean {
  switch (et) {
    case "s64": (data as BigInt64Array).set(new BigInt64Array(raw.buffer, 0, count)); return true;
    case "u64": (data as BigUint64Array).set(new BigUint64Array(raw.buffer, 0, count)); return true;
    case "s32": (data as Float64Array).set(new Int32Array(raw.buffer, 0, count)); return true;
    case "u32": (data as Float64Array).set(new Uint32Array(raw.buffer, 0, count)); return true;
    case "s16": (data as Float64Array).set(new Int16Array(raw.buffer, 0, count)); return true;
    case "u16": (data as Float64Array).set(new Uint16Array(raw.buffer, 0, count)); return true;
    case "s8": (data as Float64Array).set(new Int8Array(raw.buffer, 0, count)); return true;
    case "u8": (data as Float64Array).set(raw.subarray(0, count)); return true;
    case "pred": {
      const f = data as Float64Array;
      for (let i = 0; i < count; i++) f[i] = raw[i] !== 0 ? 1 : 0;
      return true;
    }
    case "f16":
    case "bf16": {
      // Each value as floatFromBits reads it, without a BigInt per element.
      const f = data as Float64Array;
      const halves = new Uint16Array(raw.buffer, 0, count);
      for (let i = 0; i < count; i++) {
        const b = halves[i];
        let v: number;
        if (et === "f16") v = f16FromBits(b);
        else {
          scratch.setUint32(0, b << 16);
          v = scratch.getFloat32(0);
        }
        store(f, i, normalizeValue(et, v), et);
      }
      return true;
    }
    default: return false;
  }
}

/**
 * A dense literal of type t as an HLO literal, built straight from the
 * values (hex blobs decoded in place): the literal the HLO reader gives for
 * denseLiteralText's text.
 */
export function denseLiteral(lx: MlirLexer, a: Extract<Attr, { kind: "dense" }>, t: TensorType): ArrayLiteral {
  const et = t.elementType;
  const count = elementCountOf(t);
  const shape = { elementType: et, dimensions: t.dims.map((d, i) => (d >= 0 ? d : (t.bounds?.[i] ?? 0))) };
  const data = allocData(et, count);
  const complex = isComplexType(et);
  const view = new MlirLexerView(lx, a.start, a.end);
  const first = view.next();
  if (first?.kind === "string") {
    if (view.next() !== undefined) throw lx.error(first, "a hex literal must be the whole dense value");
    const hex = first.text.slice(1, -1);
    const raw = hexBytes(hex);
    if (raw === undefined) throw lx.error(first, "a hex literal must be \"0x\" and an even number of hex digits");
    const bits = BITS[et];
    if (bits === undefined) throw lx.error(first, `no hex literal for element type ${et}`);
    const bytes = bits / 8;
    const n = (hex.length - 2) / 2 / bytes;
    if (n !== 1 && n !== count) throw lx.error(first, `hex literal holds ${n} elements of ${bytes} bytes; the type has ${count}`);
    const dv = new DataView(raw.buffer);
    const comp = complex ? complexComponentType(et as "c64" | "c128") : et;
    const width = complex ? bytes / 2 : bytes;
    const lanes = complex ? 2 : 1;
    if (et === "f64" && n === count && LITTLE) {
      // The common case of large constants: the bytes are the storage (NaNs made canonical as the reader makes them).
      const f = data as Float64Array;
      f.set(new Float64Array(raw.buffer, 0, count));
      for (let i = 0; i < count; i++) if (Number.isNaN(f[i])) store(f, i, f[i], et);
      return { shape, data };
    }
    if (et === "f32" && n === count && LITTLE) {
      // Large f32 constants likewise: each value widened exactly, as hexValue reads it.
      const f = data as Float64Array;
      const src = new Float32Array(raw.buffer, 0, count);
      for (let i = 0; i < count; i++) {
        const v = src[i];
        if (Number.isNaN(v)) store(f, i, v, et);
        else f[i] = v;
      }
      return { shape, data };
    }
    if (n === count && LITTLE && n > 1 && copyHex(raw, et, count, data)) return { shape, data };
    for (let i = 0; i < count; i++) {
      const base = n === 1 ? 0 : i * bytes;
      for (let lane = 0; lane < lanes; lane++) store(data, i * lanes + lane, hexValue(dv, base + lane * width, comp, width), comp);
    }
    return { shape, data };
  }
  // Lists and splats: each value stored as the HLO reader stores the text denseElements gives for it.
  const values = denseValues(lx, a, t);
  const lanes = complex ? 2 : 1;
  const comp = complex ? complexComponentType(et as "c64" | "c128") : et;
  const splat = values.length === lanes;
  for (let i = 0; i < count; i++) {
    for (let lane = 0; lane < lanes; lane++) store(data, i * lanes + lane, values[splat ? lane : i * lanes + lane], comp);
  }
  return { shape, data };
}

/**
 * The values of a dense literal written as a list or a splat, real and
 * imaginary parts in turn for complex types: what denseElements reads, with
 * the same checks and errors, as numbers rather than texts.
 */
function denseValues(lx: MlirLexer, a: Extract<Attr, { kind: "dense" }>, t: TensorType): (number | bigint)[] {
  const view = new MlirLexerView(lx, a.start, a.end);
  const et = t.elementType;
  const out: (number | bigint)[] = [];
  const complex = isComplexType(et);
  const comp = complex ? complexComponentType(et as "c64" | "c128") : et;
  const zero = isBigIntType(comp) ? 0n : 0;
  for (;;) {
    const tok = view.next();
    if (tok === undefined) break;
    if (tok.kind === "string") throw lx.error(tok, "a hex literal must be the whole dense value");
    if (tok.kind === "punct" && (tok.text === "[" || tok.text === "]")) continue;
    if (tok.kind === "punct" && tok.text === "(") {
      if (!complex) throw lx.error(tok, `a (real, imaginary) pair is not a value of ${et}`);
      const re = view.next();
      const reNeg = view.negative;
      if (re === undefined) throw lx.error(tok, "unfinished complex pair");
      const reV = realValue(lx, comp, re, reNeg);
      const im = view.next();
      const imNeg = view.negative;
      if (im === undefined) throw lx.error(tok, "unfinished complex pair");
      const imV = realValue(lx, comp, im, imNeg);
      const close = view.next();
      if (close === undefined || close.text !== ")") throw lx.error(close ?? tok, "expected ')' closing the complex pair");
      out.push(reV, imV);
      continue;
    }
    if (tok.kind === "punct") throw lx.error(tok, `unexpected ${describe(tok)} in a dense literal`);
    const v = realValue(lx, comp, tok, view.negative);
    if (complex) out.push(v, zero);
    else out.push(v);
  }
  const n = complex ? out.length / 2 : out.length;
  const count = elementCountOf(t);
  if (n !== 1 && n !== count) throw lx.error(a.at, `dense literal has ${n} elements; its type has ${count}`);
  if (n === 0 && count !== 0) throw lx.error(a.at, "empty dense literal for a non-empty type");
  return out;
}
