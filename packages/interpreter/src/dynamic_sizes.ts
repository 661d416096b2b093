/**
 * Runtime sizes of bounded dynamic dimensions (`f32[<=8]`). Values are held
 * at their bound; what varies is the size `get-dimension-size` reports. As
 * XLA's evaluator does through its dynamic-dimension inference, the size set
 * by `set-dimension-size` follows the value: through tuples (the same value
 * object) and through element-wise ops whose result dimension is declared
 * dynamic. Elsewhere (a parameter, a reshape, ...) a dynamic dimension
 * reports its bound, and a dimension declared static reports its size.
 */
import { type HloInstruction, type Literal, hasTrait } from "@minixla/hlo";

const sizes = new WeakMap<Literal, readonly (number | undefined)[]>();

/** Records that `value`'s dimension `dim` has the runtime size `size`. */
export function recordDynamicSize(value: Literal, dim: number, size: number): void {
  const known = [...(sizes.get(value) ?? [])];
  known[dim] = size;
  sizes.set(value, known);
}

/** The runtime size recorded for `value`'s dimension `dim`, or undefined (the dimension's size then). */
export function dynamicSizeOf(value: Literal, dim: number): number | undefined {
  return sizes.get(value)?.[dim];
}

/** After an element-wise `inst` ran: its dynamic dimensions take the sizes its operands carry there. */
export function propagateDynamicSizes(inst: HloInstruction, operands: readonly Literal[], result: Literal): void {
  const dynamic = inst.shape.elementType === "tuple" ? undefined : inst.shape.dynamicDimensions;
  if (dynamic === undefined || !hasTrait(inst.opcode, "elementwise") || sizes.has(result)) return;
  dynamic.forEach((isDynamic, d) => {
    if (!isDynamic) return;
    for (const o of operands) {
      const s = dynamicSizeOf(o, d);
      if (s !== undefined) {
        recordDynamicSize(result, d, s);
        return;
      }
    }
  });
}
