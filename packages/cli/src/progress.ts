/**
 * The progress line of `minixla run` for runs longer than a second: how long
 * it has run, how many instructions and while-loop iterations are done, and
 * the loop that reported last with its iteration count. It listens to
 * EvalOptions.onProgress (one call per while-loop iteration and per finished
 * computation run), and prints at most about once a
 * second: rewritten in place on a terminal, one line each time otherwise
 * (`--progress` into a file or a pipe). Loop names come from the module, so
 * they are shown with control characters escaped.
 */
import { escapeControls } from "@minixla/hlo";
import type { ProgressEvent } from "@minixla/interpreter";
import type { CommandIo } from "./commands/command.ts";

export type ProgressMode = "terminal" | "lines";

export interface ProgressReporter {
  /** Pass as EvalOptions.onProgress. */
  readonly onProgress: (event: ProgressEvent) => void;
  /** What is running now ("compiled, iteration 2 of 5"), shown in the line. */
  phase: string;
  /** Ends the display: clears a terminal line that was written. */
  finish(): void;
}

/** Milliseconds before the first line, and between lines. */
const INTERVAL_MS = 1000;

export function progressReporter(io: CommandIo, mode: ProgressMode, now: () => number = () => performance.now()): ProgressReporter {
  const start = now();
  let nextAt = start + INTERVAL_MS;
  let iterations = 0;
  let instructions = 0;
  let lastLoop: { readonly loop: string; readonly iteration: number } | undefined;
  let shown = false;
  const reporter: ProgressReporter = {
    phase: "",
    onProgress(event) {
      if (event.kind === "instructions") {
        instructions += event.count;
        return;
      }
      iterations++;
      lastLoop = event;
      // Reading the clock (~50 ns) is small next to a loop iteration (a body evaluation, microseconds at least).
      const t = now();
      if (t < nextAt) return;
      nextAt = t + INTERVAL_MS;
      const line =
        `progress: ${((t - start) / 1000).toFixed(1)} s${reporter.phase === "" ? "" : ` (${reporter.phase})`}, ` +
        `${instructions} instruction${instructions === 1 ? "" : "s"} and ${iterations} while-loop iteration${iterations === 1 ? "" : "s"} done` +
        (lastLoop === undefined ? "" : `; ${escapeControls(lastLoop.loop, true)} at iteration ${lastLoop.iteration}`);
      io.err(mode === "terminal" ? `\r${line}\x1b[K` : `${line}\n`);
      shown = true;
    },
    finish() {
      if (mode === "terminal" && shown) io.err("\r\x1b[K");
      shown = false;
    },
  };
  return reporter;
}
