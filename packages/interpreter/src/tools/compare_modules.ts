/**
 * compareModules: do two modules compute the same numbers? Both run on the
 * same inputs (given literals, or N seeded random sets drawn with special
 * values: NaN, ±0, ±inf, denormals, integer extremes), each on its chosen
 * engine, and every output is compared under a tolerance (elementDifferences
 * of @minixla/hlo, the rule `minixla conformance` uses). The answer stops at
 * the first input set where they differ and says, per output, equal or the
 * first differing elements with both values and their distance in ulps.
 * After XLA's run_hlo_module, which compares a reference and a test backend.
 */
import {
  type ArrayLiteral,
  type ElementDifference,
  HloError,
  type HloModule,
  type Literal,
  ShapeError,
  type Tolerance,
  elementDifferences,
  entryComputation,
  isTupleLiteral,
  parametersOf,
  shapeToString,
  shapesEqual,
} from "@minixla/hlo";
import { compile } from "../compiled/compile.ts";
import { evaluate } from "../evaluate.ts";
import type { EvalOptions } from "../kernel.ts";
import { randomLiteralWithSpecials } from "../random_literal.ts";

/** Which engine runs one side: the reference evaluator, or the compiled (fused) engine. */
export type EngineName = "reference" | "compiled";

/** Where the inputs come from: given literal sets, or seeded random sets with special values. */
export type CompareInputs =
  | { readonly kind: "literals"; readonly sets: readonly (readonly Literal[])[] }
  | {
      readonly kind: "random";
      /** How many input sets to try. */
      readonly trials: number;
      /** Seed of the first set (default 0); set k, parameter i draws from a seed mixed from both. */
      readonly seed?: number;
      /**
       * Probability that an element is a special value, in every parameter.
       * Default: a schedule of four kinds of set, in turn: specials in every
       * parameter (0.1), in one parameter only (0.3; each parameter in turn),
       * a few everywhere (0.02), and none, so that a NaN that floods a whole
       * result (through a dot, say) does not hide a difference elsewhere.
       */
      readonly specialProbability?: number;
    };

/** Options of compareModules. */
export interface CompareOptions {
  readonly inputs: CompareInputs;
  /** Default `{ exact: true, signedZeros: true }`: every element equal, -0 distinct from 0, NaN equal to NaN. */
  readonly tolerance?: Tolerance;
  /** The engine of each side (default reference for both). */
  readonly engines?: readonly [EngineName, EngineName];
  /** Options of both evaluations (default: while loops capped at 1,000,000 iterations, so a random input cannot hang). */
  readonly evalOptions?: EvalOptions;
  /** How many differing elements to report per output (default 3). */
  readonly maxDifferences?: number;
}

/** One output of the differing (or last) input set. */
export type OutputComparison =
  | { readonly output: number; readonly status: "equal" }
  | { readonly output: number; readonly status: "shape"; readonly message: string }
  | {
      readonly output: number;
      readonly status: "differ";
      /** The first differing elements, in row-major order. */
      readonly differences: readonly ElementDifference[];
      /** How many elements differ in all, out of `total`. */
      readonly count: number;
      readonly total: number;
    };

/** What one side did on an input set: its outputs, or the error it threw. */
export type SideOutcome = { readonly ok: true; readonly outputs: readonly ArrayLiteral[] } | { readonly ok: false; readonly error: string };

/** The answer of compareModules. */
export interface ModuleComparison {
  /** Whether every input set gave equal outputs (or the same error on both sides). */
  readonly equal: boolean;
  /** How many input sets were run (stops at the first that differs). */
  readonly trials: number;
  /** Index of the first input set that differs, or undefined. */
  readonly firstDifferingTrial: number | undefined;
  /** The inputs of that set (of the last set when all agree). */
  readonly inputs: readonly Literal[];
  /** Per output of that set; empty when a side threw. */
  readonly outputs: readonly OutputComparison[];
  /** When one side threw (or both, differently): each side's outcome message. */
  readonly errors?: { readonly a: string | undefined; readonly b: string | undefined };
  /** The tolerance used. */
  readonly tolerance: Tolerance;
}

/** Set k, parameter i: a seed mixed from both, independent of the other parameters' sizes. */
const inputSeed = (seed: number, trial: number, parameter: number): number =>
  (Math.imul((seed + Math.imul(trial, 0x85ebca6b)) >>> 0, 0x9e3779b1) + parameter) >>> 0;

/** Parameter i's probability of special values in set `trial` under the default schedule. */
function scheduled(trial: number, i: number, parameters: number): number {
  switch (trial % 4) {
    case 0: return 0.1;
    case 1: return i === Math.floor(trial / 4) % parameters ? 0.3 : 0;
    case 2: return 0.02;
    default: return 0;
  }
}

/**
 * The inputs of random set `trial` for the module's entry parameters:
 * randomLiteralWithSpecials per parameter, with `specialProbability`, or the
 * default schedule (CompareInputs) when it is undefined.
 */
export function randomInputSet(m: HloModule, trial: number, seed = 0, specialProbability?: number): Literal[] {
  const params = parametersOf(entryComputation(m));
  return params.map((param, i) =>
    randomLiteralWithSpecials(param.shape, inputSeed(seed, trial, i), { specialProbability: specialProbability ?? scheduled(trial, i, params.length) }),
  );
}

