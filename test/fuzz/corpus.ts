/**
 * The vendored fuzz corpus (test/corpus/xla-fuzz/cases.json): programs with
 * XLA's answers, so the tests check both numerics modes on machines without
 * XLA. A case holds its program (inputs as XLA's bytes, in hex), XLA CPU's
 * outputs ("cpu") and, where XLA's constant folder folded the program and no
 * denormal is in play, the folded outputs ("folded").
 */
import type { ElementType } from "@minixla/hlo";
import type { Family, FuzzProgram } from "./program.ts";
import { hexLiteral } from "./xla_client.ts";

/** One array as XLA keeps it. */
export interface CorpusArray {
  readonly type: ElementType;
  readonly dims: readonly number[];
  readonly hex: string;
}

/** One corpus case. */
export interface CorpusCase {
  readonly family: Family;
  readonly label: string;
  readonly computations?: readonly string[];
  readonly body: readonly string[];
  readonly params: readonly CorpusArray[];
  /** XLA CPU's outputs (xla-cpu mode). */
  readonly cpu: readonly CorpusArray[];
  /** XLA's constant folder's outputs (reference mode), when it folded and no denormal is in play. */
  readonly folded?: readonly CorpusArray[];
}

/** The corpus file. */
export interface Corpus {
  readonly seed: number;
  readonly runs: number;
  readonly xla: string;
  readonly cases: readonly CorpusCase[];
}

/** The program of a case. */
export function caseProgram(c: Pick<CorpusCase, "family" | "label" | "computations" | "body" | "params">): FuzzProgram {
  const params = c.params.map((a) => {
    const l = hexLiteral(a.type, a.dims, a.hex);
    return { type: a.type, dims: a.dims, values: Array.from(l.data as ArrayLike<number | bigint>) };
  });
  const p: FuzzProgram = { family: c.family, label: c.label, params, body: c.body };
  return c.computations === undefined ? p : { ...p, computations: c.computations };
}

/** A program on which minixla and XLA disagree, kept with the README row that explains it (test/corpus/xla-fuzz/divergences.json). */
export interface DivergenceCase {
  /** The id of the README's divergence-table row that explains it (test/corpus/xla-fuzz/divergence_rows.ts). */
  readonly row: string;
  /** The numerics mode that diverges: "xla-cpu" against XLA CPU's outputs, "reference" against XLA's folded outputs. */
  readonly mode: "xla-cpu" | "reference";
  readonly family: Family;
  readonly label: string;
  readonly computations?: readonly string[];
  readonly body: readonly string[];
  readonly params: readonly CorpusArray[];
  /** XLA's outputs in that mode. */
  readonly xla: readonly CorpusArray[];
  /** minixla's outputs when the case was kept: the divergence as documented. */
  readonly minixla: readonly CorpusArray[];
}

/** The divergence corpus file. */
export interface DivergenceCorpus {
  readonly xla: string;
  /** The fuzzer runs the cases come from. */
  readonly sources: readonly { readonly seed: number; readonly runs: number; readonly only?: readonly number[] }[];
  readonly cases: readonly DivergenceCase[];
}
