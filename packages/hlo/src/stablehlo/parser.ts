/**
 * The StableHLO (MLIR) text parser: attribute aliases, `module` with its
 * attributes, `func.func` with argument and result attributes, regions with
 * block arguments, and every op in its generic form
 * (`"stablehlo.sort"(%a) <{...}> ({...}) {...} : (...) -> ...`) or its pretty
 * form (pretty.ts). `loc(...)` locations are read and dropped.
 */
import { type AliasTable, type Attr, parseAttr, parseFields, skipBalanced } from "./attributes.ts";
import { type MlirLexer, type MlirToken, describe, unquote } from "./lexer.ts";
import { parsePrettyOp } from "./pretty.ts";
import { type Block, type BlockArg, type Func, type MlirModule, type Op, type Region, type ResultGroup, type ValueRef, NO_ATTRS, compact, compactAttrs } from "./syntax.ts";
import { parseResultTypes, parseType, parseTypeList } from "./types.ts";

export interface ParserState {
  readonly lx: MlirLexer;
  readonly aliases: AliasTable;
  /** Shardy meshes by name: their `<[...]>` text. */
  readonly meshes: Map<string, string>;
}

/** Skips `loc(...)` if it is next. */
export function skipLoc(p: ParserState): void {
  if (p.lx.isIdent("loc")) {
    p.lx.next();
    const open = p.lx.expectPunct("(", "after 'loc'");
    skipBalanced(p.lx, open);
  }
}

export function parseValueRef(p: ParserState): ValueRef {
  const t = p.lx.expect("value", "a value (%name)");
  const hash = t.text.indexOf("#");
  if (hash < 0) return { name: t.text, index: undefined, at: t.start };
  return { name: t.text.slice(0, hash), index: Number(t.text.slice(hash + 1)), at: t.start };
}

/** `%a, %b` up to a non-value token. */
export function parseValueList(p: ParserState): ValueRef[] {
  const out: ValueRef[] = [];
  if (p.lx.peek().kind !== "value") return out;
  do out.push(parseValueRef(p));
  while (p.lx.eatPunct(",") );
  return out;
}

/** `(%a: T {attrs}, ...)`: block or function arguments. */
export function parseArgList(p: ParserState): BlockArg[] {
  p.lx.needPunct("(", "opening the argument list");
  const args: BlockArg[] = [];
  if (p.lx.eatPunct(")")) return args;
  do {
    const tok = p.lx.expect("value", "an argument name (%name)");
    p.lx.needPunct(":", `after the argument ${tok.text}`);
    const type = parseType(p.lx);
    let attrs: ReadonlyMap<string, Attr> | undefined;
    if (p.lx.eatPunct("{")) attrs = parseFields(p.lx, p.aliases, "}");
    skipLoc(p);
    args.push({ name: tok.text, type, at: tok.start, attrs });
  } while (p.lx.eatPunct(","));
  p.lx.needPunct(")", "closing the argument list");
  return args;
}

/** `{ [^bb0(...):] ops... }`. */
export function parseRegion(p: ParserState, entryArgs: readonly BlockArg[] = []): Region {
  const at = p.lx.expectPunct("{", "opening a region").start;
  const blocks: Block[] = [];
  let args: readonly BlockArg[] = entryArgs;
  let ops: Op[] = [];
  let started = false;
  for (;;) {
    const t = p.lx.peek();
    if (t.kind === "punct" && t.text === "}") {
      p.lx.next();
      break;
    }
    if (t.kind === "eof") throw p.lx.error(at, "region is never closed by '}'");
    if (t.kind === "caret") {
      if (started || blocks.length > 0) {
        blocks.push({ args, ops: compact(ops) });
        ops = [];
      }
      p.lx.next();
      args = p.lx.isPunct("(") ? parseArgList(p) : [];
      p.lx.needPunct(":", `after the block label ${t.text}`);
      started = true;
      continue;
    }
    started = true;
    ops.push(parseOp(p));
  }
  blocks.push({ args, ops: compact(ops) });
  return { blocks, at };
}

