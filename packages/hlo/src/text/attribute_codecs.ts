/**
 * The value syntaxes of instruction attributes in HLO text (`{1,0}`,
 * `[0:3:1]`, `0_0_1x1_1`, `{size=2x2 stride=1x1}`, computation names, ...),
 * each a codec: how it reads (with XLA's parser errors) and how it prints
 * (XLA's spelling), side by side so the two directions cannot drift apart.
 */
import type { Immutable } from "immer";
import { COMPARISON_DIRECTIONS, COMPARISON_TYPES, FFT_TYPES, FUSION_KINDS, type PaddingDimension, TRANSPOSE_KINDS, type WindowDimension } from "../attributes.ts";
import { RNG_ALGORITHMS, RNG_DISTRIBUTIONS } from "../attributes.ts";
import { type Shape, shapeToStringWithLayout } from "../shape.ts";
import { type Lexer, type Token, quote, quoteString, unquote } from "./lexer.ts";
import { floatWord, formatSixDigits, integerWord } from "./number_text.ts";
import { parseShapeFrom, skipToClosingBrace } from "./shape_text.ts";
import { readReplicaGroups, readSourceTargetPairs, replicaGroupsToString, sourceTargetPairsToString } from "./collective_text.ts";
import { dimLabelsToString, readDimLabels } from "./dim_labels.ts";

export type AttrKind =
  | "ints" | "int" | "single_int" | "bool" | "direction" | "comparison_type" | "comparison_order"
  | "slice" | "padding" | "window" | "precision" | "computation" | "computations" | "string" | "fusion_kind"
  | "dim_labels"
  | "fft_type" | "transpose" | "f32"
  | "replica_groups" | "source_target_pairs" | "raw"
  | "rng_algorithm" | "rng_distribution" | "shape";

/**
 * One value syntax. `read` gets the attribute's text name for its messages;
 * computation kinds read a CallRef and print a computation name (or list).
 */
export interface Codec {
  readonly kind: AttrKind;
  read(lx: Lexer, textName: string): unknown;
  print(value: unknown): string;
}

/** The one place a codec's value type is erased: read and print are checked against each other here. */
function codec<T>(kind: AttrKind, read: (lx: Lexer, textName: string) => T, print: (value: T) => string): Codec {
  return { kind, read, print: print as (value: unknown) => string };
}

/** Computation kinds read a reference (kept with its tokens for errors) but print the resolved name(s). */
function callCodec<T>(kind: AttrKind, read: (lx: Lexer) => CallRef, print: (value: T) => string): Codec {
  return { kind, read, print: print as (value: unknown) => string };
}

/** A reference to called computations, kept with its tokens for "does not exist" errors. */
export interface CallRef {
  readonly names: readonly string[];
  readonly toks: readonly Token[];
}

export const stripPercent = (s: string): string => (s.startsWith("%") ? s.slice(1) : s);

/** Skips one attribute value (a word, a string or a balanced group), returning its source text. */
export function skipValue(lx: Lexer): string {
  const t = lx.next();
  if (t.kind === "eof") throw lx.error(t, "expects an attribute value, but sees end of input");
  if (t.kind === "punct") {
    if (t.text === "{") {
      skipToClosingBrace(lx, t);
    } else if (t.text === "(" || t.text === "[") {
      skipGroup(lx, t);
    } else {
      throw lx.error(t, `expects an attribute value, but sees ${quote(t)}`);
    }
  }
  return lx.text.slice(t.start, lx.lastEnd);
}

function skipGroup(lx: Lexer, open: Token): void {
  let depth = 1;
  for (;;) {
    const t = lx.next();
    if (t.kind === "eof") throw lx.error(open, `unbalanced ${quote(open)}: end of input before it closes`);
    if (t.kind !== "punct") continue;
    if (t.text === "{" || t.text === "(" || t.text === "[") depth++;
    else if (t.text === "}" || t.text === ")" || t.text === "]") {
      if (--depth === 0) return;
    }
  }
}

