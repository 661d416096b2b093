/**
 * xla-cpu-numerics: the two rewrites by which XLA's CPU compiler changes
 * floating-point results relative to the HLO's op-by-op semantics, so that
 * minixla can reproduce numbers computed by real XLA on CPU (the conformance
 * corpus). The reference semantics stay op-by-op; this pass is opt-in and
 * `minixla conformance` applies it.
 *
 * - XLA's algebraic simplifier's divide rewrites on f16, f32 and f64 (see
 *   divideRewrites): a / constant and a / broadcast(b) become products with
 *   the reciprocal, (a / b) / c becomes a / (b * c), a / (b / c) becomes
 *   (a * c) / b, (a / b) / (c / d) becomes (a * d) / (b * c).
 * - fused-multiply-add: add(multiply(x, y), z) and subtract(multiply(x, y), z)
 *   or subtract(z, multiply(x, y)) on f32 and f64, where the multiply has no
 *   other user (not even as an output), are computed with one rounding, as
 *   LLVM's contraction into an x86 FMA does: the custom-call
 *   `minixla$xla_cpu_fma(x, y, z)` (the interpreter's numerics/xla_cpu/fma.ts,
 *   which also flushes denormals as XLA CPU does). For a*b + c*d the first
 *   multiply is fused. f16 and bf16 multiply-adds are not contracted on XLA
 *   CPU (the differential fuzzer, test/fuzz/, against real XLA: f16 -2.5 *
 *   1.001 + 1.001 = -1.5009765625, two roundings; bf16 1 * -9.2e-41 +
 *   -9.2e-41 = -0, flushed); f64 ones are ((1 + 2^-30)(1 - 2^-30) - 1 =
 *   -2^-60, jaxlib 0.10.2).
 */
import type { HloInstruction } from "../instruction.ts";
import { scalar } from "../literal.ts";
import { type HloModule, assertStructure } from "../module.ts";
import { type ArrayShape, isArrayShape, shape } from "../shape.ts";
import type { HloPass } from "./pass.ts";
import { type RewriteContext, type RewriteRule, lazyNames, rewriteComputation } from "./rewrite.ts";
import { mapComputations } from "./pass.ts";

/** The types whose multiply-adds XLA CPU contracts. */
const CONTRACTED = new Set(["f32", "f64"]);

/**
 * The custom-call target this pass gives XLA CPU's fused multiply-add, which
 * the interpreter evaluates (interpreter/src/numerics/xla_cpu/fma.ts).
 */
export const XLA_CPU_FMA_TARGET = "minixla$xla_cpu_fma";

function inst<K extends HloInstruction["opcode"]>(
  name: string, opcode: K, operands: readonly string[], s: ArrayShape, attributes: HloInstruction["attributes"] = {},
): HloInstruction {
  return { name, opcode, operands, shape: s, attributes, called: [] } as unknown as HloInstruction;
}

/**
 * The types whose divides XLA CPU's algebraic simplifier rewrites. bf16 and
 * the f8 types are computed in f32 between converts, which hide the
 * patterns: their divides stay as written (jaxlib 0.10.2: bf16 (a/b)/c and
 * a/broadcast(s), f8e4m3fn and f8e5m2 likewise, all plain).
 */
const DIVIDE_REWRITTEN = new Set(["f16", "f32", "f64"]);

/** Distinct instructions using each value (XLA's user count; the root is not a user). */
function userCounts(m: HloModule): Map<string, number> {
  const users = new Map<string, number>();
  for (const c of m.computations) {
    for (const i of c.instructions) for (const o of new Set(i.operands)) users.set(o, (users.get(o) ?? 0) + 1);
  }
  return users;
}

/**
 * XLA's HandleDivide rewrites of float divides (xla/hlo/transforms/simplifiers/
 * algebraic_simplifier.cc), tried in its order, the first that matches wins:
 * 1. a / c or a / broadcast(c), c a constant and a not: a * (1 / c) (XLA folds 1 / c in the type);
 * 2. a / broadcast(b), b with one user: a * broadcast(1 / b) (a may be a constant);
 * 3. (a / b) / (c / d): (a * d) / (b * c);
 * 4. (a / b) / c: a / (b * c), also when a / b has other users;
 * 5. a / (b / c): (a * c) / b.
 * The driver's sweeps repeat them to a fixed point, as XLA's simplifier
 * does: ((a / b) / c) / d becomes a / ((b * c) * d). Checked against XLA CPU
 * (jaxlib 0.10.2) on f16, f32 and f64 inputs where each rewrite changes the
 * bits. `users` is updated as rule 2 adds its reciprocal, so of two divides
 * by one broadcast only the first is rewritten, as in XLA.
 */