function flatten(l: Literal): ArrayLiteral[] {
  const out: ArrayLiteral[] = [];
  const stack: Literal[] = [l];
  while (stack.length > 0) {
    const x = stack.pop() as Literal;
    if (isTupleLiteral(x)) for (let i = x.elements.length - 1; i >= 0; i--) stack.push(x.elements[i]);
    else out.push(x);
  }
  return out;
}

/** Runs a module on an engine, catching minixla's errors as an outcome (a bug elsewhere still throws). */
export function runSide(m: HloModule, engine: EngineName, args: readonly Literal[], options: EvalOptions): SideOutcome {
  try {
    const r = engine === "reference" ? evaluate(m, args, options) : compile(m, options).execute(args);
    return { ok: true, outputs: flatten(r) };
  } catch (e) {
    if (e instanceof HloError || e instanceof RangeError) return { ok: false, error: e.message };
    throw e;
  }
}

/** Refuses two modules whose entry computations take different parameters, naming the first that differs. */
export function checkSameParameters(a: HloModule, b: HloModule): void {
  const pa = parametersOf(entryComputation(a));
  const pb = parametersOf(entryComputation(b));
  const sig = (ps: typeof pa) => `(${ps.map((p) => shapeToString(p.shape)).join(", ")})`;
  if (pa.length !== pb.length) {
    throw new ShapeError(`compare: the modules take different parameters: ${a.name} takes ${pa.length} ${sig(pa)}, ${b.name} takes ${pb.length} ${sig(pb)}`);
  }
  pa.forEach((p, i) => {
    if (!shapesEqual(p.shape, pb[i].shape)) {
      throw new ShapeError(`compare: parameter ${i} differs: ${shapeToString(p.shape)} (${p.name} in ${a.name}) vs ${shapeToString(pb[i].shape)} (${pb[i].name} in ${b.name})`);
    }
  });
}

/** Compares the outputs of both sides under the tolerance. */
export function compareOutputs(a: readonly ArrayLiteral[], b: readonly ArrayLiteral[], tolerance: Tolerance, maxDifferences = 3): OutputComparison[] {
  const n = Math.max(a.length, b.length);
  const out: OutputComparison[] = [];
  for (let i = 0; i < n; i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined || y === undefined) {
      out.push({ output: i, status: "shape", message: `only ${x === undefined ? "the second" : "the first"} module has output ${i}` });
    } else if (!shapesEqual(x.shape, y.shape)) {
      out.push({ output: i, status: "shape", message: `${shapeToString(x.shape)} vs ${shapeToString(y.shape)}` });
    } else {
      // Side b is "got" and side a is "want": the first module is the reference.
      const d = elementDifferences(y, x, tolerance, maxDifferences);
      out.push(d.count === 0 ? { output: i, status: "equal" } : { output: i, status: "differ", differences: d.differences, count: d.count, total: d.total });
    }
  }
  return out;
}

/**
 * Runs `a` and `b` on the same inputs and compares every output. The
 * entry computations must take the same parameter shapes (ShapeError
 * otherwise). Stops at the first input set on which they differ: an output
 * differs, or one side throws (both throwing the same message is agreement).
 * In each ElementDifference, `want` is a's value and `got` is b's.
 */
export function compareModules(a: HloModule, b: HloModule, options: CompareOptions): ModuleComparison {
  checkSameParameters(a, b);
  const tolerance = options.tolerance ?? { exact: true, signedZeros: true };
  const [ea, eb] = options.engines ?? ["reference", "reference"];
  const evalOptions: EvalOptions = { maxWhileIterations: 1_000_000, ...options.evalOptions };
  const inputs = options.inputs;
  const count = inputs.kind === "literals" ? inputs.sets.length : inputs.trials;
  let last: readonly Literal[] = [];
  for (let k = 0; k < count; k++) {
    const args = inputs.kind === "literals" ? inputs.sets[k] : randomInputSet(a, k, inputs.seed ?? 0, inputs.specialProbability);
    last = args;
    const ra = runSide(a, ea, args, evalOptions);
    const rb = runSide(b, eb, args, evalOptions);
    if (!ra.ok || !rb.ok) {
      if (!ra.ok && !rb.ok && ra.error === rb.error) continue;
      return {
        equal: false, trials: k + 1, firstDifferingTrial: k, inputs: args, outputs: [], tolerance,
        errors: { a: ra.ok ? undefined : ra.error, b: rb.ok ? undefined : rb.error },
      };
    }
    const outputs = compareOutputs(ra.outputs, rb.outputs, tolerance, options.maxDifferences);
    if (outputs.some((o) => o.status !== "equal")) return { equal: false, trials: k + 1, firstDifferingTrial: k, inputs: args, outputs, tolerance };
    if (k === count - 1) return { equal: true, trials: count, firstDifferingTrial: undefined, inputs: args, outputs, tolerance };
  }
  return { equal: true, trials: count, firstDifferingTrial: undefined, inputs: last, outputs: [], tolerance };
}
