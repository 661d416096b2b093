/**
 * Timing helpers of `pnpm bench:models`: medians, and how many runs fit a
 * model's time budget (a model that takes seconds a run gets fewer than the
 * requested repeats, so the whole suite stays within minutes).
 */

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.floor(s.length / 2)];
}

/** How the runs of one side are counted: the runs wanted, and the time they may take in all. */
export interface RunPlan {
  /** Timed runs wanted (BENCH_MODELS_REPEATS, default 200). */
  readonly repeats: number;
  /** Milliseconds the timed runs of one model may take on one side (BENCH_MODELS_BUDGET_S, default 20 s). */
  readonly budgetMs: number;
  /** Warm-up: at least this many runs and this many milliseconds, within the budget too. */
  readonly warmupRuns: number;
  readonly warmupMs: number;
}

/** The timed runs for a model whose run takes about `estimateMs`: the repeats, fewer when they would pass the budget, at least one. */
export function runsWithin(plan: RunPlan, estimateMs: number): number {
  if (!(estimateMs > 0)) return plan.repeats;
  return Math.max(1, Math.min(plan.repeats, Math.floor(plan.budgetMs / estimateMs)));
}

/** Warm-up runs for a model whose run takes about `estimateMs`: enough for warmupMs, at least warmupRuns, no more than the budget allows. */
export function warmupRunsFor(plan: RunPlan, estimateMs: number): number {
  const wanted = Math.max(plan.warmupRuns, estimateMs > 0 ? Math.ceil(plan.warmupMs / estimateMs) : plan.warmupRuns);
  return Math.min(wanted, runsWithin(plan, estimateMs));
}
