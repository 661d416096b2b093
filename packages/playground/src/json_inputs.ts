/**
 * Inputs as JSON text: nested arrays with the values JSON cannot hold
 * written as strings ("nan", "inf", "-inf", "-0"; s64/u64 as decimal strings, so no
 * digit is lost), and back. Dropped .npy files become this text, so a share
 * link carries them too.
 */
import { type ArrayLiteral, type NestedArray, readNpy, toNested } from "@minixla/hlo";

/** A JSON-ready copy of nested values. */
export function toJsonValue(v: NestedArray): unknown {
  if (Array.isArray(v)) return v.map((x: NestedArray) => toJsonValue(x));
  if (typeof v === "bigint") return v.toString();
  if (Object.is(v, -0)) return "-0";
  if (typeof v === "number" && !Number.isFinite(v)) return Number.isNaN(v) ? "nan" : v > 0 ? "inf" : "-inf";
  return v;
}

/** The nested values a JSON value stands for (strings as toJsonValue writes them; anything else is left for the literal's own check). */
export function fromJsonValue(v: unknown): NestedArray {
  if (Array.isArray(v)) return v.map(fromJsonValue);
  if (typeof v === "string") {
    if (v === "-0") return -0;
    if (/^-?\d+$/.test(v)) return BigInt(v);
    if (v === "nan" || v === "NaN") return NaN;
    if (v === "inf" || v === "Infinity") return Infinity;
    if (v === "-inf" || v === "-Infinity") return -Infinity;
  }
  return v as NestedArray;
}

/** .npy files' contents as the inputs' JSON text (one value per file, in the order given). */
export function npyFilesAsJson(files: readonly Uint8Array[]): string {
  const values = files.map((bytes) => toJsonValue(toNested(readNpy(bytes) as ArrayLiteral)));
  return JSON.stringify(values);
}
