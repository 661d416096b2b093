/**
 * The HloModule from what the translation emitted (emitter.ts): each
 * instruction becomes the record the HLO text parser would make of its line
 * (shape, opcode, operands, attributes read by the HLO attribute reader,
 * constants' literals as built from the dense values), and the HLO parser's
 * own module builder orders, checks and freezes them, so the module is the
 * one HLO text would give — without printing HLO text and reading it again.
 * Every token points at the StableHLO op that made the instruction, so each
 * error is reported there. Then StableHLO's verifier runs (typing rules).
 * A sound module is first tried the direct way (direct_build.ts); this
 * thorough path builds what that one declines, and reports its problem.
 */
import { ParseError } from "../errors.ts";
import type { Literal } from "../literal.ts";
import type { HeaderAttribute, HloModule } from "../module.ts";
import { isOpcode } from "../opcode.ts";
import type { CallRef } from "../text/attribute_text.ts";
import { Lexer, type Token, parseErrorAt } from "../text/lexer.ts";
import { moduleFromText } from "../text/module_from_text.ts";
import { parseAttributeList, parseConstantText, parseShape } from "../text/parser.ts";
import type { RawComputation, RawInstruction } from "../text/raw_module.ts";
import { VERIFY_RULES } from "../verify/verifier.ts";
import { DIRECT_BUILD_RULES, DirectBuilder, type Tables, directModule } from "./direct_build.ts";
import type { Emitted, ModuleText } from "./emitter.ts";

/**
 * The verifier's rules that can still find something here: the module
 * builder already refuses what the others check (names, definitions before
 * use, roots, callees, recursion, shape data, attribute schemas).
 */
const BUILT_IN = new Set(["unique-names", "defined-before-use", "root-exists", "no-recursion", "callees-first", "valid-shapes", "attribute-schema"]);
const READER_RULES = VERIFY_RULES.filter((r) => !BUILT_IN.has(r.name));
/** What the direct builder leaves to the verifier (nothing today: it checks the others as it builds). */
const DIRECT_RULES = READER_RULES.filter((r) => !DIRECT_BUILD_RULES.has(r.name));

const tokenAt = (text: string, at: number): Token => ({ kind: "word", text, start: at, end: at });

/** Runs `f`; a ParseError it throws (positioned in a piece of HLO text) is reported at the op instead. */
function atOp<T>(text: string, at: number, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (!(e instanceof ParseError)) throw e;
    const first = e.message.split("\n")[0].replace(/^\d+:\d+: /, "");
    throw parseErrorAt(text, at, `${first} (in the HLO this op becomes)`);
  }
}

/** The offset of a 1-based line and column. */
function offsetOf(text: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf("\n", at);
    if (nl < 0) break;
    at = nl + 1;
  }
  return at + column - 1;
}

function callsAt(calls: Record<string, CallRef>, at: number): Record<string, CallRef> {
  const out: Record<string, CallRef> = {};
  for (const [k, c] of Object.entries(calls)) out[k] = { names: c.names, toks: c.names.map((n) => tokenAt(n, at)) };
  return out;
}


function rawInstruction(text: string, e: Emitted, isRoot: boolean, tables: Tables): RawInstruction {
  const shapes = tables.shapes;
  const at = e.at;
  // One token stands for the instruction's name, opcode, operands and end: they all point at the op.
  const tok = tokenAt(e.name, at);
  if (!isOpcode(e.opcode)) throw parseErrorAt(text, at, `unknown opcode '${e.opcode}' (in the HLO this op becomes)`);
  const opcode = e.opcode;
  let declared = shapes.get(e.shape);
  if (declared === undefined) {
    declared = atOp(text, at, () => parseShape(e.shape));
    shapes.set(e.shape, declared);
  }
  const shape = declared;
  const key = `${opcode} ${e.attrs}`;
  let parsed = tables.attrs.get(key);
  if (parsed === undefined) {
    parsed = atOp(text, at, () => parseAttributeList(e.attrs, opcode));
    // The records are only read (the module builder copies them): one serves every instruction spelled the same.
    if (e.attrs.length < 200) tables.attrs.set(key, parsed);
  }
  let literal: Literal | undefined;
  if (opcode === "constant") {
    const l = e.literal;
    if (l === undefined) throw parseErrorAt(text, at, "a constant without a literal (in the HLO this op becomes)");
    literal = typeof l === "string" ? atOp(text, at, () => parseConstantText(l, shape)) : l;
  }
  const preds = parsed.controlPredecessors;
  return {
    name: e.name, nameTok: tok, isRoot, declared, opcode, opcodeTok: tok,
    operands: e.operands.map((o) => ({ name: o.hlo, tok })),
    attributes: parsed.attributes, calls: callsAt(parsed.calls, at), literal, elided: false, parameterNumber: e.parameterNumber,
    annotations: parsed.annotations, controlPredecessors: preds === undefined ? undefined : { names: preds.names, toks: preds.names.map((n) => tokenAt(n, at)) },
    endTok: tok,
  };
}

/** A builder for the direct way that takes each computation as it is written (ModuleText's sink). */
export function newDirectBuilder(): DirectBuilder {
  return new DirectBuilder({ shapes: new Map(), attrs: new Map() });
}

/** The module the direct builder built, or undefined where buildHloModule's thorough path must decide. */
export function finishDirect(b: DirectBuilder, name: string, headerAttributes: readonly HeaderAttribute[]): HloModule | undefined {
  return b.finish(name, headerAttributes, DIRECT_RULES);
}

/** The module of the emitted computations; `text` is the StableHLO text (for error positions). */
export function buildHloModule(text: string, out: ModuleText, name: string, headerAttributes: readonly HeaderAttribute[]): HloModule {
  const tables: Tables = { shapes: new Map(), attrs: new Map() };
  // The usual case, a sound module, is built directly; anything else takes the thorough path below, which positions each problem.
  const direct = directModule(out, name, headerAttributes, tables, DIRECT_RULES);
  if (direct !== undefined) return direct;
  const computations: RawComputation[] = out.comps.map((c) => ({
    name: c.name,
    nameTok: tokenAt(c.name, c.body[0]?.at ?? 0),
    isEntry: c.isEntry,
    instructions: c.body.map((e) => rawInstruction(text, e, e.name === c.root, tables)),
  }));
  const lx = new Lexer(text);
  let m: HloModule;
  try {
    m = moduleFromText(lx, { name, headerAttributes, stackFrames: [], computations });
  } catch (e) {
    // Positioned at the op already: say that the problem is in the HLO it became.
    if (!(e instanceof ParseError) || e.line === undefined) throw e;
    const first = e.message.split("\n")[0].replace(/^\d+:\d+: /, "");
    throw parseErrorAt(text, offsetOf(text, e.line, e.column ?? 1), `${first} (in the HLO this op becomes)`);
  }
  // StableHLO's verifier runs when MLIR is read: a typing problem is reported at the op that made the instruction.
  const problems = READER_RULES.flatMap((r) => r.check(m, {}));
  if (problems.length > 0) {
    const named = /instruction "?([^\s:",]+)/.exec(problems[0])?.[1];
    let at = 0;
    for (const c of out.comps) for (const e of c.body) if (e.name === named) at = e.at;
    throw parseErrorAt(text, at, `${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more problems)` : ""}`);
  }
  return m;
}
