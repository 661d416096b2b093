/**
 * What the translation writes: HLO computations of instructions (shape,
 * opcode, operands, attributes as HLO attribute text), each remembering the
 * MLIR offset of the op that made it, so that an error found in it is
 * reported at the op in the StableHLO text (build_module.ts makes the
 * module). Also the value environment of one HLO computation: MLIR value
 * names to HLO instruction names and types.
 */
import type { Literal } from "../literal.ts";
import type { MlirLexer, MlirToken } from "./lexer.ts";
import type { ValueRef } from "./syntax.ts";
import { type MlirType, shapeText } from "./types.ts";

/** An HLO instruction standing for an MLIR value. */
export interface Val {
  readonly hlo: string;
  readonly type: MlirType;
}

/** One HLO computation written out: its instructions and root. */
export interface WrittenComp {
  readonly name: string;
  readonly isEntry: boolean;
  readonly body: readonly Emitted[];
  readonly root: string | undefined;
}

/** What the translation writes: the computations, callees before callers as they finish. */
export class ModuleText {
  readonly comps: WrittenComp[] = [];
  #counter = 0;
  readonly lx: MlirLexer;
  /**
   * Where each computation goes as it is written instead of `comps`, when
   * set: the module builder, so that the emitted records die young.
   */
  readonly sink: ((c: WrittenComp) => void) | undefined;
  constructor(lx: MlirLexer, sink?: (c: WrittenComp) => void) {
    this.lx = lx;
    this.sink = sink;
  }
  readonly #clean = new Map<string, string>();
  /** HLO shape texts of types met already (the parser shares one object per spelled type). */
  readonly shapeTexts = new Map<MlirType, string>();
  fresh(base: string): string {
    let clean = this.#clean.get(base);
    if (clean === undefined) {
      clean = base.replace(/^[%@]/, "").replace(/[^A-Za-z0-9_.-]/g, "_").replace(/^([^A-Za-z_])/, "_$1") || "v";
      this.#clean.set(base, clean);
    }
    return `${clean}.${++this.#counter}`;
  }
}

/**
 * One HLO instruction: shape, opcode, operands, attributes as HLO attribute
 * text, and for constants the literal (built from the dense value, or HLO
 * literal text).
 */
export class Emitted {
  readonly name: string;
  /** HLO shape text. */
  readonly shape: string;
  readonly opcode: string;
  readonly operands: readonly Val[];
  attrs: string;
  readonly at: number;
  parameterNumber: number | undefined;
  literal: Literal | string | undefined;
  constructor(name: string, shape: string, opcode: string, operands: readonly Val[], attrs: string, at: number) {
    this.name = name;
    this.shape = shape;
    this.opcode = opcode;
    this.operands = operands;
    this.attrs = attrs;
    this.at = at;
  }
}


/** One HLO computation being written. */
export class Comp {
  readonly name: string;
  readonly body: Emitted[] = [];
  readonly env = new Map<string, (Val | undefined)[]>();
  readonly out: ModuleText;
  root: string | undefined;
  constructor(out: ModuleText, name: string) {
    this.out = out;
    this.name = name;
  }

  /** Adds `name = shape opcode(operands), attrs` and returns its value. */
  emit(base: string, type: MlirType, opcode: string, operands: readonly Val[], attrs: string, at: MlirToken | number): Val {
    const name = this.out.fresh(base);
    const shapeTexts = this.out.shapeTexts;
    let shape = shapeTexts.get(type);
    if (shape === undefined) {
      shape = shapeText(type, this.out.lx, at);
      shapeTexts.set(type, shape);
    }
    this.body.push(new Emitted(name, shape, opcode, operands, attrs, typeof at === "number" ? at : at.start));
    return { hlo: name, type };
  }

  /** A parameter with its number. */
  parameter(base: string, type: MlirType, index: number, at: MlirToken | number): Val {
    const v = this.emit(base, type, "parameter", [], "", at);
    this.body[this.body.length - 1].parameterNumber = index;
    return v;
  }

  /** A constant holding `literal` (a literal, or its HLO text). */
  constant(base: string, type: MlirType, literal: Literal | string, at: MlirToken | number): Val {
    const v = this.emit(base, type, "constant", [], "", at);
    this.body[this.body.length - 1].literal = literal;
    return v;
  }

  /** The element `i` of a tuple value. */
  gte(v: Val, i: number, at: MlirToken | number): Val {
    if (v.type.kind !== "tuple") throw this.out.lx.error(at, "get_tuple_element of a value that is not a tuple");
    const t = v.type.elements[i];
    if (t === undefined) throw this.out.lx.error(at, `tuple index ${i} is out of range`);
    return this.emit("gte", t, "get-tuple-element", [v], `index=${i}`, at);
  }

  define(name: string, vals: readonly Val[]): void {
    this.env.set(name, [...vals]);
  }

  /** As define, taking `vals` itself: a list made for this and kept by no one else. */
  defineOwned(name: string, vals: Val[]): void {
    this.env.set(name, vals);
  }

  lookup(ref: ValueRef): Val {
    const group = this.env.get(ref.name);
    if (group === undefined) throw this.out.lx.error(ref.at, `value ${ref.name} is not defined here`);
    const i = ref.index ?? 0;
    if (ref.index === undefined && group.length !== 1) throw this.out.lx.error(ref.at, `${ref.name} has ${group.length} results; use ${ref.name}#0 ... to pick one`);
    const v = group[i];
    if (v === undefined) throw this.out.lx.error(ref.at, `${ref.name} has no result #${i}`);
    return v;
  }

  write(isEntry: boolean): void {
    const c: WrittenComp = { name: this.name, isEntry, body: this.body, root: this.root };
    if (this.out.sink !== undefined) this.out.sink(c);
    else this.out.comps.push(c);
  }
}

/** `{1,2,3}`. */
export const braces = (xs: readonly (number | bigint)[]): string => `{${xs.join(",")}}`;
