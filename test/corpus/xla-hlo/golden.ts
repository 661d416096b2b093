/**
 * Golden values from real XLA for a subset of the corpus: small modules that
 * minixla evaluates, run by XLA's CPU backend on the same seeded inputs.
 * golden.json holds, per module, the inputs and XLA's outputs as JSON values
 * (numbers; "nan", "inf", "-inf", "-0" for the values JSON lacks; decimal
 * strings for s64/u64; [re, im] pairs for complex), so the test compares
 * numbers without XLA. make_golden.ts picks the modules and writes the inputs;
 * xla_golden.py runs XLA and writes golden.json.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type ArrayLiteral,
  type ArrayShape,
  type ElementType,
  type Literal,
  allocData,
  arrayLiteralFromData,
  elementCount,
  isTupleLiteral,
  shape,
} from "@minixla/hlo";
import { CORPUS_DIR } from "./corpus.ts";

export const GOLDEN_PATH = join(CORPUS_DIR, "golden.json");

export type JsonScalar = number | string;
export type JsonValue = JsonScalar | readonly [JsonScalar, JsonScalar];

export interface GoldenArray {
  readonly elementType: ElementType;
  readonly dimensions: readonly number[];
  /** Row-major values. */
  readonly values: readonly JsonValue[];
}

export interface GoldenCase {
  /** The corpus module id. */
  readonly id: string;
  readonly inputs: readonly GoldenArray[];
  /** XLA's outputs: the root's array leaves in order (a tuple root gives several). */
  readonly outputs: readonly GoldenArray[];
}

export function readGolden(): GoldenCase[] {
  return JSON.parse(readFileSync(GOLDEN_PATH, "utf8")) as GoldenCase[];
}

function encodeReal(x: number | bigint): JsonScalar {
  if (typeof x === "bigint") return x.toString();
  if (Number.isNaN(x)) return "nan";
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  if (Object.is(x, -0)) return "-0";
  return x;
}

function decodeReal(v: JsonScalar): number {
  if (typeof v === "number") return v;
  switch (v) {
    case "nan": return NaN;
    case "inf": return Infinity;
    case "-inf": return -Infinity;
    case "-0": return -0;
    default: return Number(v);
  }
}

/** An array literal as golden JSON. */
export function encodeArray(l: ArrayLiteral): GoldenArray {
  const t = l.shape.elementType;
  const d = l.data;
  const values: JsonValue[] = [];
  if (t === "c64" || t === "c128") {
    for (let i = 0; i < d.length; i += 2) values.push([encodeReal(d[i] as number), encodeReal(d[i + 1] as number)]);
  } else {
    for (let i = 0; i < d.length; i++) values.push(encodeReal(d[i]));
  }
  return { elementType: t, dimensions: l.shape.dimensions, values };
}

/** Golden JSON as an array literal (values taken as they are: they are already in the type's value set). */
export function decodeArray(g: GoldenArray): ArrayLiteral {
  const s: ArrayShape = shape(g.elementType, g.dimensions);
  const data = allocData(g.elementType, elementCount(s));
  g.values.forEach((v, i) => {
    if (data instanceof BigInt64Array || data instanceof BigUint64Array) data[i] = BigInt(v as string | number);
    else if (Array.isArray(v)) {
      data[2 * i] = decodeReal(v[0]);
      data[2 * i + 1] = decodeReal(v[1]);
    } else data[i] = decodeReal(v as JsonScalar);
  });
  return arrayLiteralFromData(s, data);
}

/** The array leaves of a result, in order. */
export function leaves(l: Literal): ArrayLiteral[] {
  return isTupleLiteral(l) ? l.elements.flatMap(leaves) : [l];
}

/**
 * The tolerance an output is compared with: exact for integers and pred; for
 * floats, relative and absolute bounds that allow XLA's CPU backend its fused
 * multiply-adds, reassociated reductions and its own transcendental
 * approximations, at the precision of the type.
 */
export function toleranceOf(t: ElementType): { readonly rtol: number; readonly atol: number } {
  switch (t) {
    case "f64": case "c128": return { rtol: 1e-12, atol: 1e-13 };
    case "f32": case "c64": return { rtol: 2e-5, atol: 1e-6 };
    case "f16": case "bf16": return { rtol: 1.6e-2, atol: 1e-3 };
    case "f4e2m1fn": case "f8e3m4": case "f8e4m3": case "f8e4m3fn": case "f8e4m3fnuz":
    case "f8e4m3b11fnuz": case "f8e5m2": case "f8e5m2fnuz": case "f8e8m0fnu":
      return { rtol: 0.26, atol: 1e-2 };
    default: return { rtol: 0, atol: 0 };
  }
}

function closeReal(got: number, want: number, tol: { readonly rtol: number; readonly atol: number }): boolean {
  if (Number.isNaN(want)) return Number.isNaN(got);
  if (got === want) return true;
  if (!Number.isFinite(want) || !Number.isFinite(got)) return false;
  return Math.abs(got - want) <= tol.atol + tol.rtol * Math.abs(want);
}

/** Differences between minixla's output and XLA's, as readable lines (at most `limit`). */
export function differences(got: ArrayLiteral, want: GoldenArray, limit = 3): string[] {
  if (got.shape.elementType !== want.elementType || got.shape.dimensions.join(",") !== want.dimensions.join(",")) {
    return [`shape ${got.shape.elementType}[${got.shape.dimensions.join(",")}], XLA gives ${want.elementType}[${want.dimensions.join(",")}]`];
  }
  const tol = toleranceOf(want.elementType);
  const out: string[] = [];
  const g = encodeArray(got).values;
  for (let i = 0; i < want.values.length && out.length < limit; i++) {
    const w = want.values[i];
    const x = g[i];
    const ok = Array.isArray(w)
      ? closeReal(decodeReal((x as readonly [JsonScalar, JsonScalar])[0]), decodeReal(w[0]), tol) &&
        closeReal(decodeReal((x as readonly [JsonScalar, JsonScalar])[1]), decodeReal(w[1]), tol)
      : want.elementType === "s64" || want.elementType === "u64"
        ? String(x) === String(w)
        : closeReal(decodeReal(x as JsonScalar), decodeReal(w as JsonScalar), tol);
    if (!ok) out.push(`element ${i}: minixla ${JSON.stringify(x)}, XLA ${JSON.stringify(w)}`);
  }
  return out;
}
