/**
 * The header of a NumPy .npy file: a Python dict literal such as
 * `{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }`. This file
 * parses that literal with a small recursive-descent reader (never eval),
 * checks it holds exactly the three keys NumPy writes, and maps the dtype
 * string ('descr') to an element type and byte order. ml_dtypes' types are
 * saved under descrs that do not name them ('<V1' for the f8 family, f4e2m1fn
 * and the 2/4-bit integers), so the caller may say which type it expects.
 */
import { ParseError } from "../../errors.ts";
import type { ElementType } from "../../element_type.ts";
import { ELEMENT_CODECS, type ElementCodec } from "./codec.ts";

/** A Python literal as it may appear in a header: str, int, bool, None, tuple, list, dict. */
type PyValue =
  | { readonly kind: "str"; readonly value: string }
  | { readonly kind: "int"; readonly value: number }
  | { readonly kind: "bool"; readonly value: boolean }
  | { readonly kind: "none" }
  | { readonly kind: "tuple" | "list"; readonly items: readonly PyValue[] }
  | { readonly kind: "dict"; readonly entries: ReadonlyMap<string, PyValue> };

/** Nesting deeper than this is not a dtype NumPy would write; stop before the stack does. */
const MAX_DEPTH = 32;

class DictReader {
  private pos = 0;
  constructor(private readonly text: string) {}

  fail(what: string): never {
    const shown = this.text.slice(this.pos, this.pos + 20);
    throw new ParseError(`npy: malformed header dict at offset ${this.pos}: ${what} (near '${shown}')`);
  }

  private skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos])) this.pos++;
  }

  private peek(): string {
    this.skipSpace();
    return this.text[this.pos] ?? "";
  }

  private expect(ch: string): void {
    if (this.peek() !== ch) this.fail(`expected '${ch}'`);
    this.pos++;
  }

  /** The top-level literal, which must be followed only by whitespace. */
  readTop(): PyValue {
    const v = this.value(0);
    this.skipSpace();
    if (this.pos !== this.text.length) this.fail("unexpected text after the dict");
    return v;
  }

  private value(depth: number): PyValue {
    if (depth > MAX_DEPTH) this.fail(`nesting deeper than ${MAX_DEPTH}`);
    const c = this.peek();
    if (c === "'" || c === '"') return { kind: "str", value: this.string() };
    if (c === "{") return this.dict(depth);
    if (c === "(") return this.sequence("tuple", ")", depth);
    if (c === "[") return this.sequence("list", "]", depth);
    if (c === "-" || c === "+" || (c >= "0" && c <= "9")) return this.int();
    const word = /^[A-Za-z_]\w*/.exec(this.text.slice(this.pos, this.pos + 16))?.[0];
    if (word === "True" || word === "False") {
      this.pos += word.length;
      return { kind: "bool", value: word === "True" };
    }
    if (word === "None") {
      this.pos += 4;
      return { kind: "none" };
    }
    return this.fail(c === "" ? "unexpected end of header" : "expected a Python literal");
  }

  private string(): string {
    const quote = this.text[this.pos++];
    let out = "";
    while (this.pos < this.text.length) {
      const ch = this.text[this.pos++];
      if (ch === quote) return out;
      if (ch === "\\") {
        const next = this.text[this.pos++];
        if (next === undefined) break;
        out += next === "n" ? "\n" : next === "t" ? "\t" : next;
      } else {
        out += ch;
      }
    }
    return this.fail("unterminated string");
  }

  private int(): PyValue {
    const m = /^[+-]?\d+L?/.exec(this.text.slice(this.pos, this.pos + 40));
    if (!m) this.fail("expected an integer");
    this.pos += m[0].length;
    // A trailing 'L' is Python 2's long suffix, which old NumPy wrote in shapes.
    const value = Number(m[0].replace(/L$/, ""));
    if (!Number.isSafeInteger(value)) this.fail(`integer ${m[0]} is too large`);
    if (/^[.eE]/.test(this.text[this.pos] ?? "")) this.fail("expected an integer, not a float");
    return { kind: "int", value };
  }

  private sequence(kind: "tuple" | "list", close: string, depth: number): PyValue {
    this.pos++;
    const items: PyValue[] = [];
    while (this.peek() !== close) {
      items.push(this.value(depth + 1));
      if (this.peek() === ",") this.pos++;
      else if (this.peek() !== close) this.fail(`expected ',' or '${close}'`);
    }
    this.pos++;
    return { kind, items };
  }

  private dict(depth: number): PyValue {
    this.pos++;
    const entries = new Map<string, PyValue>();
    while (this.peek() !== "}") {
      const key = this.value(depth + 1);
      if (key.kind !== "str") this.fail("dict keys must be strings");
      if (entries.has(key.value)) this.fail(`duplicate key '${key.value}'`);
      this.expect(":");
      entries.set(key.value, this.value(depth + 1));
      if (this.peek() === ",") this.pos++;
      else if (this.peek() !== "}") this.fail("expected ',' or '}'");
    }
    this.pos++;
    return { kind: "dict", entries };
  }
}

export type ByteOrder = "little" | "big";

export interface NpyHeader {
  readonly elementType: ElementType;
  /** Bytes per element. */
  readonly itemSize: number;
  readonly byteOrder: ByteOrder;
  readonly fortranOrder: boolean;
  readonly shape: readonly number[];
}

