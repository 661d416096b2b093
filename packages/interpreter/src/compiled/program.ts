/**
 * A computation made ready to run many times: operand positions resolved
 * into typed arrays, last uses known, what each step needs decided once
 * (whether dynamic sizes can follow its result, whether the memory budget
 * can ever bind), and each instruction given a step — a compiled loop where
 * one exists (fast_steps.ts), a direct step for parameters, tuples and
 * control flow (control_steps.ts), the reference kernel otherwise. Running it
 * is the reference evaluator's flat loop plus buffer assignment
 * (buffer_pool.ts).
 */
import {
  EvalError,
  HloError,
  type HloComputation,
  type HloInstruction,
  type HloModule,
  type Literal,
  type Shape,
  getComputation,
  getInstruction,
  hasTrait,
} from "@minixla/hlo";
import type { EvalContext, EvalOptions, Kernel, Numerics } from "../kernel.ts";
import { KERNELS } from "../kernels/kernel_table.ts";
import { propagateDynamicSizes } from "../dynamic_sizes.ts";
import { scheduleOf } from "../evaluate.ts";
import { checkBudget } from "../memory_budget.ts";
import { type BufferPool, Frame, type Origin } from "./buffer_pool.ts";
import { type DirectStep, directStep } from "./control_steps.ts";
import { type FastStep, fastStep } from "./fast_steps.ts";
import { foldConstants } from "./constant_folding.ts";
import { dynamicSliceStep } from "./dynamic_slice_steps.ts";
import { int64Step } from "./int64_steps.ts";
import { type FusionGroup, fusionGroups } from "./fusion_groups.ts";

interface Step {
  readonly inst: HloInstruction;
  readonly operandIndex: Int32Array;
  /** Values that die after this step. */
  readonly lastUse: Int32Array;
  /** Where a group's input dies here but is read by the group after it: the values that die here when the budget is not checked (groups run). */
  readonly uncheckedLastUse: Int32Array | undefined;
  readonly resultBytes: number;
  readonly origin: Origin;
  /** The compiled loop, or undefined. */
  readonly fast: FastStep | undefined;
  /** The step run on the invocation directly, or undefined (then `fast`, else the reference kernel). */
  readonly direct: DirectStep | undefined;
  /** Whether runtime sizes of dynamic dimensions can follow into the result (an element-wise op with a dynamic dimension). */
  readonly dynamic: boolean;
  /** A compiled step whose value nothing needs (not the root, no needed user): not run unless the memory budget is checked. */
  readonly skip: boolean;
  /** Nothing reads the value (not the root, no user): it dies as soon as it is made. */
  readonly unused: boolean;
  /** The last member of a fusion group (fusion_groups.ts): where the budget is not checked, the group runs here. */
  readonly group: GroupStep | undefined;
  /** A member of a group before its last: where the budget is not checked, it does nothing (the group computes it). */
  readonly merged: boolean;
}

/** A fusion group as a step: its inputs, what dies once it has run (every member's last uses), and its outputs' positions. */
interface GroupStep {
  readonly operandIndex: Int32Array;
  readonly lastUse: Int32Array;
  readonly outputs: Int32Array;
  readonly run: FusionGroup["run"];
}

export interface Program {
  readonly computation: HloComputation;
  readonly steps: readonly Step[];
  readonly rootIndex: number;
  /** The bytes of all results together: a budget at least this large can never be passed, so no step is checked. */
  readonly totalBytes: number;
  /** The computations this program's steps may call (planned eagerly by `compile`). */
  readonly callees: readonly string[];
}

const FOREIGN: ReadonlySet<string> = new Set(["parameter", "constant"]);
/** Direct steps that cannot fail in a verified module and change nothing but their value: skipped like compiled steps when nothing reads them. */
const PURE_DIRECT: ReadonlySet<string> = new Set(["parameter", "constant", "get-tuple-element", "tuple"]);

