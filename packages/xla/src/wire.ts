/**
 * Literals as the XLA worker's wire carries them: an argument goes out as its
 * raw little-endian element bytes (the data part of the .npy file writeNpy
 * makes, which is the layout NumPy and ml_dtypes keep in memory), an output
 * comes back as a whole .npy file, read with its element type as the hint.
 */
import { type ArrayLiteral, type ElementType, type Literal, EvalError, isTupleLiteral, readNpy, writeNpy } from "@minixla/hlo";

/** One array's description on the wire. */
export interface WireArray {
  readonly type: ElementType;
  readonly dims: readonly number[];
  readonly nbytes: number;
}

/** The element bytes of an array literal, without the .npy header. */
export function literalBytes(l: ArrayLiteral): Uint8Array {
  if (l.shape.elementType === "token") throw new EvalError("runOnXla: a token argument has no values to send to XLA");
  const npy = writeNpy(l);
  // Version 1.0 header: magic (6), version (2), little-endian u16 header length, header.
  const headerLength = npy[8] | (npy[9] << 8);
  return npy.subarray(10 + headerLength);
}

/** The wire entry and bytes of one argument. */
export function encodeArgument(l: Literal, what: string): { readonly spec: WireArray; readonly bytes: Uint8Array } {
  if (isTupleLiteral(l)) throw new EvalError(`runOnXla: ${what} is a tuple; XLA's entry takes one array per parameter (flatten it first)`);
  const bytes = literalBytes(l);
  return { spec: { type: l.shape.elementType, dims: l.shape.dimensions, nbytes: bytes.byteLength }, bytes };
}

/** The literal of one output: a .npy file XLA's worker wrote for an array of type `type`. */
export function decodeOutput(spec: WireArray, npy: Uint8Array): ArrayLiteral {
  return readNpy(npy, { elementType: spec.type });
}
