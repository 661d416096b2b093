/**
 * The reductions a reducer tries on a module, in the order it tries them:
 * the cuts that remove most first (unused parameters, whole outputs, an
 * instruction and everything feeding it replaced by a parameter, nearest the
 * root first), then the finer ones (bypassing an instruction to its operand,
 * a value replaced by a zero constant, calls inlined, a conditional replaced
 * by one branch), and last the cosmetic ones (a constant array replaced by
 * its first element broadcast, dimensions halved). Each candidate is a
 * thunk: its module is built only when the reducer asks for it.
 */
import type { HloModule } from "../module.ts";
import { entryComputation } from "../module.ts";
import { isArrayShape } from "../shape.ts";
import {
  conditionalToBranch,
  constantToScalarBroadcast,
  dropTupleElement,
  inlineCalls,
  removeUnusedParameters,
  replaceByConstant,
  replaceByOperand,
  replaceByParameter,
} from "./edits.ts";
import { shrinkDimension } from "./shrink.ts";

/** The kinds of reduction, as progress reports and tests name them. */
export type ReductionKind =
  | "remove-unused-parameters"
  | "drop-tuple-element"
  | "replace-by-parameter"
  | "replace-by-operand"
  | "replace-by-constant"
  | "inline-calls"
  | "conditional-to-branch"
  | "constant-to-broadcast"
  | "shrink-dimension";

/** One reduction of a module: what it does, and how to build the result (undefined where it does not apply). */
export interface ReductionCandidate {
  readonly kind: ReductionKind;
  /** E.g. "replace-by-parameter tanh.1". */
  readonly description: string;
  /** Builds the reduced module (undefined where the edit does not apply); it may not verify. */
  readonly build: () => HloModule | undefined;
  /**
   * Cosmetic reductions do not lower the instruction count (a constant to a
   * broadcast adds one); the reducer accepts them when they keep the count
   * within one and make the module's data smaller.
   */
  readonly cosmetic: boolean;
}

/** Every reduction of `m`, in the order a reducer should try them. */
export function reductionCandidates(m: HloModule): ReductionCandidate[] {
  const out: ReductionCandidate[] = [];
  const add = (kind: ReductionKind, what: string, build: () => HloModule | undefined, cosmetic = false): void => {
    out.push({ kind, description: what === "" ? kind : `${kind} ${what}`, build, cosmetic });
  };
  const entry = entryComputation(m);
  add("remove-unused-parameters", "", () => removeUnusedParameters(m));
  const root = entry.instructions.find((i) => i.name === entry.root);
  if (root?.opcode === "tuple") root.operands.forEach((o, k) => add("drop-tuple-element", `${k} (${o})`, () => dropTupleElement(m, k)));
  const reversed = [...entry.instructions].reverse();
  for (const inst of reversed) {
    if (inst.opcode === "parameter" || inst.opcode === "constant" || !isArrayShape(inst.shape)) continue;
    add("replace-by-parameter", inst.name, () => replaceByParameter(m, inst.name));
  }
  for (const c of [...m.computations].reverse()) {
    for (const inst of [...c.instructions].reverse()) {
      inst.operands.forEach((o, k) => add("replace-by-operand", `${c.name}/${inst.name} by ${o}`, () => replaceByOperand(m, c.name, inst.name, k)));
    }
  }
  for (const c of [...m.computations].reverse()) {
    for (const inst of [...c.instructions].reverse()) {
      if (inst.opcode === "constant" || inst.opcode === "parameter" || !isArrayShape(inst.shape)) continue;
      // A broadcast constant is a constant already (and the smaller one: constant-to-broadcast makes it).
      if (inst.opcode === "broadcast" && c.instructions.find((i) => i.name === inst.operands[0])?.opcode === "constant") continue;
      add("replace-by-constant", `${c.name}/${inst.name}`, () => replaceByConstant(m, c.name, inst.name));
    }
  }
  if (m.computations.some((c) => c.instructions.some((i) => i.opcode === "call" || i.opcode === "fusion"))) add("inline-calls", "", () => inlineCalls(m));
  for (const c of m.computations) {
    for (const inst of c.instructions) {
      if (inst.opcode !== "conditional") continue;
      inst.called.forEach((b, k) => add("conditional-to-branch", `${c.name}/${inst.name} to ${b}`, () => conditionalToBranch(m, c.name, inst.name, k)));
    }
  }
  for (const c of m.computations) {
    for (const inst of c.instructions) {
      if (inst.opcode === "constant") add("constant-to-broadcast", `${c.name}/${inst.name}`, () => constantToScalarBroadcast(m, c.name, inst.name), true);
    }
  }
  for (const p of entry.instructions) {
    if (p.opcode !== "parameter" || !isArrayShape(p.shape)) continue;
    p.shape.dimensions.forEach((d, k) => {
      if (d > 1) add("shrink-dimension", `${p.name} dimension ${k} (${d} -> ${Math.ceil(d / 2)})`, () => shrinkDimension(m, p.name, k), true);
    });
  }
  return out;
}
