/**
 * What a minixla sub-command is: a name, a one-line summary, its usage text,
 * its options (each with a one-line description for `minixla help COMMAND`)
 * and a run function from arguments to an exit code. Commands write through
 * `CommandIo` rather than to the process, so they can be run in-process.
 */

import type { OptionSpec } from "../args.ts";

/** An option as the command parses it and as its help describes it. */
export interface OptionDoc extends OptionSpec {
  /** The value's placeholder in the help ("DIR", "N"); flags have none. */
  readonly value?: string;
  /** One line: what the option does. */
  readonly description: string;
}

/** A command's options by name (without the leading "--"). */
export interface OptionTable {
  readonly [name: string]: OptionDoc;
}

/** Where a command writes, so tests can capture its output instead of the process's streams. */
export interface CommandIo {
  /** Writes text to standard output (the caller adds no newline). */
  readonly out: (text: string) => void;
  /** Writes text to standard error. */
  readonly err: (text: string) => void;
  /** Whether standard error is a terminal (progress lines are shown there unasked); default false. */
  readonly errIsTTY?: boolean;
}

/** What help shows of a command: name, summary, usage lines and options (kept apart from the code, so help loads nothing else). */
export interface CommandInfo {
  readonly name: string;
  readonly summary: string;
  /** Usage lines, starting with "minixla NAME ...". */
  readonly usage: string;
  /** Every option the command accepts; `run` parses its arguments with this table. */
  readonly options: OptionTable;
}

/** One `minixla` subcommand: its name, help text, option table and entry point. */
export interface Command extends CommandInfo {
  /** Returns the exit code; throws UsageError (exit 2) or HloError (exit 1) on failure. */
  readonly run: (argv: readonly string[], io: CommandIo) => number | Promise<number>;
}