function hasDynamicDimension(s: Shape): boolean {
  return s.elementType !== "tuple" && (s.dynamicDimensions?.some((d) => d) ?? false);
}

/**
 * Plans a computation: the reference's schedule (operand positions, last uses), and a step per instruction.
 * `program` resolves the computations that direct steps run (called when they first run); `wasm` as CompileOptions.wasm.
 */
export function planComputation(
  m: HloModule,
  c: HloComputation,
  useFast: boolean,
  numerics: Numerics = "reference",
  program?: (name: string) => Program,
  wasm = true,
): Program {
  const { operandIndex, lastUse, rootIndex, resultBytes } = scheduleOf(c);
  const callees = new Set<string>();
  // Integer values the same every run (constant_folding.ts): computed now, returned by their steps.
  const folded = useFast ? foldConstants(m, c, numerics) : [];
  const fasts = c.instructions.map((inst, i) =>
    useFast && folded[i] === undefined
      ? (fastStep(m, c, inst, numerics, wasm) ?? int64Step(c, inst) ?? dynamicSliceStep(c, inst, lastUse[i].includes(operandIndex[i][0])))
      : undefined,
  );
  const pure = c.instructions.map((inst, i) => fasts[i] !== undefined || (useFast && (folded[i] !== undefined || PURE_DIRECT.has(inst.opcode))));
  const { skip, unused } = deadSteps(operandIndex, rootIndex, pure);
  // Runs of element-wise fusions that feed each other, computed as one loop (fusion_groups.ts).
  const groups = useFast ? fusionGroups(m, c, operandIndex, rootIndex, skip.map((s, i) => !s && !unused[i] && fasts[i] !== undefined), numerics, wasm) : [];
  const groupAt = new Map<number, GroupStep>();
  const merged = new Set<number>();
  // Where the budget is not checked, an input of a group that dies at a step between its members dies at the group.
  const uncheckedLastUse: number[][] = lastUse.map((d) => [...d]);
  for (const g of groups) {
    const last = g.members[g.members.length - 1];
    const dies = new Set<number>();
    for (const p of g.members) for (const d of lastUse[p]) dies.add(d);
    const inputs = new Set(g.operandIndex);
    for (let i = g.members[0] + 1; i < last; i++) {
      if (g.members.includes(i)) continue;
      for (const d of lastUse[i]) if (inputs.has(d)) dies.add(d);
      uncheckedLastUse[i] = uncheckedLastUse[i].filter((d) => !inputs.has(d));
    }
    groupAt.set(last, { operandIndex: Int32Array.from(g.operandIndex), lastUse: Int32Array.from(dies), outputs: Int32Array.from(g.outputs), run: g.run });
    for (const p of g.members) if (p !== last) merged.add(p);
  }
  const steps = c.instructions.map((inst, i): Step => {
    const fast = fasts[i];
    const value = folded[i];
    const direct =
      value !== undefined ? { run: () => value, holdsResult: false }
      : useFast && fast === undefined && program !== undefined
        ? directStep(m, inst, numerics, program, wasm, operandIndex[i].map((o) => lastUse[i].includes(o)))
      : undefined;
    if (fast === undefined) for (const name of inst.called ?? []) callees.add(name);
    return {
      inst,
      operandIndex: Int32Array.from(operandIndex[i]),
      lastUse: Int32Array.from(lastUse[i]),
      uncheckedLastUse: uncheckedLastUse[i].length === lastUse[i].length ? undefined : Int32Array.from(uncheckedLastUse[i]),
      resultBytes: resultBytes[i],
      origin: FOREIGN.has(inst.opcode) || value !== undefined ? "foreign" : fast !== undefined ? "pool" : direct?.holdsResult === true ? "held" : "fresh",
      fast,
      direct,
      dynamic: hasDynamicDimension(inst.shape) && hasTrait(inst.opcode, "elementwise"),
      skip: skip[i],
      unused: unused[i],
      group: groupAt.get(i),
      merged: merged.has(i),
    };
  });
  const totalBytes = resultBytes.reduce((a, b) => a + b, 0);
  return { computation: c, steps, rootIndex, totalBytes, callees: [...callees] };
}

