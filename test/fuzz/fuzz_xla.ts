/**
 * `pnpm fuzz:xla [--runs N] [--seed S] [--family F,...] [--mode both|xla-cpu|reference] [--no-shrink]`:
 * the differential fuzzer. Generates N seeded programs (generator.ts), runs
 * each through real XLA (its CPU backend on parameters, its constant folder
 * on the same module with constant inputs) and through minixla in the
 * matching numerics mode, and prints per family how many agreed; for each
 * kind of divergence, the smallest program and input that still show it.
 * Without real XLA on the machine it says so and exits 0.
 */
import fc from "fast-check";
import type { Mode } from "./compare.ts";
import { type ModeVerdict, category, judge, shrinkDivergence } from "./differential.ts";
import { programs } from "./generator.ts";
import { FAMILIES, type Family, type FuzzProgram, inputsText, parameterText } from "./program.ts";
import { XlaClient, xlaPython } from "./xla_client.ts";

interface Options {
  readonly runs: number;
  readonly seed: number;
  readonly families: readonly Family[];
  readonly modes: readonly Mode[];
  readonly shrink: boolean;
}

function parseOptions(argv: readonly string[]): Options {
  let runs = 1000;
  let seed = 1;
  let families: readonly Family[] = FAMILIES;
  let modes: readonly Mode[] = ["xla-cpu", "reference"];
  let shrink = true;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === "--runs") runs = Number(value());
    else if (a === "--seed") seed = Number(value());
    else if (a === "--family") {
      const names = value().split(",");
      const bad = names.filter((n) => !(FAMILIES as readonly string[]).includes(n));
      if (bad.length > 0) throw new Error(`unknown family ${bad.join(", ")}; families: ${FAMILIES.join(", ")}`);
      families = names as Family[];
    } else if (a === "--mode") {
      const m = value();
      modes = m === "both" ? ["xla-cpu", "reference"] : m === "xla-cpu" || m === "reference" ? [m] : [];
      if (modes.length === 0) throw new Error(`--mode takes both, xla-cpu or reference; got ${m}`);
    } else if (a === "--no-shrink") shrink = false;
    else if (a !== "--") throw new Error(`unknown option ${a}`);
  }
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs takes a positive integer");
  if (!Number.isInteger(seed)) throw new Error("--seed takes an integer");
  return { runs, seed, families, modes, shrink };
}

interface Tally {
  cases: number;
  readonly verdicts: Map<string, number>;
}

async function main(): Promise<number> {
  const o = parseOptions(process.argv.slice(2));
  const python = xlaPython();
  if (python === undefined) {
    console.log("fuzz:xla: skipped: no real XLA on this machine (set MINIXLA_XLA_PYTHON, or make /tmp/minixla-xla-venv with xla_env.sh)");
    return 0;
  }
  const xla = await XlaClient.start(python);
  const arb = programs(o.families);
  const sample = fc.sample(arb, { seed: o.seed, numRuns: o.runs });
  const tallies = new Map<Family, Tally>();
  const firstOf = new Map<string, { readonly index: number; readonly program: FuzzProgram; readonly verdict: ModeVerdict; readonly mode: Mode }>();
  const start = performance.now();
  let divergent = 0;
  for (let i = 0; i < sample.length; i++) {
    const p = sample[i];
    const x = await xla.run(p, o.modes.includes("reference"));
    const t = tallies.get(p.family) ?? { cases: 0, verdicts: new Map<string, number>() };
    tallies.set(p.family, t);
    t.cases++;
    let bad = false;
    for (const mode of o.modes) {
      const v = judge(p, mode, x);
      const key = `${mode} ${v.kind}`;
      t.verdicts.set(key, (t.verdicts.get(key) ?? 0) + 1);
      if (v.kind === "diverge" || v.kind === "minixla-error") {
        bad = true;
        const cat = `${mode}: ${category(p)}`;
        if (!firstOf.has(cat)) firstOf.set(cat, { index: i, program: p, verdict: v, mode });
      }
    }
    if (bad) divergent++;
  }
  const seconds = (performance.now() - start) / 1000;
  console.log(`fuzz:xla: ${o.runs} programs, seed ${o.seed}, ${seconds.toFixed(1)} s (${((seconds * 1000) / o.runs).toFixed(1)} s per 1,000 programs)`);
  for (const [family, t] of [...tallies].sort()) {
    const parts = [...t.verdicts].sort().map(([k, n]) => `${k} ${n}`);
    console.log(`  ${family.padEnd(17)} ${String(t.cases).padStart(5)} cases: ${parts.join(", ")}`);
  }
  console.log(`${divergent} programs diverged in ${firstOf.size} categories`);
  for (const [cat, f] of firstOf) {
    const what = f.verdict.kind === "diverge" ? f.verdict.divergence.message : f.verdict.kind === "minixla-error" ? f.verdict.message : f.verdict.kind;
    console.log(`\n== ${cat} (program ${f.index}): ${what}`);
    const small = o.shrink && f.verdict.kind === "diverge" ? await shrinkDivergence(xla, arb, o.seed, f.index, f.program, f.mode) : f.program;
    const again = judge(small, f.mode, await xla.run(small, f.mode === "reference"));
    if (again.kind === "diverge") console.log(`smallest: ${again.divergence.message}`);
    console.log(parameterText(small).trimEnd());
    console.log(`inputs: ${inputsText(small)}`);
  }
  xla.close();
  return firstOf.size === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`fuzz:xla: ${e instanceof Error ? (process.env.FUZZ_DEBUG ? e.stack : e.message) : String(e)}`);
    process.exit(2);
  },
);
