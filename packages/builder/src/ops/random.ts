/** Random numbers: rng-bit-generator, rng (uniform, normal) and stochastic-convert. */
import {
  type ArrayShape, ELEMENT_TYPE_INFO, type ElementType, type RngAlgorithm, ShapeError, isTupleShape, shape, tupleShape, upperTypeName,
} from "@minixla/hlo";
import type { XlaOp } from "../op.ts";
import type { Recorder } from "../recorder.ts";
import { checkedShape } from "./operand_shapes.ts";

/** primitive_util::UnsignedIntegralTypeForBitWidth. */
const UNSIGNED_OF_WIDTH: { readonly [width: number]: ElementType | undefined } = { 2: "u2", 4: "u4", 8: "u8", 16: "u16", 32: "u32", 64: "u64" };

export function rngBitGenerator(r: Recorder, algorithm: RngAlgorithm, initialState: XlaOp, s: ArrayShape): XlaOp {
  const unsigned = isTupleShape(s) ? undefined : UNSIGNED_OF_WIDTH[ELEMENT_TYPE_INFO[s.elementType].bitWidth];
  if (unsigned === undefined) {
    throw new ShapeError(`rng-bit-generator: Unsupported shape for RngBitGenerator: ${isTupleShape(s) ? "TUPLE" : upperTypeName(s.elementType)}`);
  }
  const bits = checkedShape("rng-bit-generator", unsigned, s.dimensions);
  return r.add("rng-bit-generator", [initialState], { algorithm }, { declared: tupleShape([initialState.shape, bits]) });
}

export function rng(r: Recorder, distribution: "rng_uniform" | "rng_normal", a: XlaOp, b: XlaOp, s: ArrayShape): XlaOp {
  return r.atomically(() => r.add("rng", r.meet("rng", [a, b], s.elementType), { distribution }, { declared: s }));
}

export function stochasticConvertType(r: Recorder, operand: XlaOp, random: XlaOp, elementType: ElementType): XlaOp {
  const s = operand.shape;
  // A tuple operand is left to the shape rule, which names it as XLA does.
  return r.add("stochastic-convert", [operand, random], {}, { declared: isTupleShape(s) ? undefined : shape(elementType, s.dimensions) });
}
