/**
 * A tiny reader for StableHLO's interpreter tests (see ORIGIN.md): each
 * `func.func @name() { ... }` between `// -----` lines whose body is only
 * `stablehlo.constant`, simple element-wise ops and `check.expect_*_const`
 * becomes one HLO module whose root is the tuple of the checked values, with
 * the expected values beside it. Anything else (function arguments, regions,
 * ops with attributes this reader does not know, types HLO lacks) is skipped
 * with a reason, so the test can count and list what it did not translate.
 *
 * StableHLO's types map to HLO's: i1 -> pred, i4 -> s4, ui64 -> u64,
 * f8E4M3FN -> f8e4m3fn, complex<f32> -> c64. Constants are rounded into their
 * type here (as MLIR does when it reads `dense<...>`) and written as HLO
 * literal text, so the HLO parser reads exact values.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type ElementType,
  complexComponentType,
  isBigIntType,
  isComplexType,
  isFloatType,
  normalizeValue,
} from "@minixla/hlo";

export const INTERPRET_DIR = fileURLToPath(new URL("./interpret/", import.meta.url));

/** One element as the test compares it: bigint for s64/u64, [re, im] for complex, a number otherwise (pred 0/1). */
export type Value = number | bigint | readonly [number, number];

export interface TensorType {
  readonly elementType: ElementType;
  readonly dimensions: readonly number[];
}

export interface Check {
  /** The HLO instruction whose value is checked. */
  readonly name: string;
  readonly type: TensorType;
  /** Row-major expected values. */
  readonly expected: readonly Value[];
  /** Absolute tolerance (StableHLO's expect_almost_eq_const, default 1e-4); 0 for expect_eq_const. */
  readonly tolerance: number;
}

export interface Case {
  /** `<file>.mlir:<function>` */
  readonly id: string;
  readonly hlo: string;
  readonly checks: readonly Check[];
  /** The HLO opcodes the case uses (constant and tuple aside). */
  readonly opcodes: readonly string[];
}

export interface Skipped {
  readonly id: string;
  readonly reason: string;
}

const TYPES: Readonly<Record<string, ElementType>> = {
  i1: "pred", i2: "s2", i4: "s4", i8: "s8", i16: "s16", i32: "s32", i64: "s64",
  ui2: "u2", ui4: "u4", ui8: "u8", ui16: "u16", ui32: "u32", ui64: "u64",
  f16: "f16", bf16: "bf16", f32: "f32", f64: "f64",
  f4E2M1FN: "f4e2m1fn", f8E3M4: "f8e3m4", f8E4M3: "f8e4m3", f8E4M3FN: "f8e4m3fn", f8E4M3FNUZ: "f8e4m3fnuz",
  f8E4M3B11FNUZ: "f8e4m3b11fnuz", f8E5M2: "f8e5m2", f8E5M2FNUZ: "f8e5m2fnuz", f8E8M0FNU: "f8e8m0fnu",
  "complex<f32>": "c64", "complex<f64>": "c128",
};

/** StableHLO op -> HLO opcode, for the ops this reader translates. */
const OPCODES: Readonly<Record<string, string>> = {
  abs: "abs", add: "add", and: "and", atan2: "atan2", bitcast_convert: "bitcast-convert", cbrt: "cbrt", ceil: "ceil",
  clamp: "clamp", compare: "compare", complex: "complex", convert: "convert", cosine: "cosine",
  count_leading_zeros: "count-leading-zeros", divide: "divide", exponential: "exponential", exponential_minus_one: "exponential-minus-one",
  floor: "floor", imag: "imag", is_finite: "is-finite", log: "log", log_plus_one: "log-plus-one", logistic: "logistic",
  maximum: "maximum", minimum: "minimum", multiply: "multiply", negate: "negate", not: "not", or: "or", popcnt: "popcnt",
  power: "power", real: "real", reduce_precision: "reduce-precision", remainder: "remainder",
  round_nearest_afz: "round-nearest-afz", round_nearest_even: "round-nearest-even", rsqrt: "rsqrt", select: "select",
  shift_left: "shift-left", shift_right_arithmetic: "shift-right-arithmetic", shift_right_logical: "shift-right-logical",
  sign: "sign", sine: "sine", sqrt: "sqrt", subtract: "subtract", tan: "tan", tanh: "tanh", xor: "xor",
};

