/**
 * constant-folding: an instruction whose operands are all constants becomes a
 * constant, computed by the interpreter's own kernel for its opcode (so folding
 * can never disagree with evaluation). Left alone: parameters, iota and
 * broadcast (folding them only materializes large constants), custom-calls,
 * tuple-shaped results, results over MAX_FOLDED_ELEMENTS elements or over the
 * evaluator's memory budget (see foldOptions), calls into
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
  assertStructure,
  elementCount,
  getComputation,
  hasImplicitBroadcast,
  isArrayShape,
  isTupleLiteral,
  rewritePass,
  shapesEqual,
} from "@minixla/hlo";
import { evaluateComputation } from "./evaluate.ts";
import { resolveMaxBytes, storageBytes } from "./memory_budget.ts";
import type { EvalContext, EvalOptions, Kernel } from "./kernel.ts";
import { KERNELS } from "./kernels/kernel_table.ts";

/** Results larger than this stay computed at run time. */
export const MAX_FOLDED_ELEMENTS = 100_000;

/** Folding never spends more memory than this on one fold, whatever the evaluator's budget. */
const MAX_FOLD_BYTES = 64 * 2 ** 20;

/**
 * The evaluator's options while folding: a folded while loop that runs longer
 * than 10,000 iterations is left alone, as is a fold whose result, or any value
 * its computation (a call, a loop body) allocates, would pass the memory
 * budget (the evaluator's, MINIXLA_MAX_BYTES or its default, capped at
 * MAX_FOLD_BYTES): the evaluator refuses it before allocating and the
 * instruction stays unfolded. Read once per run of the pass.
 */
function foldOptions(): EvalOptions {
  return { maxWhileIterations: 10_000, maxBytes: Math.min(MAX_FOLD_BYTES, resolveMaxBytes(undefined)) };
}

// rng is never folded: its values depend on the evaluator's rngSeed.
const NEVER_FOLDED: ReadonlySet<HloInstruction["opcode"]> = new Set(["parameter", "constant", "iota", "broadcast", "custom-call", "tuple", "rng"]);

const impureCache = new WeakMap<HloModule, ReadonlySet<string>>();

/** Computations that (transitively) hold a custom-call; callees come first, so one forward sweep suffices. */
function impureComputations(m: HloModule): ReadonlySet<string> {
  const cached = impureCache.get(m);
  if (cached) return cached;
  const impure = new Set<string>();
  for (const c of m.computations) {
    if (c.instructions.some((i) => i.opcode === "custom-call" || i.opcode === "rng" || i.called.some((n) => impure.has(n)))) impure.add(c.name);
  }
  impureCache.set(m, impure);
  return impure;
}

function constantLiteral(ctx: RewriteContext, name: string): Literal | undefined {
  const o = ctx.get(name);
  // An elided constant's values are unknown: nothing computed from it is a constant.
  return o?.opcode === "constant" && o.attributes.elided !== true ? (o.attributes.literal as Literal) : undefined;
}

/** The kernel's value for `inst` on constant operands, or undefined if it cannot or should not be folded. */
function fold(inst: HloInstruction, ctx: RewriteContext, options: EvalOptions): Literal | undefined {
  if (NEVER_FOLDED.has(inst.opcode) || !isArrayShape(inst.shape) || elementCount(inst.shape) > MAX_FOLDED_ELEMENTS) return undefined;
  if (storageBytes(inst.shape) > (options.maxBytes ?? 0)) return undefined;
  if (inst.called.some((n) => impureComputations(ctx.module).has(n))) return undefined;
  const operands: Literal[] = [];
  for (const o of inst.operands) {
    const l = constantLiteral(ctx, o);
    if (l === undefined) return undefined;
    operands.push(l);
  }
  const m = ctx.module;
  const evalCtx: EvalContext = {
    options,
    parameter: (n) => {
      throw new Error(`parameter ${n} is not a constant`);
    },
    call: (name, args) => evaluateComputation(m, getComputation(m, name), args, options),
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

/** The folding rule under the given evaluator options (budget and loop limit). */
export function foldRule(options: EvalOptions): RewriteRule {
  return {
    name: "fold-constant",
    // f(constant a, constant b, ...) -> constant f(a, b, ...), computed by f's kernel.
    apply: (inst, ctx) => {
      const value = fold(inst, ctx, options);
      return value === undefined
        ? undefined
        : { name: inst.name, opcode: "constant", operands: [], shape: inst.shape, attributes: { literal: value }, called: [] };
    },
  };
}

/** Replaces instructions whose operands are all constants by their value (evaluated by the reference evaluator), up to MAX_FOLDED_ELEMENTS. */
export const constantFolding: HloPass = {
  name: "constant-folding",
  description: "replaces instructions whose operands are all constants by constants computed with the interpreter's kernels",
  run(m) {
    assertStructure(m, "pass constant-folding");
    if (hasImplicitBroadcast(m)) return m;
    return rewritePass("constant-folding", "", [foldRule(foldOptions())]).run(m);
  },
};
