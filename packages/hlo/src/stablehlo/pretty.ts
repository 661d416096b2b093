/**
 * The pretty (custom assembly) forms of StableHLO, CHLO, func and check ops:
 * `%0 = stablehlo.add %a, %b : tensor<4xf32>`, `stablehlo.compare GT, %a, %b,
 * FLOAT : ...`, `stablehlo.slice %x [1:3, 0:8:2]`, `dot_general ...,
 * contracting_dims = [1] x [0]`, `reduce(%x init: %c) applies stablehlo.add
 * across dimensions = [1]`, `while(%i = %c) : ... cond {...} do {...}`,
 * `convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[...]->[...], window = {...}`,
 * `custom_call @target(...)`, `composite "name" ...`, `call @f(...)`. Most
 * ops share one shape (operands, `key = value` items and bare words, an
 * attribute dictionary, then `:` and types), read by one loop; the others
 * have their own readers. Attributes get the names of the generic form.
 */
import { type Attr, parseAttr, parseFields } from "./attributes.ts";
import { parseChloScan } from "./chlo_scan.ts";
import { type MlirToken, describe, unquote } from "./lexer.ts";
import { type ParserState, parseArgList, parseRegion, parseValueList, parseValueRef } from "./parser.ts";
import { type BlockArg, type Op, type Region, type ResultGroup, type ValueRef, NO_ATTRS, compact, compactAttrs } from "./syntax.ts";
import { type MlirType, parseResultTypes, parseType, parseTypeList } from "./types.ts";

interface Trailing {
  readonly inputs: readonly MlirType[] | undefined;
  readonly outputs: readonly MlirType[];
  /** The types as written when not a function type. */
  readonly list: readonly MlirType[];
}

/** After `:`: `(T, T) -> R`, `T, T -> R`, or `T, T` (the last is the result). */
function parseTrailing(p: ParserState): Trailing {
  const lx = p.lx;
  if (lx.isPunct("(")) {
    const inputs = parseTypeList(lx);
    if (lx.eatPunct("->")) return { inputs, outputs: parseResultTypes(lx), list: inputs };
    return { inputs: undefined, outputs: inputs, list: inputs };
  }
  const list: MlirType[] = [parseType(lx)];
  while (lx.eatPunct(",")) list.push(parseType(lx));
  if (lx.eatPunct("->")) return { inputs: list, outputs: parseResultTypes(lx), list };
  return { inputs: undefined, outputs: [list[list.length - 1]], list };
}

function opRecord(
  name: string, at: MlirToken, results: ResultGroup[], operands: readonly ValueRef[], attrs: ReadonlyMap<string, Attr>,
  tr: Trailing | undefined, extra: Partial<Pick<Op, "regions" | "callee" | "words">> = {},
): Op {
  return {
    name, at: at.start, results: compact(results), operands: compact(operands), attrs: compactAttrs(attrs), regions: compact(extra.regions ?? []),
    operandTypes: tr?.inputs === undefined ? undefined : compact(tr.inputs), resultTypes: compact(tr?.outputs ?? []), callee: extra.callee,
    words: compact(extra.words ?? []),
  };
}

/** A pretty attribute value: `[1] x [0]` pairs, `<...>` structs kept as text. */
function prettyValue(p: ParserState): Attr {
  const lx = p.lx;
  if (lx.isPunct("<")) {
    const open = lx.next();
    const { text, start } = lx.rawAngleBody(open);
    return { kind: "opaque", text: `<${text}>`, at: start };
  }
  const first = parseAttr(lx, p.aliases, false);
  if (lx.isIdent("x")) {
    lx.next();
    const second = parseAttr(lx, p.aliases, false);
    return { kind: "array", items: [first, second], at: "at" in first ? first.at : 0 };
  }
  return first;
}

/** `[1:3, 0:8:2]` or `[0]` after an operand: a slice or an index. */
function parseBrackets(p: ParserState, attrs: Map<string, Attr>): void {
  const lx = p.lx;
  const open = lx.expectPunct("[", "");
  const starts: Attr[] = [];
  const limits: Attr[] = [];
  const strides: Attr[] = [];
  let slice = false;
  const intAt = (): Attr => {
    const neg = lx.eatPunct("-");
    const n = lx.expect("number", "an integer");
    return { kind: "int", value: neg ? -BigInt(n.text) : BigInt(n.text), at: n.start };
  };
  if (!lx.eatPunct("]")) {
    do {
      const a = intAt();
      if (lx.eatPunct(":")) {
        slice = true;
        limits.push(intAt());
        strides.push(lx.eatPunct(":") ? intAt() : { kind: "int", value: 1n, at: open.start });
      }
      starts.push(a);
    } while (lx.eatPunct(","));
    lx.needPunct("]", "closing the brackets");
  }
  if (slice || starts.length !== 1) {
    attrs.set("start_indices", { kind: "array", items: starts, at: open.start });
    attrs.set("limit_indices", { kind: "array", items: limits, at: open.start });
    attrs.set("strides", { kind: "array", items: strides, at: open.start });
  } else attrs.set("index", starts[0]);
}

