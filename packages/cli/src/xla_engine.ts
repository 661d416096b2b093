/**
 * `--engine xla`: runs a module on real XLA through @minixla/xla, which is
 * imported only when a command asks for XLA (it is not needed otherwise, and
 * the command starts faster without it). `startXla` starts the worker early,
 * so a machine without Python or jaxlib fails before the module is read.
 */
import type { HloModule, Literal } from "@minixla/hlo";
import type { XlaResult, XlaSession } from "@minixla/xla";

/** Starts (or reuses) this process's XLA session; throws XlaUnavailableError with the install hint. */
export async function startXla(): Promise<XlaSession> {
  const { sharedXlaSession } = await import("@minixla/xla");
  return sharedXlaSession();
}

/** How a module runs on XLA from the command line. */
export interface XlaEngineRun {
  readonly replicas?: number;
  readonly partitions?: number;
  readonly iterations?: number;
}

/** Runs `module` on XLA: `args` for every device, or one list per device. */
export async function runXla(module: HloModule, args: readonly Literal[] | readonly (readonly Literal[])[], run: XlaEngineRun = {}): Promise<XlaResult> {
  const session = await startXla();
  return session.run(module, args, run);
}

/** "timing xla: 5 iterations, median 0.123 ms, min 0.100 ms (compile 12.000 ms)": XLA's execution time, measured in its worker. */
export function xlaTimingLine(r: XlaResult, median: (xs: readonly number[]) => number): string {
  const ms = (x: number): string => `${(x * 1000).toFixed(3)} ms`;
  const n = r.executeSeconds.length;
  return `timing xla: ${n} iteration${n === 1 ? "" : "s"}, median ${ms(median(r.executeSeconds))}, min ${ms(Math.min(...r.executeSeconds))} (compile ${ms(r.compileSeconds)})`;
}
