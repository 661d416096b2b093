/**
 * What the fusion pass may put into one loop nest (XLA's producer-consumer
 * loop fusion, simplified): which instructions compute an output element from
 * their operands' elements at index-mapped positions, which are cheap enough
 * to duplicate into every consumer, and which operand edges a loop nest can
 * follow without materializing the operand.
 */
import type { HloInstruction } from "../instruction.ts";
import { ELEMENT_TYPE_INFO } from "../element_type.ts";
import type { Shape } from "../shape.ts";
import { COMPILED_PATHS, type CompiledPath, isKnownScalarConstant } from "./fuse_paths.ts";

/**
 * An array shape of values held one float64 per element (not a tuple or token; not s64/u64, held as
 * BigInts, nor complex) with static dimensions: what a loop nest can produce or read. A 64-bit integer
 * op (a loop counter, a converted index) stays outside, so it does not keep the loop it feeds from
 * compiling.
 */
export function isLoopShape(s: Shape): boolean {
  if (s.elementType === "tuple" || s.elementType === "token" || ELEMENT_TYPE_INFO[s.elementType].storage !== "f64") return false;
  return s.dynamicDimensions === undefined || !s.dynamicDimensions.some(Boolean);
}

const dimsOf = (s: Shape): readonly number[] => (s.elementType === "tuple" ? [] : s.dimensions);

/** A reshape that only inserts or removes size-1 dimensions: each output index maps to one operand index, dimension by dimension. */
export function isDegenerateReshape(inst: HloInstruction, operand: Shape): boolean {
  const a = dimsOf(operand).filter((d) => d !== 1);
  const b = dimsOf(inst.shape).filter((d) => d !== 1);
  return a.length === b.length && a.every((d, i) => d === b[i]);
}

/** A scalar constant whose value is known (an elided one gets its value at evaluation, by name, so it stays put). */
export function isScalarConstant(inst: HloInstruction): boolean {
  return inst.opcode === "constant" && isKnownScalarConstant(inst);
}

/**
 * Whether `inst` computes each output element from operand elements at
 * positions an index map gives, so it can sit in a kLoop cluster: the
 * opcodes whose compiled path is "loop" (fuse_paths.ts: element-wise ops,
 * broadcast, transpose, slice, iota, reshape and scalar constants), over
 * static array shapes. `operandShape` gives an operand's shape by name.
 */
export function isLoopFusible(inst: HloInstruction, operandShape: (name: string) => Shape): boolean {
  if (!isLoopShape(inst.shape)) return false;
  if (!inst.operands.every((o) => isLoopShape(operandShape(o)))) return false;
  // One cast at the table's edge: each row reads its own instruction type.
  const row = COMPILED_PATHS[inst.opcode] as CompiledPath<HloInstruction["opcode"]>;
  return row.path === "loop" && (row.when === undefined || row.when(inst as never, operandShape));
}

/**
 * Cheap producers, duplicated into each consumer's cluster rather than
 * materialized: broadcast, iota and scalar constants always; reshape,
 * transpose and slice when their operand cannot be fused (it is a parameter
 * of the fusion either way, so each copy only re-indexes it).
 */
export function isCheap(inst: HloInstruction, operandFusible: (name: string) => boolean): boolean {
  switch (inst.opcode) {
    case "broadcast":
    case "iota":
      return true;
    case "constant":
      return isScalarConstant(inst);
    case "reshape":
    case "transpose":
    case "slice":
      return !operandFusible(inst.operands[0]);
    default:
      return false;
  }
}

/**
 * Whether `user`, inside a cluster, may read its operand `k` (the instruction
 * `producer`) from inside the same cluster. A general reshape cannot be
 * index-mapped per dimension, so its operand comes in as a parameter; a dot's
 * operands always do; a reduce reads its inputs in the loop nest, and only a
 * constant init value.
 */
export function isFusibleEdge(user: HloInstruction, k: number, producer: HloInstruction, operandShape: (name: string) => Shape): boolean {
  switch (user.opcode) {
    case "reshape":
      return isDegenerateReshape(user, operandShape(user.operands[0]));
    case "dot":
      return false;
    case "reduce":
      return k < user.operands.length / 2 || isScalarConstant(producer);
    default:
      return true;
  }
}
