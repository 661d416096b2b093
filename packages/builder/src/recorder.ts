/**
 * A builder's recording state, kept out of XlaBuilder's public surface: the
 * instructions so far, names, embedded sub-computations, parameters, and the
 * typed records of weak constants (weak_constant.ts). Op files (ops/*.ts)
 * record through it; XlaBuilder's methods only delegate.
 */
import {
  type AttributesOf,
  type ElementType,
  HloError,
  type HloComputation,
  type HloInstruction,
  type HloModule,
  NameUniquer,
  OPCODES,
  type Opcode,
  type ProgramShape,
  type Shape,
  ShapeError,
  checkShape,
  createModule,
  entryComputation,
  inferShape,
  isTupleShape,
  programShape,
  renameModule,
} from "@minixla/hlo";
import { withCallContext } from "./call_context.ts";
import { checkConstant } from "./check_constant.ts";
import { XlaOp } from "./op.ts";
import { weakConstant, weakLiteral } from "./weak_constant.ts";

export interface AddOptions {
  /** Sub-computations, in the opcode's `called` order. */
  readonly called?: readonly HloModule[];
  /** Result shape for ops whose type is not implied by operands (convert, iota, parameter). */
  readonly declared?: Shape;
  /** Base for the instruction's name; defaults to the opcode. */
  readonly name?: string;
  /** The instruction's exact name, already reserved (a weak constant's first recording). */
  readonly exactName?: string;
}

/** Where a weak constant was recorded in one type (stale once a failed call rolled it back). */
interface WeakRecord {
  readonly op: XlaOp;
  readonly index: number;
}

let nextBuilderId = 1;

/**
 * B is the public builder type handed to computation functions; `makeSub`
 * makes a fresh one with its recorder (sub_builder.ts), so this file needs
 * no import of XlaBuilder.
 */
export class Recorder<B = unknown> {
  readonly id = nextBuilderId++;
  private readonly names = new NameUniquer();
  private readonly instructions: HloInstruction[] = [];
  private readonly embedded: HloComputation[] = [];
  private readonly embeddedEntry = new WeakMap<HloModule, string>();
  private readonly parameters = new Map<number, string>();
  /** Per weak constant (by name), the typed constants recorded for it. */
  private readonly weakRecords = new Map<string, Map<ElementType, WeakRecord>>();
  /** A weak constant made after the last recorded op: build's default root. */
  private lastWeak: XlaOp | undefined;

  /** `name` is already sanitized. */
  constructor(
    readonly name: string,
    readonly makeSub: (name: string) => readonly [B, Recorder<B>],
  ) {
    this.names.reserve(name);
  }

  /** Records one instruction: validates attributes, embeds callees, infers the shape. */
  add<K extends Opcode>(opcode: K, operands: readonly XlaOp[], attributes: AttributesOf<K>, opts: AddOptions = {}): XlaOp {
    return this.atomically(() => this.record(opcode, operands, attributes, opts));
  }

  /** Runs a call that records several instructions; if it throws, none of them stays recorded. */
  atomically(record: () => XlaOp): XlaOp {
    const mark = this.instructions.length;
    try {
      return record();
    } catch (e) {
      this.instructions.length = mark;
      throw e;
    }
  }

