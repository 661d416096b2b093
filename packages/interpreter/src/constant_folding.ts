/**
 * constant-folding: an instruction whose operands are all constants becomes a
 * constant, computed by the interpreter's own kernel for its opcode (so folding
 * can never disagree with evaluation). Left alone: parameters, iota and
 * broadcast (folding them only materializes large constants), custom-calls,
 * tuple-shaped results, results over MAX_FOLDED_ELEMENTS elements, calls into
 * computations that hold a custom-call, and anything whose kernel refuses.
 * Runs only on explicit modules (after lower-broadcasts): kernels never broadcast.
 */
import {
  type HloInstruction,
  type HloModule,
  type HloPass,
  type Literal,
  type RewriteContext,
  type RewriteRule,
  defaultPipeline,
  STANDARD_PASSES,
  elementCount,
  getComputation,
  hasImplicitBroadcast,
  isArrayShape,
  isTupleLiteral,
  rewritePass,
  shapesEqual,
} from "@minixla/hlo";
import { evaluateComputation } from "./evaluate.ts";
import type { EvalContext, EvalOptions, Kernel } from "./kernel.ts";
import { KERNELS } from "./kernels/kernel_table.ts";

/** Results larger than this stay computed at run time. */
export const MAX_FOLDED_ELEMENTS = 100_000;

/** A folded while loop that runs longer than this is left alone. */
const FOLD_OPTIONS: EvalOptions = { maxWhileIterations: 10_000 };

const NEVER_FOLDED: ReadonlySet<HloInstruction["opcode"]> = new Set(["parameter", "constant", "iota", "broadcast", "custom-call", "tuple"]);

const impureCache = new WeakMap<HloModule, ReadonlySet<string>>();

/** Computations that (transitively) hold a custom-call; callees come first, so one forward sweep suffices. */
function impureComputations(m: HloModule): ReadonlySet<string> {
  const cached = impureCache.get(m);
  if (cached) return cached;
  const impure = new Set<string>();
  for (const c of m.computations) {
    if (c.instructions.some((i) => i.opcode === "custom-call" || i.called.some((n) => impure.has(n)))) impure.add(c.name);
  }
  impureCache.set(m, impure);
  return impure;
}

function constantLiteral(ctx: RewriteContext, name: string): Literal | undefined {
  const o = ctx.get(name);
  return o?.opcode === "constant" ? (o.attributes.literal as Literal) : undefined;
}

/** The kernel's value for `inst` on constant operands, or undefined if it cannot or should not be folded. */
function fold(inst: HloInstruction, ctx: RewriteContext): Literal | undefined {
  if (NEVER_FOLDED.has(inst.opcode) || !isArrayShape(inst.shape) || elementCount(inst.shape) > MAX_FOLDED_ELEMENTS) return undefined;
  if (inst.called.some((n) => impureComputations(ctx.module).has(n))) return undefined;
  const operands: Literal[] = [];
  for (const o of inst.operands) {
    const l = constantLiteral(ctx, o);
    if (l === undefined) return undefined;
    operands.push(l);
  }
  const m = ctx.module;
  const evalCtx: EvalContext = {
    options: FOLD_OPTIONS,
    parameter: (n) => {
      throw new Error(`parameter ${n} is not a constant`);
    },
    call: (name, args) => evaluateComputation(m, getComputation(m, name), args, FOLD_OPTIONS),
    computation: (name) => getComputation(m, name),
  };
  try {
    const result = (KERNELS[inst.opcode] as Kernel<typeof inst.opcode>)(inst as never, operands, evalCtx);
    return !isTupleLiteral(result) && shapesEqual(result.shape, inst.shape) ? result : undefined;
  } catch {
    // A kernel that refuses (not written yet, out-of-range value, loop limit) leaves the instruction as it is.
    return undefined;
  }
}

export const FOLD_RULE: RewriteRule = {
  name: "fold-constant",
  // f(constant a, constant b, ...) -> constant f(a, b, ...), computed by f's kernel.
  apply: (inst, ctx) => {
    const value = fold(inst, ctx);
    return value === undefined
      ? undefined
      : { name: inst.name, opcode: "constant", operands: [], shape: inst.shape, attributes: { literal: value }, called: [] };
  },
};

const folding = rewritePass("constant-folding", "", [FOLD_RULE]);

export const constantFolding: HloPass = {
  name: "constant-folding",
  description: "replaces instructions whose operands are all constants by constants computed with the interpreter's kernels",
  run: (m) => (hasImplicitBroadcast(m) ? m : folding.run(m)),
};

/** Every pass minixla ships: the standard ones from @minixla/hlo plus constant folding. */
export const ALL_PASSES: readonly HloPass[] = [...STANDARD_PASSES, constantFolding];

/** The default pipeline with constant folding in its simplification loop. */
export function defaultPipelineWithFolding(): readonly HloPass[] {
  return defaultPipeline([constantFolding]);
}