export class Skip extends Error {}

/** `tensor<2x3xi64>` -> its element type and dimensions. */
export function tensorType(text: string): TensorType {
  const m = /^tensor<((?:\d+x)*)(.+)>$/.exec(text.trim());
  if (!m) throw new Skip(`type ${text.trim()} is not a ranked tensor`);
  const t = TYPES[m[2]];
  if (t === undefined) throw new Skip(`element type ${m[2]} has no HLO counterpart`);
  const dimensions = m[1] === "" ? [] : m[1].slice(0, -1).split("x").map(Number);
  return { elementType: t, dimensions };
}

export function shapeText(t: TensorType): string {
  return `${t.elementType}[${t.dimensions.join(",")}]`;
}

function count(t: TensorType): number {
  return t.dimensions.reduce((a, d) => a * d, 1);
}

/** A float type's value from its bit pattern (MLIR writes NaN payloads and infinities as hex). */
function floatFromBits(t: ElementType, bits: bigint): number {
  switch (t) {
    case "f64": {
      const v = new DataView(new ArrayBuffer(8));
      v.setBigUint64(0, bits);
      return v.getFloat64(0);
    }
    case "f32": {
      const v = new DataView(new ArrayBuffer(4));
      v.setUint32(0, Number(bits));
      return v.getFloat32(0);
    }
    case "bf16": {
      const v = new DataView(new ArrayBuffer(4));
      v.setUint32(0, Number(bits) << 16);
      return v.getFloat32(0);
    }
    default: {
      const f = SMALL_FLOATS[t];
      if (f === undefined) throw new Skip(`hex value for ${t}`);
      return smallFloatValue(f, Number(bits));
    }
  }
}

interface SmallFloat {
  readonly bitWidth: number;
  readonly exponentBits: number;
  readonly mantissaBits: number;
  readonly bias: number;
  /** What the top exponent means: IEEE inf/NaN, "fn" (all ones is NaN), "fnuz" (NaN is -0's pattern), "none". */
  readonly specials: "ieee" | "fn" | "fnuz" | "none";
  readonly unsigned: boolean;
}

const sf = (e: number, m: number, bias: number, specials: SmallFloat["specials"], unsigned = false): SmallFloat =>
  ({ bitWidth: (unsigned ? 0 : 1) + e + m, exponentBits: e, mantissaBits: m, bias, specials, unsigned });

/**
 * Bit layouts of the narrow floats (ml_dtypes' definitions), decoded here
 * rather than through the library so that a decoding bug cannot hide on both
 * sides of a comparison.
 */
const SMALL_FLOATS: Partial<Record<ElementType, SmallFloat>> = {
  f16: sf(5, 10, 15, "ieee"),
  f4e2m1fn: sf(2, 1, 1, "none"),
  f8e3m4: sf(3, 4, 3, "ieee"),
  f8e4m3: sf(4, 3, 7, "ieee"),
  f8e4m3fn: sf(4, 3, 7, "fn"),
  f8e4m3fnuz: sf(4, 3, 8, "fnuz"),
  f8e4m3b11fnuz: sf(4, 3, 11, "fnuz"),
  f8e5m2: sf(5, 2, 15, "ieee"),
  f8e5m2fnuz: sf(5, 2, 16, "fnuz"),
  f8e8m0fnu: sf(8, 0, 127, "fn", true),
};