/**
 * Which values nothing reads (`unused`: not the root, no user), and which
 * pure steps need not run (`skip`): a compiled step is pure and cannot
 * fail on the operands its plan was made for (as are folded values,
 * parameters, constants, tuples and get-tuple-element in a verified module),
 * so one whose value neither the root nor any step that runs reads changes
 * nothing when left out (the reference evaluates it and drops it). Other
 * steps always run: they may throw, or be the reference kernel of an op with
 * effects. One backward pass, operands coming before their users.
 */
function deadSteps(operandIndex: readonly (readonly number[])[], rootIndex: number, pure: readonly boolean[]): { skip: boolean[]; unused: boolean[] } {
  const n = operandIndex.length;
  const read = new Array<boolean>(n).fill(false);
  const hasUser = new Array<boolean>(n).fill(false);
  const skip = new Array<boolean>(n).fill(false);
  for (let i = n - 1; i >= 0; i--) {
    for (const o of operandIndex[i]) hasUser[o] = true;
    const runs = i === rootIndex || read[i] || !pure[i];
    skip[i] = !runs;
    if (runs) for (const o of operandIndex[i]) read[o] = true;
  }
  return { skip, unused: hasUser.map((h, i) => !h && i !== rootIndex) };
}

/** What running a program needs from its executable. */
export interface Runner {
  readonly module: HloModule;
  readonly options: EvalOptions;
  readonly maxBytes: number;
  readonly pool: BufferPool;
  program(name: string): Program;
}

/**
 * One run of a program: its arguments, its frame, and the context the
 * reference kernels see (made once per run, its methods shared).
 */
export class Invocation implements EvalContext {
  readonly options: EvalOptions;
  readonly frame: Frame;

  constructor(
    readonly runner: Runner,
    private readonly computationRun: HloComputation,
    readonly args: readonly Literal[],
  ) {
    this.options = runner.options;
    this.frame = new Frame(runner.pool);
  }

  parameter(n: number): Literal {
    const v = this.args[n];
    if (v === undefined) throw new EvalError(`computation ${this.computationRun.name}: parameter ${n} was not given`);
    return v;
  }

  call(name: string, callArgs: readonly Literal[]): Literal {
    return runProgram(this.runner, this.runner.program(name), callArgs);
  }

  /**
   * Runs a planned program on arguments; the pooled buffers of its result
   * become this run's. `dying[k]`: argument k dies at this call, so the
   * callee adopts the buffers only it holds (Frame.adoptFrom).
   */
  run(p: Program, callArgs: readonly Literal[], dying?: readonly boolean[]): Literal {
    return runProgram(this.runner, p, callArgs, this.frame, dying);
  }

  computation(name: string): HloComputation {
    return getComputation(this.runner.module, name);
  }

  instructionShape(name: string): Shape {
    return getInstruction(this.computationRun, name).shape;
  }
}

const NO_OPERANDS: Literal[] = Object.freeze([]) as unknown as Literal[];

/** A fusion group's step: its outputs made and held, then every member's dying operands released. */
function runGroup(g: GroupStep, inst: HloInstruction, values: (Literal | undefined)[], frame: Frame): void {
  const idx = g.operandIndex;
  const operands: Literal[] = new Array(idx.length);
  for (let k = 0; k < idx.length; k++) operands[k] = values[idx[k]] as Literal;
  let results: Literal[];
  try {
    results = g.run(operands, frame);
  } catch (e) {
    if (e instanceof HloError) throw e;
    throw Object.assign(new EvalError(`${inst.name} (fusion group): ${e instanceof Error ? e.message : String(e)}`), { cause: e });
  }
  const outs = g.outputs;
  for (let j = 0; j < outs.length; j++) {
    values[outs[j]] = results[j];
    frame.hold(results[j], "pool");
  }
  const dead = g.lastUse;
  for (let k = 0; k < dead.length; k++) {
    const v = values[dead[k]];
    if (v !== undefined) frame.release(v);
    values[dead[k]] = undefined;
  }
}

