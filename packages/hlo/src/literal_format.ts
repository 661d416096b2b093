/**
 * Printing literals the way NumPy prints arrays: nested brackets, elements
 * right-aligned to one width, floats with at most 8 fractional digits
 * (positional, or scientific when magnitudes call for it, by NumPy's rule),
 * pred as True/False, s64/u64 exactly (BigInt), complex elements as
 * "(re, im)" with both parts formatted as the component floats, and arrays
 * over 1000 elements summarized with '...' keeping 3 items at each edge of
 * every axis. Lines wrap at 75 columns.
 */
import { ELEMENT_TYPE_INFO, type ElementType, complexComponentType, normalizeValue } from "./element_type.ts";
import { type ArrayLiteral, type Literal, isTupleLiteral } from "./literal.ts";
import { shapeToString, stridesOf } from "./shape.ts";

/** How `formatLiteral` prints: digits and line width, as NumPy's print options. */
export interface FormatOptions {
  /** Arrays with more elements than this are summarized (NumPy: 1000). */
  readonly threshold?: number;
  /** Items kept at each edge of a summarized axis (NumPy: 3). */
  readonly edgeItems?: number;
  /** Most fractional digits printed for a float (NumPy: 8). */
  readonly precision?: number;
  /** Column at which rows wrap (NumPy: 75). */
  readonly lineWidth?: number;
}

const DEFAULTS: Required<FormatOptions> = { threshold: 1000, edgeItems: 3, precision: 8, lineWidth: 75 };

/** The fewest significant digits that read back as x in type t (x is already in t's value set). */
function shortest(x: number, t: ElementType): number {
  if (x === 0) return x; // keeps -0
  for (let d = 1; d < 17; d++) {
    const y = Number(x.toPrecision(d));
    if (normalizeValue(t, y) === x) return y;
  }
  return x;
}

function stripZeros(digits: string): string {
  return digits.replace(/0+$/, "");
}

/** Makes each element's text for the shown values; all share one width afterwards. */
function elementTexts(values: readonly number[], t: ElementType, precision: number): string[] {
  const kind = ELEMENT_TYPE_INFO[t].kind;
  if (kind === "pred") return values.map((v) => (v !== 0 ? "True" : "False"));
  if (kind !== "float") return values.map((v) => String(v));
  const clean = values.map((v) => (Number.isFinite(v) ? shortest(v, t) : v));
  const magnitudes = clean.filter((v) => Number.isFinite(v) && v !== 0).map(Math.abs);
  const max = magnitudes.length > 0 ? Math.max(...magnitudes) : 0;
  const min = magnitudes.length > 0 ? Math.min(...magnitudes) : 0;
  const scientific = magnitudes.length > 0 && (max >= 1e8 || min < 1e-4 || max / min > 1e3);
  const special = (v: number): string | undefined =>
    Number.isNaN(v) ? "nan" : v === Infinity ? "inf" : v === -Infinity ? "-inf" : undefined;
  if (scientific) {
    // Mantissas share one number of fractional digits (zero-padded), as NumPy does.
    const parts = clean.map((v) => {
      if (!Number.isFinite(v)) return undefined;
      let [mant, exp] = v.toExponential().split("e");
      if ((mant.split(".")[1] ?? "").length > precision) [mant, exp] = v.toExponential(precision).split("e");
      const [whole, frac = ""] = mant.split(".");
      return { whole, frac: stripZeros(frac), exp: Number(exp) };
    });
    const fracWidth = Math.max(0, ...parts.map((p) => p?.frac.length ?? 0));
    return clean.map((v, i) => {
      const p = parts[i];
      if (p === undefined) return special(v) as string;
      const e = Math.abs(p.exp);
      return `${p.whole}.${p.frac.padEnd(fracWidth, "0")}e${p.exp < 0 ? "-" : "+"}${e < 10 ? "0" : ""}${e}`;
    });
  }
  // Positional: align the decimal points (pad the fraction with spaces).
  const parts = clean.map((v) => {
    if (!Number.isFinite(v)) return undefined;
    const [whole, frac = ""] = v.toFixed(precision).split(".");
    return { whole: Object.is(v, -0) ? "-0" : whole, frac: stripZeros(frac) };
  });
  const fracWidth = Math.max(0, ...parts.map((p) => p?.frac.length ?? 0));
  return clean.map((v, i) => {
    const p = parts[i];
    return p === undefined ? (special(v) as string) : `${p.whole}.${p.frac.padEnd(fracWidth, " ")}`;
  });
}

