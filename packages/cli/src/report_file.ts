/**
 * Writing one output file named on the command line (`graph --output`,
 * `opt --report`, `run --report`): its folder is checked and made as
 * output_dir.ts does for --output folders, so a bad path is a one-line error.
 */
import { basename, dirname, resolve } from "node:path";
import { checkOutputDir, ensureOutputDir, writeOutputFile } from "./output_dir.ts";
import { CliError } from "./errors.ts";

/** Checks, before any work, that `path` (given to `option`) can be written. */
export function checkOutputFile(path: string, option: string): void {
  if (path.trim() === "" || path.endsWith("/")) throw new CliError(`${option} needs a file name, got '${path}'`);
  checkOutputDir(dirname(resolve(path)), option);
}

/** Writes `text` to `path`, making its folder when missing. */
export function writeOutput(path: string, option: string, text: string): void {
  const dir = ensureOutputDir(dirname(resolve(path)), option);
  writeOutputFile(dir, basename(path), text);
}
