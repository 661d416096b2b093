/**
 * StableHLO's types and their HLO shapes: `tensor<4x?xf32, #stablehlo.bounds<?, 8>>`,
 * `!stablehlo.token`, `tuple<...>`, and the builtin scalar types attributes
 * carry (`i64`, `f32`, `index`). Element types map to HLO's (i1 -> pred,
 * ui8 -> u8, f8E4M3FN -> f8e4m3fn, complex<f32> -> c64); quantized types, the
 * f6 formats and other types HLO lacks are refused naming the type.
 */
import type { ElementType } from "../element_type.ts";
import { type MlirLexer, type MlirToken, describe } from "./lexer.ts";

export interface TensorType {
  readonly kind: "tensor";
  readonly elementType: ElementType;
  /** -1 for a dynamic dimension. */
  readonly dims: readonly number[];
  /** Bounds of dynamic dimensions (`#stablehlo.bounds`), undefined where none. */
  readonly bounds?: readonly (number | undefined)[];
}

export type MlirType =
  | TensorType
  | { readonly kind: "token" }
  | { readonly kind: "tuple"; readonly elements: readonly MlirType[] }
  | { readonly kind: "scalar"; readonly elementType: ElementType }
  | { readonly kind: "index" };

const ELEMENT_TYPES: Readonly<Record<string, ElementType>> = {
  i1: "pred", i2: "s2", i4: "s4", i8: "s8", i16: "s16", i32: "s32", i64: "s64",
  si2: "s2", si4: "s4", si8: "s8", si16: "s16", si32: "s32", si64: "s64",
  ui2: "u2", ui4: "u4", ui8: "u8", ui16: "u16", ui32: "u32", ui64: "u64",
  f4E2M1FN: "f4e2m1fn", f8E3M4: "f8e3m4", f8E4M3: "f8e4m3", f8E4M3FN: "f8e4m3fn", f8E4M3FNUZ: "f8e4m3fnuz",
  f8E4M3B11FNUZ: "f8e4m3b11fnuz", f8E5M2: "f8e5m2", f8E5M2FNUZ: "f8e5m2fnuz", f8E8M0FNU: "f8e8m0fnu",
  f16: "f16", bf16: "bf16", f32: "f32", f64: "f64",
  "complex<f32>": "c64", "complex<f64>": "c128",
  // index appears in layout attributes (tensor<2xindex>); as a value it is a 64-bit integer.
  index: "s64",
};

/** Why a type HLO lacks is refused. */
function refusal(name: string): string {
  if (name.startsWith("!quant.")) return `quantized type ${name} has no HLO counterpart`;
  if (/^f6E/.test(name)) return `element type ${name} (a 6-bit float) has no HLO counterpart`;
  if (/^tf32$|^f80$|^f128$/.test(name)) return `element type ${name} has no HLO counterpart`;
  return `unknown element type ${name}`;
}

/** An element type spelled as MLIR spells it, or an error at `at`. */
export function elementTypeOf(lx: MlirLexer, name: string, at: number): ElementType {
  const t = ELEMENT_TYPES[name.replace(/\s+/g, "")];
  if (t === undefined) throw lx.error(at, refusal(name));
  return t;
}

/** Whether a bare identifier names a builtin scalar type. */
export function isScalarTypeName(name: string): boolean {
  return name in ELEMENT_TYPES || name === "index" || name === "complex";
}

/**
 * Tensor types read already, by their text: a large module spells the same
 * few hundred types over and over. Only types without an encoding, which read
 * the same wherever they stand, are kept; the table is emptied when full.
 */
const tensorTypes = new Map<string, TensorType>();

function parseTensorBody(lx: MlirLexer, body: string, start: number): TensorType {
  const known = tensorTypes.get(body);
  if (known !== undefined) return known;
  const t = readTensorBody(lx, body, start);
  if (t.bounds === undefined && !body.includes(",")) {
    if (tensorTypes.size >= 4096) tensorTypes.clear();
    tensorTypes.set(body, t);
  }
  return t;
}