/** The common pretty form: items (operands, `key = value`, words), an attribute dict, `:` types. */
function parseCommon(p: ParserState, nameTok: MlirToken, results: ResultGroup[]): Op {
  const lx = p.lx;
  const operands: ValueRef[] = [];
  // Made on the first attribute: most ops have none.
  let attrMap: Map<string, Attr> | undefined;
  const words: string[] = [];
  let parens = false;
  if (lx.isPunct("(") && nameTok.text.startsWith("chlo.")) {
    lx.next();
    parens = true;
  }
  for (;;) {
    const t = lx.peek();
    if (t.kind === "value") {
      operands.push(parseValueRef(p));
      if (lx.isPunct("[")) parseBrackets(p, (attrMap ??= new Map()));
    } else if (t.kind === "ident" && t.text === "dense") {
      (attrMap ??= new Map()).set("value", parseAttr(lx, p.aliases, false));
    } else if (t.kind === "ident" && t.text !== "loc") {
      lx.next();
      if (lx.eatPunct("=")) {
        if (attrMap?.has(t.text)) throw lx.error(t, `attribute ${t.text} is given twice`);
        (attrMap ??= new Map()).set(t.text, prettyValue(p));
      } else words.push(t.text);
    } else if (t.kind === "string" && words.length === 0 && operands.length === 0) {
      lx.next();
      words.push(unquote(lx, t));
      continue;
    } else break;
    if (!lx.eatPunct(",")) break;
  }
  if (parens) lx.expectPunct(")", "closing the operand list");
  if (lx.eatPunct("{")) for (const [k, v] of parseFields(lx, p.aliases, "}")) (attrMap ??= new Map()).set(k, v);
  let tr: Trailing | undefined;
  if (lx.eatPunct(":")) tr = parseTrailing(p);
  return opRecord(nameTok.text, nameTok, results, operands, attrMap ?? NO_ATTRS, tr, { words });
}

function parseCall(p: ParserState, nameTok: MlirToken, results: ResultGroup[]): Op {
  const lx = p.lx;
  const sym = lx.expect("symbol", "the callee (@name)");
  const callee = sym.text.startsWith('@"') ? unquote(lx, sym) : sym.text.slice(1);
  lx.needPunct("(", "opening the argument list");
  const operands = parseValueList(p);
  lx.needPunct(")", "closing the argument list");
  const attrs = new Map<string, Attr>();
  if (lx.eatPunct("{")) for (const [k, v] of parseFields(lx, p.aliases, "}")) attrs.set(k, v);
  lx.needPunct(":", "before the call's function type");
  return opRecord(nameTok.text, nameTok, results, operands, attrs, parseTrailing(p), { callee });
}

function parseConstant(p: ParserState, nameTok: MlirToken, results: ResultGroup[]): Op {
  const lx = p.lx;
  const attrs = new Map<string, Attr>();
  if (lx.isPunct("(")) {
    lx.next();
    lx.needPunct(")", "after 'constant('");
    if (lx.eatPunct("<")) {
      lx.needPunct("{", "opening the properties");
      for (const [k, v] of parseFields(lx, p.aliases, "}")) attrs.set(k, v);
      lx.needPunct(">", "closing the properties");
    }
    if (lx.eatPunct("{")) for (const [k, v] of parseFields(lx, p.aliases, "}")) attrs.set(k, v);
    lx.needPunct(":", "before the constant's type");
    return opRecord(nameTok.text, nameTok, results, [], attrs, parseTrailing(p));
  }
  if (lx.eatPunct("{")) for (const [k, v] of parseFields(lx, p.aliases, "}")) attrs.set(k, v);
  const value = parseAttr(lx, p.aliases);
  attrs.set("value", value);
  const type = value.kind === "dense" ? value.type : undefined;
  if (type === undefined) throw lx.error(nameTok, "a constant needs a typed value (dense<...> : tensor<...>)");
  return opRecord(nameTok.text, nameTok, results, [], attrs, { inputs: [], outputs: [type], list: [type] });
}

