/**
 * `pnpm bench:models`: the real-model suite (suite.ts) on minixla's compiled
 * engine with XLA's CPU numerics and, when this machine has a Python with
 * jax (MINIXLA_XLA_PYTHON, or /tmp/minixla-xla-venv), on XLA CPU in the same
 * run, same module text, same inputs; prints the ratio table, the geometric
 * mean and the worst model. docs/bench.md describes the columns.
 *
 * BENCH_MODELS_ONLY=name-prefix   run the models whose name starts with it
 * BENCH_MODELS_REPEATS=N          timed runs per model and side (default 200)
 * BENCH_MODELS_BUDGET_S=S         seconds of timed runs per model and side (default 20): slow models get fewer runs
 * BENCH_MODELS_REFERENCE=0        leave out the reference evaluator's column
 * BENCH_MODELS_XLA=0              leave out XLA even where it is installed
 */
import { benchModel, type ModelResult } from "./bench_model.ts";
import { selectEntries } from "./suite.ts";
import { reportLines } from "./table.ts";
import type { RunPlan } from "./timing.ts";
import { startXla } from "./xla_side.ts";

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!(n > 0)) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return n;
}

async function main(): Promise<void> {
  const plan: RunPlan = {
    repeats: Math.floor(positive("BENCH_MODELS_REPEATS", 200)),
    budgetMs: positive("BENCH_MODELS_BUDGET_S", 20) * 1000,
    warmupRuns: 5,
    warmupMs: 200,
  };
  const entries = selectEntries(process.env.BENCH_MODELS_ONLY);
  if (entries.length === 0) throw new Error(`no model's name starts with "${process.env.BENCH_MODELS_ONLY}"`);
  const { session, why } = process.env.BENCH_MODELS_XLA === "0" ? { session: undefined, why: "BENCH_MODELS_XLA=0" } : await startXla();
  console.log(session !== undefined ? `XLA: jax ${session.info.jax}, jaxlib ${session.info.jaxlib} (CPU, default threads)` : `XLA not found: ${why}`);
  console.log(`minixla: compiled engine, numerics xla-cpu; median of up to ${plan.repeats} runs after warm-up, at most ${plan.budgetMs / 1000} s of timed runs per model and side`);
  const results: ModelResult[] = [];
  try {
    for (const entry of entries) {
      process.stderr.write(`${entry.name} ...\n`);
      results.push(await benchModel(entry, { plan, reference: process.env.BENCH_MODELS_REFERENCE !== "0", xla: session }));
    }
  } finally {
    session?.close();
  }
  console.log("");
  for (const line of reportLines(results, session !== undefined)) console.log(line);
  // The whole process's high-water mark: XLA runs in its own process and is not in it.
  console.log(`process peak RSS (minixla side, all models): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
}

await main();