/** NumPy's type character + size -> element type. '?' is the one-character alias of b1. */
const DTYPES: ReadonlyMap<string, ElementType> = new Map<string, ElementType>([
  ["b1", "pred"], ["?", "pred"],
  ["i1", "s8"], ["i2", "s16"], ["i4", "s32"], ["i8", "s64"],
  ["u1", "u8"], ["u2", "u16"], ["u4", "u32"], ["u8", "u64"],
  ["f2", "f16"], ["f4", "f32"], ["f8", "f64"],
  ["c8", "c64"], ["c16", "c128"],
]);

/**
 * The descrs np.save writes for ml_dtypes' types, which do not name the type:
 * 'V2' (bfloat16), 'f1' (float8_e5m2) and 'V1' (every other one-byte type).
 * Each maps to the element types it may hold, from the codec table.
 */
const RAW_DESCRS: ReadonlyMap<string, readonly ElementType[]> = (() => {
  const m = new Map<string, ElementType[]>();
  for (const [t, c] of Object.entries(ELEMENT_CODECS) as [ElementType, ElementCodec][]) {
    const code = c.descr.slice(1);
    if (code === "V1" || code === "V2" || code === "f1") m.set(code, [...(m.get(code) ?? []), t]);
  }
  return m;
})();

const HOST_ORDER: ByteOrder = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? "little" : "big";

const SUPPORTED = "b1 i1 i2 i4 i8 u1 u2 u4 u8 f2 f4 f8 c8 c16, and ml_dtypes' V1 f1 V2";

/** The element type of a raw ml_dtypes descr: the caller's, if the descr can hold it; bf16 for V2 and f8e5m2 for f1 otherwise. */
function rawElementType(descr: string, candidates: readonly ElementType[], hint: ElementType | undefined): ElementType {
  if (hint !== undefined) {
    if (candidates.includes(hint)) return hint;
    throw new ParseError(`npy: dtype '${descr}' cannot hold ${hint}: ml_dtypes saves ${candidates.join(", ")} as '${descr}'`);
  }
  if (candidates.length === 1) return candidates[0];
  throw new ParseError(
    `npy: dtype '${descr}' is how ml_dtypes saves its one-byte types (${candidates.join(", ")}) and does not say which; ` +
      `pass the element type to readNpy (readNpy(bytes, { elementType: "f8e4m3fn" }))`,
  );
}

/**
 * Maps a descr string ('<f8', '|b1', '>i2', '=u4', 'f8', '<c16', '<V2') to
 * element type and byte order. `hint` names the element type for ml_dtypes'
 * descrs that do not name one ('<V1'); descrs that do name one ignore it.
 */
export function parseDescr(
  descr: string,
  hint?: ElementType,
): { readonly elementType: ElementType; readonly itemSize: number; readonly byteOrder: ByteOrder } {
  const m = /^([<>|=!]?)(.*)$/s.exec(descr) as RegExpExecArray;
  const order = m[1];
  const code = m[2];
  const byteOrder: ByteOrder = order === ">" || order === "!" ? "big" : order === "<" ? "little" : HOST_ORDER;
  const raw = RAW_DESCRS.get(code);
  if (raw !== undefined) {
    const elementType = rawElementType(descr, raw, hint);
    // Raw bytes have no byte order: ml_dtypes writes them as the (little-endian) machine holds them.
    return { elementType, itemSize: Number(code.slice(1)), byteOrder: "little" };
  }
  const elementType = DTYPES.get(code);
  if (elementType === undefined) {
    const kind = code[0];
    const why =
      kind === "O" ? "object arrays are not supported"
      : kind === "V" ? "void/structured dtypes other than ml_dtypes' one- and two-byte types are not supported"
      : kind === "c" ? "only complex64 (c8) and complex128 (c16) are supported"
      : kind === "U" || kind === "S" || kind === "a" ? "string dtypes are not supported"
      : "it has no minixla element type";
    throw new ParseError(`npy: unsupported dtype '${descr}': ${why}; supported: ${SUPPORTED}`);
  }
  const itemSize = code === "?" ? 1 : Number(code.slice(1));
  return { elementType, itemSize, byteOrder };
}

/** Parses the header dict text and checks its keys and values; `hint` as for parseDescr. */
export function parseNpyHeader(text: string, hint?: ElementType): NpyHeader {
  const top = new DictReader(text).readTop();
  if (top.kind !== "dict") throw new ParseError("npy: the header is not a dict literal");
  const keys = [...top.entries.keys()].sort();
  if (keys.join(",") !== "descr,fortran_order,shape") {
    throw new ParseError(
      `npy: the header dict must have exactly the keys 'descr', 'fortran_order' and 'shape', but has ${keys.map((k) => `'${k}'`).join(", ") || "none"}`,
    );
  }
  const descr = top.entries.get("descr") as PyValue;
  if (descr.kind === "list") throw new ParseError("npy: structured dtypes (a list descr) are not supported");
  if (descr.kind !== "str") throw new ParseError("npy: 'descr' must be a string such as '<f8'");
  const fortran = top.entries.get("fortran_order") as PyValue;
  if (fortran.kind !== "bool") throw new ParseError("npy: 'fortran_order' must be True or False");
  const shapeValue = top.entries.get("shape") as PyValue;
  if (shapeValue.kind !== "tuple") throw new ParseError("npy: 'shape' must be a tuple of integers");
  const dims = shapeValue.items.map((d) => {
    if (d.kind !== "int" || d.value < 0) throw new ParseError("npy: 'shape' must hold non-negative integers");
    return d.value;
  });
  return { ...parseDescr(descr.value, hint), fortranOrder: fortran.value, shape: dims };
}