function divideRewrites(users: Map<string, number>): RewriteRule {
  // The reciprocals made here: XLA folds 1 / constant at once, so they are never rewritten again.
  const made = new Set<string>();
  return {
    name: "xla-cpu-divide",
    apply(div, ctx) {
      if (div.opcode !== "divide" || made.has(div.name) || !isArrayShape(div.shape) || !DIVIDE_REWRITTEN.has(div.shape.elementType)) return undefined;
      const s = div.shape;
      const a = ctx.get(div.operands[0]);
      const b = ctx.get(div.operands[1]);
      if (!a || !b) return undefined;
      const op = (opcode: "multiply" | "divide", x: string, y: string, sh: ArrayShape = s): HloInstruction =>
        inst(ctx.fresh(opcode), opcode, [x, y], sh);
      const c = b.opcode === "broadcast" ? ctx.get(b.operands[0]) : b;
      if (c && a.opcode !== "constant" && c.opcode === "constant") return reciprocal(a.name, b, c, s, ctx, made);
      if (b.opcode === "broadcast" && c && users.get(c.name) === 1) {
        const left = (users.get(b.name) ?? 1) - 1;
        users.set(b.name, left);
        if (left > 0) users.set(c.name, (users.get(c.name) ?? 0) + 1); // the broadcast lives on beside the new reciprocal
        return reciprocal(a.name, b, c, s, ctx, made);
      }
      const ab = a.opcode === "divide" ? a : undefined;
      const bb = b.opcode === "divide" ? b : undefined;
      if (ab && bb) {
        const ad = op("multiply", ab.operands[0], bb.operands[1]);
        const bc = op("multiply", ab.operands[1], bb.operands[0]);
        return [ad, bc, op("divide", ad.name, bc.name)];
      }
      if (ab) {
        const bc = op("multiply", ab.operands[1], b.name);
        return [bc, op("divide", ab.operands[0], bc.name)];
      }
      if (bb) {
        const ac = op("multiply", a.name, bb.operands[1]);
        return [ac, op("divide", ac.name, bb.operands[0])];
      }
      return undefined;
    },
  };
}

/** a / b with b = c or b = broadcast(c): a * (1 / c), broadcast as b was (the new divide recorded in `made`). */
function reciprocal(
  a: string, b: HloInstruction, c: HloInstruction, s: ArrayShape, ctx: RewriteContext, made: Set<string>,
): HloInstruction[] | undefined {
  if (!isArrayShape(c.shape) || !isArrayShape(b.shape)) return undefined;
  const t = c.shape.elementType;
  const oneName = ctx.fresh("constant");
  const added: HloInstruction[] = [inst(oneName, "constant", [], shape(t, []), { literal: scalar(1, t) } as never)];
  let ones = oneName;
  if (c.shape.dimensions.length > 0) {
    ones = ctx.fresh("broadcast");
    added.push(inst(ones, "broadcast", [oneName], shape(t, c.shape.dimensions), { dimensions: [] } as never));
  }
  let inverse = ctx.fresh("divide");
  made.add(inverse);
  added.push(inst(inverse, "divide", [ones, c.name], shape(t, c.shape.dimensions)));
  if (b !== c) {
    const spread = ctx.fresh("broadcast");
    added.push(inst(spread, "broadcast", [inverse], b.shape, b.attributes));
    inverse = spread;
  }
  added.push(inst(ctx.fresh("multiply"), "multiply", [a, inverse], s));
  return added;
}

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
        const attributes = { customCallTarget: XLA_CPU_FMA_TARGET, rawAttributes: [] } as never;
        added.push(inst(ctx.fresh("custom-call"), "custom-call", [x, y, z], s, attributes));
        return added;
      }
      return undefined;
    },
  };
}

/** Uses of each value by live instructions (the divide rewrites leave dead ones behind), the root counting as one. */
function useCounts(m: HloModule): Map<string, number> {
  const uses = new Map<string, number>();
  for (const c of m.computations) {
    const live = new Set<string>([c.root]);
    for (let k = c.instructions.length - 1; k >= 0; k--) {
      const i = c.instructions[k];
      if (!live.has(i.name)) continue;
      for (const o of i.operands) {
        live.add(o);
        uses.set(o, (uses.get(o) ?? 0) + 1);
      }
    }
    uses.set(c.root, (uses.get(c.root) ?? 0) + 1);
  }
  return uses;
}

/** Reproduces XLA CPU's float numerics (its simplifier's divide rewrites on f16/f32/f64, then f32/f64 multiply-add rounded once), so results match it (`--numerics xla-cpu`). */
export const xlaCpuNumerics: HloPass = {
  name: "xla-cpu-numerics",
  description:
    "reproduces XLA CPU's numerics: its divide rewrites (a/broadcast(b) as a*broadcast(1/b), (a/b)/c as a/(b*c), ...) on f16/f32/f64, f32/f64 multiply-add and multiply-subtract with one rounding",
  run(m) {
    assertStructure(m, "pass xla-cpu-numerics");
    const names = lazyNames(m);
    // XLA's simplifier runs on HLO before LLVM contracts multiply-adds, so the divides are rewritten
    // first and the contraction sees their multiplies (f32 a / broadcast(s) + c is one fma on XLA CPU).
    const divides = [divideRewrites(userCounts(m))];
    const divided = mapComputations(m, (c) => rewriteComputation(c, divides, m, names, "xla-cpu-numerics"));
    const fma = [fusedMultiplyAdd(useCounts(divided))];
    return mapComputations(divided, (c) => rewriteComputation(c, fma, divided, names, "xla-cpu-numerics"));
  },
};
