/**
 * Runs of element-wise fusions of one shape that feed each other (threefry's
 * rounds: add, rotate-xor, add, ... each its own kLoop fusion over the same
 * words) merged into one JavaScript loop nest with several outputs: each
 * point computes the whole chain in locals and stores only the values read
 * outside the run, instead of one pass over memory, one step and one pooled
 * buffer per fusion. Every value is the same function of the same inputs as
 * in its own fusion (each op keeps its semantics and operand order), so the
 * results are the same bits.
 *
 * Only fusions the engine runs as JavaScript loops join a group (one that
 * WebAssembly takes stays there), and only where the budget is not checked
 * (program.ts runs the members one by one otherwise, with the reference's
 * accounting).
 */
import {
  type ArrayLiteral,
  type ArrayShape,
  EvalError,
  type HloComputation,
  type HloInstruction,
  type HloModule,
  type Literal,
  elementCount,
  getComputation,
  isArrayLiteral,
  isArrayShape,
  storageOf,
} from "@minixla/hlo";
import type { Numerics } from "../kernel.ts";
import type { Frame } from "./buffer_pool.ts";
import { type KernelPlan, planFusedComputation } from "./kernel_plan.ts";
import { type LoopKernel, compileLoopNest } from "./loop_codegen.ts";
import { emitPlan } from "./wasm/emit_plan.ts";
import { compileWasmLoop, wasmPays } from "./wasm/wasm_kernel.ts";

/** A group's run: its inputs' values in (in `operandIndex` order), one value per output out. */
export type GroupKernel = (operands: readonly Literal[], frame: Frame) => Literal[];

/** A group of fusions run as one step at the position of its last member. */
export interface FusionGroup {
  /** Positions of the members in the computation, in order. */
  readonly members: readonly number[];
  /** Positions of the values the group reads (operands of members that are not members). */
  readonly operandIndex: readonly number[];
  /** Positions of the members read outside the group (the last member last): what `run` returns, in order. */
  readonly outputs: readonly number[];
  readonly run: GroupKernel;
}

/** Whether compile() forms groups (measurements compare with and without them in one process). */
export const fusionGroupSettings = { enabled: true, wasmAlways: false };

/** Points up to which a group runs as one loop (larger loops split across threads, threads/). */
const MAX_GROUP_POINTS = 1 << 16;
/** Ops of a merged loop's point up to which a group grows: TurboFan inlines each scalar function of a body this size (loop_codegen.ts UNROLLED_CALLS). */
const MAX_GROUP_OPS = 48;

function float64Static(s: HloInstruction["shape"]): s is ArrayShape {
  return isArrayShape(s) && storageOf(s.elementType) === "f64" && !(s.dynamicDimensions ?? []).some((d) => d);
}

function opCount(plan: KernelPlan): number {
  return plan.nodes.reduce((n, x) => n + (x.kind === "op" ? 1 : 0), 0);
}

/** The plan of a kLoop fusion with one output, and whether WebAssembly runs it (fused_kernel.ts makes the same choice), or undefined. */
function memberPlan(m: HloModule, inst: HloInstruction, numerics: Numerics, wasm: boolean): { plan: KernelPlan; wasm: boolean } | undefined {
  if (inst.opcode !== "fusion" || inst.attributes.kind !== "kLoop" || !float64Static(inst.shape)) return undefined;
  if (elementCount(inst.shape) > MAX_GROUP_POINTS || inst.called.length !== 1) return undefined;
  const plan = planFusedComputation(getComputation(m, inst.called[0]), m, [], numerics);
  if (plan === undefined || plan.reduce !== undefined) return undefined;
  return { plan, wasm: wasm && wasmPays(plan, numerics) && emitPlan(plan, numerics) !== undefined };
}

/**
 * The computation the members compute together: each member's fused
 * instructions under names of their own, a parameter that reads an earlier
 * member replaced by that member's root, other parameters numbered by the
 * group's operands.
 */
function mergedComputation(m: HloModule, c: HloComputation, members: readonly number[], operandIndex: readonly number[]): { comp: HloComputation; roots: Map<number, string> } {
  const instructions: HloInstruction[] = [];
  const roots = new Map<number, string>();
  const operandNames = new Map<number, string>();
  const position = new Map<string, number>(c.instructions.map((inst, i) => [inst.name, i]));
  members.forEach((pos, k) => {
    const inst = c.instructions[pos];
    const fused = getComputation(m, inst.called[0]);
    const rename = new Map<string, string>();
    for (const f of fused.instructions) {
      if (f.opcode === "parameter") {
        const operand = position.get(inst.operands[f.attributes.parameterNumber]) as number;
        const root = roots.get(operand);
        if (root !== undefined) {
          rename.set(f.name, root);
          continue;
        }
        let name = operandNames.get(operand);
        if (name === undefined) {
          name = `p${String(operandNames.size)}`;
          operandNames.set(operand, name);
          instructions.push({ ...f, name, attributes: { ...f.attributes, parameterNumber: operandIndex.indexOf(operand) } } as HloInstruction);
        }
        rename.set(f.name, name);
        continue;
      }
      const name = `m${String(k)}.${String(rename.size)}`;
      rename.set(f.name, name);
      instructions.push({ ...f, name, operands: f.operands.map((o) => rename.get(o) as string) } as HloInstruction);
    }
    roots.set(pos, rename.get(fused.root) as string);
  });
  const last = members[members.length - 1];
  return { comp: { name: `${c.name}.group`, instructions, root: roots.get(last) as string }, roots };
}

