/**
 * MLIR spellings for the StableHLO printer: tensor types of HLO shapes, dense
 * literals of HLO constants, and the attribute values (`array<i64: ...>`,
 * `dense<...> : tensor<NxMxi64>`, enums) StableHLO's ops take.
 */
import type { ElementType } from "../element_type.ts";
import { HloError } from "../errors.ts";
import { type ArrayLiteral, type Literal, isTupleLiteral } from "../literal.ts";
import { type ArrayShape, type Shape, elementCount, isTupleShape } from "../shape.ts";

/** MLIR's name of each HLO element type (`pred` is i1, unsigned types are ui*, f8 formats keep their mixed case). */
const MLIR_ELEMENT: { readonly [K in ElementType]: string } = {
  pred: "i1",
  s2: "i2", s4: "i4", s8: "i8", s16: "i16", s32: "i32", s64: "i64",
  u2: "ui2", u4: "ui4", u8: "ui8", u16: "ui16", u32: "ui32", u64: "ui64",
  f4e2m1fn: "f4E2M1FN", f8e3m4: "f8E3M4", f8e4m3: "f8E4M3", f8e4m3fn: "f8E4M3FN", f8e4m3fnuz: "f8E4M3FNUZ",
  f8e4m3b11fnuz: "f8E4M3B11FNUZ", f8e5m2: "f8E5M2", f8e5m2fnuz: "f8E5M2FNUZ", f8e8m0fnu: "f8E8M0FNU",
  f16: "f16", bf16: "bf16", f32: "f32", f64: "f64",
  c64: "complex<f32>", c128: "complex<f64>",
  token: "!stablehlo.token",
};

/** The MLIR element type of an HLO element type. */
export function mlirElementType(t: ElementType): string {
  return MLIR_ELEMENT[t];
}

/**
 * The MLIR type of an HLO shape: `tensor<2x3xf32>`, `!stablehlo.token`, `tuple<...>`, `memref<f32>` (a buffer).
 * Bounded dynamic dimensions print as `?` with `#stablehlo.bounds<...>`; an
 * unbounded one as `?` with bound `?`. Layouts are dropped: values are logical.
 */
export function mlirType(s: Shape): string {
  if (isTupleShape(s)) return `tuple<${s.tupleShapes.map(mlirType).join(", ")}>`;
  if (s.elementType === "token") return "!stablehlo.token";
  const dyn = s.dynamicDimensions;
  const unb = s.unboundedDimensions;
  const dims = s.dimensions.map((d, i) => (dyn?.[i] === true ? "?" : String(d)));
  const body = [...dims, MLIR_ELEMENT[s.elementType]].join("x");
  // A buffer shape (`b(f32[])`, the result of XLA's Pin custom call) is a memref: StableHLO's verifier wants Pin's
  // result to be one, as XLA's own HLO import makes it.
  if (s.buffer === true) return `memref<${body}>`;
  if (dyn === undefined || !dyn.some((d) => d)) return `tensor<${body}>`;
  const bounds = s.dimensions.map((d, i) => (dyn[i] !== true || unb?.[i] === true ? "?" : String(d)));
  return `tensor<${body}, #stablehlo.bounds<${bounds.join(", ")}>>`;
}

/** The rank-0 tensor type of an element type (the block arguments of reduction regions). */
export function scalarType(t: ElementType): string {
  return t === "token" ? "!stablehlo.token" : `tensor<${MLIR_ELEMENT[t]}>`;
}

/** `array<i64: 1, 2>` (StableHLO's DenseI64ArrayAttr). */
export function i64Array(xs: readonly number[]): string {
  return xs.length === 0 ? "array<i64>" : `array<i64: ${xs.join(", ")}>`;
}

/** `array<i1: true, false>` (StableHLO's DenseBoolArrayAttr). */
export function boolArray(xs: readonly boolean[]): string {
  return xs.length === 0 ? "array<i1>" : `array<i1: ${xs.join(", ")}>`;
}

/** A rectangular i64 matrix as `dense<[[a, b], ...]> : tensor<RxCxi64>` (padding, replica groups, pairs). */
export function i64Matrix(rows: readonly (readonly number[])[], columns: number): string {
  if (rows.length === 0 || columns === 0) return `dense<> : tensor<${rows.length}x${columns}xi64>`;
  return `dense<[${rows.map((r) => `[${r.join(", ")}]`).join(", ")}]> : tensor<${rows.length}x${columns}xi64>`;
}

/** A 1-D i64 tensor constant's value: `dense<[2, 3]> : tensor<2xi64>`. */
export function i64Vector(xs: readonly number[]): string {
  return xs.length === 0 ? "dense<> : tensor<0xi64>" : `dense<[${xs.join(", ")}]> : tensor<${xs.length}xi64>`;
}

/** An MLIR string literal: printable ASCII kept, quotes, backslashes and everything else as `\XX` hex escapes. */
export function mlirString(s: string): string {
  let out = '"';
  for (const byte of new TextEncoder().encode(s)) {
    const c = String.fromCharCode(byte);
    out += byte >= 0x20 && byte < 0x7f && c !== '"' && c !== "\\" ? c : `\\${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return `${out}"`;
}

/** A symbol reference `@name`, quoted where the name is not an MLIR bare identifier. */
export function symbol(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_$.]*$/.test(name) ? `@${name}` : `@${mlirString(name)}`;
}

