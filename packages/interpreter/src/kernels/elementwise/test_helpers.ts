/**
 * Test helpers for the element-wise kernels: build an instruction by hand,
 * run its kernel from KERNELS on literals, read the result back as numbers.
 */
import { type ElementType, type Literal, type Opcode, isArrayLiteral, literal, shape } from "@minixla/hlo";
import type { EvalContext } from "../../kernel.ts";
import { KERNELS } from "../kernel_table.ts";

const ctx: EvalContext = {
  options: {},
  parameter: () => {
    throw new Error("no parameters in kernel tests");
  },
  call: () => {
    throw new Error("no calls in element-wise kernel tests");
  },
};

export type Operand = { readonly type: ElementType; readonly values: readonly number[]; readonly dims?: readonly number[] };

/** An operand of type t holding `values` (a vector, or `dims`). */
export const v = (type: ElementType, values: readonly number[], dims?: readonly number[]): Operand => ({ type, values, dims });

/** Runs `opcode` on the operands; the result has `resultType` and the dimensions of the largest operand. */
export function run(opcode: Opcode, resultType: ElementType, operands: readonly Operand[], attributes: object = {}): number[] {
  const lits = operands.map((o) => literal(o.type, o.dims ?? [o.values.length], o.values));
  const dims = lits.reduce((d, l) => (l.shape.dimensions.length > d.length ? l.shape.dimensions : d), [] as readonly number[]);
  const inst = { name: `${opcode}.1`, opcode, operands: lits.map((_, i) => `p${i}`), shape: shape(resultType, dims), attributes, called: [] };
  const kernel = KERNELS[opcode] as unknown as (i: unknown, o: readonly Literal[], c: EvalContext) => Literal;
  const before = lits.map((l) => Array.from(l.data));
  const out = kernel(inst, lits, ctx);
  lits.forEach((l, i) => {
    if (!Object.is(JSON.stringify(Array.from(l.data)), JSON.stringify(before[i]))) throw new Error(`${opcode} wrote to operand ${i}`);
  });
  if (!isArrayLiteral(out)) throw new Error("expected an array result");
  return Array.from(out.data);
}

/** Runs a unary op whose result type is the operand's. */
export const un = (opcode: Opcode, type: ElementType, values: readonly number[]): number[] => run(opcode, type, [v(type, values)]);

/** Runs a binary op whose result type is the operands'. */
export const bin = (opcode: Opcode, type: ElementType, a: readonly number[], b: readonly number[], attributes: object = {}): number[] =>
  run(opcode, type, [v(type, a), v(type, b)], attributes);
