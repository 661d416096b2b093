/**
 * MLIR attribute values as StableHLO modules write them: integers and floats
 * (with `: type`), booleans, strings, `[...]` arrays, `array<i64: ...>`,
 * `dense<...>` literals (kept as raw text until their type is known),
 * dictionaries, symbols, enums (`#stablehlo<comparison_direction GT>`),
 * structured attributes (`#stablehlo.gather<offset_dims = [1], ...>`) and
 * attributes of other dialects (`#sdy.sharding<...>`), which are kept as text.
 * `#name` aliases defined at the top of the module are resolved here.
 */
import { type MlirLexer, type MlirToken, describe, unquote } from "./lexer.ts";
import { type MlirType, parseType } from "./types.ts";

export type Attr =
  | { readonly kind: "int"; readonly value: bigint; readonly at: number }
  | { readonly kind: "float"; readonly value: number; readonly text: string; readonly at: number }
  | { readonly kind: "bool"; readonly value: boolean }
  | { readonly kind: "string"; readonly value: string; readonly at: number }
  | { readonly kind: "array"; readonly items: readonly Attr[]; readonly at: number }
  | { readonly kind: "ints"; readonly values: readonly bigint[]; readonly at: number }
  | { readonly kind: "dense"; readonly type: MlirType | undefined; readonly start: number; readonly end: number; readonly at: number }
  | { readonly kind: "dict"; readonly entries: ReadonlyMap<string, Attr>; readonly at: number }
  | { readonly kind: "enum"; readonly value: string; readonly at: number }
  | { readonly kind: "struct"; readonly name: string; readonly fields: ReadonlyMap<string, Attr>; readonly at: number }
  | { readonly kind: "symbol"; readonly name: string; readonly at: number }
  | { readonly kind: "unit" }
  | { readonly kind: "type"; readonly type: MlirType }
  | { readonly kind: "opaque"; readonly text: string; readonly at: number };

/** Attribute aliases (`#name = value`) by name, with `#`. */
export type AliasTable = Map<string, Attr>;

const STRUCTS_WITH_FIELDS = new Set([
  "#stablehlo.gather", "#stablehlo.scatter", "#stablehlo.dot", "#stablehlo.channel_handle",
  "#stablehlo.output_operand_alias", "#stablehlo.dot_algorithm", "#stablehlo.result_accuracy",
  "#stablehlo.type_extensions", "#mhlo.gather", "#mhlo.scatter", "#mhlo.dot", "#mhlo.channel_handle",
  "#mhlo.output_operand_alias",
  "#chlo.ragged_dot", "#stablehlo.replica_group_mesh_axes", "#stablehlo.axis_ref",
]);

function parseNumber(lx: MlirLexer, neg: MlirToken | undefined, t: MlirToken): Attr {
  const at = neg?.start ?? t.start;
  const sign = neg ? "-" : "";
  if (/^0x/i.test(t.text) || !/[.eE]/.test(t.text)) {
    const v = BigInt(t.text);
    return { kind: "int", value: neg ? -v : v, at };
  }
  return { kind: "float", value: Number(sign + t.text), text: sign + t.text, at };
}

/** `key = value` pairs up to `close` (the opening mark already read). */
export function parseFields(lx: MlirLexer, aliases: AliasTable, close: string): Map<string, Attr> {
  const out = new Map<string, Attr>();
  if (lx.eatPunct(close)) return out;
  do {
    const k = lx.next();
    if (k.kind !== "ident" && k.kind !== "string") throw lx.error(k, `expected an attribute name, found ${describe(k)}`);
    const key = k.kind === "string" ? unquote(lx, k) : k.text;
    if (out.has(key)) throw lx.error(k, `attribute ${key} is given twice`);
    if (lx.eatPunct("=")) out.set(key, parseAttr(lx, aliases));
    else out.set(key, { kind: "unit" });
  } while (lx.eatPunct(","));
  lx.needPunct(close, "closing the attribute list");
  return out;
}