  private record<K extends Opcode>(opcode: K, given: readonly XlaOp[], attributes: AttributesOf<K>, opts: AddOptions): XlaOp {
    for (const o of given) this.checkOwned(o, opcode);
    // A weak constant that met no typed operand before here takes its default type.
    const operands = given.map((o) => this.typed(o, undefined, opcode));
    // Shapes made by hand (not by shape()) are re-validated, as are constants' literals.
    if (opts.declared !== undefined) checkShape(opts.declared, `${opcode}: shape`);
    if (opcode === "constant") checkConstant((attributes as AttributesOf<"constant">).literal);
    const parsed = OPCODES[opcode].attributes.safeParse(attributes);
    if (!parsed.success) {
      throw new ShapeError(`${opcode}: invalid attributes: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    }
    const calledModules = opts.called ?? [];
    const calledShapes: ProgramShape[] = calledModules.map((m) => programShape(entryComputation(m)));
    let result: Shape;
    try {
      result = inferShape({
        opcode,
        operands: operands.map((o) => o.shape),
        attributes: attributes as never,
        called: calledShapes,
        declared: opts.declared,
      });
    } catch (e) {
      throw e instanceof ShapeError ? withCallContext(e, operands, attributes) : e;
    }
    const called = calledModules.map((m) => this.embed(m));
    const name = opts.exactName ?? this.names.unique(opts.name ?? opcode);
    this.lastWeak = undefined;
    this.instructions.push({
      name,
      opcode,
      operands: operands.map((o) => o.name),
      shape: result,
      attributes,
      called,
    } as HloInstruction);
    return new XlaOp(this.name, this.id, name, result);
  }

  checkOwned(op: XlaOp, opcode: string): void {
    if (!(op instanceof XlaOp)) throw new ShapeError(`${opcode}: operand is not an XlaOp`);
    if (op.builderId !== this.id) {
      throw new ShapeError(
        `${opcode}: XlaOp with handle ${op.name} is built by builder '${op.builderName}', but is trying to use it in builder '${this.name}'`,
      );
    }
  }

  /** Embeds a sub-computation once, under fresh names; returns its entry's name here. */
  private embed(m: HloModule): string {
    const known = this.embeddedEntry.get(m);
    if (known) return known;
    const renamed = renameModule(m, this.names);
    this.embedded.push(...renamed.computations);
    this.embeddedEntry.set(m, renamed.entry);
    return renamed.entry;
  }

  parameter(index: number, s: Shape, name: string): XlaOp {
    if (!Number.isInteger(index) || index < 0) throw new ShapeError(`parameter: invalid parameter number ${index}`);
    if (this.parameters.has(index)) throw new ShapeError(`parameter: parameter ${index} already registered`);
    const op = this.add("parameter", [], { parameterNumber: index }, { declared: s, name });
    this.parameters.set(index, op.name);
    return op;
  }

  // ---- weak constants ----

  /** A weak constant: not recorded until it meets an operand (or build); a bad value throws now. */
  weak(dimensions: readonly number[], values: readonly (number | boolean)[]): XlaOp {
    const w = weakConstant(dimensions, values);
    const s = weakLiteral(w, w.defaultType, "constant").shape;
    const op = new XlaOp(this.name, this.id, this.names.unique("constant"), s, w);
    this.lastWeak = op;
    return op;
  }

  /**
   * The op, or for a weak constant the constant recorded for it in type t
   * (its default type when t is undefined): recorded on first use in that
   * type, under the weak constant's own name the first time.
   */
  typed(op: XlaOp, t: ElementType | undefined, where: string): XlaOp {
    const w = op.weak;
    if (w === undefined) return op;
    this.checkOwned(op, where);
    const type = t ?? w.defaultType;
    let records = this.weakRecords.get(op.name);
    if (records === undefined) this.weakRecords.set(op.name, (records = new Map()));
    const live = (r: WeakRecord): boolean => this.instructions[r.index]?.name === r.op.name;
    const known = records.get(type);
    if (known !== undefined && live(known)) return known.op;
    const named = [...records.values()].some((r) => live(r) && r.op.name === op.name);
    const index = this.instructions.length;
    const typedOp = this.add("constant", [], { literal: weakLiteral(w, type, where) }, named ? { name: "constant" } : { exactName: op.name });
    records.set(type, { op: typedOp, index });
    return typedOp;
  }

  /**
   * Element-wise operands meet: each weak constant among them takes the
   * element type of the first typed array operand (else `fallback`, else its default).
   */
  meet(where: string, ops: readonly XlaOp[], fallback?: ElementType): XlaOp[] {
    for (const o of ops) this.checkOwned(o, where);
    const partner = ops.find((o) => o.weak === undefined && !isTupleShape(o.shape));
    const t = partner === undefined || isTupleShape(partner.shape) ? fallback : partner.shape.elementType;
    return ops.map((o) => this.typed(o, t, where));
  }

  /** A weak value (a reduce init, a scatter update) takes the element type of the operand it goes with. */
  like(value: XlaOp, operand: XlaOp | undefined, where: string): XlaOp {
    this.checkOwned(value, where);
    const t = operand === undefined || operand.weak !== undefined || isTupleShape(operand.shape) ? undefined : operand.shape.elementType;
    return this.typed(value, t, where);
  }

  // ---- the module ----

  /** A frozen module whose entry computation is the recorded ops; root defaults to the last op. */
  build(root?: XlaOp): HloModule {
    if (root) this.checkOwned(root, "build");
    // A weak root (or a weak constant made last) is recorded in its default type.
    const pending = root ?? this.lastWeak;
    if (pending !== undefined) root = this.typed(pending, undefined, "build");
    if (this.instructions.length === 0) throw new HloError(`builder '${this.name}' has recorded no ops`);
    const count = this.parameters.size;
    for (let i = 0; i < count; i++) {
      if (!this.parameters.has(i)) throw new HloError(`builder '${this.name}': parameter ${i} is missing (parameters must be numbered 0..${count - 1})`);
    }
    const entry: HloComputation = {
      name: this.name,
      instructions: [...this.instructions],
      root: root ? root.name : this.instructions[this.instructions.length - 1].name,
    };
    return createModule({ name: this.name, computations: [...this.embedded, entry], entry: this.name });
  }
}
