/**
 * The conformance runner as a library: reads a corpus's manifest.json
 * (checked with zod; format in test/corpus/xla-jax/README.md) and runs each
 * case through the same steps as `minixla run` (parse, lower, verify, read
 * inputs, evaluate), comparing every output with the golden .npy under the
 * case's tolerance. A case never throws: any failure becomes its result. The
 * `minixla conformance` command and the root conformance test both call this.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import {
  type ArrayLiteral,
  type ElementType,
  type HloPass,
  elementDifferences,
  runPipeline,
  HloError,
  type Mismatch,
  ParseError,
  type Shape,
  type Tolerance,
  compareArrays,
  entryComputation,
  escapeControls,
  programShape,
  readNpy,
  toleranceText,
} from "@minixla/hlo";
import { applyNumericsRewrites } from "@minixla/interpreter";
import { type Engine, runWithEngine } from "./engine.ts";
import { flattenOutputs, loadModule } from "./pipeline.ts";

const fileSchema = z.object({
  file: z.string().min(1),
  dtype: z.string(),
  shape: z.array(z.number().int().nonnegative()),
});

const toleranceSchema = z.union([
  z.object({ exact: z.literal(true) }),
  z.object({ rtol: z.number().nonnegative(), atol: z.number().nonnegative() }),
]);

const caseSchema = z.object({
  name: z.string().min(1),
  dir: z.string().min(1),
  inputs: z.array(fileSchema),
  outputs: z.array(fileSchema).min(1),
  tolerance: toleranceSchema,
  tags: z.array(z.string()).default([]),
  notes: z.string().optional(),
});

const manifestSchema = z.object({
  generator: z.string().optional(),
  variant: z.string().optional(),
  cases: z.array(caseSchema),
});

/** A conformance directory's manifest.json, as validated: its cases. */
export type Manifest = z.infer<typeof manifestSchema>;
/** One conformance case: the HLO file, its inputs, expected outputs, tolerance and tags. */
export type ConformanceCase = z.infer<typeof caseSchema>;

/** Why a case failed: it did not run, or produced the wrong number, shape or values of outputs. */
export type CaseFailure =
  | { readonly kind: "error"; readonly error: string; readonly message: string }
  | { readonly kind: "output-count"; readonly got: number; readonly want: number }
  | { readonly kind: "shape"; readonly output: number; readonly message: string }
  | {
      readonly kind: "values";
      readonly output: number;
      readonly tolerance: string;
      readonly mismatch: Mismatch;
      /** The largest distance in ulps among the differing elements (the first 10,000 of them); undefined where none has one (NaN, pred). */
      readonly maxUlps?: number;
    };

/** The result of one case, with its time. */
export interface CaseResult {
  readonly name: string;
  readonly tags: readonly string[];
  readonly passed: boolean;
  readonly failure?: CaseFailure;
  readonly milliseconds: number;
}

/** Every case's result for one directory, and the tally. */
export interface ConformanceReport {
  readonly dir: string;
  readonly passed: number;
  readonly failed: number;
  readonly cases: readonly CaseResult[];
}

/** Which cases to run, and how. */
export interface ConformanceOptions {
  /** Keep cases whose tags include this, or whose name contains it. */
  readonly filter?: string;
  /** Keep only cases with exactly these names. */
  readonly names?: readonly string[];
  /**
   * "xla-cpu" (default) applies the xla-cpu-numerics pass first, reproducing
   * the two rewrites by which XLA's CPU compiler changes float results, and
   * evaluates with EvalOptions.numerics "xla-cpu" (XLA CPU's denormal
   * flushing and integer power); "reference" evaluates the HLO op by op as
   * XLA's HloEvaluator does.
   */
  readonly numerics?: Numerics;
  /** Which engine runs each case (default "compiled"); "both" also fails a case on any bit of difference between the engines. */
  readonly engine?: Engine;
  /** Passes run over each module after it is loaded, before it is evaluated (a pass under test: the corpus catches its mistakes). */
  readonly passes?: readonly HloPass[];
  /**
   * The module file of each case: "module.mlir" runs the case's StableHLO text. By default a
   * case's module.hlo, or its module.mlir where it has no module.hlo (a corpus of StableHLO text).
   */
  readonly moduleFile?: string;
}

export type Numerics = "xla-cpu" | "reference";

