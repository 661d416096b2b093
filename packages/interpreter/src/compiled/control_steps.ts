/**
 * Steps the compiled engine runs on the invocation directly instead of
 * through the reference kernels: parameters, constants, tuples, and the
 * instructions that run other computations (call, while, conditional, and a
 * fusion no compiled loop takes). A called computation's plan is resolved
 * once, and the callee's pooled result buffers pass to the caller's frame,
 * so a while loop's states are recycled iteration by iteration. Values,
 * errors and progress events are the reference kernels'
 * (kernels/control/structural.ts), in the same order.
 */
import {
  type ArrayLiteral,
  type ArrayShape,
  EvalError,
  type HloComputation,
  type HloInstruction,
  type HloModule,
  type InstructionOf,
  type Literal,
  type TupleLiteral,
  elementCount,
  getComputation,
  getInstruction,
  isArrayShape,
  isTupleLiteral,
  storageOf,
  tupleLiteral,
} from "@minixla/hlo";
import type { Kernel, Numerics } from "../kernel.ts";
import { KERNELS } from "../kernels/kernel_table.ts";
import { conditionalBranch, scalarValue } from "../kernels/control/structural.ts";
import { compileFusedComputation } from "./fused_kernel.ts";
import { type FastCondition, fastCondition } from "./loop_condition.ts";
import type { Invocation, Program } from "./program.ts";

/** A step run on the invocation: operands in, result out. */
export interface DirectStep {
  run(operands: readonly Literal[], inv: Invocation): Literal;
  /** True when the step has already held its result in the frame (a loop's state). */
  readonly holdsResult: boolean;
}

type Resolve = (name: string) => Program;

/** A program resolved on first use (called computations are planned when the executable is compiled, and here only looked up). */
function lazyProgram(resolve: Resolve, name: string): () => Program {
  let p: Program | undefined;
  return () => (p ??= resolve(name));
}

function plain(run: DirectStep["run"]): DirectStep {
  return { run, holdsResult: false };
}

/**
 * XLA's loop, as the reference kernel runs it (iteration limit checked before
 * the condition, a progress event after each body run), with the condition
 * and body programs run directly. The frame holds the current state; the
 * previous state is released once the next exists, so buffers the body took
 * from the pool go back to it for the next iteration. A condition that only
 * compares a counter of the state with a bound is decided from the state
 * (loop_condition.ts), with the progress event its program would send,
 * unless the memory budget is checked.
 */
function whileStep(m: HloModule, inst: InstructionOf<"while">, resolve: Resolve): DirectStep {
  const condition = lazyProgram(resolve, inst.called[0]);
  const body = lazyProgram(resolve, inst.called[1]);
  let decide: FastCondition | undefined | null = null;
  return {
    holdsResult: true,
    run(operands, inv) {
      const { frame } = inv;
      const limit = inv.options.maxWhileIterations;
      const onProgress = inv.options.onProgress;
      const cond = condition();
      const bodyProgram = body();
      if (decide === null) decide = fastCondition(cond.computation, (name) => getComputation(m, name));
      const fast = cond.totalBytes <= inv.runner.maxBytes ? decide : undefined;
      let state = operands[0];
      frame.hold(state, "fresh");
      let iterations = 0;
      for (;;) {
        if (limit !== undefined && limit >= 0 && iterations > limit) {
          throw new EvalError(`Loop ${inst.name} exceeded loop iteration limit (${limit}).`);
        }
        let v = fast?.(state);
        if (v !== undefined) {
          onProgress?.({ kind: "instructions", count: cond.steps.length });
        } else {
          const go = inv.run(cond, [state]);
          frame.hold(go, "fresh");
          v = scalarValue(inst, go, "the loop condition");
          frame.release(go);
        }
        if (v === 0) return state;
        // The state dies at the body's run (the next replaces it): the body may reuse its buffers.
        const next = inv.run(bodyProgram, [state], STATE_DIES);
        frame.hold(next, "fresh");
        frame.release(state);
        state = next;
        iterations++;
        onProgress?.({ kind: "while-iteration", loop: inst.name, iteration: iterations });
      }
    },
  };
}

const STATE_DIES: readonly boolean[] = [true];

