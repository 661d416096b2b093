/**
 * A computation made ready to run many times: operand positions resolved,
 * last uses known, and each instruction given a step — a compiled loop where
 * one exists (fast_steps.ts), the reference kernel otherwise. Running it is
 * the reference evaluator's flat loop plus buffer assignment (buffer_pool.ts).
 */
import {
  EvalError,
  HloError,
  type HloComputation,
  type HloInstruction,
  type HloModule,
  type Literal,
  getComputation,
  getInstruction,
} from "@minixla/hlo";
import type { EvalContext, EvalOptions, Kernel, Numerics } from "../kernel.ts";
import { KERNELS } from "../kernels/kernel_table.ts";
import { propagateDynamicSizes } from "../dynamic_sizes.ts";
import { scheduleOf } from "../evaluate.ts";
import { checkBudget } from "../memory_budget.ts";
import { type BufferPool, Frame, type Origin } from "./buffer_pool.ts";
import { type FastStep, fastStep } from "./fast_steps.ts";

interface Step {
  readonly inst: HloInstruction;
  readonly operandIndex: readonly number[];
  /** Values that die after this step. */
  readonly lastUse: readonly number[];
  readonly resultBytes: number;
  readonly origin: Origin;
  /** The compiled loop, or undefined for the reference kernel. */
  readonly fast: FastStep | undefined;
}

export interface Program {
  readonly computation: HloComputation;
  readonly steps: readonly Step[];
  readonly rootIndex: number;
}

const FOREIGN: ReadonlySet<string> = new Set(["parameter", "constant"]);

/** Plans a computation: the reference's schedule (operand positions, last uses), and a step per instruction. */
export function planComputation(m: HloModule, c: HloComputation, useFast: boolean, numerics: Numerics = "reference", wasm = true): Program {
  const { operandIndex, lastUse, rootIndex, resultBytes } = scheduleOf(c);
  const steps = c.instructions.map((inst, i): Step => {
    const fast = useFast ? fastStep(m, c, inst, numerics, wasm) : undefined;
    return {
      inst,
      operandIndex: operandIndex[i],
      lastUse: lastUse[i],
      resultBytes: resultBytes[i],
      origin: FOREIGN.has(inst.opcode) ? "foreign" : fast !== undefined ? "pool" : "fresh",
      fast,
    };
  });
  return { computation: c, steps, rootIndex };
}

/** What running a program needs from its executable. */
export interface Runner {
  readonly module: HloModule;
  readonly options: EvalOptions;
  readonly maxBytes: number;
  readonly pool: BufferPool;
  program(name: string): Program;
}

/** Runs a program on arguments; values die after their last use and their pooled buffers are reused. */
export function runProgram(r: Runner, p: Program, args: readonly Literal[]): Literal {
  const c = p.computation;
  const frame = new Frame(r.pool);
  const values: (Literal | undefined)[] = new Array(p.steps.length);
  const ctx: EvalContext = {
    options: r.options,
    parameter(n) {
      const v = args[n];
      if (v === undefined) throw new EvalError(`computation ${c.name}: parameter ${n} was not given`);
      return v;
    },
    call(name, callArgs) {
      return runProgram(r, r.program(name), callArgs);
    },
    computation(name) {
      return getComputation(r.module, name);
    },
    instructionShape(name) {
      return getInstruction(c, name).shape;
    },
  };
  let live = 0;
  const { steps } = p;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    const inst = step.inst;
    const operands: Literal[] = [];
    for (const q of step.operandIndex) operands.push(values[q] as Literal);
    if (live + step.resultBytes > r.maxBytes) checkBudget(inst, live, r.maxBytes);
    live += step.resultBytes;
    let value: Literal;
    try {
      value = step.fast !== undefined ? step.fast(operands, frame, ctx) : (KERNELS[inst.opcode] as Kernel<typeof inst.opcode>)(inst as never, operands, ctx);
      propagateDynamicSizes(inst, operands, value);
    } catch (e) {
      if (e instanceof HloError) throw e;
      // The original exception stays as the cause, so a kernel bug is told from a refusal.
      throw Object.assign(new EvalError(`${inst.name} (${inst.opcode}): ${e instanceof Error ? e.message : String(e)}`), { cause: e });
    }
    values[i] = value;
    frame.hold(value, step.origin);
    for (const dead of step.lastUse) {
      frame.release(values[dead] as Literal);
      values[dead] = undefined;
      live -= steps[dead].resultBytes;
    }
  }
  r.options.onProgress?.({ kind: "instructions", count: steps.length });
  return values[p.rootIndex] as Literal;
}
