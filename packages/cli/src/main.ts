/**
 * The minixla command: picks the sub-command from the registry, runs it and
 * turns failures into exit codes: 2 for usage errors (with the usage), 1 for
 * HloErrors, CliErrors and file system refusals (the message, no stack
 * trace; an error about a module file starts with FILE: or FILE:LINE:COLUMN:),
 * 1 for unexpected errors (with the stack, since those are bugs). `--version`
 * prints the version, `help COMMAND` / `COMMAND --help` the command's options.
 * Every message is shown with its control characters escaped (`\x1b`): it
 * may quote the user's input, and a terminal would obey them. Runs itself
 * when executed directly (`tsx packages/cli/src/main.ts ...`);
 * bin/minixla.js imports it and calls runFromProcess.
 */
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { UsageError } from "./args.ts";
import { CliError, isSystemError, systemReason } from "./errors.ts";
import type { CommandIo } from "./commands/command.ts";
import { findCommandInfo as findCommand, loadCommand } from "./commands/catalog.ts";
import { helpOf, overview, usageOf } from "./help.ts";
import { cliVersion } from "./version.ts";

// Only what every start needs is imported above; @minixla/hlo (for its
// errors and escaping) comes with the command, or on an error's path.
const hlo = (): Promise<typeof import("@minixla/hlo")> => import("@minixla/hlo");

const processIo: CommandIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  errIsTTY: process.stderr.isTTY === true,
};

/** A message for the terminal: control characters escaped, newlines kept, one trailing newline. */
const shownWith = (escapeControls: (s: string) => string) => (text: string): string => `${escapeControls(text.replace(/\n+$/, ""))}\n`;

/** Runs the command line (without node and script) and returns the exit code. */
export async function main(argv: readonly string[], io: CommandIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.err(overview());
    return 2;
  }
  if (name === "--version" || name === "-V") {
    io.out(`minixla ${cliVersion()}\n`);
    return 0;
  }
  if (name === "--help" || name === "-h" || name === "help") {
    const topic = name === "help" ? rest[0] : undefined;
    if (topic === undefined) {
      io.out(overview());
      return 0;
    }
    const about = findCommand(topic);
    if (about === undefined) {
      const { escapeControls } = await hlo();
      io.err(`minixla help: unknown command '${escapeControls(topic, true)}'\n\n${overview()}`);
      return 2;
    }
    io.out(helpOf(about));
    return 0;
  }
  const command = findCommand(name);
  if (command === undefined) {
    const { escapeControls } = await hlo();
    io.err(`minixla: unknown command '${escapeControls(name, true)}'\n\n${overview()}`);
    return 2;
  }
  // Before "--" only: after it, "--help" is a file name.
  const dashes = rest.indexOf("--");
  const options = dashes < 0 ? rest : rest.slice(0, dashes);
  if (options.includes("--help") || options.includes("-h")) {
    io.out(helpOf(command));
    return 0;
  }
  try {
    const loaded = (await loadCommand(name)) as NonNullable<Awaited<ReturnType<typeof loadCommand>>>;
    return await loaded.run(rest, io);
  } catch (e) {
    const { HloError, escapeControls } = await hlo();
    const { ModuleFileError, inFileMessage } = await import("./module_file.ts");
    const shown = shownWith(escapeControls);
    if (e instanceof UsageError) {
      io.err(`${shown(`minixla ${name}: ${e.message}`)}${usageOf(command)}`);
      return 2;
    }
    if (e instanceof ModuleFileError) {
      io.err(shown(`minixla ${name}: ${inFileMessage(e)}`));
      return 1;
    }
    if (e instanceof HloError) {
      io.err(shown(`minixla ${name}: ${e.name}: ${e.message}`));
      return 1;
    }
    if (e instanceof CliError) {
      io.err(shown(`minixla ${name}: ${e.message}`));
      return 1;
    }
    // A file system refusal that no check caught (a disk filling up, a file vanishing): the user's to fix.
    if (isSystemError(e)) {
      io.err(shown(`minixla ${name}: ${systemReason(e)}${e.path === undefined ? "" : ` (${e.path})`}`));
      return 1;
    }
    io.err(shown(`minixla ${name}: internal error (a bug in minixla): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`));
    return 1;
  }
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

/** Runs main on this process's arguments and sets its exit code (used by bin/minixla.js too). */
export async function runFromProcess(): Promise<void> {
  // `minixla run | head` closes the pipe early: stop quietly instead of crashing.
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw e;
  });
  process.exitCode = await main(process.argv.slice(2));
}

if (isEntryPoint()) await runFromProcess();
