/**
 * The fast way from emitted instructions (emitter.ts) to the HloModule, for
 * the usual case of a sound translation: instructions are built as the HLO
 * parser's module builder builds them (same objects, same order, same
 * attribute checks, deeply frozen as createModule freezes, which builds the
 * module), but without its intermediate records, tokens and renaming pass.
 * The verifier's rules are checked as each instruction is built: its stored
 * shape against the one inferred from its operands (StableHLO's typing rule:
 * inferred once here, with each callee's signature computed once, instead of
 * again by the verifier), operand and callee counts, parameter numbers, no
 * implicit broadcast. Any doubt (a name the
 * renaming would change, a forward reference, a shape or attribute problem,
 * a verifier complaint) gives undefined, and build_module.ts takes the
 * thorough path, which reports the problem at its op with the same message
 * as always. So errors stay as they were; only sound modules are faster.
 */
import { freeze } from "immer";
import type { InstructionAnnotations } from "../annotations.ts";
import { inferShape } from "../infer/shape_inference.ts";
import type { HloInstruction } from "../instruction.ts";
import type { Literal } from "../literal.ts";
import { type HeaderAttribute, type HloComputation, type HloModule, createModule } from "../module.ts";
import { OPCODES, type Opcode, hasTrait, isOpcode } from "../opcode.ts";
import { type ProgramShape, type Shape, isArrayShape, sameDimensions, shapesEqual, tupleShape } from "../shape.ts";
import { leafCount, normalizeTupleSharding } from "../text/annotation_text.ts";
import type { CallRef } from "../text/attribute_text.ts";
import { type ParsedAttributeList, parseAttributeList, parseConstantText, parseShape } from "../text/parser.ts";
import { noteValidAttributes } from "../verify/typing_rules.ts";
import type { VerifyRule } from "../verify/rule.ts";
import type { Emitted, ModuleText, WrittenComp } from "./emitter.ts";
import { calleeTemplate, fitsTemplate, withCallees } from "./callee_templates.ts";

/** Per module: shapes by text, attribute lists by opcode and text (most instructions share a few). */
export interface Tables {
  readonly shapes: Map<string, Shape>;
  readonly attrs: Map<string, ParsedAttributeList>;
}

/** Thrown inside this file only: the thorough path must decide. */
class NotSimple extends Error {}
const NOT_SIMPLE = new NotSimple("not simple");

/**
 * Whether XLA's name uniquer keeps every name added as it is: each ends in
 * `.N` (N a positive decimal without a leading zero) and no N comes twice,
 * so no base meets the same number twice (as the emitter's names, numbered
 * by one counter, are). Names are added one at a time, as they are built.
 */
class KeptNames {
  // Numbers seen: a bitmap for the small ones (the emitter's), grown as needed; a set beyond.
  #small = new Uint8Array(1024);
  readonly #large = new Set<number>();

