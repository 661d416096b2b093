/**
 * The HLO text parser: XLA's module grammar (xla/hlo/parser/hlo_parser.cc),
 * read into plain records that keep their tokens for error positions. The
 * records are then turned into an HloModule by module_from_text.ts, which
 * orders computations and instructions, resolves names and infers omitted
 * shapes. Every failure is a ParseError with line:column and a caret.
 *
 *   module      ::= ['HloModule' name (',' attr)* stack_frames] computation+
 *   computation ::= ['ENTRY'] name [signature] '{' instruction+ '}' [',' 'execution_thread=' string]
 *   instruction ::= ['ROOT'] name '=' [shape] opcode '(' operands ')' (',' attr)*
 *   operand     ::= [shape] name | shape opcode '(' operands ')'   (a nested instruction, named opcode.anon)
 *   attr        ::= name '=' value | computation_attr '=' '{' instruction+ '}'   (an inline computation, named _)
 *   opcode      ::= an opcode | op '-start' | op '-update' | op '-done'   (XLA's sugar for async ops wrapping one op)
 */
import type { InstructionAnnotations, StackFrameSection } from "../annotations.ts";
import { ParseError } from "../errors.ts";
import { type ArrayLiteral, type Literal, zeroLiteral } from "../literal.ts";
import type { HeaderAttribute, HloModule } from "../module.ts";
import { nameProblem } from "../names.ts";
import { type Opcode, isOpcode } from "../opcode.ts";
import { type Shape, elementCount, isTupleShape } from "../shape.ts";
import { type AttrSpec, type CallRef, ATTRIBUTE_SPECS, IGNORED_ATTRIBUTES, readAttributeValue, skipValue, stripPercent } from "./attribute_text.ts";
import {
  type RawControlPredecessors, frontendAttributesText, isAnnotationName, readBackendConfig, readControlPredecessors, readFrontendAttributes, readMetadata,
  readParameterReplication, readSharding, readStatistics,
} from "./annotation_text.ts";
import { Lexer, type Token, quote } from "./lexer.ts";
import { parseLiteral } from "./literal_text.ts";
import { moduleFromText } from "./module_from_text.ts";
import type { RawComputation, RawInstruction, RawModule, RawOperand } from "./raw_module.ts";
import { readShapedLiteralText } from "./raw_value.ts";
import { parseShapeFrom, readNonNegative, startsShape } from "./shape_text.ts";

/**
 * What parsing one module carries from instruction to instruction: inline
 * computations (`to_apply={...}`) finished but not yet placed (they go before
 * the computation that holds them, as XLA adds them to the module first), and
 * counters for the provisional names of nested instructions and inline
 * computations, which XLA names `opcode.anon` and `_` before uniquifying.
 */
interface ParseContext {
  readonly inline: RawComputation[];
  readonly anonymous: Map<string, number>;
}

/** `base`, then `base.1`, `base.2`, ...: provisional names unique within one parse. */
function provisionalName(ctx: ParseContext, base: string): string {
  const n = ctx.anonymous.get(base) ?? 0;
  ctx.anonymous.set(base, n + 1);
  return n === 0 ? base : `${base}.${n}`;
}

/** A declared name (module, computation, instruction) without its '%', refused at its position when it is not a valid name. */
function declaredName(lx: Lexer, tok: Token): string {
  const name = stripPercent(tok.text);
  const problem = nameProblem(name);
  if (problem !== undefined) throw lx.error(tok, problem);
  return name;
}

function parseHeader(lx: Lexer): { name: string; headerAttributes: HeaderAttribute[] } {
  const kw = lx.next();
  if (kw.kind !== "word" || kw.text !== "HloModule") throw lx.error(kw, `expects 'HloModule' at the start of the module, but sees ${quote(kw)}`);
  const name = lx.expectWord("a module name");
  // XLA's lexer reads `name:` as a name too: `HloModule convolution.167:` is accepted.
  if (lx.isPunct(":") && lx.peek().start === name.end) lx.next();
  const headerAttributes: HeaderAttribute[] = [];
  const seen = new Set<string>();
  while (lx.eatPunct(",")) {
    const attr = lx.expectWord("a module attribute name");
    if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(attr.text)) throw lx.error(attr, `${quote(attr)} is not a module attribute name (a letter or '_', then letters, digits, '_', '.', '-')`);
    if (seen.has(attr.text)) throw lx.error(attr, `attribute ${attr.text} already exists`);
    seen.add(attr.text);
    lx.expectPunct("=", `after the module attribute '${attr.text}'`);
    const value = headerValue(lx, attr.text);
    // The entry layout is regenerated from the entry computation when printing.
    if (attr.text !== "entry_computation_layout" && value !== undefined) headerAttributes.push({ name: attr.text, value });
  }
  return { name: declaredName(lx, name), headerAttributes };
}

