/**
 * The models of `pnpm bench:models`: the JAX models vendored under jax/ (HLO
 * text as JAX printed it, seeded inputs, XLA CPU's outputs) and XLA's two
 * TensorFlow CPU benchmark modules from the XLA corpus, whose elided
 * constants get seeded weights (seeded_weights.ts) and whose parameters get
 * seeded inputs. Each
 * model comes with the module minixla compiles, the text XLA is given (the
 * same module), and the inputs both run on.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type ArrayLiteral,
  type HloModule,
  type Literal,
  allocData,
  arrayLiteralFromData,
  elementCount,
  entryComputation,
  lowerBroadcasts,
  parametersOf,
  parseHloModule,
  printHloModule,
  readNpy,
} from "@minixla/hlo";
import { prng } from "../../test/support/prng.ts";
import { withSeededWeights } from "./seeded_weights.ts";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const JAX_DIR = join(HERE, "jax");
const TF_DIR = join(HERE, "../../test/corpus/xla-hlo/openxla-xla/xla/backends/cpu/benchmarks/hlo");

/** One model of the suite, loaded. */
export interface BenchModel {
  /** Short name (BENCH_MODELS_ONLY matches its start). */
  readonly name: string;
  /** The row's label in the table. */
  readonly title: string;
  /** Where the module text comes from, relative to the repository. */
  readonly source: string;
  /** The module minixla compiles: parsed, broadcasts lowered, elided constants replaced by seeded weights. */
  readonly module: HloModule;
  /**
   * The text XLA is given: the file as written, or minixla's print of `module`
   * where constants were elided. A function, made once on first call: graphsage's
   * seeded tables print to tens of megabytes, which only the XLA side needs.
   */
  readonly xlaText: () => string;
  readonly inputs: readonly Literal[];
  /** XLA CPU's outputs on these inputs, one per result leaf, where they are vendored (the JAX models). */
  readonly expected?: readonly ArrayLiteral[];
}

/** A model of the suite before loading: its name, and how to load it. */
export interface ModelEntry {
  readonly name: string;
  readonly title: string;
  readonly load: () => BenchModel;
}

interface JaxManifest {
  readonly cases: readonly { readonly name: string; readonly title: string; readonly inputs: number; readonly outputs: number }[];
}

function npy(path: string): ArrayLiteral {
  return readNpy(new Uint8Array(readFileSync(path)));
}

function jaxModel(c: JaxManifest["cases"][number]): BenchModel {
  const dir = join(JAX_DIR, c.name);
  const text = readFileSync(join(dir, "module.hlo"), "utf8");
  return {
    name: c.name,
    title: c.title,
    source: `bench/models/jax/${c.name}/module.hlo`,
    module: lowerBroadcasts(parseHloModule(text)),
    xlaText: () => text,
    inputs: Array.from({ length: c.inputs }, (_, i) => npy(join(dir, `in${i}.npy`))),
    expected: Array.from({ length: c.outputs }, (_, i) => npy(join(dir, `out${i}.npy`))),
  };
}

/**
 * Seeded inputs for a module whose inputs are not vendored: floats uniform in
 * [-1, 1), integers in [0, 9] (the TF modules' integer parameters are
 * embedding-table indices; every table has at least ten rows), pred 0 or 1.
 */
function seededInputs(m: HloModule, seed: number): Literal[] {
  const rand = prng(seed);
  return parametersOf(entryComputation(m)).map((p) => {
    const s = p.shape;
    if (s.elementType === "tuple" || s.elementType === "token") throw new Error(`bench:models: parameter ${p.name} is not an array`);
    const data = allocData(s.elementType, elementCount(s));
    const float = s.elementType.startsWith("f") || s.elementType === "bf16";
    for (let i = 0; i < data.length; i++) {
      const v = float ? rand() * 2 - 1 : Math.floor(rand() * (s.elementType === "pred" ? 2 : 10));
      if (data instanceof BigInt64Array || data instanceof BigUint64Array) data[i] = BigInt(v);
      else data[i] = v;
    }
    return arrayLiteralFromData(s, data);
  });
}

function once(make: () => string): () => string {
  let value: string | undefined;
  return () => (value ??= make());
}

/** Seed of a TF module's weights and inputs: fixed, so every run and XLA see the same values. */
const TF_SEED = 2323;

function tfModel(name: string, title: string, file: string): BenchModel {
  const text = readFileSync(join(TF_DIR, file), "utf8");
  const module = withSeededWeights(lowerBroadcasts(parseHloModule(text)), TF_SEED);
  return {
    name,
    title,
    source: `test/corpus/xla-hlo/openxla-xla/xla/backends/cpu/benchmarks/hlo/${file}`,
    module,
    xlaText: once(() => printHloModule(module)),
    inputs: seededInputs(module, TF_SEED + 1),
  };
}

function jaxEntries(): ModelEntry[] {
  const manifest = JSON.parse(readFileSync(join(JAX_DIR, "manifest.json"), "utf8")) as JaxManifest;
  return manifest.cases.map((c) => ({ name: c.name, title: c.title, load: () => jaxModel(c) }));
}

/** Every model of the suite, in the table's order. */
export function suiteEntries(): ModelEntry[] {
  return [
    ...jaxEntries(),
    { name: "graphsage_tf", title: "TF graphsage (XLA's CPU benchmark)", load: () => tfModel("graphsage_tf", "TF graphsage (XLA's CPU benchmark)", "graphsage_tf.hlo") },
    { name: "ssd_mobilenet_tf", title: "TF ssd_mobilenet (XLA's CPU benchmark)", load: () => tfModel("ssd_mobilenet_tf", "TF ssd_mobilenet (XLA's CPU benchmark)", "ssd_mobilenet_tf.hlo") },
  ];
}

/** The entries whose name starts with `only` (every entry when it is undefined or empty). */
export function selectEntries(only: string | undefined): ModelEntry[] {
  return suiteEntries().filter((e) => only === undefined || only === "" || e.name.startsWith(only));
}