function parseWhile(p: ParserState, nameTok: MlirToken, results: ResultGroup[]): Op {
  const lx = p.lx;
  lx.needPunct("(", "after 'while'");
  const iterNames: MlirToken[] = [];
  const operands: ValueRef[] = [];
  if (!lx.eatPunct(")")) {
    do {
      iterNames.push(lx.expect("value", "a loop variable (%name)"));
      lx.needPunct("=", "after the loop variable");
      operands.push(parseValueRef(p));
    } while (lx.eatPunct(","));
    lx.needPunct(")", "closing the loop variables");
  }
  const attrs = new Map<string, Attr>();
  if (lx.eatIdent("attributes")) {
    lx.needPunct("{", "after 'attributes'");
    for (const [k, v] of parseFields(lx, p.aliases, "}")) attrs.set(k, v);
  }
  let types: MlirType[] = [];
  if (lx.eatPunct(":")) {
    types = [parseType(lx)];
    while (lx.eatPunct(",")) types.push(parseType(lx));
  }
  if (types.length !== iterNames.length) throw lx.error(nameTok, `while has ${iterNames.length} loop variables but ${types.length} types`);
  const args: BlockArg[] = iterNames.map((tok, i) => ({ name: tok.text, type: types[i], at: tok.start }));
  if (!lx.eatIdent("cond")) throw lx.error(lx.peek(), `expected 'cond' after the while's types, found ${describe(lx.peek())}`);
  const cond = parseRegion(p, args);
  if (!lx.eatIdent("do")) throw lx.error(lx.peek(), `expected 'do' after the while's condition, found ${describe(lx.peek())}`);
  const body = parseRegion(p, args);
  return opRecord(nameTok.text, nameTok, results, operands, attrs, { inputs: types, outputs: types, list: types }, { regions: [cond, body] });
}

/** A region `{ %r = op %a, %b : T  return %r }` for `applies op`. */
function appliedRegion(name: string, at: MlirToken, types: readonly MlirType[]): Region {
  const n = types.length;
  const scalar = (t: MlirType): MlirType => (t.kind === "tensor" ? { kind: "tensor", elementType: t.elementType, dims: [] } : t);
  const args: BlockArg[] = [];
  for (let i = 0; i < 2 * n; i++) args.push({ name: `%__applied${i}`, type: scalar(types[i % n]), at: at.start });
  const ops: Op[] = [];
  const outs: ValueRef[] = [];
  for (let i = 0; i < n; i++) {
    const r = `%__applied_r${i}`;
    ops.push({
      name, at: at.start, results: [{ name: r, count: 1, at: at.start }], operands: [{ name: args[i].name, index: undefined, at: at.start }, { name: args[n + i].name, index: undefined, at: at.start }],
      attrs: new Map(), regions: [], operandTypes: undefined, resultTypes: [args[i].type], words: [],
    });
    outs.push({ name: r, index: undefined, at: at.start });
  }
  ops.push({ name: "stablehlo.return", at: at.start, results: [], operands: outs, attrs: new Map(), regions: [], operandTypes: undefined, resultTypes: [], words: [] });
  return { blocks: [{ args, ops }], at: at.start };
}

/** `reduce(%x init: %c), ... applies op across dimensions = [..] : T` or with `reducer(...) (...) {...}`. */
function parseReduce(p: ParserState, nameTok: MlirToken, results: ResultGroup[]): Op {
  const lx = p.lx;
  const inputs: ValueRef[] = [];
  const inits: ValueRef[] = [];
  do {
    lx.needPunct("(", "opening '(%x init: %y)'");
    inputs.push(parseValueRef(p));
    if (!lx.eatIdent("init")) throw lx.error(lx.peek(), "expected 'init:' in the reduce operands");
    lx.needPunct(":", "after 'init'");
    inits.push(parseValueRef(p));
    lx.needPunct(")", "closing '(%x init: %y)'");
  } while (lx.eatPunct(","));
  let applied: MlirToken | undefined;
  if (lx.eatIdent("applies")) applied = lx.expect("ident", "the applied op");
  if (!lx.eatIdent("across")) throw lx.error(lx.peek(), `expected 'across dimensions = [...]', found ${describe(lx.peek())}`);
  if (!lx.eatIdent("dimensions")) throw lx.error(lx.peek(), "expected 'dimensions' after 'across'");
  lx.needPunct("=", "after 'dimensions'");
  const attrs = new Map<string, Attr>([["dimensions", parseAttr(lx, p.aliases)]]);
  if (lx.eatPunct("{")) for (const [k, v] of parseFields(lx, p.aliases, "}")) attrs.set(k, v);
  lx.needPunct(":", "before the reduce's types");
  const tr = parseTrailing(p);
  let region: Region;
  if (applied !== undefined) region = appliedRegion(applied.text, applied, inits.map((_, i) => tr.inputs?.[inputs.length + i] ?? tr.outputs[i]));
  else {
    if (!lx.eatIdent("reducer")) throw lx.error(lx.peek(), "expected 'applies op' or 'reducer(...)' in the reduce");
    const pairs: BlockArg[][] = [];
    while (lx.isPunct("(")) pairs.push(parseArgList(p));
    if (pairs.length !== inputs.length || pairs.some((x) => x.length !== 2)) throw lx.error(nameTok, "the reducer needs one (%acc: T, %x: T) pair per input");
    region = parseRegion(p, [...pairs.map((x) => x[0]), ...pairs.map((x) => x[1])]);
  }
  return opRecord(nameTok.text, nameTok, results, [...inputs, ...inits], attrs, tr, { regions: [region] });
}

