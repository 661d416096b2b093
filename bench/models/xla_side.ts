/**
 * XLA CPU's side of `pnpm bench:models`: the same module text and inputs run
 * by jaxlib's CPU client in @minixla/xla's worker (one host device, XLA's
 * default threads). The worker compiles once; its times are its own clock,
 * so the Node-to-Python transfer is not counted. Warm (what the ratio is
 * taken against) is XLA's execute alone, the arguments already on the device
 * and each run waited for there, as a JAX user times a jitted function; beside
 * it the same runs with the arguments put on the device and the results copied
 * back to host inside the clock. Cold is the first execute after compile
 * (with transfers); warm times are medians of the timed runs after a warm-up
 * of the same kind as minixla's.
 */
import type { ArrayLiteral } from "@minixla/hlo";
import { XlaSession } from "@minixla/xla";
import { testXlaPython } from "../../test/support/xla.ts";
import { leavesOf } from "./compare.ts";
import type { BenchModel } from "./suite.ts";
import { type RunPlan, median, runsWithin, warmupRunsFor } from "./timing.ts";

export interface XlaTiming {
  readonly compileMs: number;
  readonly coldMs: number;
  /** Execute alone, arguments resident on the device: the time the ratio is taken against. */
  readonly warmMs: number;
  /** Execute with the arguments put on the device and the results copied back inside the clock. */
  readonly withTransfersMs: number;
  readonly runs: number;
  readonly outputs: readonly ArrayLiteral[];
}

/** A session on the local XLA, or undefined (with why) when this machine has no Python with jax. */
export async function startXla(): Promise<{ readonly session?: XlaSession; readonly why?: string }> {
  const python = testXlaPython();
  if (python === undefined) return { why: "no Python with jax/jaxlib found (set MINIXLA_XLA_PYTHON, or make /tmp/minixla-xla-venv)" };
  try {
    return { session: await XlaSession.start({ python, devices: 1 }) };
  } catch (e) {
    return { why: `the XLA worker did not start: ${(e as Error).message}` };
  }
}

export async function timeXla(session: XlaSession, model: BenchModel, plan: RunPlan): Promise<XlaTiming> {
  const text = model.xlaText();
  const first = await session.run(text, model.inputs, { iterations: 1 });
  const coldMs = first.executeSeconds[0] * 1000;
  const warm = await session.run(text, model.inputs, { iterations: warmupRunsFor(plan, coldMs) });
  const estimate = median(warm.executeSeconds) * 1000;
  const timed = await session.run(text, model.inputs, { iterations: runsWithin(plan, estimate) });
  const resident = await session.run(text, model.inputs, { iterations: runsWithin(plan, estimate), timing: "resident" });
  return {
    compileMs: first.compileSeconds * 1000,
    coldMs,
    warmMs: median(resident.executeSeconds) * 1000,
    withTransfersMs: median(timed.executeSeconds) * 1000,
    runs: timed.executeSeconds.length,
    outputs: leavesOf(first.result),
  };
}
