/**
 * minixla's side of `pnpm bench:models`: the module compiled with XLA's CPU
 * numerics (the `xla-cpu-numerics` pass, then `compile` with numerics
 * "xla-cpu", as `minixla run --numerics xla-cpu` does), timed cold (the first
 * execute after compile) and warm (the median of the timed runs after a
 * warm-up), with the bytes one execution held at its peak; and, optionally,
 * the reference evaluator on the same module and inputs.
 */
import { type Literal, firstBitDifference, xlaCpuNumerics } from "@minixla/hlo";
import { compile, evaluate } from "@minixla/interpreter";
import type { BenchModel } from "./suite.ts";
import { type RunPlan, median, runsWithin, warmupRunsFor } from "./timing.ts";

export interface MinixlaTiming {
  /** The xla-cpu-numerics pass and compile, in milliseconds. */
  readonly compileMs: number;
  /** The first execute after compile. */
  readonly coldMs: number;
  /** Median of `runs` executes after the warm-up. */
  readonly warmMs: number;
  readonly runs: number;
  /** The most bytes held at once by arrays made during one execution (outputs included; ExecutionStats.peakBytes). */
  readonly peakBytes: number;
  /** The first execution's result. */
  readonly result: Literal;
}

export function timeMinixla(model: BenchModel, plan: RunPlan): MinixlaTiming {
  const t0 = performance.now();
  const exe = compile(xlaCpuNumerics.run(model.module), { numerics: "xla-cpu" });
  const t1 = performance.now();
  const result = exe.execute(model.inputs);
  const t2 = performance.now();
  const coldMs = t2 - t1;
  const warmup = warmupRunsFor(plan, coldMs);
  const w0 = performance.now();
  for (let i = 0; i < warmup; i++) exe.execute(model.inputs);
  const estimate = (performance.now() - w0) / Math.max(1, warmup);
  const runs = runsWithin(plan, estimate);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    exe.execute(model.inputs);
    times.push(performance.now() - t);
  }
  return { compileMs: t1 - t0, coldMs, warmMs: median(times), runs, peakBytes: exe.lastStats?.peakBytes ?? 0, result };
}

export interface ReferenceTiming {
  /** Median of the runs, each a whole `evaluate` (it prepares the module every call). */
  readonly ms: number;
  readonly runs: number;
  /** Whether its result is bit for bit the compiled engine's, or where they first differ. */
  readonly sameAsCompiled: true | string;
}

/** The reference evaluator with XLA's CPU numerics on the same module: one run, then more while the budget allows (at most 5). */
export function timeReference(model: BenchModel, plan: RunPlan, compiled: Literal): ReferenceTiming {
  const module = xlaCpuNumerics.run(model.module);
  const run = (): Literal => evaluate(module, model.inputs, { numerics: "xla-cpu" });
  const t0 = performance.now();
  const first = run();
  const firstMs = performance.now() - t0;
  const times = [firstMs];
  const more = Math.min(4, runsWithin(plan, firstMs) - 1);
  for (let i = 0; i < more; i++) {
    const t = performance.now();
    run();
    times.push(performance.now() - t);
  }
  const d = firstBitDifference(first, compiled);
  return { ms: median(times), runs: times.length, sameAsCompiled: d === undefined ? true : d.message };
}
