/**
 * Pinned statuses of the XLA .hlo corpus (expected.json): what each module
 * reached, and for a failure the stage, the error class and the start of its
 * message. A status may only get better: the test fails on a lower status, on
 * a changed error class or message, and on any crash (an exception that is no
 * HloError: TypeError, RangeError, a plain Error...), which is never a status
 * the table can hold. A lowered status is kept only with the reason it was
 * accepted (`regression`), written by scripts/update_xla_hlo_expected.ts
 * --accept-regression.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { HloError } from "@minixla/hlo";

/** The checks in order; a failure names the first that failed. */
export type Stage = "parse" | "reparse" | "fixed-point" | "verify" | "evaluate";
const STAGE_RANK: Readonly<Record<Stage, number>> = { parse: 0, reparse: 1, "fixed-point": 2, verify: 3, evaluate: 4 };

/** How many characters of a failure's first message line the table pins. */
export const MESSAGE_PREFIX = 80;

/**
 * What minixla did with a module. "evaluates": every check passed and it ran;
 * "parses": every check before evaluation passed and evaluation was not
 * attempted (`why`: a custom-call only a GPU runtime provides); "fails": a
 * check refused the module with an HloError; "crashes": some other exception
 * escaped (a bug, never accepted).
 */
export type Outcome =
  | { readonly status: "evaluates" }
  | { readonly status: "parses"; readonly why: string }
  | { readonly status: "fails"; readonly stage: Stage; readonly error: string; readonly message: string }
  | { readonly status: "crashes"; readonly stage: Stage; readonly error: string; readonly message: string };

/** A status the table holds: never a crash. */
export type PinnedOutcome = Exclude<Outcome, { readonly status: "crashes" }>;

export type Pinned = PinnedOutcome & {
  /** Why a status lower than the one recorded before was accepted. */
  readonly regression?: string;
  /** For a module that evaluates: why its values differ from XLA's golden values (it is tested to differ). */
  readonly xlaDivergence?: string;
};

/** The first line of a message that says something (not a bare "Error:"), cut to the pinned prefix. */
export function messagePrefix(message: string): string {
  const line = message.split("\n").find((l) => l.trim() !== "" && !/^\w*Error:\s*$/.test(l)) ?? message;
  return line.trim().slice(0, MESSAGE_PREFIX);
}

/**
 * The first exception along the `cause` chain that is no HloError: the
 * evaluator wraps an exception escaping a kernel in an EvalError naming the
 * instruction, keeping the original as the cause.
 */
function crashIn(e: unknown): unknown {
  let x: unknown = e;
  for (let depth = 0; depth < 16 && x !== undefined; depth++) {
    if (!(x instanceof HloError)) return x;
    x = (x as { readonly cause?: unknown }).cause;
  }
  return undefined;
}

/** A check's exception as an outcome: an HloError (caused by none that is not) is a refusal, anything else a crash. */
export function outcomeOfError(stage: Stage, e: unknown): Outcome {
  const crash = crashIn(e);
  const error = e instanceof Error ? e.constructor.name : typeof e;
  const message = messagePrefix(e instanceof Error ? e.message : String(e));
  if (crash === undefined) return { status: "fails", stage, error, message };
  const crashClass = crash instanceof Error ? crash.constructor.name : typeof crash;
  return { status: "crashes", stage, error: crash === e ? error : `${crashClass} (wrapped in ${error})`, message };
}

/** A status's rank: lower than the table's is a regression, higher an improvement; a crash is below everything. */
export function rankOf(o: Outcome): number {
  switch (o.status) {
    case "evaluates": return 5;
    case "parses": return 4;
    case "fails": return STAGE_RANK[o.stage];
    case "crashes": return -1;
    default: {
      const never: never = o;
      return never;
    }
  }
}

/** One line for messages and the tally: `fails: evaluate: EvalError: ...`. */
export function describe(o: Outcome): string {
  switch (o.status) {
    case "evaluates": return "evaluates";
    case "parses": return "parses";
    case "fails": case "crashes": return `${o.status}: ${o.stage}: ${o.error}: ${o.message}`;
    default: {
      const never: never = o;
      return never;
    }
  }
}

/**
 * How a result stands against its pinned status: "same", "better" (the table
 * should be updated), or a reason it is worse or changed (a test failure).
 */
export type Verdict = { readonly kind: "same" } | { readonly kind: "better" } | { readonly kind: "worse"; readonly why: string };

export function judge(got: Outcome, pinned: Pinned): Verdict {
  if (got.status === "crashes") return { kind: "worse", why: `crash (never an accepted status): ${describe(got)}` };
  const g = rankOf(got);
  const p = rankOf(pinned);
  if (g < p) return { kind: "worse", why: `regression: ${describe(got)}, pinned ${describe(pinned)}` };
  if (g > p) return { kind: "better" };
  if (got.status !== pinned.status) return { kind: "worse", why: `changed: ${describe(got)}, pinned ${describe(pinned)}` };
  if (got.status === "fails" && pinned.status === "fails" && (got.error !== pinned.error || got.message !== pinned.message)) {
    return { kind: "worse", why: `failure changed class or message: ${describe(got)}, pinned ${describe(pinned)}` };
  }
  if (got.status === "parses" && pinned.status === "parses" && got.why !== pinned.why) {
    return { kind: "worse", why: `not evaluated for another reason: ${got.why}, pinned ${pinned.why}` };
  }
  return { kind: "same" };
}

export function readPinned(path: string): Record<string, Pinned> {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Record<string, Pinned>;
  } catch {
    return {};
  }
}

/** Writes the table sorted by id, one module a line, so a diff shows each changed status. */
export function writePinned(path: string, table: Readonly<Record<string, Pinned>>): void {
  const ids = Object.keys(table).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const lines = ids.map((id) => ` ${JSON.stringify(id)}: ${JSON.stringify(table[id])}`);
  writeFileSync(path, `{\n${lines.join(",\n")}\n}\n`);
}
