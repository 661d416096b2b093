/**
 * Kernel of scaled-dot, as XLA's ScaledDotRewriter lowers it: each operand with
 * a non-scalar scale is dequantized (operand and scale converted to a common
 * type, then multiplied element by element, each scale element repeated over
 * its block), and the dequantized operands go through dot. The common type
 * (GetTargetType): bf16 if both are narrower than 16 bits, the type itself if
 * they agree, f32 for two different types of one width, else the wider.
 * A scalar scale leaves its operand as it is.
 */
import { ELEMENT_TYPE_INFO, type ArrayLiteral, type ElementType, EvalError, allocData } from "@minixla/hlo";
import type { FamilyKernels } from "../../kernel.ts";
import { dotKernels } from "./dot.ts";
import { arrayOperand, arrayResult, forEachIndex, indexValue, product, stridesOf } from "../support/view.ts";

function targetType(a: ElementType, b: ElementType): ElementType {
  const wa = ELEMENT_TYPE_INFO[a].bitWidth;
  const wb = ELEMENT_TYPE_INFO[b].bitWidth;
  if (wa < 16 && wb < 16) return "bf16";
  if (a === b) return a;
  if (wa === wb) return "f32";
  return wa > wb ? a : b;
}

function dequantize(name: string, operand: ArrayLiteral, scale: ArrayLiteral): ArrayLiteral {
  if (scale.shape.dimensions.length === 0) return operand;
  const t = targetType(operand.shape.elementType, scale.shape.elementType);
  if (ELEMENT_TYPE_INFO[t].storage !== "f64") throw new EvalError(`${name} (scaled-dot): cannot dequantize into ${t}`);
  const round = ELEMENT_TYPE_INFO[t].normalize;
  const dims = operand.shape.dimensions;
  const blocks = dims.map((d, i) => d / scale.shape.dimensions[i]);
  const scaleStrides = stridesOf(scale.shape.dimensions);
  const data = allocData(t, product(dims)) as Float64Array;
  let i = 0;
  forEachIndex(dims, (index) => {
    let s = 0;
    for (let d = 0; d < dims.length; d++) s += Math.floor(index[d] / blocks[d]) * scaleStrides[d];
    data[i] = round(round(indexValue(operand.data, i)) * round(indexValue(scale.data, s)));
    i++;
  });
  return { shape: { elementType: t, dimensions: dims }, data };
}

export const scaledDotKernels: FamilyKernels<"scaled_dot"> = {
  "scaled-dot": (inst, operands, ctx) => {
    arrayResult(inst);
    const lhs = dequantize(inst.name, arrayOperand(inst, operands[0], 0), arrayOperand(inst, operands[2], 2));
    const rhs = dequantize(inst.name, arrayOperand(inst, operands[1], 1), arrayOperand(inst, operands[3], 3));
    return dotKernels.dot({ name: inst.name, opcode: "dot", operands: inst.operands.slice(0, 2), shape: inst.shape, attributes: inst.attributes, called: [] }, [lhs, rhs], ctx);
  },
};