/** NumPy's scalar style for one float text: "8.0", "1e-05", "nan". */
function scalarStyle(text: string): string {
  const trimmed = text.trimEnd();
  return trimmed.endsWith(".") ? `${trimmed}0` : trimmed.replace(".e", "e");
}

/**
 * The texts of the elements of l at the given element offsets, sharing one
 * format: integers (BigInt ones exactly) plainly, floats by elementTexts,
 * complex elements as "(re, im)" with all parts formatted together.
 */
function textsAt(l: ArrayLiteral, offsets: readonly number[], precision: number, scalar: boolean): string[] {
  const t = l.shape.elementType;
  const data = l.data;
  if (!(data instanceof Float64Array)) return offsets.map((p) => String(data[p]));
  if (t === "c64" || t === "c128") {
    const parts = offsets.flatMap((p) => [data[2 * p], data[2 * p + 1]]);
    const texts = elementTexts(parts, complexComponentType(t), precision).map((x) => (scalar ? scalarStyle(x) : x.trim()));
    return offsets.map((_, k) => `(${texts[2 * k]}, ${texts[2 * k + 1]})`);
  }
  const texts = elementTexts(offsets.map((p) => data[p]), t, precision);
  return scalar ? texts.map(scalarStyle) : texts;
}

/** The indices shown along an axis of size n: all, or edge items with a gap (-1) between. */
function shownIndices(n: number, summarize: boolean, edge: number): number[] {
  if (!summarize || n <= 2 * edge) return Array.from({ length: n }, (_, i) => i);
  return [...Array.from({ length: edge }, (_, i) => i), -1, ...Array.from({ length: edge }, (_, i) => n - edge + i)];
}

/**
 * The values of an array literal as NumPy prints them (`str(a)`), without shape.
 * `firstColumn` is the column the text starts at, so wrapping accounts for a prefix;
 * continuation lines are indented by `indent`.
 */
export function formatArray(l: ArrayLiteral, options: FormatOptions = {}, firstColumn = 0, indent = ""): string {
  const o = { ...DEFAULTS, ...options };
  const dims = l.shape.dimensions;
  const count = dims.reduce((a, b) => a * b, 1);
  if (dims.length === 0) return textsAt(l, [0], o.precision, true)[0];
  if (count === 0) return "[]";
  const summarize = count > o.threshold;
  const strides = stridesOf(dims);
  const perAxis = dims.map((n) => shownIndices(n, summarize, o.edgeItems));

  // First collect the shown elements (flat offsets) so they share one format.
  const offsets: number[] = [];
  const collect = (depth: number, base: number): void => {
    for (const i of perAxis[depth]) {
      if (i < 0) continue;
      if (depth === dims.length - 1) offsets.push(base + i);
      else collect(depth + 1, base + i * strides[depth]);
    }
  };
  collect(0, 0);
  const texts = textsAt(l, offsets, o.precision, false);
  const width = Math.max(...texts.map((s) => s.length));
  const byOffset = new Map(offsets.map((p, k) => [p, texts[k].padStart(width, " ")]));

  const rank = dims.length;
  const render = (depth: number, base: number, column: number): string => {
    const pad = indent + " ".repeat(depth + 1);
    if (depth === rank - 1) {
      let out = "[";
      let lineLength = column + 1;
      perAxis[depth].forEach((i, k) => {
        const word = i < 0 ? "..." : (byOffset.get(base + i) as string);
        const sep = k === 0 ? "" : " ";
        if (k > 0 && lineLength + sep.length + word.length + 1 > o.lineWidth) {
          out = `${out.trimEnd()}\n${pad}${word}`;
          lineLength = pad.length + word.length;
        } else {
          out += sep + word;
          lineLength += sep.length + word.length;
        }
      });
      return `${out}]`;
    }
    const separator = "\n".repeat(rank - depth - 1) + pad;
    const parts = perAxis[depth].map((i, k) =>
      i < 0 ? "..." : render(depth + 1, base + i * strides[depth], k === 0 ? column + 1 : pad.length),
    );
    return `[${parts.join(separator)}]`;
  };
  return render(0, 0, firstColumn);
}

/** "name: f64[2,3] = [[...]]", continuation lines aligned under the first bracket; tuples print element by element. */
export function formatLiteral(name: string, l: Literal, options: FormatOptions = {}): string {
  if (isTupleLiteral(l)) {
    return l.elements.map((e, i) => formatLiteral(`${name}.${i}`, e, options)).join("\n");
  }
  const prefix = `${name}: ${shapeToString(l.shape)} = `;
  return prefix + formatArray(l, options, prefix.length, " ".repeat(prefix.length));
}