function parseResults(p: ParserState): ResultGroup[] {
  const groups: ResultGroup[] = [];
  if (p.lx.peek().kind !== "value") return groups;
  do {
    const tok = p.lx.expect("value", "a result name");
    if (tok.text.includes("#")) throw p.lx.error(tok, "a result name cannot have a '#' index");
    let count = 1;
    if (p.lx.eatPunct(":")) {
      const n = p.lx.expect("number", "a result count");
      count = Number(n.text);
      if (!Number.isSafeInteger(count) || count < 1) throw p.lx.error(n, "a result count must be a positive integer");
    }
    groups.push({ name: tok.text, count, at: tok.start });
  } while (p.lx.eatPunct(","));
  p.lx.needPunct("=", "after the result names");
  return groups;
}

/** `"op.name"(operands) <{props}> (regions) {attrs} : (types) -> types`. */
function parseGenericOp(p: ParserState, nameTok: MlirToken, results: ResultGroup[]): Op {
  const name = unquote(p.lx, nameTok);
  p.lx.needPunct("(", `after the op name ${nameTok.text}`);
  const operands = parseValueList(p);
  p.lx.needPunct(")", "closing the operand list");
  if (p.lx.isPunct("[")) throw p.lx.error(p.lx.peek(), "ops with successor blocks have no HLO counterpart");
  const attrs = new Map<string, Attr>();
  if (p.lx.isPunct("<")) {
    p.lx.next();
    p.lx.needPunct("{", "opening the properties");
    for (const [k, v] of parseFields(p.lx, p.aliases, "}")) attrs.set(k, v);
    p.lx.needPunct(">", "closing the properties");
  }
  const regions: Region[] = [];
  if (p.lx.isPunct("(")) {
    p.lx.next();
    do regions.push(parseRegion(p));
    while (p.lx.eatPunct(","));
    p.lx.needPunct(")", "closing the region list");
  }
  if (p.lx.eatPunct("{")) for (const [k, v] of parseFields(p.lx, p.aliases, "}")) attrs.set(k, v);
  p.lx.needPunct(":", "before the op's function type");
  const operandTypes = parseTypeList(p.lx);
  p.lx.needPunct("->", "in the op's function type");
  const resultTypes = parseResultTypes(p.lx);
  skipLoc(p);
  const callee = attrs.get("callee") ?? attrs.get("call_target_name");
  return {
    name, at: nameTok.start, results: compact(results), operands: compact(operands), attrs: compactAttrs(attrs), regions: compact(regions),
    operandTypes: compact(operandTypes), resultTypes: compact(resultTypes), words: compact([]),
    callee: callee?.kind === "symbol" ? callee.name : callee?.kind === "string" ? callee.value : undefined,
  };
}

export function parseOp(p: ParserState): Op {
  const results = parseResults(p);
  const t = p.lx.next();
  if (t.kind === "string") return parseGenericOp(p, t, results);
  if (t.kind !== "ident") throw p.lx.error(t, `expected an operation, found ${describe(t)}`);
  const op = parsePrettyOp(p, t, results);
  skipLoc(p);
  return op;
}

function parseFunc(p: ParserState, kw: MlirToken): Func {
  let isPublic = true;
  if (p.lx.eatIdent("private")) isPublic = false;
  else if (p.lx.eatIdent("public") || p.lx.eatIdent("nested")) isPublic = true;
  const nameTok = p.lx.expect("symbol", "a function name (@name)");
  const name = nameTok.text.startsWith('@"') ? unquote(p.lx, nameTok) : nameTok.text.slice(1);
  const args = parseArgList(p);
  const results: { type: ReturnType<typeof parseType>; attrs: ReadonlyMap<string, Attr> }[] = [];
  if (p.lx.eatPunct("->")) {
    if (p.lx.isPunct("(")) {
      p.lx.next();
      if (!p.lx.eatPunct(")")) {
        do {
          const type = parseType(p.lx);
          const attrs = p.lx.eatPunct("{") ? parseFields(p.lx, p.aliases, "}") : NO_ATTRS;
          results.push({ type, attrs });
        } while (p.lx.eatPunct(","));
        p.lx.needPunct(")", "closing the result list");
      }
    } else results.push({ type: parseType(p.lx), attrs: NO_ATTRS });
  }
  let attrs: ReadonlyMap<string, Attr> = NO_ATTRS;
  if (p.lx.eatIdent("attributes")) {
    p.lx.needPunct("{", "after 'attributes'");
    attrs = parseFields(p.lx, p.aliases, "}");
  }
  const body = p.lx.isPunct("{") ? parseRegion(p, args) : undefined;
  skipLoc(p);
  void kw;
  return { name, at: nameTok, isPublic, args, results, body, attrs };
}

