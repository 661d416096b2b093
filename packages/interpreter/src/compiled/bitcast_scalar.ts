/**
 * bitcast-convert between two types of one byte width, as a scalar function
 * for the compiled loops: the value written with the reference kernel's own
 * element writer and read back with its reader (kernels/support/
 * element_bytes.ts), so every element — NaN payloads, signed zeros, wrapped
 * integers — gets the reference's bits. The reference kernel's stream
 * (kernels/elementwise/kernels.ts bitcastConvert) holds each element at its
 * own byte offset when the widths match, so one element at a time is the
 * same reinterpretation.
 */
import { ELEMENT_TYPE_INFO, type ElementType, storageOf } from "@minixla/hlo";
import type { ScalarSemantics } from "../kernels/elementwise/scalar_rules.ts";
import { elementReader, elementWriter } from "../kernels/support/element_bytes.ts";

/** The bit width XLA gives an element in a bitcast-convert (pred a whole byte). */
const bitcastBits = (t: ElementType): number => (t === "pred" ? 8 : ELEMENT_TYPE_INFO[t].bitWidth);

/**
 * The semantics of bitcast-convert from `from` to `to`, or undefined where
 * the widths differ (the shape changes), an element is narrower than a byte
 * (packed), or either type is not stored one float64 per element.
 */
export function bitcastSemantics(from: ElementType, to: ElementType): ScalarSemantics | undefined {
  // One function per pair of types, so the WebAssembly lanes can know it by identity (wasm/emit_u32_lanes.ts).
  const key = `${from}>${to}`;
  if (made.has(key)) return made.get(key);
  const s = makeBitcast(from, to);
  made.set(key, s);
  return s;
}

const made = new Map<string, ScalarSemantics | undefined>();

function makeBitcast(from: ElementType, to: ElementType): ScalarSemantics | undefined {
  if (from === "token" || to === "token" || storageOf(from) !== "f64" || storageOf(to) !== "f64") return undefined;
  const bits = bitcastBits(from);
  if (bits !== bitcastBits(to) || bits % 8 !== 0) return undefined;
  const write = elementWriter(from);
  const read = elementReader(to);
  // Slack past the element: some writers stage through a wider value (bf16 through f32).
  const bytes = new DataView(new ArrayBuffer(16));
  const input = new Float64Array(1);
  const output = new Float64Array(1);
  const fn = (x: number): number => {
    input[0] = x;
    write(bytes, 0, input, 0);
    read(bytes, 0, output, 0);
    return output[0];
  };
  return { fn, norm: undefined };
}