function readTensorBody(lx: MlirLexer, body: string, start: number): TensorType {
  // The shape part ends at the first top-level comma (an encoding follows).
  let depth = 0;
  let comma = -1;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === "<") depth++;
    else if (ch === ">") depth--;
    else if (ch === "," && depth === 0) {
      comma = i;
      break;
    }
  }
  const shapePart = comma < 0 ? body : body.slice(0, comma);
  if (/^\s*\*/.test(shapePart)) throw lx.error(start, "unranked tensors have no HLO counterpart");
  const m = /^\s*((?:(?:\d+|\?)x)*)(.*?)\s*$/.exec(shapePart) as RegExpExecArray;
  const dims = m[1] === "" ? [] : m[1].slice(0, -1).split("x").map((d) => (d === "?" ? -1 : Number(d)));
  const elemAt = start + shapePart.indexOf(m[2]);
  if (m[2] === "") throw lx.error(elemAt, "expected an element type in the tensor type");
  const elementType = elementTypeOf(lx, m[2], elemAt);
  if (elementType === "token") throw lx.error(elemAt, "tokens are not tensor elements");
  if (comma < 0) {
    if (dims.includes(-1)) return { kind: "tensor", elementType, dims };
    return { kind: "tensor", elementType, dims };
  }
  const enc = body.slice(comma + 1).trim();
  const encAt = start + comma + 1 + (body.slice(comma + 1).length - body.slice(comma + 1).trimStart().length);
  const b = /^#stablehlo\.(?:bounds|type_extensions)<\s*(?:bounds\s*=\s*\[)?([^\]>]*)\]?\s*>$/.exec(enc);
  if (!b) {
    // Sparse and other encodings change no value: a dimension's size is what the type says.
    if (enc.startsWith("#sparse") || enc.startsWith("#stablehlo")) throw lx.error(encAt, `tensor encoding ${enc} has no HLO counterpart`);
    return { kind: "tensor", elementType, dims };
  }
  const items = b[1].split(",").map((x) => x.trim());
  if (items.length !== dims.length) throw lx.error(encAt, `bounds list ${items.length} entries for a rank-${dims.length} tensor`);
  const bounds = items.map((x, i) => {
    if (x === "?") return undefined;
    const n = Number(x);
    if (!/^\d+$/.test(x)) throw lx.error(encAt, `bound ${x} is not a size or '?'`);
    if (dims[i] !== -1) throw lx.error(encAt, `dimension ${i} is static (${dims[i]}) but has bound ${n}`);
    return n;
  });
  return { kind: "tensor", elementType, dims, bounds };
}

/** Reads one type at the lexer's position. */
export function parseType(lx: MlirLexer): MlirType {
  // The commonest type, `tensor<...>`, is read from the characters: no token is made for its keyword.
  const at = lx.rawStart();
  if (lx.text.startsWith("tensor<", at)) {
    lx.seek(at + 7);
    const { text, start } = lx.rawAngleBody(at + 6);
    return parseTensorBody(lx, text, start);
  }
  const t = lx.next();
  if (t.kind === "bang") {
    if (t.text === "!stablehlo.token" || t.text === "!mhlo.token") return { kind: "token" };
    if (t.text.startsWith("!quant.")) {
      if (lx.isPunct("<")) lx.rawAngleBody(lx.next());
      throw lx.error(t, `quantized type ${t.text} has no HLO counterpart`);
    }
    throw lx.error(t, `unknown type ${t.text}`);
  }
  if (t.kind !== "ident") throw lx.error(t, `expected a type, found ${describe(t)}`);
  if (t.text === "tensor") {
    const open = lx.rawStart();
    lx.needPunct("<", "after 'tensor'");
    const { text, start } = lx.rawAngleBody(open);
    return parseTensorBody(lx, text, start);
  }
  if (t.text === "tuple") {
    lx.needPunct("<", "after 'tuple'");
    const elements: MlirType[] = [];
    if (!lx.eatPunct(">")) {
      do elements.push(parseType(lx));
      while (lx.eatPunct(","));
      lx.needPunct(">", "closing the tuple type");
    }
    return { kind: "tuple", elements };
  }
  if (t.text === "index") return { kind: "index" };
  if (t.text === "complex") {
    const open = lx.expectPunct("<", "after 'complex'");
    const { text } = lx.rawAngleBody(open);
    return { kind: "scalar", elementType: elementTypeOf(lx, `complex<${text.trim()}>`, t.start) };
  }
  if (t.text === "memref" || t.text === "vector") throw lx.error(t, `${t.text} types have no HLO counterpart`);
  return { kind: "scalar", elementType: elementTypeOf(lx, t.text, t.start) };
}

/** `(T, T) -> T` or `(T) -> (T, T)`: a function type. */
export interface FunctionType {
  readonly inputs: readonly MlirType[];
  readonly outputs: readonly MlirType[];
}

/** A parenthesized list of types, `(` already peeked. */
export function parseTypeList(lx: MlirLexer): MlirType[] {
  lx.needPunct("(", "opening a type list");
  const out: MlirType[] = [];
  if (lx.eatPunct(")")) return out;
  do out.push(parseType(lx));
  while (lx.eatPunct(","));
  lx.needPunct(")", "closing the type list");
  return out;
}

/** Results after `->`: one type or a parenthesized list. */
export function parseResultTypes(lx: MlirLexer): MlirType[] {
  return lx.isPunct("(") ? parseTypeList(lx) : [parseType(lx)];
}

/** HLO shape text of a type (`f32[4,<=8]`, `token[]`, `(f32[], s32[])`). */
export function shapeText(t: MlirType, lx: MlirLexer, at: MlirToken | number): string {
  switch (t.kind) {
    case "tensor": {
      const dims = t.dims.map((d, i) => {
        if (d >= 0) return String(d);
        const b = t.bounds?.[i];
        if (b === undefined) throw lx.error(at, "a dynamic dimension without a bound has no HLO shape (give it #stablehlo.bounds)");
        return `<=${b}`;
      });
      return `${t.elementType}[${dims.join(",")}]`;
    }
    case "token": return "token[]";
    case "tuple": return `(${t.elements.map((e) => shapeText(e, lx, at)).join(", ")})`;
    case "scalar": return `${t.elementType}[]`;
    case "index": throw lx.error(at, "the index type has no HLO counterpart");
    default: return t satisfies never;
  }
}

/** The element count of a static tensor type. */
export function elementCountOf(t: TensorType): number {
  return t.dims.reduce((a, d) => a * Math.max(d, 0), 1);
}
