/**
 * Prints every module of the XLA-computed corpora as StableHLO and writes, for
 * scripts/check_stablehlo_print.py, one folder per module (its HLO text, the
 * printed `module.mlir`, its inputs as .npy) and a manifest.json listing them,
 * with the reason wherever printStableHlo refused a module:
 *   npx tsx scripts/dump_stablehlo_print.ts /tmp/shlo-print [corpus ...] [--large | --only-large] [--ids FILE]
 * (`--ids FILE`: only the modules whose ids FILE lists, one a line: a rerun of a few to merge into a sweep's.)
 * XLA's execute takes no token argument: a module whose entry takes tokens runs
 * as JAX runs one, from an entry that makes each token with after-all and
 * calls it, its token results left out (its folder's module.hlo is that
 * module, printed by minixla).
 * Corpora: test/corpus/{xla-jax,xla-ops,jax-models,xla-chlo} (their own inputs),
 * xla-hlo (seeded inputs, as its test makes them) and stablehlo (the HLO
 * translations of StableHLO's interpreter tests and test data; no inputs).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  ELEMENT_TYPE_INFO, type HloModule, type Literal, elementCount, entryComputation, isArrayLiteral, isTupleShape, parametersOf, parseHloModule, printHloModule,
  printStableHlo, type Shape, shapeToString, writeNpy,
} from "@minixla/hlo";
import { corpusModules, isSlow, isSlowModule, randomInputs } from "../test/corpus/xla-hlo/corpus.ts";
import { readCorpus } from "../test/corpus/stablehlo/mlir_cases.ts";
import { readTestdataCorpus } from "../test/corpus/stablehlo/testdata_cases.ts";

interface Entry {
  readonly corpus: string;
  readonly id: string;
  readonly dir: string;
  readonly inputs: number;
  readonly refused?: string;
  readonly skipped?: string;
}

const out = process.argv[2] ?? "/tmp/shlo-print";
/** `--large`: also the xla-hlo modules too large for minixla's interpreter (XLA runs them; nothing here evaluates them). */
const large = process.argv.includes("--large") || process.argv.includes("--only-large");
/** `--only-large`: only those (a run of them to merge into a sweep's). */
const onlyLarge = process.argv.includes("--only-large");
/** The most input bytes a module may take with --large. */
const MAX_INPUT_BYTES = 2 ** 30;
/** Corpora to print (all when none is named after the output folder). */
const idsAt = process.argv.indexOf("--ids");
const idsFile = idsAt < 0 ? undefined : process.argv[idsAt + 1];
const ids = idsFile === undefined ? undefined : new Set(readFileSync(idsFile, "utf8").split("\n").map((l) => l.trim()).filter((l) => l !== ""));
const only = new Set(process.argv.slice(3).filter((a, i, all) => !a.startsWith("--") && all[i - 1] !== "--ids"));
const wanted = (corpus: string) => only.size === 0 || only.has(corpus);
mkdirSync(out, { recursive: true });
const entries: Entry[] = [];

/**
 * The module run from an entry without token parameters, as JAX runs one: each token parameter made by after-all,
 * the old entry called, its token results left out. Undefined where no entry parameter is a token, or where one
 * holds a token inside a tuple.
 */
function tokenFree(m: HloModule): HloModule | undefined {
  const entry = entryComputation(m);
  const params = parametersOf(entry);
  if (!params.some((p) => !isTupleShape(p.shape) && p.shape.elementType === "token")) return undefined;
  const hasToken = (s: Shape): boolean => (isTupleShape(s) ? s.tupleShapes.some(hasToken) : s.elementType === "token");
  if (params.some((p) => isTupleShape(p.shape) && hasToken(p.shape))) return undefined;
  const lines = params.map((p, i) =>
    !isTupleShape(p.shape) && p.shape.elementType === "token" ? `  a${i} = token[] after-all()` : `  a${i} = ${shapeToString(p.shape)} parameter(${params.slice(0, i).filter((q) => isTupleShape(q.shape) || q.shape.elementType !== "token").length})`,
  );
  const root = entry.instructions.find((i) => i.name === entry.root);
  if (root === undefined) return undefined;
  lines.push(`  c = ${shapeToString(root.shape)} call(${params.map((_, i) => `a${i}`).join(", ")}), to_apply=${entry.name}`);
  // The result's array leaves, each read by a chain of get-tuple-elements.
  const kept: { readonly name: string; readonly shape: string }[] = [];
  const walk = (s: Shape, name: string): void => {
    if (!isTupleShape(s)) {
      if (s.elementType !== "token") kept.push({ name, shape: shapeToString(s) });
      return;
    }
    s.tupleShapes.forEach((e, i) => {
      const g = `${name}_${i}`;
      lines.push(`  ${g} = ${shapeToString(e)} get-tuple-element(${name}), index=${i}`);
      walk(e, g);
    });
  };
  walk(root.shape, "c");
  lines.push(`  ROOT r = (${kept.map((k) => k.shape).join(", ")}) tuple(${kept.map((k) => k.name).join(", ")})`);
  const text = printHloModule(m).split("\n");
  const header = `HloModule ${m.name}${(text[0].match(/, (replica_count|num_partitions)=\d+/g) ?? []).join("")}`;
  const body = text.slice(1).map((l) => (l.startsWith(`ENTRY ${entry.name} `) ? l.slice("ENTRY ".length) : l));
  return parseHloModule([header, ...body, "", "ENTRY token_free_entry {", ...lines, "}", ""].join("\n"));
}

