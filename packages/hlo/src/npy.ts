/** NumPy .npy reading and writing (being written). */
import { ParseError } from "./errors.ts";
import type { ArrayLiteral } from "./literal.ts";

export function readNpy(bytes: Uint8Array): ArrayLiteral {
  throw new ParseError(`npy reader not written yet (${bytes.length} bytes)`);
}
export function writeNpy(l: ArrayLiteral): Uint8Array {
  throw new ParseError(`npy writer not written yet (${l.data.length})`);
}
