import { describe, expect, test } from "vitest";
import { UsageError, parseArgs } from "./args.ts";

describe("parseArgs", () => {
  const spec = { input: { type: "string", multiple: true }, output: { type: "string" }, json: { type: "boolean" } } as const;

  test("collects positionals, --name value, --name=value and flags in order", () => {
    const a = parseArgs(["f.hlo", "--input", "a.npy", "--json", "--input=b.npy", "--output", "dir"], spec);
    expect(a.positionals).toEqual(["f.hlo"]);
    expect(a.ordered).toEqual([
      { name: "input", value: "a.npy" },
      { name: "json", value: "true" },
      { name: "input", value: "b.npy" },
      { name: "output", value: "dir" },
    ]);
    expect(a.values.get("output")).toBe("dir");
  });

  test("everything after -- is positional", () => {
    expect(parseArgs(["--", "--json"], spec).positionals).toEqual(["--json"]);
  });

  test.each([
    [["--bogus"], /unknown option '--bogus'/],
    [["-x"], /unknown option '-x'/],
    [["--output"], /'--output' needs a value/],
    [["--output", "a", "--output", "b"], /more than once/],
    [["--json=yes"], /takes no value/],
    [["--constructor"], /unknown option/],
  ])("%j is a UsageError", (argv, message) => {
    expect(() => parseArgs(argv, spec)).toThrow(UsageError);
    expect(() => parseArgs(argv, spec)).toThrow(message);
  });
});