function add(corpus: string, id: string, hlo: string, inputs: (m: HloModule) => readonly Literal[] | Uint8Array[]): void {
  const dir = join(out, String(entries.length));
  const base = { corpus, id, dir };
  if (ids !== undefined && !ids.has(id)) return;
  let m: HloModule;
  try {
    m = parseHloModule(hlo);
  } catch (e) {
    entries.push({ ...base, inputs: 0, skipped: `minixla does not read it: ${(e as Error).message.split("\n")[0]}` });
    return;
  }
  // Inputs are made for the module as it is; a token-free entry takes them without its tokens.
  const original = m;
  const wrapped = tokenFree(m);
  if (wrapped !== undefined) {
    m = wrapped;
    hlo = printHloModule(wrapped);
  }
  let mlir: string;
  try {
    mlir = printStableHlo(m);
  } catch (e) {
    entries.push({ ...base, inputs: 0, refused: (e as Error).message.split("\n")[0] });
    return;
  }
  if (corpus === "xla-hlo" && isSlow(m, id) && !large) {
    entries.push({ ...base, inputs: 0, skipped: "too large to run in a corpus sweep (as the xla-hlo test skips it)" });
    return;
  }
  if (corpus === "xla-hlo" && large) {
    // Past what this machine holds as random inputs (the sharded LLM benchmarks' weights): not run.
    const bytesOf = (s: Shape): number => (isTupleShape(s) ? s.tupleShapes.reduce((sum, e) => sum + bytesOf(e), 0) : (elementCount(s) * ELEMENT_TYPE_INFO[s.elementType].bitWidth) / 8);
    const bytes = parametersOf(entryComputation(m)).reduce((sum, p) => sum + bytesOf(p.shape), 0);
    if (bytes > MAX_INPUT_BYTES) {
      entries.push({ ...base, inputs: 0, skipped: `too large to run here: its parameters hold ${(bytes / 2 ** 30).toFixed(1)} GiB` });
      return;
    }
  }
  const args = inputs(original);
  const files: Uint8Array[] = [];
  // The printed @main takes a tuple parameter as its leaves, in order (XLA's execute takes them so for the HLO too).
  const stack = [...args].reverse();
  while (stack.length > 0) {
    const a = stack.pop() as Literal | Uint8Array;
    if (a instanceof Uint8Array) files.push(a);
    else if (!isArrayLiteral(a)) stack.push(...[...a.elements].reverse());
    else if (a.shape.elementType !== "token") files.push(writeNpy(a));
    else if (wrapped !== undefined) continue;
    else {
      entries.push({ ...base, inputs: 0, skipped: "an entry parameter is a token" });
      return;
    }
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "module.hlo"), hlo);
  writeFileSync(join(dir, "module.mlir"), mlir);
  files.forEach((f, i) => writeFileSync(join(dir, `in${i}.npy`), f));
  entries.push({ ...base, inputs: files.length });
  if (entries.length % 50 === 0) writeManifest();
}

/** The manifest so far (written after every corpus, so a slow run can be checked as it goes). */
function writeManifest(): void {
  writeFileSync(join(out, "manifest.json"), JSON.stringify(entries, null, 1));
}

const root = new URL("../test/corpus/", import.meta.url).pathname;
for (const corpus of ["xla-jax", "xla-ops", "jax-models", "xla-chlo"]) {
  if (!wanted(corpus)) continue;
  const cdir = join(root, corpus);
  for (const name of readdirSync(cdir).sort()) {
    const hloPath = join(cdir, name, "module.hlo");
    if (!existsSync(hloPath)) continue;
    const ins = readdirSync(join(cdir, name)).filter((f) => /^in\d+\.npy$/.test(f)).sort((a, b) => Number(a.slice(2, -4)) - Number(b.slice(2, -4)));
    add(corpus, name, readFileSync(hloPath, "utf8"), () => ins.map((f) => new Uint8Array(readFileSync(join(cdir, name, f)))));
    // The case's recorded XLA outputs: what the printed text is compared with where XLA no longer runs the HLO text.
    const last = entries[entries.length - 1];
    if (existsSync(last.dir)) {
      for (let i = 0; existsSync(join(cdir, name, `out${i}.npy`)); i++) writeFileSync(join(last.dir, `expected${i}.npy`), readFileSync(join(cdir, name, `out${i}.npy`)));
    }
  }
  writeManifest();
}
if (wanted("xla-hlo")) for (const mod of corpusModules()) if (!onlyLarge || isSlowModule(mod)) add("xla-hlo", mod.id, mod.text, (m) => randomInputs(mod.id, m));
writeManifest();
if (wanted("stablehlo-interpret")) for (const c of readCorpus().cases) add("stablehlo-interpret", c.id, c.hlo, () => []);
writeManifest();
if (wanted("stablehlo-testdata")) for (const c of readTestdataCorpus().cases) add("stablehlo-testdata", c.id, c.hlo, () => []);
writeManifest();
const refused = entries.filter((e) => e.refused !== undefined).length;
const skipped = entries.filter((e) => e.skipped !== undefined).length;
console.log(`${entries.length} modules: ${entries.length - refused - skipped} printed, ${refused} refused, ${skipped} skipped -> ${out}`);
