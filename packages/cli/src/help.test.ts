import { describe, expect, test } from "vitest";
import { COMMANDS } from "./commands/registry.ts";
import { helpOf, overview } from "./help.ts";
import { main } from "./main.ts";

const capture = async (argv: string[]) => {
  let out = "";
  let err = "";
  const code = await main(argv, { out: (t) => void (out += t), err: (t) => void (err += t) });
  return { code, out, err };
};

describe("help", () => {
  test.each(COMMANDS.map((c) => [c.name, c] as const))("help %s has one described line per option", (_name, command) => {
    const text = helpOf(command);
    const lines = text.split("\n").filter((l) => l.startsWith("  --"));
    expect(lines.map((l) => l.trim().split(/\s/)[0])).toEqual([...Object.keys(command.options).map((n) => `--${n}`), "--help"]);
    for (const [name, o] of Object.entries(command.options)) {
      expect(o.description.length, name).toBeGreaterThan(10);
      expect(o.description).not.toContain("\n");
    }
  });

  test("minixla help COMMAND and COMMAND --help print the same text; -- protects a file named --help", async () => {
    const a = await capture(["help", "opt"]);
    const b = await capture(["opt", "--help"]);
    expect(a).toEqual({ code: 0, out: helpOf(COMMANDS.find((c) => c.name === "opt") as never), err: "" });
    expect(b).toEqual(a);
    const c = await capture(["lower", "--", "--help"]);
    expect(c.code).toBe(2);
    expect(c.err).toMatch(/cannot read --help/);
  });

  test("the overview names help and --version; --version prints the package version", async () => {
    expect(overview()).toContain("minixla help COMMAND");
    expect((await capture(["help"])).out).toBe(overview());
    expect((await capture(["--version"])).out).toMatch(/^minixla \d+\.\d+\.\d+\S*\n$/);
  });
});
