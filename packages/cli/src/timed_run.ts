/**
 * `minixla run --iterations N`: runs the module N times on each engine asked
 * for and measures every execution (the compiled engine compiles once, before
 * the clock starts; its compile time is reported apart). With --engine both,
 * the two results must agree bit for bit (EngineMismatchError otherwise), as
 * runWithEngine checks; the reference's result is returned.
 */
import { type HloModule, type Literal, firstBitDifference } from "@minixla/hlo";
import { type EvalOptions, compile, evaluate } from "@minixla/interpreter";
import { type Engine, EngineMismatchError } from "./engine.ts";

export interface EngineTiming {
  readonly engine: "compiled" | "reference";
  /** Milliseconds of each execution, in order. */
  readonly milliseconds: readonly number[];
  /** Milliseconds spent in compile (compiled engine only). */
  readonly compileMilliseconds?: number;
}

export interface TimedResult {
  readonly result: Literal;
  readonly timings: readonly EngineTiming[];
}

/** Called before each execution, e.g. to name it in a progress line. */
export type BeforeRun = (engine: "compiled" | "reference", iteration: number, iterations: number) => void;

export function timedRun(engine: Engine, m: HloModule, args: readonly Literal[], iterations: number, options: EvalOptions, before?: BeforeRun): TimedResult {
  const engines = engine === "both" ? (["compiled", "reference"] as const) : ([engine] as const);
  const timings: EngineTiming[] = [];
  const results: Literal[] = [];
  for (const e of engines) {
    let execute: () => Literal;
    let compileMilliseconds: number | undefined;
    if (e === "compiled") {
      const t0 = performance.now();
      const exe = compile(m, options);
      compileMilliseconds = performance.now() - t0;
      execute = () => exe.execute(args);
    } else {
      execute = () => evaluate(m, args, options);
    }
    const milliseconds: number[] = [];
    let result: Literal | undefined;
    for (let k = 0; k < iterations; k++) {
      before?.(e, k + 1, iterations);
      const t0 = performance.now();
      result = execute();
      milliseconds.push(performance.now() - t0);
    }
    results.push(result as Literal);
    timings.push(compileMilliseconds === undefined ? { engine: e, milliseconds } : { engine: e, milliseconds, compileMilliseconds });
  }
  if (results.length === 2) {
    const d = firstBitDifference(results[0], results[1]);
    if (d !== undefined) throw new EngineMismatchError(`the compiled engine and the reference differ: ${d.message} (compiled vs reference)`);
  }
  return { result: results[results.length - 1], timings };
}

const ms = (x: number): string => `${x.toFixed(3)} ms`;

/** The median of a non-empty list (the mean of the middle two for an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** "timing compiled: 5 iterations, median 1.234 ms, min 1.100 ms (compile 3.210 ms)". */
export function timingLine(t: EngineTiming): string {
  const n = t.milliseconds.length;
  const compiled = t.compileMilliseconds === undefined ? "" : ` (compile ${ms(t.compileMilliseconds)})`;
  return `timing ${t.engine}: ${n} iteration${n === 1 ? "" : "s"}, median ${ms(median(t.milliseconds))}, min ${ms(Math.min(...t.milliseconds))}${compiled}`;
}
