/**
 * The shape-rule contract. A rule is a pure function of the operand shapes,
 * the attributes, the signatures of the called computations and (for ops whose
 * result type is not implied by their operands: parameter, convert, iota,
 * custom-call, dot with a preferred type) the declared shape. The builder, the
 * parser and the verifier all call the same rule through `inferShape`.
 */
import type { Immutable } from "immer";
import { ShapeError } from "../errors.ts";
import { type AttributesOf, type Opcode, type OpcodesOf, type OpFamily, OPCODES } from "../opcode.ts";
import type { ProgramShape, Shape } from "../shape.ts";

/** What a shape rule sees of an instruction: opcode, attributes, operand shapes, and called computations' signatures. */
export interface ShapeRuleInput<K extends Opcode> {
  readonly opcode: K;
  readonly operands: readonly Shape[];
  readonly attributes: Immutable<AttributesOf<K>>;
  /** Signatures of the called computations, in the instruction's `called` order. */
  readonly called: readonly ProgramShape[];
  /** The shape written in text or requested by the builder, where the op needs one. */
  readonly declared?: Shape;
}

/** Infers an instruction's shape or throws ShapeError; shared by the builder, the parser and the verifier. */
export type ShapeRule<K extends Opcode> = (input: ShapeRuleInput<K>) => Shape;

/** A family's rules: one per opcode of the family, checked by the compiler. */
export type FamilyRules<F extends OpFamily> = { readonly [K in OpcodesOf<F>]: ShapeRule<K> };

/** Helper for rules: throws the ShapeError that `inferShape` prefixes with the op name. */
export function fail(message: string): never {
  throw new ShapeError(message);
}

/** The signature of the i-th called computation; `what` names it ("to_apply", "body", ...). */
export function calledAt(called: readonly ProgramShape[], i: number, what: string): ProgramShape {
  const c = called[i];
  if (!c) fail(`${what} computation is missing.`);
  return c;
}

/** Marks a ShapeError already prefixed, so nested inference does not prefix twice. */
const PREFIXED = Symbol("prefixed");

export function checkOperandCount(opcode: Opcode, count: number): void {
  const spec = OPCODES[opcode];
  if (spec.arity === "variadic") {
    const min = spec.minOperands ?? 0;
    if (count < min) fail(`${opcode} expects at least ${min} operands, but got ${count}.`);
  } else if (count !== spec.arity) {
    fail(`${opcode} expects ${spec.arity} operand${spec.arity === 1 ? "" : "s"}, but got ${count}.`);
  }
}

/** Runs `rule` and prefixes any ShapeError with the op name, as "add: <XLA message>". */
export function runRule<K extends Opcode>(rule: ShapeRule<K>, input: ShapeRuleInput<K>): Shape {
  try {
    checkOperandCount(input.opcode, input.operands.length);
    return rule(input);
  } catch (e) {
    if (e instanceof ShapeError && !(PREFIXED in e)) {
      const err = new ShapeError(`${input.opcode}: ${e.message}`);
      Object.defineProperty(err, PREFIXED, { value: true });
      throw err;
    }
    throw e;
  }
}
