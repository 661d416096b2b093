/**
 * xla-cpu-numerics: the two rewrites by which XLA's CPU compiler changes
 * floating-point results relative to the HLO's op-by-op semantics, so that
 * minixla can reproduce numbers computed by real XLA on CPU (the conformance
 * corpus). The reference semantics stay op-by-op; this pass is opt-in and
 * `minixla conformance` applies it.
 *
 * - reciprocal-divisor: a / broadcast(b) -> a * broadcast(1 / b), for floats
 *   with a non-constant dividend (XLA's algebraic simplifier).
 * - fused-multiply-add: add(multiply(x, y), z) and subtract(multiply(x, y), z)
 *   or subtract(z, multiply(x, y)) on f32 and f64, where the multiply has no
 *   other user (not even as an output), are computed with one rounding, as
 *   LLVM's contraction into an x86 FMA does: the custom-call
 *   `minixla$xla_cpu_fma(x, y, z)` (the interpreter's kernels/xla_cpu_fma.ts,
 *   which also flushes denormals as XLA CPU does). For a*b + c*d the first
 *   multiply is fused. f16 and bf16 multiply-adds are not contracted on XLA
 *   CPU (the differential fuzzer, test/fuzz/, against real XLA: f16 -2.5 *
 *   1.001 + 1.001 = -1.5009765625, two roundings; bf16 1 * -9.2e-41 +
 *   -9.2e-41 = -0, flushed); f64 ones are ((1 + 2^-30)(1 - 2^-30) - 1 =
 *   -2^-60, jaxlib 0.10.2).
 */
import { isFloatType } from "../element_type.ts";
import type { HloInstruction } from "../instruction.ts";
import { scalar } from "../literal.ts";
import { type HloModule, assertStructure } from "../module.ts";
import { type ArrayShape, isArrayShape, shape } from "../shape.ts";
import type { HloPass } from "./pass.ts";
import { type RewriteContext, type RewriteRule, lazyNames, rewriteComputation } from "./rewrite.ts";
import { mapComputations } from "./pass.ts";

/** The types whose multiply-adds XLA CPU contracts. */
const CONTRACTED = new Set(["f32", "f64"]);

/** The interpreter's custom-call target for XLA CPU's fused multiply-add (kernels/xla_cpu_fma.ts). */
const FMA_TARGET = "minixla$xla_cpu_fma";

function inst<K extends HloInstruction["opcode"]>(
  name: string, opcode: K, operands: readonly string[], s: ArrayShape, attributes: HloInstruction["attributes"] = {},
): HloInstruction {
  return { name, opcode, operands, shape: s, attributes, called: [] } as unknown as HloInstruction;
}

/** a / broadcast(b) -> a * broadcast(1 / b). */
const reciprocalDivisor: RewriteRule = {
  name: "reciprocal-divisor",
  apply(div, ctx) {
    if (div.opcode !== "divide" || !isArrayShape(div.shape) || !isFloatType(div.shape.elementType)) return undefined;
    const a = ctx.get(div.operands[0]);
    const b = ctx.get(div.operands[1]);
    if (!a || !b || a.opcode === "constant" || b.opcode !== "broadcast") return undefined;
    const c = ctx.get(b.operands[0]);
    if (!c || !isArrayShape(c.shape) || !isArrayShape(b.shape)) return undefined;
    const t = c.shape.elementType;
    const oneName = ctx.fresh("constant");
    const added: HloInstruction[] = [inst(oneName, "constant", [], shape(t, []), { literal: scalar(1, t) } as never)];
    let ones = oneName;
    if (c.shape.dimensions.length > 0) {
      ones = ctx.fresh("broadcast");
      added.push(inst(ones, "broadcast", [oneName], shape(t, c.shape.dimensions), { dimensions: [] } as never));
    }
    const inverse = ctx.fresh("divide");
    added.push(inst(inverse, "divide", [ones, c.name], shape(t, c.shape.dimensions)));
    const spread = ctx.fresh("broadcast");
    added.push(inst(spread, "broadcast", [inverse], b.shape, b.attributes));
    added.push(inst(ctx.fresh("multiply"), "multiply", [a.name, spread], div.shape));
    return added;
  },
};

/**
 * add/subtract of a single-use multiply on f32/f64 -> one rounding of x*y + z
 * (subtract(m, z) as fma(x, y, -z), subtract(z, m) as fma(-x, y, z): negation is exact).
 */
function fusedMultiplyAdd(uses: ReadonlyMap<string, number>): RewriteRule {
  return {
    name: "fused-multiply-add",
    apply(add, ctx: RewriteContext) {
      if ((add.opcode !== "add" && add.opcode !== "subtract") || !isArrayShape(add.shape) || !CONTRACTED.has(add.shape.elementType)) return undefined;
      const s = add.shape;
      for (const side of [0, 1]) {
        const mul = ctx.get(add.operands[side]);
        if (!mul || mul.opcode !== "multiply" || (uses.get(mul.name) ?? 0) !== 1) continue;
        if (!isArrayShape(mul.shape) || mul.shape.elementType !== s.elementType) continue;
        const added: HloInstruction[] = [];
        const negated = (name: string): string => {
          const n = inst(ctx.fresh("negate"), "negate", [name], s);
          added.push(n);
          return n.name;
        };
        let [x, y, z] = [mul.operands[0], mul.operands[1], add.operands[1 - side]];
        if (add.opcode === "subtract") {
          if (side === 0) z = negated(z);
          else x = negated(x);
        }
        const attributes = { customCallTarget: FMA_TARGET, rawAttributes: [] } as never;
        added.push(inst(ctx.fresh("custom-call"), "custom-call", [x, y, z], s, attributes));
        return added;
      }
      return undefined;
    },
  };
}

function useCounts(m: HloModule): Map<string, number> {
  const uses = new Map<string, number>();
  for (const c of m.computations) {
    for (const i of c.instructions) for (const o of i.operands) uses.set(o, (uses.get(o) ?? 0) + 1);
    uses.set(c.root, (uses.get(c.root) ?? 0) + 1);
  }
  return uses;
}

/** Reproduces XLA CPU's float numerics (a/broadcast(b) as a*broadcast(1/b), f32/f64 multiply-add rounded once), so results match it (`--numerics xla-cpu`). */
export const xlaCpuNumerics: HloPass = {
  name: "xla-cpu-numerics",
  description: "reproduces XLA CPU's numerics: a/broadcast(b) as a*broadcast(1/b), f32/f64 multiply-add and multiply-subtract with one rounding",
  run(m) {
    assertStructure(m, "pass xla-cpu-numerics");
    const names = lazyNames(m);
    const rules = [reciprocalDivisor, fusedMultiplyAdd(useCounts(m))];
    // One sweep's worth of rules per computation: the rewritten ops never match again.
    return mapComputations(m, (c) => rewriteComputation(c, rules, m, names, "xla-cpu-numerics"));
  },
};