/** Skips a balanced group that opens with the token just read. */
export function skipBalanced(lx: MlirLexer, open: MlirToken): void {
  const pairs: Record<string, string> = { "(": ")", "[": "]", "{": "}", "<": ">" };
  const stack = [pairs[open.text]];
  while (stack.length > 0) {
    const t = lx.next();
    if (t.kind === "eof") throw lx.error(open, `'${open.text}' is never closed`);
    if (t.kind !== "punct") continue;
    if (t.text in pairs) stack.push(pairs[t.text]);
    else if (t.text === stack[stack.length - 1]) stack.pop();
    else if (")]}>".includes(t.text) && t.text !== ">") throw lx.error(t, `unbalanced '${t.text}'`);
  }
}

/** One attribute value at the lexer's position. */
export function parseAttr(lx: MlirLexer, aliases: AliasTable, typeSuffix = true): Attr {
  const t = lx.next();
  switch (t.kind) {
    case "number": {
      const a = parseNumber(lx, undefined, t);
      if (typeSuffix && lx.eatPunct(":")) parseType(lx);
      return a;
    }
    case "string": {
      const a: Attr = { kind: "string", value: unquote(lx, t), at: t.start };
      if (typeSuffix && lx.eatPunct(":")) parseType(lx);
      return a;
    }
    case "symbol":
      return { kind: "symbol", name: t.text.startsWith('@"') ? unquote(lx, t) : t.text.slice(1), at: t.start };
    case "punct": {
      if (t.text === "-") {
        const n = lx.expect("number", "a number after '-'");
        const a = parseNumber(lx, t, n);
        if (typeSuffix && lx.eatPunct(":")) parseType(lx);
        return a;
      }
      if (t.text === "[") {
        const items: Attr[] = [];
        if (!lx.eatPunct("]")) {
          do items.push(parseAttr(lx, aliases));
          while (lx.eatPunct(","));
          lx.needPunct("]", "closing the array attribute");
        }
        return { kind: "array", items, at: t.start };
      }
      if (t.text === "{") return { kind: "dict", entries: parseFields(lx, aliases, "}"), at: t.start };
      throw lx.error(t, `expected an attribute value, found ${describe(t)}`);
    }
    case "hash": {
      if (aliases.has(t.text) && !lx.isPunct("<")) return aliases.get(t.text) as Attr;
      if (!lx.isPunct("<")) {
        if (t.text.startsWith("#loc")) return { kind: "opaque", text: t.text, at: t.start };
        throw lx.error(t, `attribute alias ${t.text} is not defined`);
      }
      const open = lx.next();
      if (t.text === "#stablehlo" || t.text === "#mhlo" || t.text === "#chlo") {
        // `#stablehlo<precision DEFAULT>`: an enum value after its kind.
        const start = lx.rawStart();
        const { text } = lx.rawAngleBody(open);
        const words = text.trim().split(/\s+/);
        return { kind: "enum", value: words[words.length - 1], at: start };
      }
      if (STRUCTS_WITH_FIELDS.has(t.text)) return { kind: "struct", name: t.text, fields: parseFields(lx, aliases, ">"), at: t.start };
      const { text } = lx.rawAngleBody(open);
      return { kind: "opaque", text: `${t.text}<${text}>`, at: t.start };
    }
    case "bang": {
      lx.seek(t.start);
      return { kind: "type", type: parseType(lx) };
    }
    case "ident": {
      switch (t.text) {
        case "true": return { kind: "bool", value: true };
        case "false": return { kind: "bool", value: false };
        case "unit": return { kind: "unit" };
        case "dense": {
          const open = lx.rawStart();
          lx.needPunct("<", "after 'dense'");
          const start = lx.rawStart();
          lx.rawAngleBody(open);
          const end = lx.pos - 1;
          let type: MlirType | undefined;
          if (lx.eatPunct(":")) type = parseType(lx);
          return { kind: "dense", type, start, end, at: t.start };
        }
        case "dense_resource":
        case "dense_array":
          throw lx.error(t, `${t.text} attributes are not supported (MLIR prints them only for blobs outside the text)`);
        case "array": {
          lx.needPunct("<", "after 'array'");
          const ty = lx.next();
          const values: bigint[] = [];
          if (lx.eatPunct(":")) {
            do {
              const neg = lx.eatPunct("-");
              const v = lx.next();
              if (v.kind === "ident" && (v.text === "true" || v.text === "false")) values.push(v.text === "true" ? 1n : 0n);
              else if (v.kind === "number" && !/[.eE]/.test(v.text.replace(/^0x.*/i, ""))) values.push(neg ? -BigInt(v.text) : BigInt(v.text));
              else throw lx.error(v, `expected an integer in array<${ty.text}: ...>, found ${describe(v)}`);
            } while (lx.eatPunct(","));
          }
          lx.needPunct(">", "closing array<...>");
          return { kind: "ints", values, at: t.start };
        }
        case "loc": {
          const open = lx.expectPunct("(", "after 'loc'");
          skipBalanced(lx, open);
          return { kind: "opaque", text: "loc", at: t.start };
        }
        case "affine_map":
        case "affine_set": {
          const open = lx.expectPunct("<", `after '${t.text}'`);
          const { text } = lx.rawAngleBody(open);
          return { kind: "opaque", text: `${t.text}<${text}>`, at: t.start };
        }
        default: {
          // A type used as an attribute (`tensor<...>`, `i32`), or an enum word (`DEFAULT`).
          if (t.text === "tensor" || t.text === "tuple" || t.text === "complex" || /^(i|si|ui|f|bf)\d|^index$|^f8E|^f4E|^f6E/.test(t.text)) {
            lx.seek(t.start);
            return { kind: "type", type: parseType(lx) };
          }
          return { kind: "enum", value: t.text, at: t.start };
        }
      }
    }
    default:
      throw lx.error(t, `expected an attribute value, found ${describe(t)}`);
  }
}