/** An integer word as a safe integer (negative allowed). */
export function readInt(lx: Lexer, t: Token, what: string): number {
  const v = t.kind === "word" ? integerWord(t.text) : undefined;
  if (v === undefined) throw lx.error(t, `expects an integer for ${what}, but sees ${quote(t)}`);
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER)) throw lx.error(t, `${what} ${t.text} is too large`);
  return Number(v);
}

const readIntList = (lx: Lexer, what: string): number[] => lx.delimitedList("{", "}", what, () => readInt(lx, lx.next(), what));

const braces = (xs: readonly (number | string)[]): string => `{${xs.join(",")}}`;

/** `1x2x3` (or a single `4`): one integer per dimension. */
function readDxD(lx: Lexer, t: Token, what: string): number[] {
  if (t.kind !== "word") throw lx.error(t, `expects ${what} such as 2x2, but sees ${quote(t)}`);
  return t.text.split("x").map((part) => readInt(lx, { ...t, text: part }, what));
}

/** `low_high[_interior]` per dimension, joined by 'x'. */
function readPaddingPairs(lx: Lexer, t: Token, allowInterior: boolean): number[][] {
  if (t.kind !== "word") throw lx.error(t, `expects padding such as 0_0x1_1, but sees ${quote(t)}`);
  return t.text.split("x").map((dim) => {
    const parts = dim.split("_");
    if (parts.length < 2 || parts.length > (allowInterior ? 3 : 2)) {
      throw lx.error(t, allowInterior ? "expects padding_low and padding_high separated by '_', and an optional interior padding" : "expects padding_low and padding_high separated by '_'");
    }
    return parts.map((p) => readInt(lx, { ...t, text: p }, "padding"));
  });
}

function readPadding(lx: Lexer): PaddingDimension[] {
  // A rank-0 pad prints `padding=` with nothing after it.
  const t = lx.peek();
  if (t.kind !== "word") return [];
  lx.next();
  return readPaddingPairs(lx, t, true).map(([low, high, interior = 0]) => ({ low, high, interior }));
}

/** XLA's PaddingConfigToString: interior shown on every dimension iff one is non-zero. */
function paddingToString(padding: Immutable<readonly PaddingDimension[]>): string {
  const interior = padding.some((p) => p.interior !== 0);
  return padding.map((p) => (interior ? `${p.low}_${p.high}_${p.interior}` : `${p.low}_${p.high}`)).join("x");
}

interface SliceRanges { starts: number[]; limits: number[]; strides: number[] }

function readSlice(lx: Lexer): SliceRanges {
  const starts: number[] = [];
  const limits: number[] = [];
  const strides: number[] = [];
  lx.expectPunct("{", "to start slice ranges");
  if (lx.eatPunct("}")) return { starts, limits, strides };
  for (;;) {
    const open = lx.expectPunct("[", "to start a slice range");
    const nums = [readInt(lx, lx.next(), "a slice bound")];
    while (lx.eatPunct(":")) nums.push(readInt(lx, lx.next(), "a slice bound"));
    lx.expectPunct("]", "to end a slice range");
    if (nums.length < 2 || nums.length > 3) {
      throw lx.error(open, `expects [start:limit:step] or [start:limit], but sees ${nums.length} elements.`);
    }
    starts.push(nums[0]);
    limits.push(nums[1]);
    strides.push(nums[2] ?? 1);
    if (lx.eatPunct("}")) return { starts, limits, strides };
    lx.expectPunct(",", "between slice ranges");
  }
}

/** `[start:limit]`, with `:stride` on every range iff one stride is not 1. */
function sliceToString({ starts, limits, strides }: Immutable<SliceRanges>): string {
  const unit = strides.every((s) => s === 1);
  return `{${starts.map((s, i) => `[${s}:${limits[i]}${unit ? "" : `:${strides[i]}`}]`).join(", ")}}`;
}