/**
 * A module attribute's value as XLA prints it back, or undefined where XLA
 * prints nothing (the default: is_scheduled=false, replica_count=1, ...).
 */
function headerValue(lx: Lexer, name: string): string | undefined {
  switch (name) {
    case "is_scheduled":
    case "alias_passthrough_params": {
      const t = lx.next();
      if (t.kind !== "word" || (t.text !== "true" && t.text !== "false")) throw lx.error(t, `expects true or false for ${name}, but sees ${quote(t)}`);
      return t.text === "true" ? "true" : undefined;
    }
    case "replica_count":
    case "num_partitions": {
      const v = readNonNegative(lx, lx.next(), name);
      return v === 1 ? undefined : String(v);
    }
    case "allow_spmd_sharding_propagation_to_parameters":
    case "allow_spmd_sharding_propagation_to_output": {
      const t = lx.peek();
      if (t.kind === "word") return `{${readParameterReplication(new Lexer(`{${lx.next().text}}`)).join(",")}}`;
      return `{${readParameterReplication(lx).join(",")}}`;
    }
    case "frontend_attributes": {
      const attrs = readFrontendAttributes(lx);
      return attrs.length === 0 ? undefined : frontendAttributesText(attrs);
    }
    default:
      return skipValue(lx);
  }
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

function parseComputation(lx: Lexer, ctx: ParseContext): RawComputation {
  let nameTok = lx.expectWord("a computation name or ENTRY");
  const isEntry = nameTok.text === "ENTRY";
  if (isEntry) nameTok = lx.expectWord("a computation name after ENTRY");
  const name = declaredName(lx, nameTok);
  if (lx.isPunct("(")) skipSignature(lx);
  const open = lx.expectPunct("{", `to open computation ${name}`);
  const instructions = parseBody(lx, ctx, open, name);
  // `, execution_thread="name"` after the closing brace.
  if (lx.isPunct(",")) {
    lx.next();
    const attr = lx.expectWord("execution_thread");
    if (attr.text !== "execution_thread") throw lx.error(attr, `expects 'execution_thread=' after a computation, but sees ${quote(attr)}`);
    lx.expectPunct("=", "after execution_thread");
    const v = lx.next();
    if (v.kind !== "string") throw lx.error(v, `expects a quoted thread name, but sees ${quote(v)}`);
  }
  return { name, nameTok, isEntry, instructions };
}

/** The instructions after a computation's '{' (consumed), up to and including its '}'; nested instructions come before their user. */
function parseBody(lx: Lexer, ctx: ParseContext, open: Token, name: string): RawInstruction[] {
  const instructions: RawInstruction[] = [];
  while (!lx.eatPunct("}")) {
    if (lx.peek().kind === "eof") throw lx.error(open, `computation ${name} is not closed: end of input before its '}'`);
    const nested: RawInstruction[] = [];
    const inst = parseInstruction(lx, ctx, nested);
    instructions.push(...nested, inst);
  }
  if (instructions.length === 0) throw lx.error(open, `computation ${name} has no instructions`);
  return instructions;
}

/** `{ instructions }` as a computation attribute's value: an inline computation, named `_` as XLA names it. */
function parseInlineComputation(lx: Lexer, ctx: ParseContext): CallRef {
  const open = lx.expectPunct("{", "to open an inline computation");
  const name = provisionalName(ctx, "_");
  const instructions = parseBody(lx, ctx, open, name);
  const nameTok: Token = { ...open, text: name };
  ctx.inline.push({ name, nameTok, isEntry: false, instructions });
  return { names: [name], toks: [nameTok] };
}

function parseOperands(lx: Lexer, ctx: ParseContext, nested: RawInstruction[]): RawOperand[] {
  const operands: RawOperand[] = [];
  if (lx.eatPunct(")")) return operands;
  for (;;) {
    const declared = startsShape(lx) ? parseShapeFrom(lx) : undefined; // operand shapes are informational
    const t = lx.expectWord("an operand name");
    if (lx.isPunct("(")) {
      // `f32[] parameter(0)` in an operand list: a nested instruction without a name or attributes.
      if (declared === undefined) throw lx.error(t, "a nested instruction needs its shape written before its opcode");
      const name = provisionalName(ctx, `${t.text}.anon`);
      const inst = parseInstructionRhs(lx, ctx, nested, { name, nameTok: t, isRoot: false, declared, opcodeTok: t }, false);
      nested.push(inst);
      operands.push({ name, tok: t });
    } else {
      if (lx.isPunct("=")) throw lx.error(t, "expects an operand, but sees an instruction definition");
      operands.push({ name: stripPercent(t.text), tok: t });
    }
    if (lx.eatPunct(")")) return operands;
    lx.expectPunct(",", "between operands");
  }
}

function parseInstruction(lx: Lexer, ctx: ParseContext, nested: RawInstruction[]): RawInstruction {
  let nameTok = lx.expectWord("an instruction name");
  const isRoot = nameTok.text === "ROOT";
  if (isRoot) nameTok = lx.expectWord("an instruction name after ROOT");
  lx.expectPunct("=", `after the instruction name ${quote(nameTok)}`);
  const name = declaredName(lx, nameTok);
  const declared = startsShape(lx) ? parseShapeFrom(lx) : undefined;
  const opcodeTok = lx.expectWord("an opcode");
  return parseInstructionRhs(lx, ctx, nested, { name, nameTok, isRoot, declared, opcodeTok }, true);
}

interface InstructionHead {
  readonly name: string;
  readonly nameTok: Token;
  readonly isRoot: boolean;
  readonly declared: Shape | undefined;
  readonly opcodeTok: Token;
}

/** From the opcode on (already read into `head`): operands and, unless nested, attributes. */
function parseInstructionRhs(lx: Lexer, ctx: ParseContext, nested: RawInstruction[], head: InstructionHead, withAttributes: boolean): RawInstruction {
  const { opcodeTok, declared } = head;
  const sugar = isOpcode(opcodeTok.text) ? undefined : asyncSugar(opcodeTok.text);
  if (sugar !== undefined) return parseAsyncSugar(lx, ctx, nested, head, sugar, withAttributes);
  if (!isOpcode(opcodeTok.text)) {
    // XLA's buffer shape `b(f32[])` reads here as an opcode b.
    if (opcodeTok.text === "b" && lx.isPunct("(")) throw lx.error(opcodeTok, "buffer shapes b(...) are not supported");
    throw lx.error(opcodeTok, `unknown opcode ${quote(opcodeTok)}`);
  }
  const opcode = opcodeTok.text;
  lx.expectPunct("(", `after the opcode ${opcode}`);
  let operands: RawOperand[] = [];
  let literal: Literal | undefined;
  let elided = false;
  let parameterNumber: number | undefined;
  if (opcode === "constant") {
    if (declared === undefined) throw lx.error(opcodeTok, "a constant needs its shape written before the opcode");
    // `{...}`: XLA prints large constants elided; the values are unknown.
    const e = lx.peek(1);
    if (lx.isPunct("{") && e.kind === "word" && e.text === "..." && lx.isPunct("}", 2)) {
      lx.next();
      lx.next();
      lx.next();
      elided = true;
    } else {
      literal = parseConstantLiteral(lx, declared);
    }
    lx.expectPunct(")", "after the constant literal");
  } else if (opcode === "parameter") {
    parameterNumber = readNonNegative(lx, lx.next(), "the parameter number");
    lx.expectPunct(")", "after the parameter number");
  } else {
    operands = parseOperands(lx, ctx, nested);
  }
  const attributes: Record<string, unknown> = {};
  const calls: Record<string, CallRef> = {};
  const annotations: Record<string, unknown> = {};
  const controlPredecessors = parseAttributes(lx, ctx, opcode, attributes, calls, annotations, withAttributes);
  return {
    name: head.name, nameTok: head.nameTok, isRoot: head.isRoot, declared, opcode, opcodeTok, operands, attributes, calls, literal, elided, parameterNumber,
    annotations: annotations as InstructionAnnotations, controlPredecessors, endTok: lx.peek(),
  };
}

type AsyncPhase = "start" | "update" | "done";

/** XLA's sugared async spelling `negate-start` / `-update` / `-done`: the wrapped opcode and the phase. */
function asyncSugar(text: string): { readonly wrapped: Opcode; readonly phase: AsyncPhase } | undefined {
  const m = /^(.+)-(start|update|done)$/.exec(text);
  if (m === null || !isOpcode(m[1])) return undefined;
  return { wrapped: m[1], phase: m[2] as AsyncPhase };
}

const ASYNC_THREAD: Readonly<Record<string, AttrSpec>> = { async_execution_thread: ATTRIBUTE_SPECS["async-start"].async_execution_thread };

/**
 * `op-start(operands), attrs`: XLA's printing of an async-start whose wrapped
 * computation is one instruction. It reads as that computation (parameters
 * shaped by the start's element {0}, the op shaped by element {1}, holding
 * the attributes) placed before the current one, and an async-start calling
 * it; `op-update` / `op-done` read as async-update / async-done.
 */
function parseAsyncSugar(
  lx: Lexer, ctx: ParseContext, nested: RawInstruction[], head: InstructionHead, sugar: { readonly wrapped: Opcode; readonly phase: AsyncPhase },
  withAttributes: boolean,
): RawInstruction {
  const { opcodeTok, declared } = head;
  lx.expectPunct("(", `after the opcode ${opcodeTok.text}`);
  const operands = parseOperands(lx, ctx, nested);
  const annotations: Record<string, unknown> = {};
  const base = { name: head.name, nameTok: head.nameTok, isRoot: head.isRoot, declared, opcodeTok, operands };
  if (sugar.phase !== "start") {
    const opcode = sugar.phase === "update" ? "async-update" : "async-done";
    const attributes: Record<string, unknown> = {};
    const calls: Record<string, CallRef> = {};
    const controlPredecessors = parseAttributes(lx, ctx, opcode, attributes, calls, annotations, withAttributes);
    return { ...base, opcode, attributes, calls, annotations: annotations as InstructionAnnotations, controlPredecessors, endTok: lx.peek() };
  }
  const params = declared !== undefined && isTupleShape(declared) && declared.tupleShapes.length >= 2 ? declared.tupleShapes[0] : undefined;
  if (declared === undefined || !isTupleShape(declared) || params === undefined || !isTupleShape(params) || params.tupleShapes.length !== operands.length) {
    throw lx.error(opcodeTok, `${opcodeTok.text} needs its shape written as ((operand shapes), result shape, ...) before the opcode`);
  }
  const wrappedAttributes: Record<string, unknown> = {};
  const wrappedCalls: Record<string, CallRef> = {};
  const controlPredecessors = parseAttributes(lx, ctx, sugar.wrapped, wrappedAttributes, wrappedCalls, annotations, withAttributes, ASYNC_THREAD);
  const { asyncExecutionThread, ...attributes } = wrappedAttributes;
  const endTok = lx.peek();
  const computation = provisionalName(ctx, `${head.name}.wrapped`);
  const nameTok: Token = { ...opcodeTok, text: computation };
  const parameters: RawInstruction[] = params.tupleShapes.map((s, i) => ({
    name: provisionalName(ctx, `${computation}.param_${i}`), nameTok: opcodeTok, isRoot: false, declared: s, opcode: "parameter", opcodeTok,
    operands: [], attributes: {}, calls: {}, parameterNumber: i, annotations: {}, endTok,
  }));
  const root: RawInstruction = {
    name: provisionalName(ctx, `${computation}.${sugar.wrapped}`), nameTok: opcodeTok, isRoot: true, declared: declared.tupleShapes[1], opcode: sugar.wrapped,
    opcodeTok, operands: parameters.map((p) => ({ name: p.name, tok: opcodeTok })), attributes, calls: wrappedCalls, annotations: {}, endTok,
  };
  ctx.inline.push({ name: computation, nameTok, isEntry: false, instructions: [...parameters, root] });
  return {
    ...base, opcode: "async-start", attributes: { asyncExecutionThread }, calls: { calls: { names: [computation], toks: [nameTok] } },
    annotations: annotations as InstructionAnnotations, controlPredecessors, endTok,
  };
}

/**
 * A constant's literal. XLA also reads a bare number for an array shape
 * (`s8[10] constant(1)`): the number becomes the first element and the rest
 * are zero, as XLA's parser fills a dense literal from the values it is given.
 */
function parseConstantLiteral(lx: Lexer, declared: Shape): Literal {
  if (lx.isPunct("{") || isTupleShape(declared) || declared.dimensions.length === 0 || elementCount(declared) === 0) return parseLiteral(lx, declared);
  const scalar = parseLiteral(lx, { elementType: declared.elementType, dimensions: [] }) as ArrayLiteral;
  const out = zeroLiteral(declared) as ArrayLiteral;
  // Same element type, so the same storage kind (a complex scalar fills two lanes).
  (out.data as Float64Array).set(scalar.data as Float64Array);
  return out;
}

/** Reads one of the attributes every instruction accepts into `annotations`; control predecessors are returned. */
function parseAnnotation(lx: Lexer, name: string, annotations: Record<string, unknown>): RawControlPredecessors | undefined {
  switch (name) {
    case "parameter_replication": annotations.parameterReplication = readParameterReplication(lx); return undefined;
    case "sharding": annotations.sharding = readSharding(lx); return undefined;
    case "frontend_attributes": annotations.frontendAttributes = readFrontendAttributes(lx); return undefined;
    case "statistics": annotations.statistics = readStatistics(lx); return undefined;
    case "origin": annotations.origin = skipValue(lx); return undefined;
    case "metadata": annotations.metadata = readMetadata(lx); return undefined;
    case "backend_config": annotations.backendConfig = readBackendConfig(lx); return undefined;
    case "control-predecessors": return readControlPredecessors(lx);
  }
  throw lx.error(lx.peek(), `unknown annotation ${name}`);
}

function parseAttributes(
  lx: Lexer, ctx: ParseContext, opcode: Opcode, attributes: Record<string, unknown>, calls: Record<string, CallRef>, annotations: Record<string, unknown>,
  withAttributes: boolean, extraSpecs: Readonly<Record<string, AttrSpec>> = {},
): RawControlPredecessors | undefined {
  let controlPredecessors: RawControlPredecessors | undefined;
  const other: { name: string; value: string }[] = [];
  const specs: Readonly<Record<string, AttrSpec>> = { ...ATTRIBUTE_SPECS[opcode], ...extraSpecs };
  const seen = new Set<string>();
  const raw: { name: string; value: string }[] = [];
  let last: Token | undefined;
  while (withAttributes && lx.isPunct(",")) {
    lx.next();
    const attr = lx.expectWord("an attribute name");
    last = attr;
    if (seen.has(attr.text)) throw lx.error(attr, `attribute ${attr.text} already exists`);
    seen.add(attr.text);
    lx.expectPunct("=", `after the attribute name '${attr.text}'`);
    const spec = Object.hasOwn(specs, attr.text) ? specs[attr.text] : undefined;
    if (!spec && isAnnotationName(attr.text)) {
      const preds = parseAnnotation(lx, attr.text, annotations);
      if (preds !== undefined) controlPredecessors = preds;
    } else if (spec?.kind === "computation" && lx.isPunct("{")) {
      calls[attr.text] = parseInlineComputation(lx, ctx);
    } else if (spec) {
      const value = readAttributeValue(lx, spec, attr.text);
      if (spec.kind === "computation" || spec.kind === "computations") calls[attr.text] = value as CallRef;
      else if (spec.kind === "slice") Object.assign(attributes, value);
      else if (value !== undefined) attributes[spec.key] = value;
    } else if (opcode === "custom-call") {
      raw.push({ name: attr.text, value: attr.text === "literal" ? readShapedLiteralText(lx) : skipValue(lx) });
    } else if (IGNORED_ATTRIBUTES.has(attr.text)) {
      other.push({ name: attr.text, value: skipValue(lx) });
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
  if (other.length > 0) annotations.other = other;
  return controlPredecessors;
}

const STACK_FRAME_SECTIONS: readonly StackFrameSection["name"][] = ["FileNames", "FunctionNames", "FileLocations", "StackFrames"];

/**
 * The stack-frame index after the header: sections `FileNames`, ...,
 * `StackFrames` (XLA's keywords, in that order), each a list of `id value`
 * lines whose values (a string or a `{...}` group) are kept as text.
 */
function parseStackFrames(lx: Lexer): StackFrameSection[] {
  const sections: StackFrameSection[] = [];
  let next = 0;
  for (;;) {
    const t = lx.peek();
    const at = t.kind === "word" ? STACK_FRAME_SECTIONS.indexOf(t.text as StackFrameSection["name"]) : -1;
    if (at < 0) return sections;
    if (at < next) throw lx.error(t, `section ${t.text} is out of order or repeated (expected order: ${STACK_FRAME_SECTIONS.join(", ")})`);
    next = at + 1;
    lx.next();
    const entries: { id: number; value: string }[] = [];
    while (lx.peek().kind === "word" && /^[0-9]+$/.test(lx.peek().text)) {
      const id = readNonNegative(lx, lx.next(), `an entry id of ${t.text}`);
      const v = lx.peek();
      const value = v.kind === "string" ? lx.next().text : lx.isPunct("{") ? lx.rawBraces(`in an entry of ${t.text}`).text : undefined;
      if (value === undefined) throw lx.error(v, `expects a quoted string or a {...} value for entry ${id} of ${t.text}, but sees ${quote(v)}`);
      entries.push({ id, value });
    }
    sections.push({ name: STACK_FRAME_SECTIONS[at], entries });
  }
}

function parseRawModule(lx: Lexer): RawModule {
  // XLA reads a file of bare computations as a module too (named after its entry, see moduleFromText).
  const first = lx.peek();
  const { name, headerAttributes } = first.kind === "word" && first.text === "HloModule" ? parseHeader(lx) : { name: undefined, headerAttributes: [] };
  const stackFrames = parseStackFrames(lx);
  const ctx: ParseContext = { inline: [], anonymous: new Map() };
  const computations: RawComputation[] = [];
  while (lx.peek().kind !== "eof") {
    const comp = parseComputation(lx, ctx);
    computations.push(...ctx.inline.splice(0), comp);
  }
  if (computations.length === 0) throw lx.error(lx.peek(), "expects at least one computation");
  return { name, headerAttributes, stackFrames, computations };
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

/** What an instruction's attribute list holds, read as the parser reads it after the operands. */
export interface ParsedAttributeList {
  readonly attributes: Record<string, unknown>;
  readonly calls: Record<string, CallRef>;
  readonly annotations: InstructionAnnotations;
  readonly controlPredecessors: RawControlPredecessors | undefined;
}

/**
 * One instruction's attributes written as HLO text (`dimensions={0}, to_apply=f`),
 * for readers that build instructions without writing whole HLO text (the
 * StableHLO reader). Errors are ParseErrors positioned in `text`.
 */
export function parseAttributeList(text: string, opcode: Opcode): ParsedAttributeList {
  const lx = new Lexer(text === "" ? "" : `,${text}`);
  const ctx: ParseContext = { inline: [], anonymous: new Map() };
  const attributes: Record<string, unknown> = {};
  const calls: Record<string, CallRef> = {};
  const annotations: Record<string, unknown> = {};
  const controlPredecessors = parseAttributes(lx, ctx, opcode, attributes, calls, annotations, true);
  const rest = lx.peek();
  if (rest.kind !== "eof") throw lx.error(rest, `expects ',' or the end of the attributes, but sees ${quote(rest)}`);
  if (ctx.inline.length > 0) throw lx.error(0, "inline computations are not taken here");
  return { attributes, calls, annotations: annotations as InstructionAnnotations, controlPredecessors };
}

/** A constant's literal written as HLO text, for a declared shape. */
export function parseConstantText(text: string, shape: Shape): Literal {
  const lx = new Lexer(text);
  const l = parseConstantLiteral(lx, shape);
  const rest = lx.peek();
  if (rest.kind !== "eof") throw lx.error(rest, `expects the end of the literal, but sees ${quote(rest)}`);
  return l;
}
