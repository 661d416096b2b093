/**
 * The evaluator: runs a lowered module's entry computation on arguments.
 * Each computation is one flat loop over its instructions in order (operands
 * always come first), so graph depth never touches the JS stack; a value is
 * dropped after its last use. Nested computations (reducers, loop bodies) are
 * evaluated through the same loop.
 */
import {
  EvalError,
  HloError,
  type HloComputation,
  type HloModule,
  type Literal,
  entryComputation,
  getComputation,
  getInstruction,
  implicitBroadcastProblems,
  parametersOf,
  shapeToString,
  shapesEqual,
} from "@minixla/hlo";
import type { EvalContext, EvalOptions, Kernel } from "./kernel.ts";
import { KERNELS } from "./kernels/kernel_table.ts";

interface Schedule {
  /** For each instruction, the positions of its operands' instructions. */
  readonly operandIndex: readonly (readonly number[])[];
  /** For each instruction, the values last used by it, which can be dropped after it runs. */
  readonly lastUse: readonly (readonly number[])[];
  readonly rootIndex: number;
}

const schedules = new WeakMap<HloComputation, Schedule>();

/** Resolves operand names to positions once per computation, and where each value dies. */
function scheduleOf(c: HloComputation): Schedule {
  const cached = schedules.get(c);
  if (cached) return cached;
  const position = new Map<string, number>();
  const operandIndex: number[][] = [];
  c.instructions.forEach((inst, i) => {
    operandIndex.push(
      inst.operands.map((o) => {
        const p = position.get(o);
        if (p === undefined) throw new EvalError(`${inst.name}: operand ${o} is not defined before its use in computation ${c.name}`);
        return p;
      }),
    );
    position.set(inst.name, i);
  });
  const rootIndex = position.get(c.root);
  if (rootIndex === undefined) throw new EvalError(`computation ${c.name}: root ${c.root} does not exist`);
  const last = new Map<number, number>();
  operandIndex.forEach((ops, i) => ops.forEach((p) => last.set(p, i)));
  const lastUse: number[][] = c.instructions.map(() => []);
  for (const [value, user] of last) if (value !== rootIndex) lastUse[user].push(value);
  const s = { operandIndex, lastUse, rootIndex };
  schedules.set(c, s);
  return s;
}

export function evaluateComputation(m: HloModule, c: HloComputation, args: readonly Literal[], options: EvalOptions): Literal {
  const { operandIndex, lastUse, rootIndex } = scheduleOf(c);
  const values: (Literal | undefined)[] = new Array(c.instructions.length);
  const ctx: EvalContext = {
    options,
    parameter(n) {
      const v = args[n];
      if (v === undefined) throw new EvalError(`computation ${c.name}: parameter ${n} was not given`);
      return v;
    },
    call(name, callArgs) {
      return evaluateComputation(m, getComputation(m, name), callArgs, options);
    },
    computation(name) {
      return getComputation(m, name);
    },
    instructionShape(name) {
      return getInstruction(c, name).shape;
    },
  };
  for (let i = 0; i < c.instructions.length; i++) {
    const inst = c.instructions[i];
    const operands = operandIndex[i].map((p) => values[p] as Literal);
    const kernel = KERNELS[inst.opcode] as Kernel<typeof inst.opcode>;
    try {
      values[i] = kernel(inst as never, operands, ctx);
    } catch (e) {
      if (e instanceof HloError) throw e;
      throw new EvalError(`${inst.name} (${inst.opcode}): ${e instanceof Error ? e.message : String(e)}`);
    }
    for (const dead of lastUse[i]) values[dead] = undefined;
  }
  return values[rootIndex] as Literal;
}

const lowered = new WeakSet<HloModule>();

/**
 * Evaluates the entry computation of an explicit (lowered) module. Refuses a
 * module with implicit broadcasts, a wrong argument count or a wrongly shaped
 * argument with EvalError. Arguments are never written to.
 */
export function evaluate(m: HloModule, args: readonly Literal[], options: EvalOptions = {}): Literal {
  if (!lowered.has(m)) {
    const implicit = implicitBroadcastProblems(m);
    if (implicit.length > 0) {
      throw new EvalError(`module ${m.name} holds an implicit broadcast; run lowerBroadcasts first:\n  ${implicit[0].trimEnd()}`);
    }
    lowered.add(m);
  }
  const entry = entryComputation(m);
  const params = parametersOf(entry);
  if (args.length !== params.length) {
    throw new EvalError(`module ${m.name} takes ${params.length} argument${params.length === 1 ? "" : "s"}, but ${args.length} were given`);
  }
  params.forEach((p, i) => {
    const a = args[i];
    if (!a || !a.shape || !shapesEqual(a.shape, p.shape)) {
      throw new EvalError(
        `argument ${i} (${p.name}) must have shape ${shapeToString(p.shape)}, but has ${a && a.shape ? shapeToString(a.shape) : String(a)}`,
      );
    }
  });
  return evaluateComputation(m, entry, args, options);
}