  /** Adds the name; false if the uniquer would change it (or another one). */
  add(n: string): boolean {
    const dot = n.lastIndexOf(".");
    if (dot <= 0 || dot === n.length - 1 || n.length - dot > 16) return false;
    let id = 0;
    for (let i = dot + 1; i < n.length; i++) {
      const c = n.charCodeAt(i);
      if (c < 48 || c > 57 || (i === dot + 1 && c === 48)) return false;
      id = id * 10 + (c - 48);
    }
    if (id < 1 << 24) {
      if (id >= this.#small.length) {
        const grown = new Uint8Array(Math.max(2 * this.#small.length, id + 1));
        grown.set(this.#small);
        this.#small = grown;
      }
      if (this.#small[id] !== 0) return false;
      this.#small[id] = 1;
      return true;
    }
    if (this.#large.has(id)) return false;
    this.#large.add(id);
    return true;
  }
}

/**
 * Freezes as immer's deep freeze (createModule's) does, iteratively: plain
 * objects and arrays here, anything else (maps, sets, class instances) by
 * immer itself; an object frozen already is not entered, as immer does not.
 */
function deepFreeze<T>(root: T): T {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const x = stack.pop();
    if (typeof x !== "object" || x === null || Object.isFrozen(x)) continue;
    if (Array.isArray(x)) {
      Object.freeze(x);
      const xs = x as readonly unknown[];
      for (let i = 0; i < xs.length; i++) {
        const v = xs[i];
        if (typeof v === "object" && v !== null) stack.push(v);
      }
      continue;
    }
    const proto: unknown = Object.getPrototypeOf(x);
    if (proto !== Object.prototype && proto !== null) {
      freeze(x, true);
      continue;
    }
    Object.freeze(x);
    const keys = Object.keys(x);
    for (let i = 0; i < keys.length; i++) {
      const v = (x as Record<string, unknown>)[keys[i]];
      if (typeof v === "object" && v !== null) stack.push(v);
    }
  }
  return root;
}

/** Whether the operand count fits the opcode's arity (the verifier's operand-count rule). */
function arityFits(opcode: Opcode, n: number): boolean {
  const { arity, minOperands } = OPCODES[opcode] as { readonly arity: number | "variadic"; readonly minOperands?: number };
  return arity === "variadic" ? n >= (minOperands ?? 0) : n === arity;
}

/** Whether the called count fits the opcode's CallsKind (the verifier's called-computations rule). */
function calledCountFits(opcode: Opcode, n: number): boolean {
  switch (OPCODES[opcode].calls) {
    case "none": return n === 0;
    case "to_apply":
    case "fused": return n === 1;
    case "while":
    case "select_scatter": return n === 2;
    case "branches": return n >= 1;
    case "async": return n <= 1;
  }
}

/**
 * The verifier's no-implicit-broadcast rule for one instruction, or
 * stricter: element-wise operands have the result's dimensions, but a scalar
 * select predicate or clamp bound (tuples are left to the rule).
 */
function noImplicitBroadcast(opcode: Opcode, attributes: Record<string, unknown>, operands: readonly Shape[], out: Shape): boolean {
  if (opcode === "bitcast-convert" || !hasTrait(opcode, "elementwise")) return true;
  if (attributes.broadcastDimensions !== undefined || !isArrayShape(out)) return false;
  for (let k = 0; k < operands.length; k++) {
    const s = operands[k];
    if (!isArrayShape(s)) return false;
    if (sameDimensions(s.dimensions, out.dimensions)) continue;
    const scalar = s.dimensions.length === 0 && ((opcode === "select" && k === 0) || (opcode === "clamp" && (k === 0 || k === 2)));
    if (!scalar) return false;
  }
  return true;
}

/** The verifier's rules the direct builder checks itself, as strictly or more (it declines where they would complain). */
export const DIRECT_BUILD_RULES: ReadonlySet<string> = new Set([
  "entry-exists", "parameter-numbering", "operand-count", "called-computations", "shapes-match-inference", "no-implicit-broadcast",
]);

/** One frozen empty list serves every instruction that calls nothing. */
const NO_CALLS: readonly string[] = Object.freeze([]);

/** The callee names of the instruction in its opcode's order (as the HLO parser lists them). */
function calledList(opcode: Opcode, c: Readonly<Record<string, CallRef>>): readonly string[] {
  switch (OPCODES[opcode].calls) {
    case "none": return NO_CALLS;
    case "to_apply": return [...(c.to_apply?.names ?? [])];
    case "fused":
    case "async": return [...(c.calls?.names ?? [])];
    case "while": return [...(c.condition?.names ?? []), ...(c.body?.names ?? [])];
    case "select_scatter": return [...(c.select?.names ?? []), ...(c.scatter?.names ?? [])];
    case "branches": {
      const pair = c.true_computation !== undefined || c.false_computation !== undefined;
      if (pair && c.branch_computations) throw NOT_SIMPLE;
      if (c.branch_computations) return [...c.branch_computations.names];
      if (!c.true_computation || !c.false_computation) throw NOT_SIMPLE;
      return [c.true_computation.names[0], c.false_computation.names[0]];
    }
  }
}

/**
 * Per module and opcode (two levels, so that no key string is made per
 * instruction): attribute lists by their text, and attribute objects checked
 * against the opcode's schema, shared by the instructions spelled alike.
 */
interface Caches {
  readonly parsed: Map<string, Map<string, ParsedAttributeList>>;
  /** Attribute lists that name computations, by their template (callee_templates.ts). */
  readonly templates: Map<string, Map<string, ParsedAttributeList>>;
  readonly checked: Map<string, Map<string, Record<string, unknown>>>;
  /** The text each shape was read from (or made for). */
  readonly texts: Map<Shape, string>;
  /** Typings checked already (see typing). */
  readonly typed: Map<string, Typings>;
}

/** Tuple shape texts longer than this are made from their operands' shapes where they can be. */
const LARGE_TUPLE = 1000;

/**
 * The shape of a tuple of arrays (a function's many results) made of its
 * operands' shapes, where its text is theirs in parentheses: the shape
 * reading would give, without reading a long text again.
 */
function tupleOfOperands(e: Emitted, shapes: ReadonlyMap<string, Shape>, texts: ReadonlyMap<Shape, string>): Shape | undefined {
  const parts: string[] = [];
  const elements: Shape[] = [];
  for (let k = 0; k < e.operands.length; k++) {
    const s = shapes.get(e.operands[k].hlo);
    const text = s === undefined ? undefined : texts.get(s);
    if (s === undefined || text === undefined || !isArrayShape(s)) return undefined;
    parts.push(text);
    elements.push(s);
  }
  return `(${parts.join(", ")})` === e.shape ? tupleShape(elements) : undefined;
}

/** `#N` for parameter numbers met so far: most parameters have no attributes, and their key is then made once per number. */
const NUMBER_KEYS: string[] = [];

/** The checked-attributes key of a parameter: its attribute text and number. */
function parameterKey(attrs: string, n: number | undefined): string {
  if (attrs !== "" || n === undefined || !Number.isInteger(n) || n < 0 || n > 4096) return `${attrs}#${String(n)}`;
  return (NUMBER_KEYS[n] ??= `#${n}`);
}

/** The inner map of `outer` for `key`, made on first use. */
function inner<V>(outer: Map<string, Map<string, V>>, key: string): Map<string, V> {
  let m = outer.get(key);
  if (m === undefined) {
    m = new Map();
    outer.set(key, m);
  }
  return m;
}

/** Whether an object has no own enumerable key. */
function isEmpty(o: object): boolean {
  for (const _ in o) return false;
  return true;
}

/** The checked-attributes key of attribute lists with no attributes (calls, whiles: only callees): one object serves them all. */
const NO_ATTRIBUTES = "\u0000";

function checkedAttributes(attributes: Record<string, unknown>, opcode: Opcode): Record<string, unknown> {
  if (!OPCODES[opcode].attributes.safeParse(attributes).success) throw NOT_SIMPLE;
  // The verifier need not check the schema again once the module is frozen.
  noteValidAttributes(attributes, opcode);
  return attributes;
}

/** Typings checked already: per opcode, a trie over the identities of an instruction's attributes, shape and operand shapes. */
type Typings = Map<unknown, Typings>;
/** The key that marks a node whose typing held. */
const HELD: Typings = new Map();

/** The node of one combination, made on first use. */
function typing(root: Map<string, Typings>, opcode: string, attributes: object, shape: Shape, operands: readonly Shape[]): Typings {
  let node = root.get(opcode);
  if (node === undefined) {
    node = new Map();
    root.set(opcode, node);
  }
  node = typingStep(node, attributes);
  node = typingStep(node, shape);
  node = typingStep(node, operands.length);
  for (let k = 0; k < operands.length; k++) node = typingStep(node, operands[k]);
  return node;
}

function typingStep(node: Typings, key: unknown): Typings {
  let next = node.get(key);
  if (next === undefined) {
    next = new Map();
    node.set(key, next);
  }
  return next;
}

function instruction(
  e: Emitted, tables: Tables, caches: Caches, shapes: ReadonlyMap<string, Shape>, programs: ReadonlyMap<string, ProgramShape>,
): HloInstruction {
  const opcode = e.opcode;
  if (!isOpcode(opcode) || !arityFits(opcode, e.operands.length)) throw NOT_SIMPLE;
  let shape = tables.shapes.get(e.shape);
  if (shape === undefined) {
    shape = (opcode === "tuple" && e.shape.length > LARGE_TUPLE ? tupleOfOperands(e, shapes, caches.texts) : undefined) ?? parseShape(e.shape);
    tables.shapes.set(e.shape, shape);
    caches.texts.set(shape, e.shape);
  }
  if (!Object.isFrozen(shape)) {
    // Frozen as createModule freezes, once per shared object: see directModule.
    deepFreeze(shape);
  }
  const parsedByText = inner(caches.parsed, opcode);
  let parsed = parsedByText.get(e.attrs);
  let cached = true;
  // The key of the checked attributes: the text, or its template where it names computations (they are not attributes).
  let attrsKey = e.attrs;
  if (parsed === undefined) {
    const template = opcode === "custom-call" ? undefined : calleeTemplate(e.attrs);
    const byTemplate = template === undefined ? undefined : inner(caches.templates, opcode);
    const like = template === undefined ? undefined : byTemplate?.get(template.template);
    if (template !== undefined && like !== undefined) {
      parsed = withCallees(like, template);
      attrsKey = template.template;
    } else {
      parsed = parseAttributeList(e.attrs, opcode);
      if (template !== undefined && byTemplate !== undefined && template.template.length < 200 && fitsTemplate(parsed, template)) {
        byTemplate.set(template.template, parsed);
        attrsKey = template.template;
      }
    }
    cached = attrsKey.length < 200;
    if (cached && attrsKey === e.attrs) parsedByText.set(e.attrs, parsed);
  }
  if (parsed.controlPredecessors !== undefined) throw NOT_SIMPLE;
  // Lists made at their length (map), as they are kept.
  const operandShapes = e.operands.map((o) => {
    const s = shapes.get(o.hlo);
    if (s === undefined) throw NOT_SIMPLE; // a forward or dangling reference
    return s;
  });
  const operands = e.operands.map((o) => o.hlo);
  let attributes: Record<string, unknown> | undefined;
  // Parameters share their attributes by number; a constant's literal is its own.
  const special = opcode === "constant" || (opcode === "map" && parsed.attributes.dimensions === undefined);
  const checked = inner(caches.checked, opcode);
  let checkedKey = opcode === "parameter" ? parameterKey(e.attrs, e.parameterNumber) : attrsKey;
  if (!special && opcode !== "parameter" && isEmpty(parsed.attributes)) {
    checkedKey = NO_ATTRIBUTES;
    cached = true;
  }
  if (!special && cached) attributes = checked.get(checkedKey);
  if (attributes === undefined) {
    const fresh: Record<string, unknown> = { ...parsed.attributes };
    if (opcode === "parameter") fresh.parameterNumber = e.parameterNumber;
    let valid = false;
    if (opcode === "constant") {
      const l = e.literal;
      if (l === undefined) throw NOT_SIMPLE;
      const literal = typeof l === "string" ? (parseConstantText(l, shape) as Literal) : l;
      fresh.literal = literal;
      // A literal alone is what constant's schema asks for: no check, and nothing noted for the verifier, per constant.
      valid = isEmpty(parsed.attributes) && "data" in literal;
    }
    if (opcode === "map" && fresh.dimensions === undefined) {
      const first = operandShapes[0] ?? shape;
      fresh.dimensions = isArrayShape(first) ? first.dimensions.map((_, i) => i) : [];
    }
    attributes = deepFreeze(valid ? fresh : checkedAttributes(fresh, opcode));
    if (!special && cached) checked.set(checkedKey, attributes);
  }
  const called = calledList(opcode, parsed.calls);
  if (!calledCountFits(opcode, called.length)) throw NOT_SIMPLE;
  const calledShapes = called.map((n) => {
    const p = programs.get(n);
    if (p === undefined) throw NOT_SIMPLE; // a callee not built before its caller
    return p;
  });
  // StableHLO's typing rule: the stored type is the one the operands give. Both rules are functions of the
  // shared shape and attribute objects alone, so a combination that held once holds again (attributes made for
  // one instruction alone are not remembered: they cannot come again).
  const typed = called.length === 0 && cached && !special && opcode !== "parameter" ? typing(caches.typed, opcode, attributes, shape, operandShapes) : undefined;
  if (typed === undefined || !typed.has(HELD)) {
    if (!shapesEqual(inferShape({ opcode, operands: operandShapes, attributes: attributes as never, called: calledShapes, declared: shape }), shape)) throw NOT_SIMPLE;
    if (!noImplicitBroadcast(opcode, attributes, operandShapes, shape)) throw NOT_SIMPLE;
    typed?.set(HELD, HELD);
  }
  let a: InstructionAnnotations = parsed.annotations;
  if (a.sharding !== undefined) a = { ...a, sharding: normalizeTupleSharding(a.sharding, shape) };
  if (a.parameterReplication !== undefined && a.parameterReplication.length !== leafCount(shape)) throw NOT_SIMPLE;
  Object.freeze(operands);
  Object.freeze(called);
  const built = { name: e.name, opcode, operands, shape, attributes, called };
  let annotated = false;
  for (const _ in a) {
    annotated = true;
    break;
  }
  return Object.freeze(annotated ? { ...built, annotations: deepFreeze(a) } : built) as HloInstruction;
}

/**
 * Builds the module computation by computation, as each is written
 * (callees before callers), so that what each was built from can be let go
 * at once. Any doubt makes it decline for good (`failed`): then the thorough
 * path must build the whole module from what the translation emitted.
 */
export class DirectBuilder {
  readonly #tables: Tables;
  readonly #caches: Caches = { parsed: new Map(), templates: new Map(), checked: new Map(), texts: new Map(), typed: new Map() };
  readonly #programs = new Map<string, ProgramShape>();
  readonly #computations: HloComputation[] = [];
  readonly #compNames = new KeptNames();
  readonly #instNames = new KeptNames();
  #entries: string[] = [];
  #failed = false;

  constructor(tables: Tables) {
    this.#tables = tables;
  }

  /** Whether the builder has declined (a computation it could not build, or a name the uniquer would change). */
  get failed(): boolean {
    return this.#failed;
  }

  /** Builds one written computation; after a decline, does nothing. */
  add(c: WrittenComp): void {
    if (this.#failed) return;
    try {
      if (this.#computation(c)) return;
    } catch {
      // A shape rule, attribute reader complaint: the thorough path reports it at its op.
    }
    this.#failed = true;
  }

  #computation(c: WrittenComp): boolean {
    const programs = this.#programs;
    if (!this.#compNames.add(c.name)) return false;
    if (c.body.length === 0 || programs.has(c.name)) return false;
    if (c.isEntry) this.#entries.push(c.name);
    const shapes = new Map<string, Shape>();
    const instructions: HloInstruction[] = [];
    const numbers: Shape[] = [];
    let parameters = 0;
    for (let ei = 0; ei < c.body.length; ei++) {
      const e = c.body[ei];
      if (!this.#instNames.add(e.name) || shapes.has(e.name)) return false;
      const inst = instruction(e, this.#tables, this.#caches, shapes, programs);
      shapes.set(inst.name, inst.shape);
      instructions.push(inst);
      if (inst.opcode === "parameter") {
        const k = inst.attributes.parameterNumber;
        if (!Number.isInteger(k) || k < 0 || k >= c.body.length || numbers[k] !== undefined) return false;
        numbers[k] = inst.shape;
        parameters++;
      }
    }
    // Numbers used once each, so all below the count means exactly 0..n-1.
    if (numbers.length > parameters) return false;
    const root = c.root !== undefined && shapes.has(c.root) ? c.root : c.body[c.body.length - 1].name;
    // Frozen here as createModule would freeze them, so that its deep freeze stops at each computation.
    Object.freeze(instructions);
    const comp: HloComputation = Object.freeze({ name: c.name, instructions, root });
    // programShape(comp), from what is at hand: parameter shapes by number (0..n-1, checked above), the root's.
    programs.set(comp.name, { parameters: numbers, result: shapes.get(root) as Shape });
    this.#computations.push(comp);
    return true;
  }

  /**
   * The module of the computations added, or undefined where the thorough
   * path must decide. `rules`: the verifier rules still to run (those beside
   * DIRECT_BUILD_RULES, which are checked as each instruction is built).
   */
  finish(name: string, headerAttributes: readonly HeaderAttribute[], rules: readonly VerifyRule[]): HloModule | undefined {
    const computations = this.#computations;
    if (this.#failed || this.#entries.length > 1 || computations.length === 0) return undefined;
    const entry = this.#entries[0] ?? computations[computations.length - 1].name;
    try {
      // Every instruction is frozen already, deeply and as immer freezes (its arrays, and its shape, attributes
      // and annotations by immer itself): createModule's deep freeze stops at each, so it walks only the module's top.
      const m = createModule({ name, computations, entry, headerAttributes, stackFrames: [] });
      for (const r of rules) if (r.check(m, {}).length > 0) return undefined;
      return m;
    } catch {
      // A createModule complaint: the thorough path reports it.
      return undefined;
    }
  }
}

/** The module of everything the translation emitted, or undefined where the thorough path must decide (see DirectBuilder). */
export function directModule(out: ModuleText, name: string, headerAttributes: readonly HeaderAttribute[], tables: Tables, rules: readonly VerifyRule[]): HloModule | undefined {
  const b = new DirectBuilder(tables);
  for (let ci = 0; ci < out.comps.length && !b.failed; ci++) b.add(out.comps[ci]);
  return b.finish(name, headerAttributes, rules);
}
