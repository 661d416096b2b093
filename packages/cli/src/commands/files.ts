/** File reading for commands: a missing or unreadable file is a UsageError (exit 2), not a crash. */
import { readFileSync } from "node:fs";
import { UsageError } from "../args.ts";

export function readTextFile(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    throw new UsageError(`cannot read ${path}${typeof code === "string" ? ` (${code})` : ""}`);
  }
}

/** The bytes of a file (an .npy the user named); missing or unreadable is a UsageError. */
export function readFileBytes(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    throw new UsageError(`cannot read ${path}${typeof code === "string" ? ` (${code})` : ""}`);
  }
}
