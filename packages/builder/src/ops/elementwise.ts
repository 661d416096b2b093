/** Element-wise ops: unary, binary, compare, select, clamp and conversions. */
import {
  type ArrayShape, type AttributesOf, type BinaryOpcode, type ElementType, ShapeError, type UnaryOpcode, isTupleShape, shapeToString,
} from "@minixla/hlo";
import type { XlaOp } from "../op.ts";
import type { Recorder } from "../recorder.ts";
import { broadcast } from "./data_movement.ts";
import { isScalarOp, sameDims, withType } from "./operand_shapes.ts";

export function unary(r: Recorder, opcode: UnaryOpcode, x: XlaOp): XlaOp {
  return r.add(opcode, [x], {});
}

export function binary(r: Recorder, opcode: BinaryOpcode, lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp {
  const attrs = broadcastDimensions && broadcastDimensions.length > 0 ? { broadcastDimensions: [...broadcastDimensions] } : {};
  return r.atomically(() => r.add(opcode, r.meet(opcode, [lhs, rhs]), attrs));
}

export function compare(
  r: Recorder, direction: AttributesOf<"compare">["direction"], lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[], totalOrder = false,
): XlaOp {
  const attrs: AttributesOf<"compare"> = { direction };
  if (totalOrder) attrs.comparisonType = "TOTALORDER";
  if (broadcastDimensions && broadcastDimensions.length > 0) attrs.broadcastDimensions = [...broadcastDimensions];
  return r.atomically(() => r.add("compare", r.meet("compare", [lhs, rhs]), attrs, { name: direction.toLowerCase() }));
}

/** XlaBuilder's InferScalarBroadcastShape: all non-scalar operands must share dimensions. */
function ternaryShape(r: Recorder, opcode: string, ops: readonly XlaOp[]): ArrayShape | undefined {
  let full: ArrayShape | undefined;
  for (const op of ops) {
    r.checkOwned(op, opcode);
    const s = op.shape;
    if (isTupleShape(s)) throw new ShapeError(`${opcode}: expected array operands, got ${shapeToString(s)}`);
    if (s.dimensions.length === 0) continue;
    if (full && !sameDims(full.dimensions, s.dimensions)) {
      throw new ShapeError(
        `${opcode}: Unimplemented implicit broadcast: non-scalar operands must have the same dimensions; got ${ops.map((o) => shapeToString(o.shape)).join(", ")}.`,
      );
    }
    full ??= s;
  }
  return full;
}

export function select(r: Recorder, pred: XlaOp, onTrue: XlaOp, onFalse: XlaOp): XlaOp {
  return r.atomically(() => {
    const p = r.typed(pred, "pred", "select");
    const [t, f] = r.meet("select", [onTrue, onFalse]);
    const full = ternaryShape(r, "select", [p, t, f]);
    const fit = (op: XlaOp) => (full && isScalarOp(op) ? broadcast(r, op, full.dimensions) : op);
    return r.add("select", [p, fit(t), fit(f)], {});
  });
}

export function clamp(r: Recorder, min: XlaOp, operand: XlaOp, max: XlaOp): XlaOp {
  return r.atomically(() => {
    const [x, lo, hi] = r.meet("clamp", [operand, min, max]);
    const full = ternaryShape(r, "clamp", [lo, x, hi]);
    const fit = full && isScalarOp(x) ? broadcast(r, x, full.dimensions) : x;
    return r.add("clamp", [lo, fit, hi], {});
  });
}

export function convert(r: Recorder, operand: XlaOp, elementType: ElementType): XlaOp {
  return r.add("convert", [operand], {}, { declared: withType(operand.shape, elementType, "convert") });
}

export function bitcastConvert(r: Recorder, operand: XlaOp, elementType: ElementType): XlaOp {
  return r.add("bitcast-convert", [operand], {}, { declared: withType(operand.shape, elementType, "bitcast-convert") });
}

export function reducePrecision(r: Recorder, operand: XlaOp, exponentBits: number, mantissaBits: number): XlaOp {
  return r.add("reduce-precision", [operand], { exponentBits, mantissaBits });
}