/** Integers of an `array<i64: ...>`, a `[...]` of integers or a 1-D dense of integers. */
export function intList(lx: MlirLexer, a: Attr | undefined, what: string): number[] {
  if (a === undefined) return [];
  switch (a.kind) {
    case "ints": return a.values.map(Number);
    case "array":
      return a.items.map((x) => {
        if (x.kind === "int") return Number(x.value);
        if (x.kind === "bool") return x.value ? 1 : 0;
        throw lx.error(a.at, `${what} must be a list of integers`);
      });
    case "dense": return denseInts(lx, a).map(Number);
    case "int": return [Number(a.value)];
    default: throw lx.error("at" in a ? a.at : 0, `${what} must be a list of integers`);
  }
}

/** The integers of a dense integer literal (splats not expanded), in order. */
export function denseInts(lx: MlirLexer, a: Extract<Attr, { kind: "dense" }>): bigint[] {
  const sub = new MlirLexerView(lx, a.start, a.end);
  const out: bigint[] = [];
  for (;;) {
    const t = sub.next();
    if (t === undefined) break;
    if (t.kind === "number") out.push(BigInt(t.text) * (sub.negative ? -1n : 1n));
    else if (t.kind === "ident" && (t.text === "true" || t.text === "false")) out.push(t.text === "true" ? 1n : 0n);
    else if (t.kind === "string") throw lx.error(t, "expected integers here, not a hex blob");
  }
  return out;
}

/** Reads the tokens of a dense body between two offsets, folding a '-' into the following number. */
export class MlirLexerView {
  readonly #lx: MlirLexer;
  readonly #end: number;
  negative = false;
  constructor(outer: MlirLexer, start: number, end: number) {
    this.#lx = new (outer.constructor as new (t: string, p: number) => MlirLexer)(outer.text, start);
    this.#end = end;
  }
  get lexer(): MlirLexer {
    return this.#lx;
  }
  /** The next value-bearing token (number, ident, string), or a bracket; undefined at the end. */
  next(): MlirToken | undefined {
    this.negative = false;
    for (;;) {
      const t = this.#lx.peek();
      if (t.start >= this.#end || t.kind === "eof") return undefined;
      this.#lx.next();
      if (t.kind === "punct" && t.text === "-") {
        this.negative = !this.negative;
        continue;
      }
      if (t.kind === "punct" && t.text === ",") continue;
      return t;
    }
  }
}