function smallFloatValue(f: SmallFloat, bits: number): number {
  const mantissaMask = (1 << f.mantissaBits) - 1;
  const exponentMask = (1 << f.exponentBits) - 1;
  const negative = !f.unsigned && ((bits >> (f.bitWidth - 1)) & 1) === 1;
  const e = (bits >> f.mantissaBits) & exponentMask;
  const m = bits & mantissaMask;
  if (f.unsigned) return e === exponentMask ? NaN : 2 ** (e - f.bias);
  if (f.specials === "fnuz" && negative && e === 0 && m === 0) return NaN;
  if (f.specials === "ieee" && e === exponentMask) return m === 0 ? (negative ? -Infinity : Infinity) : NaN;
  if (f.specials === "fn" && e === exponentMask && m === mantissaMask) return NaN;
  const magnitude = e === 0 ? m * 2 ** (1 - f.bias - f.mantissaBits) : (1 + m / 2 ** f.mantissaBits) * 2 ** (e - f.bias);
  return negative ? -magnitude : magnitude;
}

/** One scalar token of a dense literal, in the value set of t (a real type). */
function realValue(t: ElementType, tok: string): number | bigint {
  const s = tok.trim();
  if (t === "pred") {
    if (s === "true") return 1;
    if (s === "false") return 0;
    throw new Skip(`pred value ${s}`);
  }
  if (isFloatType(t)) {
    if (/^0x[0-9a-f]+$/i.test(s)) return floatFromBits(t, BigInt(s));
    const x = Number(s);
    if (Number.isNaN(x) && !/^[-+]?nan$/i.test(s)) throw new Skip(`float value ${s}`);
    return normalizeValue(t, x);
  }
  let n: bigint;
  try {
    n = BigInt(s);
  } catch {
    throw new Skip(`integer value ${s}`);
  }
  if (isBigIntType(t)) return t === "s64" ? BigInt.asIntN(64, n) : BigInt.asUintN(64, n);
  return normalizeValue(t, Number(n));
}

function value(t: ElementType, tok: string): Value {
  if (isComplexType(t)) {
    const m = /^\((.*),(.*)\)$/.exec(tok.trim());
    if (!m) throw new Skip(`complex value ${tok}`);
    const c = complexComponentType(t as "c64" | "c128");
    return [realValue(c, m[1]) as number, realValue(c, m[2]) as number];
  }
  return realValue(t, tok);
}

/** Splits the inside of `dense<...>` into scalar tokens, keeping `(re, im)` pairs whole. */
function tokens(body: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of body) {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (ch === "[" || ch === "]") continue;
    if (ch === "," && depth === 0) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  if (cur.trim() !== "") out.push(cur);
  return out.map((s) => s.trim()).filter((s) => s !== "");
}

