/**
 * Regenerates cases.json and divergences.json:
 * `tsx test/corpus/xla-fuzz/generate.ts [--divergences-only] [RUNS] [SEED] [SEED:RUNS[@I,J,...] ...]`
 * (defaults 2600 and 2026) with real XLA (test/fuzz/xla_client.ts). Programs
 * come from the fuzzer's generator; each keeps XLA CPU's outputs, and the
 * constant-folded outputs where XLA folded the program and no denormal is in
 * play. A program that XLA refuses is dropped.
 *
 * A program on which minixla diverges from XLA (beyond the ulp table) is kept
 * in divergences.json with minixla's and XLA's outputs and the docs/numerics.md row
 * that explains it (divergence_rows.ts); one that no row explains is printed
 * and dropped, to be explained (a new row) or fixed. The further SEED:RUNS
 * runs add only their divergences; with @I,J,... only those programs of the
 * run (indices the fuzzer, `pnpm fuzz:xla`, reported) go to XLA. With
 * --divergences-only the RUNS/SEED run is skipped and cases.json is left as
 * it is. The counts per reason are printed.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { category, judge } from "../../fuzz/differential.ts";
import type { Corpus, CorpusArray, CorpusCase, DivergenceCase, DivergenceCorpus } from "../../fuzz/corpus.ts";
import { type Mode, runMinixla } from "../../fuzz/compare.ts";
import type { FuzzProgram } from "../../fuzz/program.ts";
import type { XlaResult } from "../../fuzz/xla_client.ts";
import { explainDivergence } from "./divergence_rows.ts";
import { programs } from "../../fuzz/generator.ts";
import { paramLiteral } from "../../fuzz/program.ts";
import { XlaClient, literalHex, xlaPython } from "../../fuzz/xla_client.ts";
import type { ArrayLiteral } from "@minixla/hlo";

const divergencesOnly = process.argv[2] === "--divergences-only";
const argv = process.argv.slice(divergencesOnly ? 3 : 2);
const runs = Number(argv[0] ?? 2600);
const seed = Number(argv[1] ?? 2026);
const moreRuns = argv.slice(2).map((a) => {
  const m = /^(-?\d+):(\d+)(?:@([\d,]+))?$/.exec(a);
  if (m === null) throw new Error(`expected SEED:RUNS or SEED:RUNS@I,J,..., got ${a}`);
  const only = m[3]?.split(",").map(Number);
  return { seed: Number(m[1]), runs: Number(m[2]), ...(only !== undefined && { only }) };
});
const python = xlaPython();
if (python === undefined) {
  console.log("generate: skipped: no real XLA on this machine");
  process.exit(0);
}
const wire = (l: ArrayLiteral): CorpusArray => ({ type: l.shape.elementType, dims: l.shape.dimensions, hex: literalHex(l) });
const xla = await XlaClient.start(python);
const cases: CorpusCase[] = [];
const dropped = new Map<string, number>();
const drop = (why: string): void => {
  dropped.set(why, (dropped.get(why) ?? 0) + 1);
};
const divergences: DivergenceCase[] = [];
const unexplained: string[] = [];
/** Keeps p's divergence in `mode` when a docs/numerics.md row explains it; says whether it was kept. */
const keepDivergence = (p: FuzzProgram, mode: Mode, x: XlaResult): boolean => {
  const outcome = mode === "xla-cpu" ? x.cpu : x.folded;
  if ("error" in outcome) return false;
  const got = runMinixla(p, mode);
  const row = explainDivergence(p, mode, got, outcome.outputs);
  if (row === undefined) {
    unexplained.push(`${mode} ${p.label}: ${p.body.join("; ")}`);
    return false;
  }
  const base = { row, mode, family: p.family, label: p.label, body: p.body, params: p.params.map((q) => wire(paramLiteral(q))) };
  const withComputations = p.computations === undefined ? base : { ...base, computations: p.computations };
  divergences.push({ ...withComputations, xla: outcome.outputs.map(wire), minixla: got.map(wire) });
  return true;
};
for (const p of divergencesOnly ? [] : fc.sample(programs(), { seed, numRuns: runs })) {
  const x = await xla.run(p);
  if ("error" in x.cpu) {
    drop("XLA refused or failed");
    continue;
  }
  const cpu = judge(p, "xla-cpu", x);
  if (cpu.kind !== "agree") {
    const kept = cpu.kind === "diverge" && keepDivergence(p, "xla-cpu", x);
    drop(`xla-cpu ${cpu.kind}${kept ? " (kept in divergences.json)" : ""}: ${category(p)}`);
    continue;
  }
  const ref = judge(p, "reference", x);
  const folded = ref.kind === "agree" && "outputs" in x.folded ? x.folded.outputs.map(wire) : undefined;
  if (ref.kind === "diverge" || ref.kind === "minixla-error") {
    const kept = ref.kind === "diverge" && keepDivergence(p, "reference", x);
    drop(`reference ${ref.kind} (kept for xla-cpu${kept ? "; kept in divergences.json" : ""}): ${category(p)}`);
  }
  const base = {
    family: p.family,
    label: p.label,
    body: p.body,
    params: p.params.map((q) => wire(paramLiteral(q))),
    cpu: x.cpu.outputs.map(wire),
  };
  const withComputations = p.computations === undefined ? base : { ...base, computations: p.computations };
  cases.push(folded === undefined ? withComputations : { ...withComputations, folded });
}
// The further runs add only their divergences.
for (const more of moreRuns) {
  const sample = fc.sample(programs(), { seed: more.seed, numRuns: more.runs });
  for (const p of more.only === undefined ? sample : more.only.map((i) => sample[i])) {
    const x = await xla.run(p);
    if ("error" in x.cpu) continue;
    for (const mode of ["xla-cpu", "reference"] as const) {
      const v = judge(p, mode, x);
      if (v.kind === "diverge") keepDivergence(p, mode, x);
      else if (v.kind === "minixla-error") unexplained.push(`${mode} ${p.label}: minixla throws ${v.message}`);
      if (mode === "xla-cpu" && v.kind !== "agree") break;
    }
  }
}
xla.close();
if (!divergencesOnly) {
  const corpus: Corpus = { seed, runs, xla: "jax/jaxlib 0.10.2 (CPU)", cases };
  writeFileSync(fileURLToPath(new URL("./cases.json", import.meta.url)), `${JSON.stringify(corpus)}\n`);
}
const divergenceCorpus: DivergenceCorpus = { xla: "jax/jaxlib 0.10.2 (CPU)", sources: [...(divergencesOnly ? [] : [{ seed, runs }]), ...moreRuns], cases: divergences };
writeFileSync(fileURLToPath(new URL("./divergences.json", import.meta.url)), `${JSON.stringify(divergenceCorpus, null, 1)}\n`);
const perFamily = new Map<string, [number, number]>();
for (const c of cases) {
  const [n, f] = perFamily.get(c.family) ?? [0, 0];
  perFamily.set(c.family, [n + 1, f + (c.folded ? 1 : 0)]);
}
console.log(`${cases.length} cases (${cases.filter((c) => c.folded).length} with folded outputs) from ${runs} programs, seed ${seed}`);
for (const [f, [n, k]] of [...perFamily].sort()) console.log(`  ${f}: ${n} (${k} folded)`);
console.log("dropped:");
for (const [why, n] of [...dropped].sort()) console.log(`  ${n} ${why}`);
const perRow = new Map<string, number>();
for (const d of divergences) perRow.set(`${d.row} (${d.mode})`, (perRow.get(`${d.row} (${d.mode})`) ?? 0) + 1);
console.log(`divergences kept: ${divergences.length}`);
for (const [row, n] of [...perRow].sort()) console.log(`  ${n} ${row}`);
console.log(`divergences no docs/numerics.md row explains (not kept): ${unexplained.length}`);
for (const u of unexplained) console.log(`  ${u}`);