function groupKernel(loop: LoopKernel, plan: KernelPlan, outputs: readonly HloInstruction[]): GroupKernel {
  const { inputCount, inputLengths, constants } = plan;
  const n = elementCount(plan.result);
  const shapes = outputs.map((o) => o.shape as ArrayShape);
  const last = shapes.length - 1;
  return (operands, frame) => {
    const arrays: Float64Array[] = [];
    for (let k = 0; k < inputCount; k++) {
      const o = operands[k];
      const data = isArrayLiteral(o) ? o.data : undefined;
      if (!(data instanceof Float64Array) || data.length !== inputLengths[k]) throw new EvalError(`fusion group: operand ${k} must hold ${inputLengths[k]} float64 values`);
      arrays.push(data);
    }
    for (const c of constants) arrays.push(c);
    const results: Literal[] = [];
    // The plan's root is the last output; the others follow the constants (kernel_plan.ts extraValues).
    for (let j = 0; j < last; j++) {
      const out = frame.take(n);
      arrays.push(out);
      results.push({ shape: shapes[j], data: out } satisfies ArrayLiteral);
    }
    const out = frame.take(n);
    loop(arrays, out);
    results.push({ shape: shapes[last], data: out } satisfies ArrayLiteral);
    return results;
  };
}

/** The group of `members`, or undefined where their merged plan is no cheaper than their own (a value read through another map would be computed twice). */
function buildGroup(
  m: HloModule,
  c: HloComputation,
  members: readonly number[],
  ops: number,
  operandIndex: readonly (readonly number[])[],
  rootIndex: number,
  numerics: Numerics,
  wasm: "never" | "pays" | "only",
): FusionGroup | undefined {
  const inGroup = new Set(members);
  const inputs: number[] = [];
  for (const pos of members) for (const o of operandIndex[pos]) if (!inGroup.has(o) && !inputs.includes(o)) inputs.push(o);
  const readOutside = new Set<number>([rootIndex]);
  operandIndex.forEach((ops, i) => {
    if (!inGroup.has(i)) for (const o of ops) readOutside.add(o);
  });
  const outputs = members.filter((p) => readOutside.has(p) || p === members[members.length - 1]);
  const { comp, roots } = mergedComputation(m, c, members, inputs);
  const extra = outputs.slice(0, -1).map((p) => roots.get(p) as string);
  const plan = planFusedComputation(comp, m, [], numerics, extra);
  if (plan === undefined || opCount(plan) > ops) return undefined;
  // WebAssembly where it pays (`only`: a member ran there, and the group may not run slower in JavaScript).
  const inWasm = wasm === "never" ? undefined : compileWasmLoop(plan, numerics, fusionGroupSettings.wasmAlways);
  const loop = inWasm ?? (wasm === "only" ? undefined : compileLoopNest(plan));
  if (loop === undefined) return undefined;
  return { members, operandIndex: inputs, outputs, run: groupKernel(loop, plan, outputs.map((p) => c.instructions[p])) };
}

/**
 * The groups of `c`: in schedule order, a member joins the open group when
 * it has the group's shape and reads one of its members; any other
 * instruction that reads a member closes the group (every value read
 * outside a group is read after its last member, where the group runs).
 * `runs[i]`: instruction i runs (not skipped as dead, read by something).
 */
export function fusionGroups(
  m: HloModule,
  c: HloComputation,
  operandIndex: readonly (readonly number[])[],
  rootIndex: number,
  runs: readonly boolean[],
  numerics: Numerics,
  wasm: boolean,
): FusionGroup[] {
  const groups: FusionGroup[] = [];
  if (!fusionGroupSettings.enabled) return groups;
  let open: { members: number[]; dims: readonly number[]; ops: number; wasm: boolean } | undefined;
  const close = (): void => {
    if (open !== undefined && open.members.length > 1) {
      const g = buildGroup(m, c, open.members, open.ops, operandIndex, rootIndex, numerics, !wasm ? "never" : open.wasm ? "only" : "pays");
      if (g !== undefined) groups.push(g);
    }
    open = undefined;
  };
  c.instructions.forEach((inst, i) => {
    const readsOpen = open !== undefined && operandIndex[i].some((o) => open?.members.includes(o) === true);
    const member = runs[i] ? memberPlan(m, inst, numerics, wasm) : undefined;
    if (member === undefined) {
      if (readsOpen) close();
      return;
    }
    const dims = (inst.shape as ArrayShape).dimensions;
    const ops = opCount(member.plan);
    const fits = open !== undefined && readsOpen && open.ops + ops <= MAX_GROUP_OPS && open.dims.length === dims.length && open.dims.every((d, k) => d === dims[k]);
    if (open !== undefined && fits) {
      open.members.push(i);
      open.ops += ops;
      open.wasm ||= member.wasm;
      return;
    }
    close();
    open = { members: [i], dims, ops, wasm: member.wasm };
  });
  close();
  return groups;
}
