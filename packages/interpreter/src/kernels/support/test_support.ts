/**
 * Test support for kernel unit tests: build one instruction by hand, run its
 * kernel, and supply a small EvalContext whose called computations are plain
 * JS functions (so reducers, comparators and loop bodies can be tested without
 * the element-wise kernels), optionally with real computations to exercise
 * the simple-reducer fast path.
 */
import {
  type ArrayLiteral,
  type AttributesOf,
  type ElementType,
  type HloComputation,
  type InstructionOf,
  type Literal,
  type Opcode,
  type Shape,
  isTupleLiteral,
  literal,
  scalar,
  shape,
  toNested,
  tupleLiteral,
} from "@minixla/hlo";
import type { EvalContext, EvalOptions } from "../../kernel.ts";
import { KERNELS } from "../kernel_table.ts";

export type Fn = (args: readonly Literal[]) => Literal;

export function instruction<K extends Opcode>(
  opcode: K,
  resultShape: Shape,
  attributes: AttributesOf<K>,
  called: readonly string[] = [],
): InstructionOf<K> {
  return { name: `${opcode}.1`, opcode, operands: [], shape: resultShape, attributes, called } as unknown as InstructionOf<K>;
}

export function testContext(
  functions: Readonly<Record<string, Fn>> = {},
  options: EvalOptions = {},
  computations: Readonly<Record<string, HloComputation>> = {},
): EvalContext & { calls: number } {
  const ctx = {
    calls: 0,
    options,
    parameter: (n: number): Literal => {
      throw new Error(`no parameter ${n} in a kernel test`);
    },
    call(name: string, args: readonly Literal[]): Literal {
      ctx.calls++;
      const f = functions[name];
      if (!f) throw new Error(`test context has no computation ${name}`);
      return f(args);
    },
    computation: (name: string): HloComputation => {
      const c = computations[name];
      if (!c) throw new Error(`test context has no HloComputation ${name}`);
      return c;
    },
  };
  if (Object.keys(computations).length === 0) delete (ctx as { computation?: unknown }).computation;
  return ctx;
}

export function run<K extends Opcode>(inst: InstructionOf<K>, operands: readonly Literal[], ctx: EvalContext = testContext()): Literal {
  return (KERNELS[inst.opcode] as (i: InstructionOf<K>, o: readonly Literal[], c: EvalContext) => Literal)(inst, operands, ctx);
}

/** A called computation on scalars: f gets the numbers, returns one number or one per tuple element. */
export function scalarFn(resultTypes: readonly ElementType[], f: (...xs: number[]) => number | readonly number[]): Fn {
  return (args) => {
    const xs = args.map((a) => Number((a as ArrayLiteral).data[0]));
    const r = f(...xs);
    const values = typeof r === "number" ? [r] : r;
    const literals = values.map((v, i) => scalar(v, resultTypes[i]));
    return literals.length === 1 ? literals[0] : tupleLiteral(literals);
  };
}

/** A computation `root = op(param a, param b)` on scalars of type t, for the fast path. */
export function binaryComputation(name: string, op: Opcode, t: ElementType, swapped = false): HloComputation {
  const s = shape(t, []);
  const p = (n: number) => ({ name: `p${n}`, opcode: "parameter", operands: [], shape: s, attributes: { parameterNumber: n }, called: [] });
  const root = { name: "r", opcode: op, operands: swapped ? ["p1", "p0"] : ["p0", "p1"], shape: s, attributes: {}, called: [] };
  return { name, instructions: [p(0), p(1), root], root: "r" } as unknown as HloComputation;
}

export function values(l: Literal): unknown {
  if (isTupleLiteral(l)) return l.elements.map(values);
  return toNested(l);
}

export function f64(dims: readonly number[], data: readonly number[]): ArrayLiteral {
  return literal("f64", dims, data);
}

export function s32(dims: readonly number[], data: readonly number[]): ArrayLiteral {
  return literal("s32", dims, data);
}

export { shape, scalar, literal, tupleLiteral };
