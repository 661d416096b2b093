/**
 * The printed report of `pnpm bench:models`: a markdown table (model | XLA
 * CPU ms (execute alone, arguments on the device) | minixla ms | ratio | cold
 * ms | peak MB, then compile times, XLA with host transfers, the
 * reference evaluator, run counts and the agreement with XLA), the geometric
 * mean of the ratios and the worst model.
 */
import { agreementText } from "./compare.ts";
import type { ModelResult } from "./bench_model.ts";

const ms = (x: number | undefined): string => (x === undefined || Number.isNaN(x) ? "—" : x < 1 ? x.toFixed(3) : x < 100 ? x.toFixed(2) : x.toFixed(0));

/** minixla's warm time over XLA's, where both exist. */
export function ratioOf(r: ModelResult): number | undefined {
  return r.xla === undefined ? undefined : r.minixla.warmMs / r.xla.warmMs;
}

export function geomean(xs: readonly number[]): number {
  return Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);
}

export function reportLines(results: readonly ModelResult[], withXla: boolean): string[] {
  const head = ["model", "XLA CPU ms", "minixla ms", "ratio", "cold ms", "peak MB", "compile ms", "XLA with transfers ms", "XLA cold ms", "XLA compile ms", "reference ms", "runs (minixla/XLA)", "vs XLA"];
  const lines = [`| ${head.join(" | ")} |`, `|${head.map((_, i) => (i === 0 || i === head.length - 1 ? "---" : "---:")).join("|")}|`];
  for (const r of results) {
    const ratio = ratioOf(r);
    const cells = [
      r.title,
      r.xla !== undefined ? ms(r.xla.warmMs) : r.xlaError !== undefined ? "failed" : "—",
      ms(r.minixla.warmMs),
      ratio === undefined ? "—" : ratio.toFixed(1),
      ms(r.minixla.coldMs),
      (r.minixla.peakBytes / 1e6).toFixed(2),
      ms(r.minixla.compileMs),
      ms(r.xla?.withTransfersMs),
      ms(r.xla?.coldMs),
      ms(r.xla?.compileMs),
      r.reference === undefined ? "—" : `${ms(r.reference.ms)}${r.reference.sameAsCompiled === true ? "" : " (differs from compiled!)"}`,
      `${r.minixla.runs}/${r.xla?.runs ?? "—"}`,
      `${agreementText(r.agreement)}${r.against === "vendored XLA outputs" ? " (vendored)" : ""}`,
    ];
    lines.push(`| ${cells.join(" | ")} |`);
  }
  const rated = results.flatMap((r) => {
    const x = ratioOf(r);
    return x === undefined ? [] : [{ r, x }];
  });
  lines.push("");
  if (!withXla) {
    lines.push("XLA was not found: minixla's times only.");
  } else if (rated.length > 0) {
    const worst = rated.reduce((a, b) => (b.x > a.x ? b : a));
    lines.push(`geomean minixla / XLA CPU over ${rated.length} models: ${geomean(rated.map((e) => e.x)).toFixed(2)}`);
    lines.push(`worst: ${worst.r.title} at ${worst.x.toFixed(1)}x`);
  }
  for (const r of results) if (r.xlaError !== undefined) lines.push(`XLA failed on ${r.name}: ${r.xlaError}`);
  return lines;
}
