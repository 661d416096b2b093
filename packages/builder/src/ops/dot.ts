/** Dots: dot, dotGeneral, ragged-dot and scaled-dot. */
import { type ElementType, shape } from "@minixla/hlo";
import type { XlaOp } from "../op.ts";
import type { DotDimensionNumbers, RaggedDotDimensionNumbers } from "../op_options.ts";
import type { Recorder } from "../recorder.ts";
import { arrayOf } from "./operand_shapes.ts";

/** preferred_element_type, declared as a scalar whose type the shape rule reads. */
const preferred = (t: ElementType | undefined) => (t ? shape(t, []) : undefined);

const dotAttributes = (dims: DotDimensionNumbers) => ({
  lhsBatchDimensions: [...(dims.lhsBatchDimensions ?? [])],
  lhsContractingDimensions: [...dims.lhsContractingDimensions],
  rhsBatchDimensions: [...(dims.rhsBatchDimensions ?? [])],
  rhsContractingDimensions: [...dims.rhsContractingDimensions],
});

export function dot(r: Recorder, lhs: XlaOp, rhs: XlaOp): XlaOp {
  const l = arrayOf(lhs, "dot");
  return dotGeneral(r, lhs, rhs, {
    lhsContractingDimensions: [l.dimensions.length === 1 ? 0 : 1],
    rhsContractingDimensions: [0],
  });
}

export function dotGeneral(r: Recorder, lhs: XlaOp, rhs: XlaOp, dims: DotDimensionNumbers, preferredElementType?: ElementType): XlaOp {
  return r.add("dot", [lhs, rhs], dotAttributes(dims), { declared: preferred(preferredElementType) });
}

export function raggedDot(
  r: Recorder, lhs: XlaOp, rhs: XlaOp, groupSizes: XlaOp, dims: RaggedDotDimensionNumbers, preferredElementType?: ElementType,
): XlaOp {
  return r.add("ragged-dot", [lhs, rhs, groupSizes], {
    ...dotAttributes(dims),
    lhsRaggedDimensions: [...dims.lhsRaggedDimensions],
    rhsGroupDimensions: [...(dims.rhsGroupDimensions ?? [])],
  }, { declared: preferred(preferredElementType) });
}

export function scaledDot(
  r: Recorder, lhs: XlaOp, rhs: XlaOp, lhsScale: XlaOp, rhsScale: XlaOp, dims: DotDimensionNumbers, preferredElementType?: ElementType,
): XlaOp {
  return r.add("scaled-dot", [lhs, rhs, lhsScale, rhsScale], dotAttributes(dims), { declared: preferred(preferredElementType) });
}