/** Bit patterns of NaN and +infinity of each float format (undefined where the format has none). */
const SPECIAL_BITS: { readonly [t: string]: { readonly width: number; readonly nan?: bigint; readonly inf?: bigint } } = {
  f64: { width: 64, nan: 0x7ff8000000000000n, inf: 0x7ff0000000000000n },
  f32: { width: 32, nan: 0x7fc00000n, inf: 0x7f800000n },
  f16: { width: 16, nan: 0x7e00n, inf: 0x7c00n },
  bf16: { width: 16, nan: 0x7fc0n, inf: 0x7f80n },
  f8e5m2: { width: 8, nan: 0x7en, inf: 0x7cn },
  f8e4m3: { width: 8, nan: 0x7cn, inf: 0x78n },
  f8e3m4: { width: 8, nan: 0x78n, inf: 0x70n },
  f8e4m3fn: { width: 8, nan: 0x7fn },
  // The fnuz formats' only NaN is the negative-zero pattern.
  f8e4m3fnuz: { width: 8, nan: 0x80n },
  f8e5m2fnuz: { width: 8, nan: 0x80n },
  f8e4m3b11fnuz: { width: 8, nan: 0x80n },
  f8e8m0fnu: { width: 8, nan: 0xffn },
  f4e2m1fn: { width: 4 },
};

/**
 * A finite double as MLIR's float literal, which needs a point before any
 * exponent (`1.0e+30`, not JavaScript's `1e+30`): the shortest decimal that
 * reads back as the same double.
 */
export function decimalText(x: number): string {
  const s = String(x);
  if (s.includes(".")) return s;
  const e = s.indexOf("e");
  return e < 0 ? `${s}.0` : `${s.slice(0, e)}.0${s.slice(e)}`;
}

/**
 * One float element: the shortest decimal that reads back as the same double
 * (exact for every narrower format, whose values are doubles), `-0.0` for
 * negative zero, and NaN and infinities as MLIR's hexadecimal bit patterns.
 */
function floatText(x: number, t: ElementType): string {
  if (Number.isFinite(x)) {
    if (Object.is(x, -0)) return "-0.0";
    return decimalText(x);
  }
  const spec = SPECIAL_BITS[t];
  // Component types of complex numbers.
  const bits = spec ?? SPECIAL_BITS[t === "c64" ? "f32" : "f64"];
  const pattern = Number.isNaN(x) ? bits.nan : bits.inf;
  if (pattern === undefined) throw new HloError(`printStableHlo: ${String(x)} has no ${t} encoding`);
  const signed = x < 0 ? pattern | (1n << BigInt(bits.width - 1)) : pattern;
  return `0x${signed.toString(16).toUpperCase().padStart(bits.width / 4, "0")}`;
}

/** The text of element i of an array literal. */
function elementText(l: ArrayLiteral, i: number): string {
  const t = l.shape.elementType;
  switch (t) {
    case "pred": return l.data[i] === 0 ? "false" : "true";
    case "s64": case "u64": return String(l.data[i]);
    case "c64": case "c128": return `(${floatText(Number(l.data[2 * i]), t)}, ${floatText(Number(l.data[2 * i + 1]), t)})`;
    case "token": throw new HloError("printStableHlo: a token has no constant");
    case "s2": case "s4": case "s8": case "s16": case "s32":
    case "u2": case "u4": case "u8": case "u16": case "u32":
      return String(l.data[i]);
    case "f4e2m1fn": case "f8e3m4": case "f8e4m3": case "f8e4m3fn": case "f8e4m3fnuz": case "f8e4m3b11fnuz":
    case "f8e5m2": case "f8e5m2fnuz": case "f8e8m0fnu": case "f16": case "bf16": case "f32": case "f64":
      return floatText(Number(l.data[i]), t);
    default: return t satisfies never;
  }
}

/** Whether every element of the literal has the same text (a splat). */
function splatText(l: ArrayLiteral, n: number): string | undefined {
  const first = elementText(l, 0);
  for (let i = 1; i < n; i++) if (elementText(l, i) !== first) return undefined;
  return first;
}

/**
 * `dense<...>` of an array literal, nested lists in row-major order (a splat
 * when every element is the same); built with an explicit stack of dimensions
 * rather than recursion.
 */
export function denseText(l: Literal): string {
  if (isTupleLiteral(l)) throw new HloError("printStableHlo: a tuple constant has no dense form (print its elements)");
  const s: ArrayShape = l.shape;
  const n = elementCount(s);
  if (n === 0) return "dense<>";
  const splat = splatText(l, n);
  if (splat !== undefined) return `dense<${splat}>`;
  const dims = s.dimensions;
  const parts: string[] = [];
  const idx = dims.map(() => 0);
  for (let k = 0; k < n; k++) {
    // Open a bracket for every dimension whose index just wrapped to 0.
    let open = 0;
    for (let d = dims.length - 1; d >= 0 && idx[d] === 0; d--) open++;
    if (k > 0) parts.push(", ");
    parts.push("[".repeat(open), elementText(l, k));
    let close = 0;
    for (let d = dims.length - 1; d >= 0; d--) {
      if (++idx[d] < dims[d]) break;
      idx[d] = 0;
      close++;
    }
    parts.push("]".repeat(close));
  }
  return `dense<${parts.join("")}>`;
}
