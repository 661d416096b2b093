/**
 * One row of `pnpm bench:models`: a model loaded, timed on minixla (and on the
 * reference evaluator when asked, and on XLA when a session is given), and
 * minixla's outputs checked against XLA's: the live XLA run's where there is
 * one, else the outputs vendored with the model.
 */
import type { XlaSession } from "@minixla/xla";
import { type Agreement, agreement, leavesOf } from "./compare.ts";
import { type MinixlaTiming, type ReferenceTiming, timeMinixla, timeReference } from "./minixla_side.ts";
import type { ModelEntry } from "./suite.ts";
import type { RunPlan } from "./timing.ts";
import { type XlaTiming, timeXla } from "./xla_side.ts";

export interface ModelResult {
  readonly name: string;
  readonly title: string;
  readonly instructions: number;
  readonly minixla: MinixlaTiming;
  readonly reference?: ReferenceTiming;
  readonly xla?: XlaTiming;
  /** Why XLA has no time for this model although a session was given (XLA refused or failed it). */
  readonly xlaError?: string;
  /** minixla's outputs against XLA's (undefined when neither a live run nor vendored outputs exist). */
  readonly agreement?: Agreement;
  /** Whose outputs `agreement` compares with. */
  readonly against?: "XLA now" | "vendored XLA outputs";
}

export interface BenchOptions {
  readonly plan: RunPlan;
  /** Time the reference evaluator too. */
  readonly reference: boolean;
  readonly xla?: XlaSession;
}

export async function benchModel(entry: ModelEntry, options: BenchOptions): Promise<ModelResult> {
  const model = entry.load();
  const minixla = timeMinixla(model, options.plan);
  // Each side runs for seconds on the large models without yielding: let pending I/O through between them.
  await new Promise((resolve) => setImmediate(resolve));
  const reference = options.reference ? timeReference(model, options.plan, minixla.result) : undefined;
  let xla: XlaTiming | undefined;
  let xlaError: string | undefined;
  if (options.xla !== undefined) {
    try {
      xla = await timeXla(options.xla, model, options.plan);
    } catch (e) {
      xlaError = (e as Error).message.split("\n")[0].slice(0, 200);
    }
  }
  const got = leavesOf(minixla.result);
  const want = xla?.outputs ?? model.expected;
  const instructions = model.module.computations.reduce((n, c) => n + c.instructions.length, 0);
  return {
    name: model.name,
    title: model.title,
    instructions,
    minixla,
    ...(reference === undefined ? {} : { reference }),
    ...(xla === undefined ? {} : { xla }),
    ...(xlaError === undefined ? {} : { xlaError }),
    ...(want === undefined ? {} : { agreement: agreement(got, want), against: xla !== undefined ? ("XLA now" as const) : ("vendored XLA outputs" as const) }),
  };
}
