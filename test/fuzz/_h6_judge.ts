// H6 temporary: re-judge cached XLA answers in both modes.
import { readFileSync } from "node:fs";
import { category, judge } from "./differential.ts";
import { caseProgram } from "./corpus.ts";
import { hexLiteral } from "./xla_client.ts";
const file = process.argv[2] ?? "/tmp/h6/raw.json";
const fam = process.argv[3];
const verbose = process.argv.includes("-v");
const rows = JSON.parse(readFileSync(file, "utf8")) as any[];
const tally = new Map<string, number[]>();
const cats = new Map<string, number>();
for (const r of rows) {
  if (fam && r.family !== fam) continue;
  if (!Array.isArray(r.cpu)) continue;
  const p = caseProgram({ ...r, cpu: [] });
  const lits = (a: any[]) => a.map((w) => hexLiteral(w.type, w.dims, w.hex));
  const x = { cpu: { outputs: lits(r.cpu) }, folded: "error" in r.folded ? r.folded : { folded: r.folded.folded, outputs: lits(r.folded.outputs) } } as any;
  const t = tally.get(r.family) ?? [0, 0, 0];
  tally.set(r.family, t);
  t[0]++;
  const v = judge(p, "xla-cpu", x);
  if (v.kind !== "agree") {
    t[1]++;
    cats.set(`${v.kind}: ${category(p)}`, (cats.get(`${v.kind}: ${category(p)}`) ?? 0) + 1);
    if (verbose) console.log(JSON.stringify({ label: p.label, body: p.body, comps: p.computations, params: p.params.map((q) => ({ t: q.type, d: q.dims, v: q.values.map(String) })), msg: v.kind === "diverge" ? v.divergence.message : (v as any).message }));
  }
  const rv = judge(p, "reference", x);
  if (rv.kind === "diverge" || rv.kind === "minixla-error") t[2]++;
}
for (const [f, [n, c, r]] of [...tally].sort()) console.log(`${f}: ${n} cases, xla-cpu diverge ${c}, reference diverge ${r}`);
for (const [c, n] of [...cats].sort()) console.log(`  ${n} ${c}`);
