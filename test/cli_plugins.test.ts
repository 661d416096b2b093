// Plugins as a user writes them: a file anywhere on disk (here a scratch
// folder outside the repository, with no node_modules above it) importing
// @minixla/hlo resolves it to the CLI's own package, as CommonJS (.ts in a
// folder without "type": "module") and as an ES module; --plugin without
// --passes runs the plugin after the default pipeline; --list marks it.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliRunner, scratch } from "./support/cli.ts";

const minixla = cliRunner(120_000);
const { work, file } = scratch("minixla-plugins-");
const MODULE = file("m.hlo", "HloModule m\n\nENTRY main {\n  a = f32[4] parameter(0)\n  ROOT b = f32[4] add(a, a)\n}\n");
// Uses @minixla/hlo's own API (rewritePass), so only a resolved import lets it load.
const PLUGIN = `import { rewritePass } from "@minixla/hlo";
const renamer = rewritePass("rename-later", "renames the module after the pipeline", []);
export const pass = { ...renamer, run: (m) => ({ ...renamer.run(m), name: "renamed_by_plugin" }) };
export default pass;
`;

describe("plugins outside the repository", () => {
  const cjs = file("rename.ts", PLUGIN);
  const esmDir = join(work, "esm");
  mkdirSync(esmDir);
  writeFileSync(join(esmDir, "package.json"), '{ "type": "module" }\n');
  writeFileSync(join(esmDir, "rename.ts"), PLUGIN);
  writeFileSync(join(esmDir, "rename.mjs"), PLUGIN);

  for (const [what, plugin] of [["a CommonJS .ts", cjs], ["an ES module .ts", join(esmDir, "rename.ts")], ["an .mjs", join(esmDir, "rename.mjs")]] as const) {
    it(`${what} importing @minixla/hlo runs without --passes, after the default pipeline`, async () => {
      const r = await minixla("opt", MODULE, "--plugin", plugin);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^HloModule renamed_by_plugin/);
      expect(r.stderr).toContain("no --passes: running --passes=default,rename-later (the default pipeline, then the plugins' passes)");
    });
  }

  it("opt --list shows the plugin's pass and where it came from", async () => {
    const r = await minixla("opt", "--list", "--plugin", cjs);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`\\n  rename-later +renames the module after the pipeline \\(plugin ${cjs.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\\)\\n`));
  });

  it("a package minixla does not have is named, with how to install it", async () => {
    const r = await minixla("opt", "--list", "--plugin", file("other.ts", `import { x } from "@minixla/not-a-package";\nexport default x;\n`));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot load plugin .*other\.ts: Cannot find (module|package) '@minixla\/not-a-package'.*npm i -D @minixla\/NAME/);
  });
});
