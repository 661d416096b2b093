/**
 * `pnpm bench:models` cannot rot: every model of the suite loads, gets its
 * inputs and runs once (plus its cold run) through the bench's own code path
 * (benchModel), without XLA. The JAX models' outputs are checked against the
 * XLA CPU outputs vendored beside them, the reference evaluator against the
 * compiled engine bit for bit, and the report is printed from the results.
 * No timing is asserted. TF ssd_mobilenet (two runs of 10 to 30 s each on a
 * loaded 2-core machine) runs only under MINIXLA_SLOW=1, and without the
 * reference evaluator.
 */
import { describe, expect, it } from "vitest";
import { entryComputation, parametersOf } from "@minixla/hlo";
import { type ModelResult, benchModel } from "../bench/models/bench_model.ts";
import { suiteEntries } from "../bench/models/suite.ts";
import { reportLines } from "../bench/models/table.ts";
import type { RunPlan } from "../bench/models/timing.ts";

/** One cold run and one timed run, no warm-up. */
const TINY: RunPlan = { repeats: 1, budgetMs: 1, warmupRuns: 0, warmupMs: 0 };
const SLOW_MODELS: ReadonlySet<string> = new Set(["ssd_mobilenet_tf"]);
const slow = process.env.MINIXLA_SLOW === "1";

/**
 * How far minixla may be from XLA's vendored outputs, relative to each
 * output's largest magnitude: XLA's CPU dots and convolutions sum in their
 * own order (Eigen's blocking), so f32 results differ in their last bits;
 * f64 ones by far less.
 */
const SCALED_TOLERANCE: Readonly<Record<string, number>> = { f16: 1e-2, f32: 1e-4, f64: 1e-12 };

describe("bench:models suite", () => {
  const entries = suiteEntries();
  const results: ModelResult[] = [];

  it("holds the models it reports, each once", () => {
    const names = entries.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(["cnn_forward_f32", "cnn_train_grad_f32", "transformer_block_f64", "rnn_scan_f64", "graphsage_tf", "ssd_mobilenet_tf"]));
  });

  for (const entry of entries) {
    const run = SLOW_MODELS.has(entry.name) && !slow ? it.skip : it;
    run(`${entry.name} loads, runs once and agrees with XLA's outputs`, { timeout: 240_000 }, async () => {
      const model = entry.load();
      expect(model.inputs.length).toBe(parametersOf(entryComputation(model.module)).length);
      // ssd_mobilenet's reference run would add as long again (and the cross-check compiles and runs it once more).
      const r = await benchModel(entry, { plan: TINY, reference: !SLOW_MODELS.has(entry.name) });
      results.push(r);
      expect(r.minixla.runs).toBe(1);
      for (const t of [r.minixla.compileMs, r.minixla.coldMs, r.minixla.warmMs]) expect(Number.isFinite(t) && t >= 0).toBe(true);
      expect(r.minixla.peakBytes).toBeGreaterThan(0);
      if (!SLOW_MODELS.has(entry.name)) expect(r.reference?.sameAsCompiled).toBe(true);
      if (model.expected === undefined) return;
      expect(r.against).toBe("vendored XLA outputs");
      const a = r.agreement;
      if (a === undefined || a.kind === "mismatch") throw new Error(`${entry.name}: ${a?.message ?? "no agreement computed"}`);
      if (a.kind === "ulps") {
        const types = model.expected.map((o) => o.shape.elementType);
        const tolerance = Math.min(...types.map((t) => SCALED_TOLERANCE[t] ?? 0));
        expect(a.maxScaledDiff, `${entry.name}: outputs ${types.join(", ")}`).toBeLessThanOrEqual(tolerance);
      }
    });
  }

  it("prints one table row per model run, without an XLA column", () => {
    const lines = reportLines(results, false);
    for (const r of results) expect(lines.some((l) => l.startsWith(`| ${r.title} | — |`))).toBe(true);
    expect(lines).toContain("XLA was not found: minixla's times only.");
  });
});
