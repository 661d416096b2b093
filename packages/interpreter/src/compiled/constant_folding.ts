/**
 * Integer values a computation computes the same way every run: an iota,
 * and any integer element-wise or data-movement op whose operands are all
 * such values or constants (JAX's threefry builds its counters this way:
 * iota u64, shift-right-logical by 32, convert to u32). They are computed
 * once when the computation is planned, by the reference kernels on the
 * same numerics, and the run returns the value made then. Only integer and
 * pred types are folded, so no float rounding or flushing mode is involved;
 * a kernel that throws folds nothing (the run then throws as the reference
 * does); a computation's root is never folded, so a result handed back to a
 * caller is always an array made by that run.
 */
import {
  ELEMENT_TYPE_INFO,
  type ElementType,
  type HloComputation,
  type HloInstruction,
  type Literal,
  OPCODES,
  elementCount,
  getComputation,
  type HloModule,
  isArrayLiteral,
  isArrayShape,
} from "@minixla/hlo";
import type { EvalContext, Kernel, Numerics } from "../kernel.ts";
import { KERNELS } from "../kernels/kernel_table.ts";

/** Largest value folded (elements): bigger ones cost more memory kept than a run spends making them. */
const MAX_FOLDED_ELEMENTS = 1 << 16;

/** Data-movement ops whose value depends on their operands' values and their attributes alone. */
const MOVES: ReadonlySet<string> = new Set(["broadcast", "reshape", "transpose", "reverse", "slice", "concatenate", "pad", "iota"]);

function integral(t: ElementType): boolean {
  const k = ELEMENT_TYPE_INFO[t].kind;
  return k === "signed" || k === "unsigned" || k === "pred";
}

/** An array of integers or pred, of static size. */
function foldableShape(s: HloInstruction["shape"]): boolean {
  return isArrayShape(s) && integral(s.elementType) && !(s.dynamicDimensions ?? []).some((d) => d) && elementCount(s) <= MAX_FOLDED_ELEMENTS;
}

function foldableOp(inst: HloInstruction): boolean {
  if ((inst.called ?? []).length > 0) return false;
  const family = OPCODES[inst.opcode].family;
  return family === "elementwise" || MOVES.has(inst.opcode);
}

/** The context the kernels see while folding: the run's numerics; no parameters, no calls (folded ops have neither). */
function foldingContext(m: HloModule, numerics: Numerics): EvalContext {
  return {
    options: { numerics },
    parameter(n) {
      throw new Error(`constant folding: parameter ${n} asked for`);
    },
    call(name) {
      throw new Error(`constant folding: call of ${name} asked for`);
    },
    computation: (name) => getComputation(m, name),
  };
}

/**
 * The folded value of each instruction of `c` (by position), undefined where
 * none: constants themselves are not listed (their step already returns
 * their literal), and neither is the root.
 */
export function foldConstants(m: HloModule, c: HloComputation, numerics: Numerics): (Literal | undefined)[] {
  const known = new Map<string, Literal>();
  const folded: (Literal | undefined)[] = new Array(c.instructions.length).fill(undefined);
  let ctx: EvalContext | undefined;
  c.instructions.forEach((inst, i) => {
    if (inst.opcode === "constant") {
      const l = inst.attributes.literal;
      if (l !== undefined && isArrayLiteral(l)) known.set(inst.name, l);
      return;
    }
    if (!foldableShape(inst.shape) || !foldableOp(inst)) return;
    const operands: Literal[] = [];
    for (const o of inst.operands) {
      const v = known.get(o);
      if (v === undefined || !isArrayLiteral(v) || !integral(v.shape.elementType)) return;
      operands.push(v);
    }
    let value: Literal;
    try {
      value = (KERNELS[inst.opcode] as Kernel<typeof inst.opcode>)(inst as never, operands, (ctx ??= foldingContext(m, numerics)));
    } catch {
      return;
    }
    if (!isArrayLiteral(value)) return;
    known.set(inst.name, value);
    if (inst.name !== c.root) folded[i] = value;
  });
  return folded;
}