function parseCustomCall(p: ParserState, nameTok: MlirToken, results: ResultGroup[]): Op {
  const lx = p.lx;
  const sym = lx.next();
  let callee: string;
  if (sym.kind === "symbol") callee = sym.text.startsWith('@"') ? unquote(lx, sym) : sym.text.slice(1);
  else if (sym.kind === "string") callee = unquote(lx, sym);
  else throw lx.error(sym, `expected the custom call's target (@name), found ${describe(sym)}`);
  lx.needPunct("(", "opening the custom call's operands");
  const operands = parseValueList(p);
  lx.needPunct(")", "closing the custom call's operands");
  const attrs = new Map<string, Attr>();
  if (lx.eatPunct("{")) for (const [k, v] of parseFields(lx, p.aliases, "}")) attrs.set(k, v);
  lx.needPunct(":", "before the custom call's function type");
  return opRecord(nameTok.text, nameTok, results, operands, attrs, parseTrailing(p), { callee });
}

/** `convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {...} {...} : ...`. */
function parseConvolution(p: ParserState, nameTok: MlirToken, results: ResultGroup[]): Op {
  const lx = p.lx;
  lx.needPunct("(", "opening the convolution's operands");
  const operands = parseValueList(p);
  lx.needPunct(")", "closing the convolution's operands");
  const attrs = new Map<string, Attr>();
  for (;;) {
    if (!lx.isPunct("{") && lx.peek().kind === "ident") {
      const k = lx.next();
      lx.needPunct("=", `after ${k.text}`);
      if (k.text === "dim_numbers") {
        const start = lx.rawStart();
        const s = lx.text;
        let i = start;
        let depth = 0;
        while (i < s.length) {
          const c = s[i];
          if (c === "[") depth++;
          else if (c === "]") {
            depth--;
            if (depth === 0 && s.slice(i + 1).trimStart()[0] !== "x" && s.slice(i + 1).trimStart().slice(0, 2) !== "->") {
              i++;
              break;
            }
          }
          i++;
        }
        lx.seek(i);
        attrs.set("dimension_numbers", { kind: "opaque", text: s.slice(start, i), at: start });
      } else attrs.set(k.text, parseAttr(lx, p.aliases));
      if (lx.eatPunct(",")) continue;
    }
    break;
  }
  if (lx.eatPunct("{")) for (const [k, v] of parseFields(lx, p.aliases, "}")) attrs.set(k, v);
  lx.needPunct(":", "before the convolution's types");
  return opRecord(nameTok.text, nameTok, results, operands, attrs, parseTrailing(p));
}

/** The op named by `nameTok` in its pretty form (the name already read). */
export function parsePrettyOp(p: ParserState, nameTok: MlirToken, results: ResultGroup[]): Op {
  switch (nameTok.text) {
    case "call":
    case "func.call":
      return parseCall(p, nameTok, results);
    case "stablehlo.constant":
    case "chlo.constant":
      return parseConstant(p, nameTok, results);
    case "stablehlo.while":
      return parseWhile(p, nameTok, results);
    case "stablehlo.reduce":
      return parseReduce(p, nameTok, results);
    case "stablehlo.custom_call":
      return parseCustomCall(p, nameTok, results);
    case "stablehlo.convolution":
      return parseConvolution(p, nameTok, results);
    case "chlo.scan":
      return parseChloScan(p, nameTok, results);
    default:
      if (!/^[a-z_]+\.[a-z_0-9.]+$|^return$/.test(nameTok.text)) throw p.lx.error(nameTok, `expected an operation, found ${describe(nameTok)}`);
      return parseCommon(p, nameTok, results);
  }
}
