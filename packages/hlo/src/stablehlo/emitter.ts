/**
 * What the translation writes: HLO text, one instruction a line, each line
 * remembering the MLIR offset of the op that made it, so that an error the
 * HLO parser finds in a line is reported at the op in the StableHLO text.
 * Also the value environment of one HLO computation: MLIR value names to
 * HLO instruction names and types.
 */
import type { MlirLexer, MlirToken } from "./lexer.ts";
import type { ValueRef } from "./syntax.ts";
import { type MlirType, shapeText } from "./types.ts";

/** An HLO instruction standing for an MLIR value. */
export interface Val {
  readonly hlo: string;
  readonly type: MlirType;
}

export class ModuleText {
  readonly lines: string[] = [];
  readonly offsets: number[] = [];
  #counter = 0;
  readonly lx: MlirLexer;
  constructor(lx: MlirLexer) {
    this.lx = lx;
  }
  fresh(base: string): string {
    const clean = base.replace(/^[%@]/, "").replace(/[^A-Za-z0-9_.-]/g, "_").replace(/^([^A-Za-z_])/, "_$1");
    return `${clean || "v"}.${++this.#counter}`;
  }
  push(line: string, at: number): void {
    this.lines.push(line);
    this.offsets.push(at);
  }
}

/** One HLO computation being written. */
export class Comp {
  readonly name: string;
  readonly body: { name: string; text: string; at: number }[] = [];
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
    const shape = shapeText(type, this.out.lx, at);
    const ops = operands.map((o) => o.hlo).join(", ");
    this.body.push({ name, text: `${shape} ${opcode}(${ops})${attrs === "" ? "" : `, ${attrs}`}`, at: typeof at === "number" ? at : at.start });
    return { hlo: name, type };
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

  lookup(ref: ValueRef): Val {
    const group = this.env.get(ref.name);
    if (group === undefined) throw this.out.lx.error(ref.tok, `value ${ref.name} is not defined here`);
    const i = ref.index ?? 0;
    if (ref.index === undefined && group.length !== 1) throw this.out.lx.error(ref.tok, `${ref.name} has ${group.length} results; use ${ref.name}#0 ... to pick one`);
    const v = group[i];
    if (v === undefined) throw this.out.lx.error(ref.tok, `${ref.name} has no result #${i}`);
    return v;
  }

  write(isEntry: boolean): void {
    const out = this.out;
    out.push(`${isEntry ? "ENTRY " : ""}${this.name} {`, this.body[0]?.at ?? 0);
    for (const inst of this.body) out.push(`  ${inst.name === this.root ? "ROOT " : ""}${inst.name} = ${inst.text}`, inst.at);
    out.push("}", this.body[this.body.length - 1]?.at ?? 0);
  }
}

/** `{1,2,3}`. */
export const braces = (xs: readonly (number | bigint)[]): string => `{${xs.join(",")}}`;
