/**
 * Failures of the minixla command that are the user's to fix but not a usage
 * mistake: an output path that cannot be written, a file system refusing a
 * write. `main` prints them as one line and exits 1, with no stack trace.
 */

export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CliError";
  }
}

/** A Node system error (ENOENT, EACCES, ...): has a string `code` and a `syscall`. */
export function isSystemError(e: unknown): e is NodeJS.ErrnoException & { readonly code: string } {
  return e instanceof Error && typeof (e as { code?: unknown }).code === "string" && typeof (e as { syscall?: unknown }).syscall === "string";
}

/** "EACCES: permission denied" from a system error, without the path Node repeats. */
export function systemReason(e: unknown): string {
  if (!isSystemError(e)) return e instanceof Error ? e.message : String(e);
  const first = e.message.split(",")[0] ?? e.code;
  return first.startsWith(`${e.code}:`) ? first : `${e.code}: ${first}`;
}