/** `dense<...>` of type t as row-major values; a single value splats. */
export function dense(body: string, t: TensorType): Value[] {
  if (/^\s*"/.test(body)) throw new Skip("dense literal given as a hex blob");
  const vals = tokens(body).map((tok) => value(t.elementType, tok));
  const n = count(t);
  if (vals.length === 1 && n !== 1) return Array.from({ length: n }, () => vals[0]);
  if (vals.length !== n) throw new Skip(`dense literal has ${vals.length} values for ${n} elements`);
  return vals;
}

/** Whether a NaN has its sign bit set (HLO text keeps it: `-nan`, and top-k orders -NaN below -inf). */
function nanIsNegative(v: number): boolean {
  const d = new DataView(new ArrayBuffer(8));
  d.setFloat64(0, v);
  return d.getUint8(0) >= 0x80;
}

function realText(t: ElementType, v: number | bigint): string {
  if (typeof v === "bigint") return v.toString();
  if (t === "pred") return v !== 0 ? "true" : "false";
  if (Number.isNaN(v)) return nanIsNegative(v) ? "-nan" : "nan";
  if (v === Infinity) return "inf";
  if (v === -Infinity) return "-inf";
  if (Object.is(v, -0)) return "-0";
  return String(v);
}

function valueText(t: ElementType, v: Value): string {
  if (Array.isArray(v)) {
    const c = complexComponentType(t as "c64" | "c128");
    return `(${realText(c, v[0])}, ${realText(c, v[1])})`;
  }
  return realText(t, v as number | bigint);
}

/** HLO literal text: nested braces, one level per dimension; a scalar bare. */
export function literalText(t: TensorType, vals: readonly Value[]): string {
  if (t.dimensions.length === 0) return valueText(t.elementType, vals[0]);
  let pos = 0;
  const level = (d: number): string => {
    const parts: string[] = [];
    for (let i = 0; i < t.dimensions[d]; i++) {
      parts.push(d === t.dimensions.length - 1 ? valueText(t.elementType, vals[pos++]) : level(d + 1));
    }
    return `{${parts.join(", ")}}`;
  };
  return level(0);
}

/** `(tensor<A>, tensor<B>) -> tensor<R>` or a single `tensor<T>` for operands and result alike. */
function signature(text: string, arity: number): { readonly operands: TensorType[]; readonly result: TensorType } {
  const fn = /^\((.*)\)\s*->\s*(tensor<[^>]*>+)$/.exec(text.trim());
  if (fn) {
    const operands = fn[1].split(/,\s*(?=tensor<)/).map(tensorType);
    if (operands.length !== arity) throw new Skip(`signature ${text.trim()} has ${operands.length} operand types for ${arity} operands`);
    return { operands, result: tensorType(fn[2]) };
  }
  const t = tensorType(text);
  return { operands: Array.from({ length: arity }, () => t), result: t };
}

function hloName(ssa: string): string {
  return `v_${ssa.replace(/^%/, "")}`;
}

const COMPARE_TYPES = new Set(["SIGNED", "UNSIGNED", "FLOAT", "TOTALORDER"]);

interface Builder {
  readonly lines: string[];
  readonly types: Map<string, TensorType>;
  readonly opcodes: Set<string>;
  readonly checks: Check[];
}

/** Translates one line of a function body, or throws Skip. */
function translateLine(line: string, b: Builder): void {
  const constant = /^(%\w+) = stablehlo\.constant dense<(.*)> : (tensor<.*>)$/.exec(line);
  if (constant) {
    const t = tensorType(constant[3]);
    b.types.set(constant[1], t);
    b.lines.push(`  ${hloName(constant[1])} = ${shapeText(t)} constant(${literalText(t, dense(constant[2], t))})`);
    return;
  }
  const generic = /^(%\w+) = "stablehlo\.(\w+)"\(([^)]*)\) : (.*)$/.exec(line);
  const pretty = /^(%\w+) = stablehlo\.(\w+) (.*?) : (.*)$/.exec(line);
  const op = generic ?? pretty;
  if (op) {
    const [, result, name, args, sig] = op;
    const opcode = OPCODES[name];
    if (opcode === undefined) throw new Skip(`op stablehlo.${name}`);
    let attrs = "";
    const parts = args.split(",").map((s) => s.trim());
    if (name === "compare") {
      const direction = parts.shift()!;
      const type = COMPARE_TYPES.has(parts[parts.length - 1]) ? parts.pop()! : undefined;
      attrs = `, direction=${direction}${type !== undefined ? `, type=${type}` : ""}`;
    }
    if (name === "reduce_precision") {
      const fmt = /^format = e(\d+)m(\d+)$/.exec(parts.pop() ?? "");
      if (!fmt) throw new Skip(`reduce_precision format in ${line}`);
      attrs = `, exponent_bits=${fmt[1]}, mantissa_bits=${fmt[2]}`;
    }
    for (const p of parts) {
      if (!/^%\w+$/.test(p)) throw new Skip(`operand or attribute ${p}`);
      if (!b.types.has(p)) throw new Skip(`operand ${p} is not a value of this function`);
    }
    const { result: rt } = signature(sig, parts.length);
    b.types.set(result, rt);
    b.opcodes.add(opcode);
    b.lines.push(`  ${hloName(result)} = ${shapeText(rt)} ${opcode}(${parts.map(hloName).join(", ")})${attrs}`);
    return;
  }
  const check = /^check\.expect_(eq|almost_eq)_const (%\w+), dense<(.*)> : (tensor<[^>]*>+)(?:, tolerance = ([\d.eE+-]+))?$/.exec(line);
  if (check) {
    const [, kind, ssa, body, type, tol] = check;
    const t = tensorType(type);
    if (!b.types.has(ssa)) throw new Skip(`check of ${ssa}, which is not a value of this function`);
    const tolerance = kind === "eq" ? 0 : tol !== undefined ? Number(tol) : 1e-4;
    b.checks.push({ name: hloName(ssa), type: t, expected: dense(body, t), tolerance });
    return;
  }
  if (line === "func.return") return;
  throw new Skip(`line ${line.slice(0, 60)}`);
}

