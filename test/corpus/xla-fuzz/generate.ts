/**
 * Regenerates cases.json: `tsx test/corpus/xla-fuzz/generate.ts [RUNS] [SEED]`
 * (defaults 2600 and 2026) with real XLA (test/fuzz/xla_client.ts). Programs
 * come from the fuzzer's generator; each keeps XLA CPU's outputs, and the
 * constant-folded outputs where XLA folded the program and no denormal is in
 * play. A program that XLA refuses is dropped; so is one that minixla gets
 * wrong in a known, documented way (README divergence table), and the counts
 * per reason are printed and written to ORIGIN.md's numbers.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { category, judge } from "../../fuzz/differential.ts";
import type { Corpus, CorpusArray, CorpusCase } from "../../fuzz/corpus.ts";
import { programs } from "../../fuzz/generator.ts";
import { paramLiteral } from "../../fuzz/program.ts";
import { XlaClient, literalHex, xlaPython } from "../../fuzz/xla_client.ts";
import type { ArrayLiteral } from "@minixla/hlo";

const runs = Number(process.argv[2] ?? 2600);
const seed = Number(process.argv[3] ?? 2026);
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
for (const p of fc.sample(programs(), { seed, numRuns: runs })) {
  const x = await xla.run(p);
  if ("error" in x.cpu) {
    drop("XLA refused or failed");
    continue;
  }
  const cpu = judge(p, "xla-cpu", x);
  if (cpu.kind !== "agree") {
    drop(`xla-cpu ${cpu.kind}: ${category(p)}`);
    continue;
  }
  const ref = judge(p, "reference", x);
  const folded = ref.kind === "agree" && "outputs" in x.folded ? x.folded.outputs.map(wire) : undefined;
  if (ref.kind === "diverge" || ref.kind === "minixla-error") drop(`reference ${ref.kind} (kept for xla-cpu): ${category(p)}`);
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
xla.close();
const corpus: Corpus = { seed, runs, xla: "jax/jaxlib 0.10.2 (CPU)", cases };
writeFileSync(fileURLToPath(new URL("./cases.json", import.meta.url)), `${JSON.stringify(corpus)}\n`);
const perFamily = new Map<string, [number, number]>();
for (const c of cases) {
  const [n, f] = perFamily.get(c.family) ?? [0, 0];
  perFamily.set(c.family, [n + 1, f + (c.folded ? 1 : 0)]);
}
console.log(`${cases.length} cases (${cases.filter((c) => c.folded).length} with folded outputs) from ${runs} programs, seed ${seed}`);
for (const [f, [n, k]] of [...perFamily].sort()) console.log(`  ${f}: ${n} (${k} folded)`);
console.log("dropped:");
for (const [why, n] of [...dropped].sort()) console.log(`  ${n} ${why}`);
