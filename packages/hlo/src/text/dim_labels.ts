/**
 * Convolution dimension numbers in HLO text: `dim_labels=b01f_01io->b01f`.
 * Each of lhs, rhs and output is spelled one character per dimension, in
 * dimension order: `b`/`f` (batch, feature) or `i`/`o` (kernel input, output
 * feature), and the digit of each spatial dimension. Read as XLA's
 * ParseConvolutionDimensionNumbers does (its messages), printed as
 * ConvolutionDimensionNumbersToString.
 */
import type { Immutable } from "immer";
import type { ConvolutionDimensionNumbers } from "../attributes.ts";
import type { Lexer } from "./lexer.ts";

// XLA's lexer token for dim labels; '?' marks a dimension no number names.
const DIM_LABELS = /^[0-9bf?]{2,}_[0-9io?]{2,}->[0-9bf?]{2,}/;
const PATTERN_MESSAGE = "expects dim labels pattern, e.g., 'bf0_0io->0bf'";

interface Part {
  readonly first: number;
  readonly second: number;
  readonly spatial: number[];
}

/** One of lhs/rhs/output: where its two named letters and each spatial digit stand. */
function readPart(lx: Lexer, at: Parameters<Lexer["error"]>[0], text: string, which: string, letters: readonly [string, string]): Part {
  const chars = [...text].filter((c) => c !== "?");
  if (new Set(chars).size !== chars.length) throw lx.error(at, `expects unique ${which} dimension numbers, but sees ${text}`);
  const spatialCount = chars.filter((c) => !letters.includes(c)).length;
  let first = -1;
  let second = -1;
  const spatial = new Array<number>(spatialCount).fill(-1);
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "?") continue;
    if (c === letters[0]) first = i;
    else if (c === letters[1]) second = i;
    else {
      const digit = c.charCodeAt(0) - 48;
      if (digit < 0 || digit >= spatialCount) {
        throw lx.error(at, `expects [0-${text.length - 1}${letters.join("")}?] in ${which} dimension numbers`);
      }
      spatial[digit] = i;
    }
  }
  return { first, second, spatial };
}

/** Reads the value of `dim_labels=` (the lexer splits it into several tokens; this reads the source text). */
export function readDimLabels(lx: Lexer): ConvolutionDimensionNumbers {
  const start = lx.peek();
  const match = start.kind === "word" ? DIM_LABELS.exec(lx.text.slice(start.start)) : null;
  if (match === null) throw lx.error(start, PATTERN_MESSAGE);
  const end = start.start + match[0].length;
  // The match must end where a token ends (`b01f_01io->b01fx` is not dim labels).
  while (lx.peek().kind !== "eof" && lx.peek().start < end) {
    if (lx.next().end > end) throw lx.error(start, PATTERN_MESSAGE);
  }
  const [lhsText, rest] = match[0].split("_");
  const [rhsText, outText] = rest.split("->");
  const lhs = readPart(lx, start, lhsText, "lhs", ["b", "f"]);
  const rhs = readPart(lx, start, rhsText, "rhs", ["i", "o"]);
  const out = readPart(lx, start, outText, "output", ["b", "f"]);
  if (lhs.spatial.length !== rhs.spatial.length || lhs.spatial.length !== out.spatial.length) {
    throw lx.error(
      start,
      `input, kernel, and output must have same number of spatial dimensions, but got ${lhs.spatial.length}, ${rhs.spatial.length}, ${out.spatial.length}, respectively.`,
    );
  }
  // A '?' or a missing letter leaves a dimension unnamed; no module XLA accepts has one.
  if ([lhs, rhs, out].some((p) => p.first < 0 || p.second < 0 || p.spatial.some((s) => s < 0))) {
    throw lx.error(start, `dim_labels ${match[0]} leave a dimension without a batch, feature or spatial label, which no valid convolution has`);
  }
  return {
    inputBatchDimension: lhs.first,
    inputFeatureDimension: lhs.second,
    inputSpatialDimensions: lhs.spatial,
    kernelInputFeatureDimension: rhs.first,
    kernelOutputFeatureDimension: rhs.second,
    kernelSpatialDimensions: rhs.spatial,
    outputBatchDimension: out.first,
    outputFeatureDimension: out.second,
    outputSpatialDimensions: out.spatial,
  };
}

/** XLA's ConvolutionDimensionNumbersToString: "b01f_01io->b01f"; a dimension no number names prints as '?'. */
export function dimLabelsToString(d: Immutable<ConvolutionDimensionNumbers>): string {
  const part = (first: number, second: number, spatial: readonly number[], letters: string): string => {
    const rank = Math.max(first, second, ...spatial) + 1;
    const chars = new Array<string>(Math.max(rank, 0)).fill("?");
    const put = (at: number, c: string) => {
      if (at >= 0) chars[at] = c;
    };
    put(first, letters[0]);
    put(second, letters[1]);
    spatial.forEach((s, i) => put(s, `${i}`));
    return chars.join("");
  };
  const lhs = part(d.inputBatchDimension, d.inputFeatureDimension, d.inputSpatialDimensions, "bf");
  const rhs = part(d.kernelInputFeatureDimension, d.kernelOutputFeatureDimension, d.kernelSpatialDimensions, "io");
  const out = part(d.outputBatchDimension, d.outputFeatureDimension, d.outputSpatialDimensions, "bf");
  return `${lhs}_${rhs}->${out}`;
}
