/**
 * Golden values from real XLA (CPU backend) for the corpus modules XLA runs,
 * on the inputs the corpus evaluates with (corpus.ts randomInputs, seeded by
 * the module id; a hash of them is stored so a change of seeds is caught).
 * An output of at most FULL_VALUES elements is stored whole, as JSON values
 * (numbers; "nan", "inf", "-inf", "-0" for the values JSON lacks; decimal
 * strings for s64/u64; [re, im] pairs for complex); a larger one as a summary:
 * evenly spaced samples, the count of NaNs and infinities, the sum and the
 * sum of magnitudes of the finite values, and for exact types (integers,
 * pred) a hash of every value. `notRun` lists the modules XLA did not run,
 * with XLA's reason. export_xla_inputs.ts writes the modules and inputs,
 * xla_golden.py runs XLA and writes golden.json; the test reads only the JSON.
 */
import { createHash } from "node:crypto";
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

/** Outputs with more elements than this are stored as a GoldenSummary. */
export const FULL_VALUES = 64;
/** How many evenly spaced elements a summary keeps. */
export const SAMPLES = 8;

export interface GoldenSummary {
  readonly elementType: ElementType;
  readonly dimensions: readonly number[];
  /** [flat index, value] for SAMPLES evenly spaced elements (first and last included). */
  readonly samples: readonly (readonly [number, JsonValue])[];
  /** Over the finite values (complex: both parts): their sum and the sum of their magnitudes. */
  readonly sum: number;
  readonly absSum: number;
  /** NaN, +inf and -inf counts (complex: over both parts). */
  readonly nan: number;
  readonly inf: number;
  readonly negInf: number;
  /** Exact types only: sha256 (first 16 hex digits) of the values in decimal, joined by ",". */
  readonly hash?: string;
}

export type GoldenOutput = GoldenArray | GoldenSummary;

export function isSummary(g: GoldenOutput): g is GoldenSummary {
  return "samples" in g;
}

export interface GoldenCase {
  /** The corpus module id. */
  readonly id: string;
  /** inputsHash of the inputs XLA ran on. */
  readonly inputsHash: string;
  /** XLA's outputs: the root's array leaves in order (a tuple root gives several). */
  readonly outputs: readonly GoldenOutput[];
}

export interface GoldenFile {
  readonly cases: readonly GoldenCase[];
  /** Modules XLA did not run here, with XLA's reason (or the reason the runner cannot give it the module). */
  readonly notRun: Readonly<Record<string, string>>;
}

export function readGolden(): GoldenFile {
  return JSON.parse(readFileSync(GOLDEN_PATH, "utf8")) as GoldenFile;
}

