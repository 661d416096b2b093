/**
 * The HLO text parser: XLA's module grammar (xla/hlo/parser/hlo_parser.cc),
 * read into plain records that keep their tokens for error positions. The
 * records are then turned into an HloModule by module_from_text.ts, which
 * orders computations and instructions, resolves names and infers omitted
 * shapes. Every failure is a ParseError with line:column and a caret.
 *
 *   module      ::= 'HloModule' name (',' attr)* computation+
 *   computation ::= ['ENTRY'] name [signature] '{' instruction+ '}' [',' 'execution_thread=' string]
 *   instruction ::= ['ROOT'] name '=' [shape] opcode '(' operands ')' (',' attr)*
 */
import { ParseError } from "../errors.ts";
import type { Literal } from "../literal.ts";
import type { HeaderAttribute, HloModule } from "../module.ts";
import { type Opcode, isOpcode } from "../opcode.ts";
import type { Shape } from "../shape.ts";
import { type AttrSpec, type CallRef, ATTRIBUTE_SPECS, IGNORED_ATTRIBUTES, readAttributeValue, skipValue, stripPercent } from "./attribute_text.ts";
import { Lexer, type Token, quote } from "./lexer.ts";
import { parseLiteral } from "./literal_text.ts";
import { moduleFromText } from "./module_from_text.ts";
import { parseShapeFrom, readNonNegative, startsShape } from "./shape_text.ts";

export interface RawOperand {
  readonly name: string;
  readonly tok: Token;
}

export interface RawInstruction {
  readonly name: string;
  readonly nameTok: Token;
  readonly isRoot: boolean;
  readonly declared: Shape | undefined;
  readonly opcode: Opcode;
  readonly opcodeTok: Token;
  readonly operands: readonly RawOperand[];
  /** Attribute-object entries parsed from text (camelCase keys). */
  readonly attributes: Record<string, unknown>;
  /** Called computations by role (to_apply, condition, ...). */
  readonly calls: Record<string, CallRef>;
  readonly literal?: Literal;
  readonly parameterNumber?: number;
}

export interface RawComputation {
  readonly name: string;
  readonly nameTok: Token;
  readonly isEntry: boolean;
  readonly instructions: readonly RawInstruction[];
}

export interface RawModule {
  readonly name: string;
  readonly headerAttributes: readonly HeaderAttribute[];
  readonly computations: readonly RawComputation[];
}

function parseHeader(lx: Lexer): { name: string; headerAttributes: HeaderAttribute[] } {
  const kw = lx.next();
  if (kw.kind !== "word" || kw.text !== "HloModule") throw lx.error(kw, `expects 'HloModule' at the start of the module, but sees ${quote(kw)}`);
  const name = lx.expectWord("a module name");
  const headerAttributes: HeaderAttribute[] = [];
  const seen = new Set<string>();
  while (lx.eatPunct(",")) {
    const attr = lx.expectWord("a module attribute name");
    if (seen.has(attr.text)) throw lx.error(attr, `attribute ${attr.text} already exists`);
    seen.add(attr.text);
    lx.expectPunct("=", `after the module attribute '${attr.text}'`);
    const value = skipValue(lx);
    // The entry layout is regenerated from the entry computation when printing.
    if (attr.text !== "entry_computation_layout") headerAttributes.push({ name: attr.text, value });
  }
  return { name: stripPercent(name.text), headerAttributes };
}

/** `(a: f32[], b: s32[2]) -> f32[]`: read and dropped (the printer writes ShortParsable text without it). */
function skipSignature(lx: Lexer): void {
  lx.expectPunct("(", "to start a computation signature");
  if (!lx.eatPunct(")")) {
    for (;;) {
      lx.expectWord("a parameter name");
      lx.expectPunct(":", "after a parameter name in a signature");
      parseShapeFrom(lx);
      if (lx.eatPunct(")")) break;
      lx.expectPunct(",", "between signature parameters");
    }
  }
  lx.expectPunct("->", "after the parameter list of a signature");
  parseShapeFrom(lx);
}

function parseComputation(lx: Lexer): RawComputation {
  let nameTok = lx.expectWord("a computation name or ENTRY");
  const isEntry = nameTok.text === "ENTRY";
  if (isEntry) nameTok = lx.expectWord("a computation name after ENTRY");
  if (lx.isPunct("(")) skipSignature(lx);
  const open = lx.expectPunct("{", `to open computation ${stripPercent(nameTok.text)}`);
  const instructions: RawInstruction[] = [];
  while (!lx.eatPunct("}")) {
    if (lx.peek().kind === "eof") throw lx.error(open, `computation ${stripPercent(nameTok.text)} is not closed: end of input before its '}'`);
    instructions.push(parseInstruction(lx));
  }
  if (instructions.length === 0) throw lx.error(nameTok, `computation ${stripPercent(nameTok.text)} has no instructions`);
  // `, execution_thread="name"` after the closing brace.
  if (lx.isPunct(",")) {
    lx.next();
    const attr = lx.expectWord("execution_thread");
    if (attr.text !== "execution_thread") throw lx.error(attr, `expects 'execution_thread=' after a computation, but sees ${quote(attr)}`);
    lx.expectPunct("=", "after execution_thread");
    const v = lx.next();
    if (v.kind !== "string") throw lx.error(v, `expects a quoted thread name, but sees ${quote(v)}`);
  }
  return { name: stripPercent(nameTok.text), nameTok, isEntry, instructions };
}

