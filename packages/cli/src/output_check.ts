/**
 * Checking a run's outputs against expected ones (`run --expect`, and the
 * engines `run --engine ...,xla` compares): under a tolerance (exact,
 * rtol/atol) or a distance in ulps, reporting per output the first differing
 * elements with both values and their ulps, and how many differ.
 */
import { type ArrayLiteral, type Tolerance, elementDifferences, shapeToString, shapesEqual, toleranceText } from "@minixla/hlo";
import { UsageError } from "./args.ts";

/** How close outputs must be: a tolerance, or at most `ulps` representable values apart (NaN only against NaN). */
export type Closeness = { readonly kind: "tolerance"; readonly tolerance: Tolerance } | { readonly kind: "ulps"; readonly ulps: number };

/** How many differing elements a report shows per output. */
const SHOWN = 5;
/** How many differing elements are examined for the largest distance (bounded: every element of a huge output may differ). */
const EXAMINED = 10_000;

/** --rtol/--atol or --ulps (default exact: NaN equals NaN, -0 equals 0). */
export function parseCloseness(values: ReadonlyMap<string, string>): Closeness {
  const num = (name: string): number | undefined => {
    const v = values.get(name);
    if (v === undefined) return undefined;
    const x = Number(v);
    if (v.trim() === "" || !Number.isFinite(x) || x < 0) throw new UsageError(`--${name} takes a number >= 0, got '${v}'`);
    return x;
  };
  const rtol = num("rtol");
  const atol = num("atol");
  const ulps = num("ulps");
  if (ulps !== undefined) {
    if (rtol !== undefined || atol !== undefined) throw new UsageError("--ulps and --rtol/--atol exclude each other");
    return { kind: "ulps", ulps };
  }
  if (rtol === undefined && atol === undefined) return { kind: "tolerance", tolerance: { exact: true } };
  return { kind: "tolerance", tolerance: { rtol: rtol ?? 0, atol: atol ?? 0 } };
}

/** The closeness as reports print it. */
export function closenessText(c: Closeness): string {
  return c.kind === "ulps" ? `at most ${c.ulps} ulp${c.ulps === 1 ? "" : "s"}` : toleranceText(c.tolerance);
}

/** Report lines for one output pair, or none when they agree. */
function outputProblems(label: string, got: ArrayLiteral, want: ArrayLiteral, c: Closeness): string[] {
  if (!shapesEqual(got.shape, want.shape)) return [`${label}: shape ${shapeToString(got.shape)}, expected ${shapeToString(want.shape)}`];
  const tolerance: Tolerance = c.kind === "ulps" ? { exact: true } : c.tolerance;
  const d = elementDifferences(got, want, tolerance, c.kind === "ulps" ? Number.POSITIVE_INFINITY : EXAMINED);
  const bad = c.kind === "ulps" ? d.differences.filter((e) => e.ulps === undefined || e.ulps > c.ulps) : d.differences;
  if (bad.length === 0) return [];
  const count = c.kind === "ulps" ? bad.length : d.count;
  const maxUlps = bad.slice(0, EXAMINED).reduce((m, e) => (e.ulps === undefined ? m : Math.max(m, e.ulps)), 0);
  const lines = [`${label}: ${count} of ${d.total} element${d.total === 1 ? "" : "s"} differ (${closenessText(c)}; max ${maxUlps} ulps)`];
  for (const e of bad.slice(0, SHOWN)) {
    lines.push(`  at [${e.index.join(",")}]: got ${e.got}, expected ${e.want}, ${e.ulps === undefined ? "ulps undefined (NaN)" : `${e.ulps} ulp${e.ulps === 1 ? "" : "s"}`}`);
  }
  return lines;
}

/** Every problem of `got` against `want` (output count, shapes, values), as report lines; empty when they agree. */
export function checkOutputs(got: readonly ArrayLiteral[], want: readonly ArrayLiteral[], c: Closeness, labelOf: (i: number) => string = (i) => `out${i}`): string[] {
  if (got.length !== want.length) return [`${got.length} output${got.length === 1 ? "" : "s"}, expected ${want.length}`];
  return got.flatMap((g, i) => outputProblems(labelOf(i), g, want[i], c));
}
