/**
 * scan: for each index i of the scanned dimension (from the last down when
 * is_reverse), to_apply maps (the inputs' slices at i..., the carries...) to
 * (the outputs at i..., the new carries...); the result stacks the outputs
 * along that dimension and ends with the final carries, as XLA's
 * ScanExpander rewrites it into a while loop (xla/service/scan_expander.cc).
 * is_associative only lets XLA reorder the combining; here it runs in order.
 */
import {
  type ArrayLiteral,
  type ArrayShape,
  EvalError,
  type InstructionOf,
  type Literal,
  allocData,
  elementLanes,
  isTupleLiteral,
  shapeToString,
  tupleLiteral,
} from "@minixla/hlo";
import type { EvalContext } from "../../kernel.ts";
import { arrayOperand, copySlots, product } from "../support/view.ts";

type Scan = InstructionOf<"scan">;

/** The sizes around dimension d, in slots: `outer` blocks of `length` rows of `inner` slots. */
function around(s: ArrayShape, d: number): { readonly outer: number; readonly length: number; readonly inner: number } {
  return {
    outer: product(s.dimensions.slice(0, d)),
    length: s.dimensions[d],
    inner: product(s.dimensions.slice(d + 1)) * elementLanes(s.elementType),
  };
}

/** The slice of x at index i of dimension d, that dimension removed. */
function sliceAt(x: ArrayLiteral, d: number, i: number): ArrayLiteral {
  const { outer, length, inner } = around(x.shape, d);
  const shape: ArrayShape = { elementType: x.shape.elementType, dimensions: x.shape.dimensions.filter((_, k) => k !== d) };
  const data = allocData(shape.elementType, outer * inner / elementLanes(shape.elementType));
  for (let o = 0; o < outer; o++) copySlots(data, o * inner, x.data, (o * length + i) * inner, inner);
  return { shape, data };
}

/** Writes `part` (an output without dimension d) into `into` at index i of d. */
function placeAt(into: ArrayLiteral, part: ArrayLiteral, d: number, i: number): void {
  const { outer, length, inner } = around(into.shape, d);
  for (let o = 0; o < outer; o++) copySlots(into.data, (o * length + i) * inner, part.data, o * inner, inner);
}

/** The value of a scan instruction. */
export function scanKernel(inst: Scan, operands: readonly Literal[], ctx: EvalContext): Literal {
  const { dimension: d, numCarries: c, isReverse } = inst.attributes;
  const n = operands.length - c;
  const inputs = operands.slice(0, n).map((o, i) => arrayOperand(inst, o, i));
  let carries: readonly Literal[] = operands.slice(n);
  const isTuple = inst.shape.elementType === "tuple";
  const resultParts = inst.shape.elementType === "tuple" ? inst.shape.tupleShapes : [inst.shape];
  const outputShapes = resultParts.slice(0, resultParts.length - c).map((s) => {
    if (s.elementType === "tuple") throw new EvalError(`${inst.name} (scan): output ${shapeToString(s)} must be an array`);
    return s;
  });
  const outputs: ArrayLiteral[] = outputShapes.map((s) => ({ shape: s, data: allocData(s.elementType, product(s.dimensions)) }));
  const length = inputs[0]?.shape.dimensions[d] ?? 0;
  for (let step = 0; step < length; step++) {
    const i = isReverse ? length - 1 - step : step;
    const r = ctx.call(inst.called[0], [...inputs.map((x) => sliceAt(x, d, i)), ...carries]);
    const parts = isTupleLiteral(r) ? r.elements : [r];
    if (parts.length !== outputs.length + c) {
      throw new EvalError(`${inst.name} (scan): to_apply returned ${parts.length} values, expected ${outputs.length} outputs and ${c} carries`);
    }
    parts.slice(0, outputs.length).forEach((p, m) => {
      if (isTupleLiteral(p)) throw new EvalError(`${inst.name} (scan): output ${m} of to_apply must be an array`);
      placeAt(outputs[m], p, d, i);
    });
    carries = parts.slice(outputs.length);
  }
  const all: Literal[] = [...outputs, ...carries];
  return isTuple ? tupleLiteral(all) : all[0];
}
