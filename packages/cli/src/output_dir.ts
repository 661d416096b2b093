/**
 * Output directories for `run --output` and `opt --dump`, checked before
 * anything is computed or written: the path must be a directory or be
 * creatable as one, writable, and not on a kernel pseudo filesystem (/proc,
 * /sys, /dev, ...). Missing directories are made one level at a time, never
 * with `mkdir -p`: Node 20's recursive mkdir loops forever under /proc, where
 * mkdir answers ENOENT for a parent that exists. Every refusal is a CliError
 * of one line (exit 1).
 */
import { accessSync, constants, mkdirSync, realpathSync, statSync, statfsSync, writeFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { CliError, isSystemError, systemReason } from "./errors.ts";

/** statfs f_type of the Linux filesystems that hold the kernel's own objects, not files. */
const PSEUDO_FILESYSTEMS: ReadonlyMap<number, string> = new Map([
  [0x9fa0, "proc"],
  [0x62656572, "sysfs"],
  [0x1cd1, "devpts"],
  [0x27e0eb, "cgroup"],
  [0x63677270, "cgroup2"],
  [0x64626720, "debugfs"],
  [0x74726163, "tracefs"],
  [0x73636673, "securityfs"],
  [0xcafe4a11, "bpf"],
  [0x6165676c, "pstore"],
  [0x62656570, "configfs"],
  [0xde5e81e4, "efivarfs"],
  [0x65735543, "fusectl"],
  [0x19800202, "mqueue"],
]);

/** Kernel trees refused by path as well: /dev is a tmpfs, which statfs cannot tell from /tmp (its shm is allowed). */
const KERNEL_TREES = ["/proc", "/sys", "/dev"];

export interface OutputDirPlan {
  /** The absolute path of the directory. */
  readonly path: string;
  /** Directories to make, outermost first (empty when it exists). */
  readonly missing: readonly string[];
}

/** Checks that `dir` (given as `option dir`) can hold output files, without changing anything. */
export function checkOutputDir(dir: string, option: string): OutputDirPlan {
  const fail = (why: string) => new CliError(`${option} ${dir}: ${why}`);
  if (dir.trim() === "") throw new CliError(`${option} needs a directory, got an empty path`);
  const path = resolve(dir);
  const missing: string[] = [];
  let existing = path;
  for (;;) {
    let st;
    try {
      st = statSync(existing, { throwIfNoEntry: false });
    } catch (e) {
      // ENOTDIR: a file stands where a directory is needed; ELOOP, EACCES, ...: not usable.
      throw fail(isSystemError(e) && e.code === "ENOTDIR" ? "a part of the path is a file, not a directory" : `cannot use it (${systemReason(e)})`);
    }
    if (st !== undefined) {
      if (!st.isDirectory()) {
        throw fail(existing === path ? "exists and is not a directory" : `${existing} is not a directory`);
      }
      break;
    }
    missing.unshift(existing);
    const parent = dirname(existing);
    if (parent === existing) throw fail("no part of the path exists");
    existing = parent;
  }
  const real = realpathOr(existing);
  const tree = real.startsWith("/dev/shm") ? undefined : KERNEL_TREES.find((t) => real === t || real.startsWith(`${t}${sep}`));
  const fs = pseudoFilesystem(real) ?? tree?.slice(1);
  if (fs !== undefined) throw fail(`${real} is on the kernel's ${fs} filesystem, not a place for output files`);
  try {
    accessSync(existing, constants.W_OK | constants.X_OK);
  } catch (e) {
    throw fail(`${existing} is not writable (${systemReason(e)})`);
  }
  return { path, missing };
}

/** Checks `dir` again and makes what is missing; returns its absolute path. */
export function ensureOutputDir(dir: string, option: string): string {
  const plan = checkOutputDir(dir, option);
  for (const d of plan.missing) {
    try {
      mkdirSync(d);
    } catch (e) {
      if (isSystemError(e) && e.code === "EEXIST" && statSync(d, { throwIfNoEntry: false })?.isDirectory()) continue;
      throw new CliError(`${option} ${dir}: cannot create ${d} (${systemReason(e)})`);
    }
  }
  return plan.path;
}

/** Writes one output file; a refusal is a one-line CliError naming the file. */
export function writeOutputFile(dir: string, name: string, data: string | Uint8Array): void {
  const path = join(dir, name);
  try {
    writeFileSync(path, data);
  } catch (e) {
    throw new CliError(`cannot write ${path} (${systemReason(e)})`);
  }
}

function realpathOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function pseudoFilesystem(path: string): string | undefined {
  try {
    return PSEUDO_FILESYSTEMS.get(Number(statfsSync(path).type));
  } catch {
    return undefined;
  }
}