function parseTopLevelItems(p: ParserState, funcs: Func[], close: boolean): void {
  for (;;) {
    const t = p.lx.peek();
    if (t.kind === "eof") {
      if (close) throw p.lx.error(t, "the module is never closed by '}'");
      return;
    }
    if (close && t.kind === "punct" && t.text === "}") {
      p.lx.next();
      return;
    }
    if (t.kind === "ident" && (t.text === "func.func" || t.text === "func")) {
      p.lx.next();
      funcs.push(parseFunc(p, t));
      continue;
    }
    if (t.kind === "hash" || t.kind === "bang") {
      p.lx.next();
      p.lx.needPunct("=", `after the alias ${t.text}`);
      if (t.kind === "hash") p.aliases.set(t.text, parseAttr(p.lx, p.aliases));
      else parseType(p.lx);
      continue;
    }
    if (t.kind === "ident" && t.text === "sdy.mesh") {
      // Shardy meshes name devices; they change no value, and are kept as text (shardings.ts).
      p.lx.next();
      const sym = p.lx.peek();
      const name = sym.kind === "symbol" ? sym.text.slice(1).replace(/^"|"$/g, "") : undefined;
      let from = -1;
      let to = -1;
      while (!p.lx.isPunct("}") && p.lx.peek().kind !== "eof" && !p.lx.isIdent("func.func") && !p.lx.isIdent("sdy.mesh")) {
        const x = p.lx.next();
        if (x.kind === "punct" && x.text === "<" && from < 0) from = x.start;
        if (x.kind === "punct" && (x.text === "<" || x.text === "(" || x.text === "[")) skipBalanced(p.lx, x);
        if (from >= 0 && to < 0) to = p.lx.peek().start;
      }
      if (name !== undefined && from >= 0) p.meshes.set(name, p.lx.text.slice(from, to).trim());
      continue;
    }
    throw p.lx.error(t, `expected 'func.func' at the top of the module, found ${describe(t)}`);
  }
}

/** Parses a whole StableHLO module (or a file of top-level functions). */
export function parseMlirText(lx: MlirLexer): MlirModule {
  const p: ParserState = { lx, aliases: new Map(), meshes: new Map() };
  const first = lx.peek();
  // Aliases come before the module.
  while (lx.peek().kind === "hash" || lx.peek().kind === "bang") {
    const t = lx.next();
    lx.needPunct("=", `after the alias ${t.text}`);
    if (t.kind === "hash") p.aliases.set(t.text, parseAttr(lx, p.aliases));
    else parseType(lx);
  }
  const funcs: Func[] = [];
  if (lx.isIdent("module")) {
    const kw = lx.next();
    let name: string | undefined;
    if (lx.peek().kind === "symbol") name = lx.next().text.slice(1).replace(/^"|"$/g, "");
    let attrs: ReadonlyMap<string, Attr> = new Map();
    if (lx.eatIdent("attributes")) {
      lx.needPunct("{", "after 'attributes'");
      attrs = parseFields(lx, p.aliases, "}");
    }
    lx.needPunct("{", "opening the module body");
    parseTopLevelItems(p, funcs, true);
    skipLoc(p);
    while (lx.peek().kind === "hash") {
      const t = lx.next();
      lx.needPunct("=", `after the alias ${t.text}`);
      parseAttr(lx, p.aliases);
    }
    const rest = lx.peek();
    if (rest.kind !== "eof") throw lx.error(rest, `unexpected ${describe(rest)} after the module`);
    return { name, attrs, funcs, at: kw, meshes: p.meshes };
  }
  parseTopLevelItems(p, funcs, false);
  return { name: undefined, attrs: new Map(), funcs, at: first, meshes: p.meshes };
}
