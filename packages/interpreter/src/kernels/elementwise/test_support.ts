/**
 * Test helpers for the element-wise kernels: build an instruction by hand,
 * run its kernel from KERNELS on literals, read the result back as numbers.
 */
import { type ArrayLiteral, type ElementType, type Literal, type Opcode, elementLanes, isArrayLiteral, literal, shape } from "@minixla/hlo";
import type { EvalContext, Numerics } from "../../kernel.ts";
import { KERNELS } from "../kernel_table.ts";

const contextOf = (numerics: Numerics): EvalContext => ({
  options: { numerics },
  parameter: () => {
    throw new Error("no parameters in kernel tests");
  },
  call: () => {
    throw new Error("no calls in element-wise kernel tests");
  },
});

/** Values of an operand: numbers, bigints for s64/u64, interleaved (re, im) numbers for complex types. */
export type Values = readonly (number | bigint)[];
export type Operand = { readonly type: ElementType; readonly values: Values; readonly dims?: readonly number[] };

/** An operand of type t holding `values` (a vector, or `dims`; complex types take 2 values per element). */
export const v = (type: ElementType, values: Values, dims?: readonly number[]): Operand => ({ type, values, dims });

/** The literal of an operand. */
export function operandLiteral(o: Operand) {
  return literal(o.type, o.dims ?? [o.values.length / elementLanes(o.type)], o.values);
}

/** Runs `opcode` on the operands; the result has `resultType` and `resultDims`, by default the dimensions of the largest operand. */
export function run(
  opcode: Opcode,
  resultType: ElementType,
  operands: readonly Operand[],
  attributes: object = {},
  resultDims?: readonly number[],
  numerics: Numerics = "reference",
): (number | bigint)[] {
  const lits = operands.map(operandLiteral);
  const dims = resultDims ?? lits.reduce((d, l) => (l.shape.dimensions.length > d.length ? l.shape.dimensions : d), [] as readonly number[]);
  const inst = { name: `${opcode}.1`, opcode, operands: lits.map((_, i) => `p${i}`), shape: shape(resultType, dims), attributes, called: [] };
  const kernel = KERNELS[opcode] as unknown as (i: unknown, o: readonly Literal[], c: EvalContext) => Literal;
  const copy = (l: ArrayLiteral): string => Array.from(l.data as ArrayLike<number | bigint>, String).join(",");
  const before = lits.map(copy);
  const out = kernel(inst, lits, contextOf(numerics));
  lits.forEach((l, i) => {
    if (copy(l) !== before[i]) throw new Error(`${opcode} wrote to operand ${i}`);
  });
  if (!isArrayLiteral(out)) throw new Error("expected an array result");
  return Array.from(out.data as ArrayLike<number | bigint>);
}

/** Runs a unary op whose result type is the operand's. */
export const un = (opcode: Opcode, type: ElementType, values: Values): (number | bigint)[] => run(opcode, type, [v(type, values)]);

/** Runs a binary op whose result type is the operands'. */
export const bin = (opcode: Opcode, type: ElementType, a: Values, b: Values, attributes: object = {}): (number | bigint)[] =>
  run(opcode, type, [v(type, a), v(type, b)], attributes);

/** Runs a unary op in numerics "xla-cpu" (XLA's CPU backend). */
export const unXlaCpu = (opcode: Opcode, type: ElementType, values: Values): (number | bigint)[] =>
  run(opcode, type, [v(type, values)], {}, undefined, "xla-cpu");

/** Runs a binary op in numerics "xla-cpu" (XLA's CPU backend). */
export const binXlaCpu = (opcode: Opcode, type: ElementType, a: Values, b: Values): (number | bigint)[] =>
  run(opcode, type, [v(type, a), v(type, b)], {}, undefined, "xla-cpu");
