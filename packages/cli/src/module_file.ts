/**
 * Errors about a module file carry the file's name, as compilers print them:
 * `a.hlo:3:7: ParseError: unknown element type 'f46'` when the error has a
 * line and column, `a.hlo: VerifyError: ...` otherwise. Commands wrap the
 * work on a file in `aboutFile`; `main` prints the result with `inFileMessage`.
 */
import { HloError, ParseError } from "@minixla/hlo";

/** An HloError raised while handling the module in `file`. */
export class ModuleFileError extends Error {
  readonly file: string;
  readonly error: HloError;
  constructor(file: string, error: HloError) {
    super(error.message);
    this.name = "ModuleFileError";
    this.file = file;
    this.error = error;
  }
}

/** Runs `f`; an HloError it throws is rethrown as a ModuleFileError naming `file`. */
export async function aboutFile<T>(file: string, f: () => T | Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof HloError) throw new ModuleFileError(file, e);
    throw e;
  }
}

/** "FILE:LINE:COLUMN: Name: message" (the error's own "LINE:COLUMN: " moved after the file), or "FILE: Name: message". */
export function inFileMessage(e: ModuleFileError): string {
  const err = e.error;
  if (err instanceof ParseError && err.line !== undefined && err.column !== undefined) {
    const at = `${err.line}:${err.column}`;
    const message = err.message.startsWith(`${at}: `) ? err.message.slice(at.length + 2) : err.message;
    return `${e.file}:${at}: ${err.name}: ${message}`;
  }
  return `${e.file}: ${err.name}: ${err.message}`;
}
