/**
 * `--engine`: which of the two engines runs a module. "compiled" (default)
 * is the fused, compiled engine; "reference" the op-by-op evaluator that
 * defines the semantics; "both" runs the two and fails on any bit of
 * difference between them, then gives the reference's result.
 */
import { EvalError, type HloModule, type Literal, firstBitDifference } from "@minixla/hlo";
import { type EvalOptions, compile, evaluate } from "@minixla/interpreter";
import { UsageError } from "./args.ts";

export const ENGINES = ["compiled", "reference", "both"] as const;
export type Engine = (typeof ENGINES)[number];

/** The --engine value, checked (default "compiled"). */
export function parseEngine(value: string | undefined): Engine {
  if (value === undefined) return "compiled";
  const found = ENGINES.find((e) => e === value);
  if (found === undefined) throw new UsageError(`--engine takes ${ENGINES.join(", ")}; got '${value}'`);
  return found;
}

export const NUMERICS = ["xla-cpu", "reference"] as const;
/**
 * "xla-cpu": XLA's CPU backend: the xla-cpu-numerics pass first (its float
 * rewrites), then EvalOptions.numerics "xla-cpu" (denormal flushing, its
 * integer power); "reference": XLA's HloEvaluator, op by op.
 */
export type Numerics = (typeof NUMERICS)[number];

/** The --numerics value, checked (`fallback` when absent: conformance compares with XLA, run shows the reference). */
export function parseNumerics(value: string | undefined, fallback: Numerics): Numerics {
  if (value === undefined) return fallback;
  const found = NUMERICS.find((n) => n === value);
  if (found === undefined) throw new UsageError(`--numerics takes ${NUMERICS.join(" or ")}; got '${value}'`);
  return found;
}

/** Thrown by --engine both when the engines disagree. */
export class EngineMismatchError extends EvalError {}

/** Runs `m` on `args` with the chosen engine. */
export function runWithEngine(engine: Engine, m: HloModule, args: readonly Literal[], options: EvalOptions = {}): Literal {
  switch (engine) {
    case "reference":
      return evaluate(m, args, options);
    case "compiled":
      return compile(m, options).execute(args);
    case "both": {
      const want = evaluate(m, args, options);
      const got = compile(m, options).execute(args);
      const d = firstBitDifference(got, want);
      if (d !== undefined) throw new EngineMismatchError(`the compiled engine and the reference differ: ${d.message} (compiled vs reference)`);
      return want;
    }
    default:
      return engine satisfies never;
  }
}

/** What `run --engine` asks for: a minixla engine, real XLA, or one of each (compared). */
export interface RunEngines {
  /** The minixla engine, when one is asked for. */
  readonly local: Engine | undefined;
  /** Whether XLA (through @minixla/xla) runs the module too. */
  readonly xla: boolean;
}

/** `run --engine`: compiled|reference|both, xla, or a minixla engine and xla joined by a comma (default compiled). */
export function parseRunEngines(value: string | undefined): RunEngines {
  if (value === undefined) return { local: "compiled", xla: false };
  const parts = value.split(",").map((s) => s.trim());
  const xla = parts.includes("xla");
  const locals = parts.filter((p) => p !== "xla");
  if (parts.filter((p) => p === "xla").length > 1 || locals.length > 1 || parts.length === 0) {
    throw new UsageError(`--engine takes ${ENGINES.join(", ")} or xla, or one of the first three and xla joined by a comma; got '${value}'`);
  }
  return { local: locals.length === 0 ? undefined : parseEngine(locals[0]), xla };
}
