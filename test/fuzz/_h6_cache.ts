// H6 temporary: run the corpus programs through XLA once and keep every answer.
import { writeFileSync } from "node:fs";
import fc from "fast-check";
import type { ArrayLiteral } from "@minixla/hlo";
import { programs } from "./generator.ts";
import { paramLiteral } from "./program.ts";
import { XlaClient, literalHex, xlaPython } from "./xla_client.ts";
const runs = Number(process.argv[2] ?? 2600);
const seed = Number(process.argv[3] ?? 2026);
const fams = process.argv[4] ? (process.argv[4].split(",") as never) : undefined;
const out = process.argv[5] ?? "/tmp/h6/raw.json";
const wire = (l: ArrayLiteral) => ({ type: l.shape.elementType, dims: l.shape.dimensions, hex: literalHex(l) });
const xla = await XlaClient.start(xlaPython()!);
const rows: unknown[] = [];
for (const p of fc.sample(programs(fams), { seed, numRuns: runs })) {
  const x = await xla.run(p);
  rows.push({
    family: p.family, label: p.label, body: p.body, computations: p.computations,
    params: p.params.map((q) => wire(paramLiteral(q))),
    cpu: "error" in x.cpu ? { error: x.cpu.error } : x.cpu.outputs.map(wire),
    folded: "error" in x.folded ? { error: x.folded.error } : { folded: x.folded.folded, outputs: x.folded.outputs.map(wire) },
  });
}
xla.close();
writeFileSync(out, JSON.stringify(rows));
console.log(`${rows.length} rows`);
