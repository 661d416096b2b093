/**
 * One differential check: a program through real XLA (both answers) and
 * through minixla in both modes; and the shrinking of a divergence to the
 * smallest program and input that still show it.
 */
import fc from "fast-check";
import type { ArrayLiteral } from "@minixla/hlo";
import { type Divergence, type Mode, compareOutputs, holdsDenormal, runMinixla, toleranceOf } from "./compare.ts";
import { type FuzzParam, type FuzzProgram, paramLiteral } from "./program.ts";
import type { XlaClient, XlaOutcome, XlaResult } from "./xla_client.ts";

/** What one mode made of one program. */
export type ModeVerdict =
  | { readonly kind: "agree" }
  | { readonly kind: "diverge"; readonly divergence: Divergence }
  | { readonly kind: "xla-error"; readonly message: string }
  | { readonly kind: "not-folded" }
  | { readonly kind: "denormal-folded" }
  | { readonly kind: "minixla-error"; readonly message: string };

/** The verdict of one mode against XLA's outcome for it. */
export function judge(p: FuzzProgram, mode: Mode, x: XlaResult): ModeVerdict {
  const outcome: XlaOutcome & { folded?: boolean } = mode === "xla-cpu" ? x.cpu : x.folded;
  if ("error" in outcome) return { kind: "xla-error", message: outcome.error };
  if (mode === "reference" && outcome.folded !== true) return { kind: "not-folded" };
  let got: readonly ArrayLiteral[];
  try {
    got = runMinixla(p, mode);
  } catch (e) {
    return { kind: "minixla-error", message: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
  // XLA's constant folder runs on a thread with the x86 flush flags set, so where a denormal is in play its values are the
  // evaluator's under flushing, which reference mode does not model: those cases are set aside (README).
  if (mode === "reference" && (p.params.some((q) => holdsDenormal(paramLiteral(q))) || [...got, ...outcome.outputs].some(holdsDenormal))) {
    return { kind: "denormal-folded" };
  }
  const d = compareOutputs(got, outcome.outputs, toleranceOf(p, mode));
  return d === undefined ? { kind: "agree" } : { kind: "diverge", divergence: d };
}

/** What a divergence is about: the program's label, but a chain by its type only (its steps change while shrinking). */
export function category(p: FuzzProgram): string {
  if (p.family === "chain") return p.label.split(" ").slice(0, 2).join(" ");
  return p.label.replace(/ by broadcast scalar$/, "");
}

const ELEMENTWISE = new Set(["unary", "binary", "compare", "convert", "reduce-precision", "select-clamp", "chain"]);

/** The program on element `i` of every input alone (element-wise programs, whose elements do not interact), with scalar shapes. */
export function scalarize(p: FuzzProgram, i: number): FuzzProgram | undefined {
  if (!ELEMENTWISE.has(p.family) || p.params.some((q) => q.values.length !== p.params[0].values.length)) return undefined;
  const dims = p.params[0].dims;
  if (dims.length === 0) return undefined;
  const shape = new RegExp(`\\[${dims.join(",")}\\]`, "g");
  const params: FuzzParam[] = p.params.map((q) => ({ type: q.type, dims: [], values: [q.values[i]] }));
  return { ...p, params, body: p.body.map((l) => l.replace(shape, "[]")) };
}

/** Whether a program still diverges in `mode` within the same category. */
async function stillDiverges(xla: XlaClient, p: FuzzProgram, mode: Mode, cat: string): Promise<boolean> {
  if (category(p) !== cat) return false;
  const x = await xla.run(p, mode === "reference");
  return judge(p, mode, x).kind === "diverge";
}

/** The first differing element index of a divergence message (firstBitDifference's "value N differs"), if it names one. */
function elementIndex(message: string): number | undefined {
  const m = /(?:index|value) (\d+)/.exec(message);
  return m ? Number(m[1]) : undefined;
}

/**
 * The smallest program found that still diverges in `mode` in the same
 * category: fast-check replays run `runIndex` of `arb` under `seed` and
 * shrinks it (fewer dimensions and steps, simpler values), then an
 * element-wise program is cut down to the one element that differs.
 */
export async function shrinkDivergence(
  xla: XlaClient,
  arb: fc.Arbitrary<FuzzProgram>,
  seed: number,
  runIndex: number,
  original: FuzzProgram,
  mode: Mode,
): Promise<FuzzProgram> {
  const cat = category(original);
  let smallest = original;
  const details = await fc.check(
    fc.asyncProperty(arb, async (p) => !(await stillDiverges(xla, p, mode, cat))),
    { seed, path: String(runIndex), numRuns: runIndex + 1, endOnFailure: false },
  );
  if (details.failed && details.counterexample !== null) smallest = details.counterexample[0];
  const x = await xla.run(smallest, mode === "reference");
  const v = judge(smallest, mode, x);
  if (v.kind === "diverge") {
    const i = elementIndex(v.divergence.message);
    const s = i === undefined ? undefined : scalarize(smallest, i);
    if (s !== undefined && (await stillDiverges(xla, s, mode, cat))) smallest = s;
  }
  return smallest;
}