/** Reads and validates DIR/manifest.json; a malformed manifest is a ParseError naming the bad fields. */
export function loadManifest(dir: string): Manifest {
  const path = join(dir, "manifest.json");
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    throw new ParseError(`${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new ParseError(`${path} is not a valid manifest: ${issues.join("; ")}`);
  }
  return parsed.data;
}

/** The manifest's cases that pass the `filter` and `names` options, in manifest order. */
export function selectCases(m: Manifest, options: ConformanceOptions = {}): ConformanceCase[] {
  const { filter, names } = options;
  return m.cases.filter(
    (c) =>
      (filter === undefined || c.tags.includes(filter) || c.name.includes(filter)) &&
      (names === undefined || names.includes(c.name)),
  );
}

function readBytes(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw new ParseError(`cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Reads one .npy; `expected` names the type for the one-byte types ml_dtypes saves as '<V1'. */
function readArray(path: string, expected: Shape | undefined): ArrayLiteral {
  const bytes = new Uint8Array(readBytes(path));
  const elementType: ElementType | undefined = expected?.elementType === "tuple" ? undefined : expected?.elementType;
  try {
    return readNpy(bytes, { elementType });
  } catch (e) {
    if (e instanceof HloError) throw new ParseError(`${path}: ${e.message}`);
    throw e;
  }
}

/** The case's module file: the one asked for, else module.hlo, else module.mlir where only that exists. */
function moduleFileOf(caseDir: string, asked: string | undefined): string {
  if (asked !== undefined) return asked;
  return !existsSync(join(caseDir, "module.hlo")) && existsSync(join(caseDir, "module.mlir")) ? "module.mlir" : "module.hlo";
}

function check(dir: string, c: ConformanceCase, numerics: Numerics, engine: Engine, passes: readonly HloPass[] | undefined, moduleFile: string | undefined): CaseFailure | undefined {
  const caseDir = join(dir, c.dir);
  const parsed = loadModule(readBytes(join(caseDir, moduleFileOf(caseDir, moduleFile))).toString("utf8"));
  const loaded = passes === undefined || passes.length === 0 ? parsed : runPipeline(parsed, passes);
  const m = applyNumericsRewrites(loaded, numerics);
  const signature = programShape(entryComputation(m));
  const args = c.inputs.map((f, i) => readArray(join(caseDir, f.file), signature.parameters[i]));
  const outputs = flattenOutputs(runWithEngine(engine, m, args, { numerics }));
  if (outputs.length !== c.outputs.length) return { kind: "output-count", got: outputs.length, want: c.outputs.length };
  const tolerance: Tolerance = c.tolerance;
  for (let i = 0; i < outputs.length; i++) {
    const want = readArray(join(caseDir, c.outputs[i].file), outputs[i].shape);
    const r = compareArrays(outputs[i], want, tolerance);
    if (r.ok) continue;
    if (r.kind === "shape") return { kind: "shape", output: i, message: r.message };
    const ulps = elementDifferences(outputs[i], want, tolerance, 10_000).differences.flatMap((d) => (d.ulps === undefined ? [] : [d.ulps]));
    const failure = { kind: "values", output: i, tolerance: toleranceText(tolerance), mismatch: r.mismatch } as const;
    return ulps.length === 0 ? failure : { ...failure, maxUlps: Math.max(...ulps) };
  }
  return undefined;
}

/** Runs one case; never throws. */
export function runCase(dir: string, c: ConformanceCase, numerics: Numerics = "xla-cpu", engine: Engine = "compiled", passes?: readonly HloPass[], moduleFile?: string): CaseResult {
  const start = performance.now();
  let failure: CaseFailure | undefined;
  try {
    failure = check(dir, c, numerics, engine, passes, moduleFile);
  } catch (e) {
    // HloErrors are the expected failures; anything else is a bug, reported the same way.
    const error = e instanceof HloError ? e.name : e instanceof Error ? `internal error (${e.name})` : "internal error";
    failure = { kind: "error", error, message: e instanceof Error ? e.message : String(e) };
  }
  const base = { name: c.name, tags: c.tags, milliseconds: performance.now() - start };
  return failure === undefined ? { ...base, passed: true } : { ...base, passed: false, failure };
}

/** Runs every selected case of the corpus in DIR. */
export function runConformance(dir: string, options: ConformanceOptions = {}): ConformanceReport {
  const cases = selectCases(loadManifest(dir), options).map((c) => runCase(dir, c, options.numerics, options.engine, options.passes, options.moduleFile));
  const passed = cases.filter((c) => c.passed).length;
  return { dir, passed, failed: cases.length - passed, cases };
}

/** A number as the failure line shows it (enough digits to see the difference). */
function num(x: number): string {
  return Object.is(x, -0) ? "-0" : String(x);
}

/**
 * One line describing why a case failed, with control characters escaped
 * (`\x1b`): the message may quote the case's files, and the line goes to a
 * terminal or a report.
 */
export function describeFailure(r: CaseResult): string {
  return escapeControls(failureLine(r), true);
}

function failureLine(r: CaseResult): string {
  const f = r.failure;
  if (f === undefined) return `PASS ${r.name}`;
  switch (f.kind) {
    case "error": {
      const lines = f.message.split("\n").map((l) => l.trim()).filter((l) => l !== "");
      const text = lines.join(" | ");
      return `FAIL ${r.name}: ${f.error}: ${text.length > 400 ? `${text.slice(0, 400)}...` : text}`;
    }
    case "output-count":
      return `FAIL ${r.name}: the module gives ${f.got} output${f.got === 1 ? "" : "s"}, the case expects ${f.want}`;
    case "shape":
      return `FAIL ${r.name}: output ${f.output}: ${f.message}`;
    case "values": {
      const m = f.mismatch;
      return (
        `FAIL ${r.name}: output ${f.output} at [${m.index.join(",")}]: got ${m.got}, want ${m.want}, ` +
        `|diff| ${num(m.diff)} (${f.tolerance}; ${m.count} of ${m.total} element${m.total === 1 ? "" : "s"} differ` +
        `${f.maxUlps === undefined ? "" : `, max ${f.maxUlps} ulp${f.maxUlps === 1 ? "" : "s"}`})`
      );
    }
    default:
      return f satisfies never;
  }
}