function parseOperands(lx: Lexer): RawOperand[] {
  const operands: RawOperand[] = [];
  if (lx.eatPunct(")")) return operands;
  for (;;) {
    if (startsShape(lx)) parseShapeFrom(lx); // operand shapes are informational
    const t = lx.expectWord("an operand name");
    if (lx.isPunct("(") || lx.isPunct("=")) throw lx.error(t, "nested instructions as operands are not supported");
    operands.push({ name: stripPercent(t.text), tok: t });
    if (lx.eatPunct(")")) return operands;
    lx.expectPunct(",", "between operands");
  }
}

function parseInstruction(lx: Lexer): RawInstruction {
  let nameTok = lx.expectWord("an instruction name");
  const isRoot = nameTok.text === "ROOT";
  if (isRoot) nameTok = lx.expectWord("an instruction name after ROOT");
  lx.expectPunct("=", `after the instruction name ${quote(nameTok)}`);
  const declared = startsShape(lx) ? parseShapeFrom(lx) : undefined;
  const opcodeTok = lx.expectWord("an opcode");
  if (!isOpcode(opcodeTok.text)) throw lx.error(opcodeTok, `unknown opcode ${quote(opcodeTok)}`);
  const opcode = opcodeTok.text;
  lx.expectPunct("(", `after the opcode ${opcode}`);
  let operands: RawOperand[] = [];
  let literal: Literal | undefined;
  let parameterNumber: number | undefined;
  if (opcode === "constant") {
    if (declared === undefined) throw lx.error(opcodeTok, "a constant needs its shape written before the opcode");
    literal = parseLiteral(lx, declared);
    lx.expectPunct(")", "after the constant literal");
  } else if (opcode === "parameter") {
    parameterNumber = readNonNegative(lx, lx.next(), "the parameter number");
    lx.expectPunct(")", "after the parameter number");
  } else {
    operands = parseOperands(lx);
  }
  const attributes: Record<string, unknown> = {};
  const calls: Record<string, CallRef> = {};
  parseAttributes(lx, opcode, attributes, calls);
  return { name: stripPercent(nameTok.text), nameTok, isRoot, declared, opcode, opcodeTok, operands, attributes, calls, literal, parameterNumber };
}

function parseAttributes(lx: Lexer, opcode: Opcode, attributes: Record<string, unknown>, calls: Record<string, CallRef>): void {
  const specs: Readonly<Record<string, AttrSpec>> = ATTRIBUTE_SPECS[opcode];
  const seen = new Set<string>();
  const raw: { name: string; value: string }[] = [];
  let last: Token | undefined;
  while (lx.isPunct(",")) {
    lx.next();
    const attr = lx.expectWord("an attribute name");
    last = attr;
    if (seen.has(attr.text)) throw lx.error(attr, `attribute ${attr.text} already exists`);
    seen.add(attr.text);
    lx.expectPunct("=", `after the attribute name '${attr.text}'`);
    const spec = Object.hasOwn(specs, attr.text) ? specs[attr.text] : undefined;
    if (spec) {
      const value = readAttributeValue(lx, spec, attr.text);
      if (spec.kind === "computation" || spec.kind === "computations") calls[attr.text] = value as CallRef;
      else if (spec.kind === "slice") Object.assign(attributes, value);
      else if (value !== undefined) attributes[spec.key] = value;
    } else if (opcode === "custom-call") {
      raw.push({ name: attr.text, value: skipValue(lx) });
    } else if (IGNORED_ATTRIBUTES.has(attr.text)) {
      skipValue(lx);
    } else {
      throw lx.error(attr, `unexpected attribute '${attr.text}' for ${opcode}`);
    }
  }
  for (const [textName, spec] of Object.entries(specs)) {
    if (seen.has(textName)) continue;
    if (spec.required) {
      throw lx.error(last ?? lx.peek(), `attribute ${textName} is expected but not seen for ${opcode}`);
    }
    if (spec.absent !== undefined) attributes[spec.key] = structuredClone(spec.absent);
  }
  if (opcode === "custom-call") attributes.rawAttributes = raw;
}

function parseRawModule(lx: Lexer): RawModule {
  const { name, headerAttributes } = parseHeader(lx);
  const computations: RawComputation[] = [];
  while (lx.peek().kind !== "eof") computations.push(parseComputation(lx));
  if (computations.length === 0) throw lx.error(lx.peek(), "expects at least one computation");
  return { name, headerAttributes, computations };
}

/** Parses XLA's HLO module text (as XLA and JAX print it) into a frozen HloModule. */
export function parseHloModule(text: string): HloModule {
  if (typeof text !== "string") throw new ParseError("parseHloModule expects a string");
  const lx = new Lexer(text);
  try {
    return moduleFromText(lx, parseRawModule(lx));
  } catch (e) {
    if (e instanceof RangeError) {
      // A stack or allocation limit reached on hostile input is reported as malformed text.
      throw new ParseError(`input too large or too deeply nested: ${e.message}`);
    }
    throw e;
  }
}

/** Parses one shape: "f64[2,3]{1,0}", "(f32[], s32[2])", "pred[]". */
export function parseShape(text: string): Shape {
  const lx = new Lexer(text);
  const s = parseShapeFrom(lx);
  const rest = lx.peek();
  if (rest.kind !== "eof") throw lx.error(rest, `expects the end of the shape, but sees ${quote(rest)}`);
  return s;
}