const WINDOW_FIELDS = ["size", "stride", "pad", "lhs_dilate", "rhs_dilate", "rhs_reversal"] as const;

function readWindow(lx: Lexer): WindowDimension[] {
  const open = lx.expectPunct("{", "to start a window");
  const fields = new Map<string, number[][]>();
  while (!lx.eatPunct("}")) {
    const name = lx.expectWord("a window sub-attribute such as size=");
    if (!(WINDOW_FIELDS as readonly string[]).includes(name.text)) throw lx.error(name, `unknown window sub-attribute ${quote(name)}`);
    if (fields.has(name.text)) throw lx.error(name, `window sub-attribute '${name.text}=' appears twice`);
    lx.expectPunct("=", `after '${name.text}'`);
    const value = lx.next();
    fields.set(name.text, name.text === "pad" ? readPaddingPairs(lx, value, false) : readDxD(lx, value, name.text).map((v) => [v]));
  }
  const size = fields.get("size");
  if (fields.size === 0) return [];
  if (!size) throw lx.error(open, "sub-attribute 'size=' is required in the window attribute");
  for (const [name, values] of fields) {
    if (values.length !== size.length) throw lx.error(open, `expects '${name}=' has the same size as 'size='`);
  }
  const at = (name: string, i: number, j: number, dflt: number) => fields.get(name)?.[i][j] ?? dflt;
  return size.map(([s], i) => ({
    size: s,
    stride: at("stride", i, 0, 1),
    padLow: at("pad", i, 0, 0),
    padHigh: at("pad", i, 1, 0),
    baseDilation: at("lhs_dilate", i, 0, 1),
    windowDilation: at("rhs_dilate", i, 0, 1),
    windowReversal: at("rhs_reversal", i, 0, 0) !== 0,
  }));
}

/** XLA's window_util::ToString: size always, other fields only when not all default. */
function windowToString(window: Immutable<readonly WindowDimension[]>): string {
  if (window.length === 0) return "{}";
  const fields: string[] = [`size=${window.map((w) => w.size).join("x")}`];
  const add = (name: (typeof WINDOW_FIELDS)[number], show: boolean, f: (w: Immutable<WindowDimension>) => string) => {
    if (show) fields.push(`${name}=${window.map(f).join("x")}`);
  };
  add("stride", window.some((w) => w.stride !== 1), (w) => `${w.stride}`);
  add("pad", window.some((w) => w.padLow !== 0 || w.padHigh !== 0), (w) => `${w.padLow}_${w.padHigh}`);
  add("lhs_dilate", window.some((w) => w.baseDilation !== 1), (w) => `${w.baseDilation}`);
  add("rhs_dilate", window.some((w) => w.windowDilation !== 1), (w) => `${w.windowDilation}`);
  add("rhs_reversal", window.some((w) => w.windowReversal), (w) => (w.windowReversal ? "1" : "0"));
  return `{${fields.join(" ")}}`;
}

function readWordList(lx: Lexer, what: string): { names: string[]; toks: Token[] } {
  const toks = lx.delimitedList("{", "}", what, () => lx.expectWord(what));
  return { names: toks.map((t) => stripPercent(t.text)), toks };
}

function readEnum<T extends string>(lx: Lexer, allowed: readonly T[], what: string): T {
  const t = lx.next();
  if (t.kind !== "word" || !(allowed as readonly string[]).includes(t.text)) {
    throw lx.error(t, `expects ${what} (one of ${allowed.join(", ")}), but sees ${quote(t)}`);
  }
  return t.text as T;
}

const enumCodec = <T extends string>(kind: AttrKind, allowed: readonly T[], what: string): Codec =>
  codec(kind, (lx) => readEnum(lx, allowed, what), (v: T) => v);

