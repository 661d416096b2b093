/**
 * The API reference builds without a warning: TypeDoc (typedoc.json, the
 * four packages' entry points) with `notDocumented` validation, so a public
 * export without a TSDoc comment, a broken {@link}, or a public signature
 * naming an unexported type fails here, as it fails `pnpm api-docs`.
 * `--emit none` runs conversion and validation only (about 10 s).
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./support/cli.ts";

/** The bin is not in typedoc's `exports`; its package.json is. */
const TYPEDOC_BIN = join(dirname(createRequire(import.meta.url).resolve("typedoc/package.json")), "bin", "typedoc");

describe("API reference (TypeDoc)", () => {
  it("documents every public export: zero warnings", () => {
    const run = spawnSync(process.execPath, [TYPEDOC_BIN, "--emit", "none", "--pretty", "false"], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 110_000,
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
    });
    const output = `${run.stdout}${run.stderr}`.replace(/\x1b\[[0-9;]*m/g, "");
    const problems = output.split("\n").filter((line) => /^\[(warning|error)\]/.test(line));
    expect(problems).toEqual([]);
    expect(run.status).toBe(0);
  }, 120_000);
});