/** pred index: true -> branch 0, false -> branch 1; integer index out of range -> last branch (the reference kernel's rule and messages). */
function conditionalStep(inst: InstructionOf<"conditional">, resolve: Resolve): DirectStep {
  const branches = inst.called.map((name) => lazyProgram(resolve, name));
  return plain((operands, inv) => {
    const { branch, arg } = conditionalBranch(inst, operands);
    return inv.run(branches[branch](), [arg]);
  });
}

function float64Static(s: HloInstruction["shape"]): s is ArrayShape {
  return isArrayShape(s) && storageOf(s.elementType) === "f64" && !(s.dynamicDimensions ?? []).some((d) => d);
}

/**
 * A kOutput fusion whose dot no compiled kernel takes (a numerics mode with
 * its own dot accumulation): the reference dot kernel, then the epilogue as
 * a compiled loop nest over the product, instead of the whole fused
 * computation op by op.
 */
function referenceDotOutputFusion(m: HloModule, inst: InstructionOf<"fusion">, fused: HloComputation, numerics: Numerics, wasm: boolean): DirectStep | undefined {
  if (inst.attributes.kind !== "kOutput" || !float64Static(inst.shape)) return undefined;
  const dots = fused.instructions.filter((i): i is InstructionOf<"dot"> => i.opcode === "dot");
  if (dots.length !== 1) return undefined;
  const dot = dots[0];
  const [lhs, rhs] = dot.operands.map((o) => getInstruction(fused, o));
  if (lhs.opcode !== "parameter" || rhs.opcode !== "parameter" || !float64Static(lhs.shape) || !float64Static(rhs.shape) || !float64Static(dot.shape)) {
    return undefined;
  }
  const epilogue = compileFusedComputation(fused, m, { external: [dot.name], numerics, wasm });
  if (epilogue === undefined) return undefined;
  const li = lhs.attributes.parameterNumber;
  const ri = rhs.attributes.parameterNumber;
  const n = elementCount(inst.shape);
  const dotKernel = KERNELS.dot as Kernel<"dot">;
  return plain((operands, inv) => {
    const inputs: ArrayLiteral[] = [];
    for (const o of operands) {
      if (isTupleLiteral(o)) throw new EvalError(`${inst.opcode}: a compiled step got a tuple operand`);
      inputs.push(o);
    }
    const product = dotKernel(dot, [inputs[li], inputs[ri]], inv);
    if (isTupleLiteral(product)) throw new EvalError(`${dot.name} (dot): the product is a tuple`);
    inputs.push(product);
    return epilogue(inputs, inv.frame.take(n));
  });
}

/**
 * The direct step of `inst` (an instruction no compiled loop takes), or
 * undefined for the reference kernel; `wasm` as CompileOptions.wasm;
 * `dying[k]`: operand k dies at this step (a call's callee may then reuse
 * its buffers).
 */
export function directStep(m: HloModule, inst: HloInstruction, numerics: Numerics, resolve: Resolve, wasm = true, dying?: readonly boolean[]): DirectStep | undefined {
  switch (inst.opcode) {
    case "parameter": {
      const n = inst.attributes.parameterNumber;
      return plain((_operands, inv) => inv.parameter(n));
    }
    case "constant": {
      const value = inst.attributes.literal as Literal;
      return plain(() => value);
    }
    case "tuple":
      return plain((operands) => tupleLiteral(operands));
    case "get-tuple-element": {
      const index = inst.attributes.index;
      return plain((operands) => {
        const t = operands[0];
        if (!isTupleLiteral(t)) throw new EvalError(`${inst.name}: get-tuple-element of a non-tuple`);
        return (t as TupleLiteral).elements[index];
      });
    }
    case "call": {
      const callee = lazyProgram(resolve, inst.called[0]);
      const adopt = dying?.some((d) => d) === true ? dying : undefined;
      return plain((operands, inv) => inv.run(callee(), operands, adopt));
    }
    case "fusion": {
      const fused = getComputation(m, inst.called[0]);
      const step = referenceDotOutputFusion(m, inst, fused, numerics, wasm);
      if (step !== undefined) return step;
      const callee = lazyProgram(resolve, inst.called[0]);
      return plain((operands, inv) => inv.run(callee(), operands));
    }
    case "while":
      return whileStep(m, inst, resolve);
    case "conditional":
      return conditionalStep(inst, resolve);
    default:
      return undefined;
  }
}