/** Every value syntax, by kind. */
export const CODECS: { readonly [K in AttrKind]: Codec } = {
  ints: codec("ints", (lx, name) => readIntList(lx, name), (v: readonly number[]) => braces(v)),
  int: codec("int", (lx, name) => readInt(lx, lx.next(), name), (v: number) => `${v}`),
  single_int: codec("single_int", (lx, name) => {
    const open = lx.peek();
    const list = readIntList(lx, name);
    if (list.length !== 1) throw lx.error(open, `expects exactly one dimension in '${name}=', but sees ${list.length}`);
    return list[0];
  }, (v: number) => `{${v}}`),
  bool: codec("bool", (lx, name) => {
    const t = lx.next();
    if (t.kind !== "word" || (t.text !== "true" && t.text !== "false")) throw lx.error(t, `expects true or false for ${name}, but sees ${quote(t)}`);
    return t.text === "true";
  }, (v: boolean) => `${v}`),
  direction: enumCodec("direction", COMPARISON_DIRECTIONS, "a comparison direction"),
  comparison_type: enumCodec("comparison_type", COMPARISON_TYPES, "a comparison type"),
  fusion_kind: enumCodec("fusion_kind", FUSION_KINDS, "a fusion kind"),
  rng_algorithm: enumCodec("rng_algorithm", RNG_ALGORITHMS, "a random algorithm"),
  rng_distribution: enumCodec("rng_distribution", RNG_DISTRIBUTIONS, "a random distribution"),
  fft_type: enumCodec("fft_type", FFT_TYPES, "an fft type"),
  transpose: enumCodec("transpose", TRANSPOSE_KINDS, "a transpose option"),
  // XLA holds such attributes (epsilon) as a C++ float, and prints it as absl::StrCat does (six significant digits).
  f32: codec("f32", (lx, name) => {
    const t = lx.next();
    const v = t.kind === "word" ? floatWord(t.text) : undefined;
    if (v === undefined) throw lx.error(t, `expects a floating-point number for ${name}, but sees ${quote(t)}`);
    return Math.fround(v.value);
  }, (v: number) => formatSixDigits(v)),
  // Not in XLA's parser; some JAX printings carry it. TOTAL means a total-order comparison; read only.
  comparison_order: codec(
    "comparison_order",
    (lx) => (readEnum(lx, ["TOTAL", "PARTIAL"] as const, "a comparison order") === "TOTAL" ? "TOTALORDER" : undefined),
    (v: string | undefined) => (v === "TOTALORDER" ? "TOTAL" : "PARTIAL"),
  ),
  slice: codec("slice", (lx) => readSlice(lx), sliceToString),
  padding: codec("padding", (lx) => readPadding(lx), paddingToString),
  window: codec("window", (lx) => readWindow(lx), windowToString),
  // PrecisionConfigToString lower-cases the names.
  precision: codec("precision", (lx) => readWordList(lx, "operand precisions").names, (v: readonly string[]) => braces(v.map((p) => p.toLowerCase()))),
  dim_labels: codec("dim_labels", (lx) => readDimLabels(lx), dimLabelsToString),
  computation: callCodec("computation", (lx) => {
    const t = lx.expectWord("a computation name");
    return { names: [stripPercent(t.text)], toks: [t] };
  }, (name: string) => name),
  computations: callCodec("computations", (lx) => readWordList(lx, "computation names"), (names: readonly string[]) => `{${names.join(", ")}}`),
  replica_groups: codec("replica_groups", (lx) => readReplicaGroups(lx), replicaGroupsToString),
  source_target_pairs: codec("source_target_pairs", (lx) => readSourceTargetPairs(lx), sourceTargetPairsToString),
  shape: codec("shape", (lx) => parseShapeFrom(lx), (s: Shape) => shapeToStringWithLayout(s)),
  // Kept as written: XLA's own canonical spelling prints back unchanged.
  raw: codec("raw", (lx) => skipValue(lx), (v: string) => v),
  string: codec("string", (lx, name) => {
    const t = lx.next();
    if (t.kind !== "string") throw lx.error(t, `expects a quoted string for ${name}, but sees ${quote(t)}`);
    return unquote(t.text);
  }, (v: string) => quoteString(v)),
};
