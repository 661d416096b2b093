/**
 * Rewrites the golden StableHLO texts of test/corpus/stablehlo-print/: every
 * module of the xla-jax, xla-ops and jax-models corpora printed with
 * printStableHlo, as `<corpus>/<case>.mlir`.
 *   npx tsx scripts/update_stablehlo_print_golden.ts
 * Check them on XLA afterwards (see test/corpus/stablehlo-print/ORIGIN.md).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseHloModule, printStableHlo } from "@minixla/hlo";

const root = new URL("../test/corpus/", import.meta.url).pathname;
let n = 0;
for (const corpus of ["xla-jax", "xla-ops", "jax-models"]) {
  const out = join(root, "stablehlo-print", corpus);
  mkdirSync(out, { recursive: true });
  for (const name of readdirSync(join(root, corpus)).sort()) {
    const hlo = join(root, corpus, name, "module.hlo");
    if (!existsSync(hlo)) continue;
    writeFileSync(join(out, `${name}.mlir`), printStableHlo(parseHloModule(readFileSync(hlo, "utf8"))));
    n++;
  }
}
console.log(`wrote ${n} golden StableHLO texts`);
