/**
 * What a minixla sub-command is: a name, a one-line summary, its usage text
 * and a run function from arguments to an exit code. Commands write through
 * `CommandIo` rather than to the process, so they can be run in-process.
 */

export interface CommandIo {
  /** Writes text to standard output (the caller adds no newline). */
  readonly out: (text: string) => void;
  /** Writes text to standard error. */
  readonly err: (text: string) => void;
}

export interface Command {
  readonly name: string;
  readonly summary: string;
  /** Usage lines, starting with "minixla NAME ...". */
  readonly usage: string;
  /** Returns the exit code; throws UsageError (exit 2) or HloError (exit 1) on failure. */
  readonly run: (argv: readonly string[], io: CommandIo) => number | Promise<number>;
}
