/**
 * Spawning the minixla command as a user runs it, for the CLI tests: a
 * scratch folder removed after the file's tests, and an asynchronous run (so
 * the tests, each a separate process, run concurrently) whose hang is killed
 * at the timeout and shows as exit code null.
 *
 * A spawned command evaluates in its own process, out of the reach of the
 * cross-checking setup file; the runs are counted (spawnedRuns) so the setup
 * file reports them as not checked, with SPAWNED_UNCHECKED as the reason.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

export const ROOT = join(import.meta.dirname, "../..");
const BIN = join(ROOT, "packages/cli/bin/minixla.js");

export interface Outcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Why a spawned command's evaluations are not cross-checked. */
export const SPAWNED_UNCHECKED =
  "minixla command runs spawned as a child process, outside the setup file's reach (its own check is `--engine both`, test/cli_engine.test.ts)";

let spawned = 0;

/** How many commands this test file has spawned. */
export function spawnedRuns(): number {
  return spawned;
}

/** A command runner with the given timeout. */
export function cliRunner(timeoutMs: number): (...args: string[]) => Promise<Outcome> {
  return (...args) =>
    new Promise((resolve, reject) => {
      spawned++;
      const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, timeout: timeoutMs });
      let stdout = "";
      let stderr = "";
      child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
      child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, stdout, stderr }));
    });
}

/** A scratch folder (removed after the calling file's tests) and a writer of files into it. */
export function scratch(prefix: string): { readonly work: string; readonly file: (name: string, content: string | Uint8Array) => string } {
  const work = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  return {
    work,
    file: (name, content) => {
      const path = join(work, name);
      writeFileSync(path, content);
      return path;
    },
  };
}
