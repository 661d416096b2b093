// The start-up table (commands/catalog.ts: help facts, code loaded on use)
// and the library's table (commands/registry.ts: loaded commands) must name
// the same commands with the same help; and every package builds before it
// is packed (package.json prepack), so a tarball never lacks dist/.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "@minixla/cli";
import { COMMAND_INFO, loadCommand } from "../packages/cli/src/commands/catalog.ts";
import { ROOT } from "./support/cli.ts";

describe("the command catalog", () => {
  it("lists the registry's commands, in order, with the same help facts", async () => {
    expect(COMMAND_INFO.map((c) => c.name)).toEqual(COMMANDS.map((c) => c.name));
    for (const info of COMMAND_INFO) {
      const loaded = await loadCommand(info.name);
      const { run: _run, ...facts } = loaded ?? { run: undefined };
      expect(facts, info.name).toEqual(info);
      expect(loaded).toBe(COMMANDS.find((c) => c.name === info.name));
    }
    expect(await loadCommand("no-such-command")).toBeUndefined();
  });

  it("every package builds in prepack", () => {
    for (const p of ["hlo", "builder", "interpreter", "viz", "xla", "cli"]) {
      const pkg = JSON.parse(readFileSync(join(ROOT, "packages", p, "package.json"), "utf8")) as { scripts?: { prepack?: string } };
      expect(pkg.scripts?.prepack, p).toBe("node ../../scripts/prepack.mjs");
    }
  });
});