function translate(id: string, body: readonly string[]): Case {
  const b: Builder = { lines: [], types: new Map(), opcodes: new Set(), checks: [] };
  for (const line of body) translateLine(line, b);
  if (b.checks.length === 0) throw new Skip("no check.expect_*_const");
  const roots = b.checks.map((c) => c.name);
  const tupleType = `(${b.checks.map((c) => shapeText(c.type)).join(", ")})`;
  const module = id.replace(/[^\w]/g, "_");
  const hlo = [`HloModule ${module}`, "", "ENTRY main {", ...b.lines, `  ROOT result = ${tupleType} tuple(${roots.join(", ")})`, "}", ""].join("\n");
  return { id, hlo, checks: b.checks, opcodes: [...b.opcodes].sort() };
}

/**
 * The chunk's statements, one a line: comments dropped, runs of spaces made
 * one, and a statement that the test wrapped over several lines joined.
 */
function statements(chunk: string): string[] {
  const out: string[] = [];
  for (const raw of chunk.split("\n")) {
    const l = raw.replace(/\/\/.*$/, "").trim().replace(/\s+/g, " ");
    if (l === "") continue;
    const starts = /^(%|check\.|func\.|\}|"?stablehlo\.)/.test(l);
    if (!starts && out.length > 0) out[out.length - 1] += ` ${l}`;
    else out.push(l);
  }
  return out.map((l) => l.replace(/([[(<]) /g, "$1").replace(/ ([\])>])/g, "$1"));
}

/** Every function of one vendored file, translated or skipped. */
export function readFile(file: string, text: string): { cases: Case[]; skipped: Skipped[] } {
  const cases: Case[] = [];
  const skipped: Skipped[] = [];
  for (const chunk of text.split(/^\/\/ -----$/m)) {
    const lines = statements(chunk);
    const head = lines.findIndex((l) => l.startsWith("func.func"));
    if (head < 0) continue;
    const fn = /^func\.func @(\w+)\((.*)\)(.*)\{$/.exec(lines[head]);
    const id = `${file}:${fn?.[1] ?? "?"}`;
    if (!fn) {
      skipped.push({ id, reason: "function header not read" });
      continue;
    }
    if (fn[2].trim() !== "" || fn[3].trim() !== "") {
      skipped.push({ id, reason: "function has arguments or results" });
      continue;
    }
    const end = lines.lastIndexOf("}");
    try {
      cases.push(translate(id, lines.slice(head + 1, end)));
    } catch (e) {
      if (!(e instanceof Skip)) throw e;
      skipped.push({ id, reason: e.message });
    }
  }
  return { cases, skipped };
}

/** Every vendored interpreter test, translated or skipped. */
export function readCorpus(): { cases: Case[]; skipped: Skipped[] } {
  const cases: Case[] = [];
  const skipped: Skipped[] = [];
  for (const file of readdirSync(INTERPRET_DIR).filter((f) => f.endsWith(".mlir")).sort()) {
    const r = readFile(file, readFileSync(join(INTERPRET_DIR, file), "utf8"));
    cases.push(...r.cases);
    skipped.push(...r.skipped);
  }
  return { cases, skipped };
}