/**
 * Runs a program on arguments; values die after their last use and their
 * pooled buffers are reused. With `parent`, the pooled buffers of the result
 * pass to the caller's frame (Frame.handOver), and the arguments flagged in
 * `dying` give this run the buffers only they held (Frame.adoptFrom).
 */
export function runProgram(r: Runner, p: Program, args: readonly Literal[], parent?: Frame, dying?: readonly boolean[]): Literal {
  const inv = new Invocation(r, p.computation, args);
  const frame = inv.frame;
  if (parent !== undefined && dying !== undefined) {
    for (let k = 0; k < args.length; k++) if (dying[k] === true) frame.adoptFrom(parent, args[k]);
  }
  const { steps } = p;
  const values: (Literal | undefined)[] = new Array(steps.length);
  // When every result of the program together fits the budget, no step can pass it.
  const checked = p.totalBytes > r.maxBytes;
  let live = 0;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    const inst = step.inst;
    const idx = step.operandIndex;
    if (step.skip && !checked) {
      // Not run: its operands that die here are still released (only values that ran hold anything).
      const dead = (checked ? undefined : step.uncheckedLastUse) ?? step.lastUse;
      for (let k = 0; k < dead.length; k++) {
        const v = values[dead[k]];
        if (v !== undefined) frame.release(v);
        values[dead[k]] = undefined;
      }
      continue;
    }
    if (!checked && (step.merged || step.group !== undefined)) {
      if (step.group !== undefined) runGroup(step.group, inst, values, frame);
      continue;
    }
    // Parameters and constants (no operands) share one empty list instead of making one per run.
    const operands: Literal[] = idx.length === 0 ? NO_OPERANDS : new Array(idx.length);
    for (let k = 0; k < idx.length; k++) operands[k] = values[idx[k]] as Literal;
    if (checked) {
      if (live + step.resultBytes > r.maxBytes) checkBudget(inst, live, r.maxBytes);
      live += step.resultBytes;
    }
    let value: Literal;
    try {
      if (step.direct !== undefined) value = step.direct.run(operands, inv);
      else if (step.fast !== undefined) value = step.fast(operands, frame, inv);
      else value = (KERNELS[inst.opcode] as Kernel<typeof inst.opcode>)(inst as never, operands, inv);
      if (step.dynamic) propagateDynamicSizes(inst, operands, value);
    } catch (e) {
      if (e instanceof HloError) throw e;
      // The original exception stays as the cause, so a kernel bug is told from a refusal.
      throw Object.assign(new EvalError(`${inst.name} (${inst.opcode}): ${e instanceof Error ? e.message : String(e)}`), { cause: e });
    }
    values[i] = value;
    if (step.origin !== "held") frame.hold(value, step.origin);
    const dead = (checked ? undefined : step.uncheckedLastUse) ?? step.lastUse;
    for (let k = 0; k < dead.length; k++) {
      const d = dead[k];
      const v = values[d];
      // A skipped step left no value (its operands' last uses stay where they were).
      if (v !== undefined) frame.release(v);
      values[d] = undefined;
      if (checked) live -= steps[d].resultBytes;
    }
    if (step.unused) {
      // Nothing reads it: its buffers go back to the pool now rather than staying held to the end.
      // The budget's accounting stays the reference's, which keeps the value to the end.
      frame.release(value);
      values[i] = undefined;
    }
  }
  r.options.onProgress?.({ kind: "instructions", count: steps.length });
  const result = values[p.rootIndex] as Literal;
  if (parent !== undefined) frame.handOver(result, parent);
  return result;
}