function sha16(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/** A hash of the inputs as golden JSON, so the test knows it runs on the inputs XLA ran on. */
export function inputsHash(inputs: readonly ArrayLiteral[]): string {
  return sha16(JSON.stringify(inputs.map(encodeArray)));
}

/** Whether values of this type are compared exactly (integers and pred). */
export function isExact(t: ElementType): boolean {
  return toleranceOf(t).rtol === 0 && toleranceOf(t).atol === 0;
}

/** The values' summary as xla_golden.py writes it. */
export function summarize(l: ArrayLiteral): GoldenSummary {
  const t = l.shape.elementType;
  const d = l.data;
  const complex = t === "c64" || t === "c128";
  const n = complex ? d.length / 2 : d.length;
  const values = encodeArray(l).values;
  const samples: (readonly [number, JsonValue])[] = [];
  for (let k = 0; k < SAMPLES && n > 0; k++) {
    const i = Math.floor((k * (n - 1)) / (SAMPLES - 1));
    if (samples.length === 0 || samples[samples.length - 1][0] !== i) samples.push([i, values[i]]);
  }
  let sum = 0;
  let absSum = 0;
  let nan = 0;
  let inf = 0;
  let negInf = 0;
  if (!isExact(t)) {
    for (let i = 0; i < d.length; i++) {
      const x = Number(d[i]);
      if (Number.isNaN(x)) nan++;
      else if (x === Infinity) inf++;
      else if (x === -Infinity) negInf++;
      else {
        sum += x;
        absSum += Math.abs(x);
      }
    }
  } else {
    for (let i = 0; i < d.length; i++) {
      const x = Number(d[i]);
      sum += x;
      absSum += Math.abs(x);
    }
  }
  const base = { elementType: t, dimensions: l.shape.dimensions, samples, sum, absSum, nan, inf, negInf };
  if (!isExact(t)) return base;
  const text: string[] = [];
  for (let i = 0; i < d.length; i++) text.push(String(d[i]));
  return { ...base, hash: sha16(text.join(",")) };
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

/** Differences between minixla's output and XLA's (whole or summarized), as readable lines (at most `limit`). */
export function outputDifferences(got: ArrayLiteral, want: GoldenOutput, limit = 3): string[] {
  return isSummary(want) ? summaryDifferences(got, want, limit) : differences(got, want, limit);
}

function sameShape(got: ArrayLiteral, want: GoldenOutput): string[] {
  if (got.shape.elementType !== want.elementType || got.shape.dimensions.join(",") !== want.dimensions.join(",")) {
    return [`shape ${got.shape.elementType}[${got.shape.dimensions.join(",")}], XLA gives ${want.elementType}[${want.dimensions.join(",")}]`];
  }
  return [];
}

function closeValue(t: ElementType, x: JsonValue, w: JsonValue): boolean {
  const tol = toleranceOf(t);
  if (Array.isArray(w)) {
    const p = x as readonly [JsonScalar, JsonScalar];
    return closeReal(decodeReal(p[0]), decodeReal(w[0]), tol) && closeReal(decodeReal(p[1]), decodeReal(w[1]), tol);
  }
  if (t === "s64" || t === "u64") return String(x) === String(w);
  return closeReal(decodeReal(x as JsonScalar), decodeReal(w as JsonScalar), tol);
}

/**
 * A summarized output against minixla's: the shape, the samples (to the
 * type's tolerance), the NaN and infinity counts exactly, the hash for exact
 * types, and for floats the sums within what the per-element tolerance
 * allows over all elements (rtol × sum of magnitudes + n × atol).
 */
function summaryDifferences(got: ArrayLiteral, want: GoldenSummary, limit: number): string[] {
  const shapeDiff = sameShape(got, want);
  if (shapeDiff.length > 0) return shapeDiff;
  const mine = summarize(got);
  const out: string[] = [];
  for (let k = 0; k < want.samples.length; k++) {
    const [i, w] = want.samples[k];
    const x = mine.samples.find(([j]) => j === i)?.[1];
    if (x === undefined || !closeValue(want.elementType, x, w)) out.push(`element ${i}: minixla ${JSON.stringify(x)}, XLA ${JSON.stringify(w)}`);
  }
  if (want.hash !== undefined && mine.hash !== want.hash) out.push(`values hash ${mine.hash}, XLA ${want.hash} (sum ${mine.sum}, XLA ${want.sum})`);
  if (mine.nan !== want.nan || mine.inf !== want.inf || mine.negInf !== want.negInf) {
    out.push(`NaN/inf/-inf counts ${mine.nan}/${mine.inf}/${mine.negInf}, XLA ${want.nan}/${want.inf}/${want.negInf}`);
  }
  if (!isExact(want.elementType)) {
    const tol = toleranceOf(want.elementType);
    const n = got.data.length;
    const bound = tol.rtol * want.absSum + n * tol.atol;
    if (!(Math.abs(mine.sum - want.sum) <= bound)) out.push(`sum ${mine.sum}, XLA ${want.sum} (bound ${bound})`);
    if (!(Math.abs(mine.absSum - want.absSum) <= bound)) out.push(`sum of magnitudes ${mine.absSum}, XLA ${want.absSum} (bound ${bound})`);
  }
  return out.slice(0, limit);
}

/** Differences between minixla's output and XLA's whole output, as readable lines (at most `limit`). */
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

/**
 * minixla's outputs (and the inputs they came from) against XLA's golden
 * case: differences as readable lines, none when they agree.
 */
export function goldenDifferences(g: GoldenCase, inputs: readonly ArrayLiteral[], outputs: readonly ArrayLiteral[]): string[] {
  const hash = inputsHash(inputs);
  if (hash !== g.inputsHash) return [`inputs hash ${hash}, XLA ran on ${g.inputsHash} (the corpus's seeded inputs changed: rerun xla_golden.py)`];
  if (outputs.length !== g.outputs.length) return [`${outputs.length} outputs, XLA gives ${g.outputs.length}`];
  return outputs.flatMap((l, k) => outputDifferences(l, g.outputs[k]).map((d) => `output ${k}: ${d}`));
}
