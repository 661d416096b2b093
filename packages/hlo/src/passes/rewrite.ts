/**
 * The rewrite driver: small named rules, each `(inst, ctx) => replacement |
 * undefined`, applied to every instruction of every computation in order,
 * sweep after sweep, until no rule fires. A replacement is either the name of
 * an existing value (every use is redirected to it and the instruction
 * dropped) or new instructions, the last of which takes the instruction's
 * place. A redirect to a value of another shape is ignored, so rules may
 * propose `x` freely and let the driver check that the shapes agree.
 */
import { HloError } from "../errors.ts";
import type { HloInstruction } from "../instruction.ts";
import { type HloComputation, type HloModule, assertStructure } from "../module.ts";
import { NameUniquer } from "../names.ts";
import { shapeToString, shapesEqual } from "../shape.ts";
import { type HloPass, mapComputations } from "./pass.ts";

/** What a rewrite rule may consult besides the instruction it rewrites. */
export interface RewriteContext {
  readonly module: HloModule;
  /** The instruction of that name as rewritten so far (operands already redirected). */
  get(name: string): HloInstruction | undefined;
  /** A name unique in the module, for a new helper instruction. */
  fresh(base: string): string;
}

/** An existing value's name, one new instruction, or several (the last replaces the instruction). */
export type Replacement = string | HloInstruction | readonly HloInstruction[];

/** A small named rewrite: returns the replacement of an instruction, or undefined to leave it. */
export interface RewriteRule {
  readonly name: string;
  /** The replacement of `inst`, or undefined when the rule does not apply. */
  readonly apply: (inst: HloInstruction, ctx: RewriteContext) => Replacement | undefined;
}

const MAX_SWEEPS = 100;

function redirect(inst: HloInstruction, alias: ReadonlyMap<string, string>): HloInstruction {
  if (!inst.operands.some((o) => alias.has(o))) return inst;
  return { ...inst, operands: inst.operands.map((o) => alias.get(o) ?? o) } as HloInstruction;
}

/** One sweep over a computation; returns it unchanged when no rule fired. */
function sweep(c: HloComputation, rules: readonly RewriteRule[], module: HloModule, names: () => NameUniquer): HloComputation {
  const alias = new Map<string, string>();
  const current = new Map<string, HloInstruction>();
  const out: HloInstruction[] = [];
  let changed = false;
  const ctx: RewriteContext = { module, get: (n) => current.get(n), fresh: (base) => names().unique(base) };
  for (const original of c.instructions) {
    const inst = redirect(original, alias);
    if (inst !== original) changed = true;
    let replaced = false;
    if (inst.opcode !== "parameter") {
      for (const rule of rules) {
        const r = rule.apply(inst, ctx);
        if (r === undefined) continue;
        if (typeof r === "string") {
          const target = current.get(r);
          if (target === undefined || r === inst.name || !shapesEqual(target.shape, inst.shape)) continue;
          alias.set(inst.name, r);
        } else {
          const added: readonly HloInstruction[] = Array.isArray(r) ? r : [r as HloInstruction];
          const last = added[added.length - 1];
          if (!last || !shapesEqual(last.shape, inst.shape)) {
            throw new HloError(
              `rewrite rule ${rule.name} replaced ${inst.name} (${shapeToString(inst.shape)}) by a value of another shape${last ? ` (${shapeToString(last.shape)})` : ""}`,
            );
          }
          for (const a of added) {
            out.push(a);
            current.set(a.name, a);
          }
          if (last.name !== inst.name) alias.set(inst.name, last.name);
        }
        replaced = true;
        changed = true;
        break;
      }
    }
    if (!replaced) {
      out.push(inst);
      current.set(inst.name, inst);
    }
  }
  if (!changed) return c;
  return { ...c, instructions: out, root: alias.get(c.root) ?? c.root };
}

/** Lazily built NameUniquer holding every name of the module, shared by all computations of one run. */
export function lazyNames(m: HloModule): () => NameUniquer {
  let uniquer: NameUniquer | undefined;
  return () => (uniquer ??= new NameUniquer(m.computations.flatMap((k) => [k.name, ...k.instructions.map((i) => i.name)])));
}

/** Applies rules to a computation until none fires. */
export function rewriteComputation(
  c: HloComputation,
  rules: readonly RewriteRule[],
  module: HloModule,
  names: () => NameUniquer = lazyNames(module),
  passName = "rewrite",
): HloComputation {
  let current = c;
  for (let i = 0; i < MAX_SWEEPS; i++) {
    const next = sweep(current, rules, module, names);
    if (next === current) return current;
    current = next;
  }
  throw new HloError(`pass ${passName}: rewrite rules did not reach a fixed point in computation ${c.name} within ${MAX_SWEEPS} sweeps`);
}

/** A pass that runs the rules over every computation to a fixed point. */
export function rewritePass(name: string, description: string, rules: readonly RewriteRule[]): HloPass {
  return {
    name,
    description,
    run(m) {
      assertStructure(m, `pass ${name}`);
      const names = lazyNames(m);
      return mapComputations(m, (c) => rewriteComputation(c, rules, m, names, name));
    },
  };
}
